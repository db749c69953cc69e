/// Each distinct list of one-subject arm patterns of a program, once, by its key: a
/// `StatusMatch.sharedCode` a pattern, the first in the highest byte (codes are never 0, so
/// lists of different lengths have different keys and 0 marks an empty slot). Open addressing
/// with a multiplicative hash, at most half full: a `Dictionary` hashed every arm's key with
/// SipHash.
struct PatternLists {
    private var keys: [UInt64] = []
    private var lists: [[[StatusMatch]]] = []
    private var count = 0

    /// The shared list for `key`, made the first time (`count` patterns).
    mutating func list(for key: UInt64, count patterns: Int) -> [[StatusMatch]] {
        precondition(key != 0, "a list of patterns has at least one")
        if count * 2 >= keys.count { grow() }
        let slot = self.slot(of: key)
        if keys[slot] == key { return lists[slot] }
        var list: [[StatusMatch]] = []
        list.reserveCapacity(patterns)
        for i in (0..<patterns).reversed() {
            list.append(StatusMatch.shared(code: UInt8(truncatingIfNeeded: key >> UInt64(8 * i))))
        }
        keys[slot] = key
        lists[slot] = list
        count += 1
        return list
    }

    /// The slot holding `key`, or the empty one where it goes.
    private func slot(of key: UInt64) -> Int {
        let mask = keys.count - 1
        // Fibonacci hashing: the top bits of the product depend on every byte of the key.
        var i = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while keys[i] != 0 && keys[i] != key { i = (i + 1) & mask }
        return i
    }

    private mutating func grow() {
        let old = zip(keys, lists).filter { $0.0 != 0 }
        let size = Swift.max(16, keys.count * 2)
        keys = [UInt64](repeating: 0, count: size)
        lists = [[[StatusMatch]]](repeating: [], count: size)
        for (key, list) in old {
            let slot = self.slot(of: key)
            keys[slot] = key
            lists[slot] = list
        }
    }
}
