#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A growable array of plain values kept in one `malloc` block that grows with `realloc`. The
/// analysis's per-node arrays reach tens of megabytes on one large flow (1.9 million nodes of
/// 28 bytes at 40,000 states): an `Array` that grows allocates the doubled buffer and copies into
/// it while the old one is still alive, so at each doubling both are resident, and the largest
/// such moment was the peak of a whole `flowlint` run (massif). `realloc` of a block that large
/// moves its pages (`mremap` on Linux) instead of copying them, and pages past the count are
/// never touched, so they are not resident either.
///
/// Value semantics: copies share the block until one of them is changed (copy on write). That is
/// also why it is `@unchecked Sendable` (the extension at the end), the one unchecked conformance
/// under `FlowAnalysis`: the compiler cannot see through the block's raw pointer in a class with
/// `var`s, but the block is written only through a uniquely referenced `Storage`, as `Array`'s is.
struct PODArray<Element: BitwiseCopyable>: RandomAccessCollection {
    private final class Storage {
        var base: UnsafeMutablePointer<Element>?
        var count = 0
        var capacity = 0

        init() {}

        init(copying other: Storage, capacity: Int) {
            grow(to: capacity)
            if let from = other.base, let to = base, other.count > 0 { to.update(from: from, count: other.count) }
            count = other.count
        }

        func grow(to newCapacity: Int) {
            let bytes = newCapacity * MemoryLayout<Element>.stride
            guard let raw = realloc(UnsafeMutableRawPointer(base), Swift.max(bytes, 1)) else {
                fatalError("out of memory: \(bytes) bytes for the analysis")
            }
            base = raw.bindMemory(to: Element.self, capacity: newCapacity)
            capacity = newCapacity
        }

        deinit { free(base) }
    }

    private var storage = Storage()

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { storage.count }

    subscript(i: Int) -> Element {
        precondition(i >= 0 && i < storage.count, "index \(i) out of range 0..<\(storage.count)")
        return storage.base![i]
    }

    mutating func append(_ element: Element) {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(copying: storage, capacity: Swift.max(storage.capacity, 16))
        }
        if storage.count == storage.capacity { storage.grow(to: Swift.max(16, storage.capacity * 2)) }
        storage.base![storage.count] = element
        storage.count += 1
    }

    /// The elements in place, for passes over all of them without a bounds check each.
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }

    /// Replaces element `i`.
    mutating func set(_ i: Int, _ element: Element) {
        precondition(i >= 0 && i < storage.count, "index \(i) out of range 0..<\(storage.count)")
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(copying: storage, capacity: storage.capacity)
        }
        storage.base![i] = element
    }

    /// Room for `n` elements in all, so appending up to there does not grow the block.
    mutating func reserveCapacity(_ n: Int) {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(copying: storage, capacity: Swift.max(storage.capacity, n))
        } else if n > storage.capacity {
            storage.grow(to: n)
        }
    }

    /// Gives back the block's unused tail (its pages, for a large one).
    mutating func shrinkToFit() {
        guard isKnownUniquelyReferenced(&storage), storage.capacity > storage.count, storage.count > 0 else { return }
        storage.grow(to: storage.count)
    }
}

// Sendable when its elements are: the block is written only through a uniquely referenced
// `Storage`, so a copy handed to another thread is never changed under it.
extension PODArray: @unchecked Sendable where Element: Sendable {}
