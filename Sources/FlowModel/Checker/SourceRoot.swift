/// The one rule for what the tools may read: a root directory, resolved to its real path once,
/// and every file read (the entry file, each import, each symbolic link's target) resolved to its
/// real path and required to lie under it. The root is the entry file's directory unless the
/// caller names one (a project root found from a config file or `--root`); the same rule holds
/// whatever the spelling of the entry path (`x.flow`, `./x.flow`, `dir/x.flow`, an absolute path).
///
/// Paths are compared by components, so `/a/bc` is not under `/a/b`. With a reader that has no
/// file system (`MemoryReader`), real paths are the lexical ones: a relative root never contains
/// an absolute path, and no path with a `..` left over is inside anything.
public struct SourceRoot: Hashable, Sendable {
    /// The root's real path (absolute for the file system), as given by `SourceReader.realPath`.
    public let path: String
    private let components: [String]

    /// A root at `realPath`, which the caller has already resolved (`SourceReader.realPath`).
    public init(realPath: String) {
        self.path = realPath
        self.components = ImportPath.components(realPath)
    }

    /// The root for an entry file: its directory, or `explicit` when given, resolved through
    /// `reader`; nil when that directory cannot be resolved (it does not exist).
    public static func forEntry(_ entryPath: String, explicit: String? = nil, reader: any SourceReader) -> SourceRoot? {
        let directory = explicit ?? ImportPath.join(ImportPath.directory(of: entryPath))
        return reader.realPath(directory).map(SourceRoot.init(realPath:))
    }

    /// Whether `realPath` (resolved by the same reader) lies under the root.
    public func contains(_ realPath: String) -> Bool {
        let path = ImportPath.components(realPath)
        if components.isEmpty, path.first == "/" { return false }
        guard path.count > components.count, path.prefix(components.count).elementsEqual(components) else {
            return false
        }
        return !path[components.count...].contains("..")
    }

    /// Why a read is refused, in words fit for a diagnostic: names what was resolved.
    func refusal(_ written: String, resolvedTo realPath: String) -> String {
        let via = ImportPath.normalize(written) == realPath ? "" : " resolves to '\(realPath)', which"
        return "'\(written)'\(via) is outside the root '\(path)'"
    }
}
