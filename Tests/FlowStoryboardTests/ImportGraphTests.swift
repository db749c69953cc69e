import Foundation
import Testing

/// The layering rule of issue 31: no library imports a command-line module. The command-line
/// modules are `FlowCommandLine` and the executables (the lower-case targets under Sources); every
/// other target under Sources is a library. The storyboard library's own imports are pinned too,
/// so it cannot grow a dependency on a command layer through a module that is not one yet.
@Suite struct ImportGraphTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    /// The modules each Swift file of `target` imports, as `file: module` lines.
    static func imports(of target: String) throws -> [String] {
        let root = sources.appendingPathComponent(target)
        let files =
            FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try files.flatMap { file -> [String] in
            try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap { line in
                let words = line.split(separator: " ")
                guard let i = words.firstIndex(of: "import"), i + 1 < words.count,
                    words[..<i].allSatisfy({ $0.hasPrefix("@") })
                else { return nil }
                // `import struct FlowModel.Program` imports from FlowModel.
                let kinds: Set<Substring> = ["struct", "enum", "class", "protocol", "func", "var", "let", "typealias"]
                let next = kinds.contains(words[i + 1]) && i + 2 < words.count ? words[i + 2] : words[i + 1]
                return "\(file.lastPathComponent): \(next.split(separator: ".").first ?? next)"
            }
        }.sorted()
    }

    static func isCommandLine(_ module: String) -> Bool {
        module == "FlowCommandLine" || module.first?.isLowercase == true
    }

    @Test func noLibraryImportsACommandLineModule() throws {
        let targets = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).sorted()
        let libraries = targets.filter { !Self.isCommandLine($0) }
        #expect(libraries.contains("FlowStoryboard") && libraries.contains("FlowLint"))
        var offending: [String] = []
        for library in libraries {
            for line in try Self.imports(of: library) {
                let module = String(line.split(separator: " ").last ?? "")
                if Self.isCommandLine(module) { offending.append("\(library)/\(line)") }
            }
        }
        #expect(offending == [])
    }

    @Test func theStoryboardImportsOnlyLowerLibraries() throws {
        let modules = Set(try Self.imports(of: "FlowStoryboard").map { String($0.split(separator: " ").last ?? "") })
        #expect(modules == ["FlowEncoding", "FlowLint", "FlowModel", "FlowRuntime", "FlowSyntax", "Foundation"])
    }
}
