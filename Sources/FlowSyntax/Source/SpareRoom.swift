extension Array {
    /// The array itself, or a copy of exactly its count when more than an eighth of its room is
    /// unused: for arrays grown by appending (which doubles) that a loaded program keeps.
    /// (`Array(self)` would share the buffer, spare room and all.) `LineStarts` does the same
    /// in code of its own, specialized to its 32-bit starts: through this generic function the
    /// debug build's copy of a two-line table came back with room for six.
    public func withoutSpareRoom() -> [Element] {
        guard capacity - count > count / 8 else { return self }
        return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            _ = buffer.initialize(from: self)
            initialized = count
        }
    }
}
