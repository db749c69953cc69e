/// How copy falls back between locales, as an app's bundle does: a locale's declared fallback,
/// else the base locale (index 0), which falls back to nothing. One walk for the interpreter,
/// the table's `lookup` and the missing-translation rule.
extension StringTable {
    /// The locale tried after `locale` when it has no entry.
    public func fallback(after locale: Int) -> Int? {
        locales[locale].fallback ?? (locale == 0 ? nil : 0)
    }

    /// The first locale on the chain from `locale` that has an entry for key index `key`; nil when
    /// none has. Allocates nothing; a chain longer than the number of locales is a cycle (the
    /// checker breaks them) and ends the walk.
    public func providingLocale(ofKey key: Int, from locale: Int) -> Int? {
        var current: Int? = locale
        var hops = 0
        while let l = current, l < entries.count, hops <= entries.count {
            if key < entries[l].count, entries[l][key] != nil { return l }
            current = fallback(after: l)
            hops += 1
        }
        return nil
    }
}
