import Foundation
import Testing

@testable import PermissionFlowAppleSupport

/// One product per framework holds only while no target imports two permission frameworks: these
/// read every target under `Sources/` and check that each imports at most one (AVFoundation and
/// AVFAudio count as one), that each module's target imports its own, and that the core imports none.
@Suite struct FrameworkImportTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// The permission frameworks, as `AppleModule.framework` names them, AVFAudio counted as AVFoundation.
    static func permissionFramework(_ module: String) -> String? {
        let frameworks = Set(AppleModule.allCases.map(\.framework))
        guard frameworks.contains(module) else { return nil }
        return module == "AVFAudio" ? "AVFoundation" : module
    }

    /// The modules a Swift file imports (`import X`, `@preconcurrency import X`, `import struct X.Y`).
    static func imports(in text: String) -> Set<String> {
        var modules: Set<String> = []
        for line in text.split(separator: "\n") {
            var words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
            guard words.first == "import" else { continue }
            words.removeFirst()
            let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
            if let first = words.first, kinds.contains(first) { words.removeFirst() }
            if let name = words.first?.split(separator: ".").first { modules.insert(String(name)) }
        }
        return modules
    }

    /// Target directory name -> the permission frameworks its files import.
    static func frameworksByTarget() throws -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        let fm = FileManager.default
        for target in try fm.contentsOfDirectory(atPath: sources.path) {
            let directory = sources.appendingPathComponent(target)
            guard let files = fm.enumerator(atPath: directory.path) else { continue }
            var frameworks: Set<String> = []
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                frameworks.formUnion(imports(in: text).compactMap(permissionFramework))
            }
            result[target] = frameworks
        }
        return result
    }

    @Test func noTargetImportsMoreThanOnePermissionFramework() throws {
        let byTarget = try Self.frameworksByTarget()
        #expect(byTarget.count > 20)
        for (target, frameworks) in byTarget.sorted(by: { $0.key < $1.key }) {
            #expect(frameworks.count <= 1, "\(target) imports \(frameworks.sorted().joined(separator: ", "))")
        }
        #expect(byTarget["PermissionFlowApple"] == [])
        #expect(byTarget["PermissionFlowSession"] == [])
        #expect(byTarget["PermissionFlowUI"] == [])
    }

    @Test func eachModuleTargetImportsItsOwnFramework() throws {
        let byTarget = try Self.frameworksByTarget()
        for module in AppleModule.allCases {
            #expect(
                byTarget[module.productName] == [Self.permissionFramework(module.framework)!],
                "\(module.productName) imports \(byTarget[module.productName]?.sorted() ?? [])")
        }
    }

    @Test func importsAreReadInEveryForm() {
        #expect(
            Self.imports(
                in:
                    "import UIKit\n    @preconcurrency import AVFoundation\nimport struct HealthKit.HKQuantityType\n// import Photos\n"
            ) == ["UIKit", "AVFoundation", "HealthKit"])
    }
}
