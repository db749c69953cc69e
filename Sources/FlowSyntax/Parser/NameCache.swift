/// The Strings of the names parsed so far in one file, keyed by their bytes, so a name written
/// again reuses the String built the first time.
///
/// Most names of a flow file are repeats: state names, statuses, permission kinds, outcomes and
/// the flow names inside string keys. Decoding each from its bytes validates UTF-8 and builds a
/// String every time (about 160 instructions), and a name longer than 15 bytes
/// (`authorizedWhenInUse`) gets a heap storage of its own every time, which the tree then frees
/// one by one. A name of up to 16 bytes packs into two words and its length; one multiply picks
/// a slot, and a slot holding the same words and length holds the same name. The table is
/// direct-mapped: a name that lands on an occupied slot replaces it, so lookups never probe and
/// the table never grows. A longer name is decoded every time.
struct NameCache {
    private struct Slot {
        var low: UInt64 = 0
        var high: UInt64 = 0
        /// 0 for an empty slot (no name is empty).
        var count: Int = 0
        var text = ""
    }

    /// A power of two: a 100-flow generated file has about 150 distinct names.
    private static let slotCount = 512
    private var slots: [Slot]

    init() {
        slots = Array(repeating: Slot(), count: Self.slotCount)
    }

    /// The name spelled by `bytes[range]`, which must be ASCII (the lexer's names and numbers
    /// are): the same String as `String(decoding: bytes[range], as: UTF8.self)`.
    mutating func name(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        let count = range.count
        guard count > 0, count <= 16 else { return String(decoding: bytes[range], as: UTF8.self) }
        let (low, high) = bytes.withUnsafeBufferPointer { buffer -> (UInt64, UInt64) in
            let first = range.lowerBound
            guard first &+ 16 <= buffer.count, let base = buffer.baseAddress else {
                var low: UInt64 = 0
                var high: UInt64 = 0
                for i in 0..<count {
                    let byte = UInt64(buffer[first &+ i])
                    if i < 8 { low |= byte &<< UInt64(i &* 8) } else { high |= byte &<< UInt64((i &- 8) &* 8) }
                }
                return (low, high)
            }
            // Two unaligned loads, and the bytes past the name masked off.
            let low = UnsafeRawPointer(base + first).loadUnaligned(as: UInt64.self).littleEndian
            let high = UnsafeRawPointer(base + first + 8).loadUnaligned(as: UInt64.self).littleEndian
            if count <= 8 { return (count == 8 ? low : low & ((1 &<< UInt64(count &* 8)) &- 1), 0) }
            return (low, count == 16 ? high : high & ((1 &<< UInt64((count &- 8) &* 8)) &- 1))
        }
        // Fibonacci hashing: the top bits of the product mix every byte of both words.
        let mixed = (low ^ (high &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15
        let index = Int(truncatingIfNeeded: mixed >> 55)  // 9 bits: 512 slots
        let hit = slots.withUnsafeBufferPointer { slots -> String? in
            let slot = slots[index]
            return slot.count == count && slot.low == low && slot.high == high ? slot.text : nil
        }
        if let hit { return hit }
        let text = String(decoding: bytes[range], as: UTF8.self)
        slots[index] = Slot(low: low, high: high, count: count, text: text)
        return text
    }
}
