/// The cases of a catalog enum found by their raw value's bytes, for the checker's name lookups.
///
/// The synthesized `init?(rawValue:)` compares the name with each raw value in turn, a full
/// String comparison each; this packs the first
/// 16 bytes of the name and its length once and compares integers, and compares Strings only
/// for a name longer than 16 bytes whose first 16 match. Built once per enum, from its raw
/// values in `allCases` order.
///
/// Not generic over the enum: a generic table's metadata is instantiated at run time, and its
/// conformances looked up by scanning every conformance record.
struct RawValueTable: Sendable {
    /// A name's length and its first 16 bytes, little-endian, zero past the end.
    struct Key: Equatable, Sendable {
        var count: Int
        var low: UInt64
        var high: UInt64

        init(_ name: String) {
            var name = name
            (count, low, high) = name.withUTF8 { bytes -> (Int, UInt64, UInt64) in
                // The first 16 bytes copied over two zeroed words: one copy, no loop per byte.
                var words: (UInt64, UInt64) = (0, 0)
                if let base = bytes.baseAddress {
                    withUnsafeMutableBytes(of: &words) {
                        $0.copyMemory(from: UnsafeRawBufferPointer(start: base, count: min(bytes.count, 16)))
                    }
                }
                return (bytes.count, words.0.littleEndian, words.1.littleEndian)
            }
        }
    }

    private let keys: [Key]
    private let names: [String]

    init(_ names: [String]) {
        self.names = names
        keys = names.map(Key.init)
    }

    /// The position of `name` among the names, if it is one.
    func index(of name: String) -> Int? {
        let key = Key(name)
        for index in keys.indices where keys[index] == key {
            if key.count <= 16 || names[index] == name { return index }
        }
        return nil
    }
}
