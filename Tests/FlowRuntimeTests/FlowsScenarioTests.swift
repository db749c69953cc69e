import FlowModel
import FlowSyntax
import Foundation
import Testing

@testable import FlowRuntime

/// The repository root, found from this file's path.
let repositoryRoot: String = {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()

/// Every `.scenario` file under flows/scenarios, as absolute paths.
func scenarioFiles() -> [String] {
    let directory = repositoryRoot + "/flows/scenarios"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".scenario") }.sorted().map { directory + "/" + $0 }
}

/// Every `.flow` file directly in flows/.
func flowFiles() -> [String] {
    let directory = repositoryRoot + "/flows"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".flow") }.sorted().map { directory + "/" + $0 }
}

@Suite struct FlowsScenarioTests {
    @Test func thereAreScenariosForEveryExampleFlow() throws {
        let scenarios = scenarioFiles()
        #expect(scenarios.count >= 10)
        var covered = Set<String>()
        for path in scenarios {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let (scenario, diagnostics) = ScenarioParser.parse(text: text, path: path)
            #expect(diagnostics.isEmpty, "\(path): \(brief(diagnostics))")
            if let s = scenario { covered.insert(s.flowPath.value.split(separator: "/").last.map(String.init) ?? "") }
        }
        let flows = Set(flowFiles().map { String($0.split(separator: "/").last!) })
        #expect(flows.subtracting(covered).sorted() == [])
    }

    @Test(arguments: scenarioFiles())
    func scenarioPasses(path: String) async {
        let result = await ScenarioRunner(reader: FileSystemReader()).run(path: path)
        #expect(
            result.passed,
            "\(result.name):\n\(result.failureReport)\n\(brief(result.diagnostics + result.flowDiagnostics).joined(separator: "\n"))"
        )
        #expect(result.diagnostics.isEmpty, "\(brief(result.diagnostics))")
    }
}
