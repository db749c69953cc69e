import FlowModel
import FlowSyntax
import Foundation
import Testing

@testable import FlowLint

/// The imported library the FL1105 examples use.
let exampleLibrary = """
    flow ask_access(p: permission) {
      start -> ask
      state ask { request p { granted -> done granted  else -> done denied } }
    }
    """

/// The Info.plist each `--info-plist` rule's examples are documented to run against.
func examplePlist(for id: String) -> InfoPlist? {
    let photos = ("NSPhotoLibraryUsageDescription", InfoPlist.Value.string("Attach receipts from your photo library."))
    switch id {
    case "FL1501": return InfoPlist(path: "Info.plist", values: [photos.0: photos.1])
    case "FL1502":
        return InfoPlist(path: "Info.plist", values: [photos.0: photos.1, "NSCameraUsageDescription": .string("TODO")])
    case "FL1503":
        return InfoPlist(
            path: "Info.plist",
            values: [
                photos.0: photos.1,
                "NSLocationAlwaysAndWhenInUseUsageDescription": .string("Track deliveries."),
            ])
    case "FL1504":
        return InfoPlist(
            path: "Info.plist",
            values: [
                "NSLocationWhenInUseUsageDescription": .string("Show nearby stores."),
                "NSLocationTemporaryUsageDescriptionDictionary": .dictionary(["Delivery": "Find your door."]),
            ])
    case "FL1505":
        return InfoPlist(
            path: "Info.plist",
            values: [
                photos.0: photos.1,
                "NSUserTrackingUsageDescription": .string("Show offers from partner stores."),
            ])
    case "FL1506":
        return InfoPlist(
            path: "Info.plist",
            values: [photos.0: photos.1, "NSCameraUsageDescription": .string("We need access to your camera.")])
    case "FL1507":
        return InfoPlist(
            path: "Info.plist",
            values: [
                "NSCameraUsageDescription": .string("Scan receipts."),
                "NSContactsUsageDescription": .string("Share receipts with friends."),
            ])
    case "FL1508": return InfoPlist(path: "target 'App' (Release)", values: [:])
    case "FL1509": return InfoPlist(path: "Info.plist", values: [photos.0: photos.1])
    default: return nil
    }
}

/// The apps (plist, manifest) each rule's examples are documented to run against.
func exampleApps(for id: String) -> [AppTarget] {
    guard let plist = examplePlist(for: id) else { return [] }
    let manifest =
        id == "FL1505" ? PrivacyManifest(path: "PrivacyInfo.xcprivacy", tracking: false, trackingDomains: []) : nil
    let entitlements =
        id == "FL1508" ? AppTarget.Entitlements(path: "App/App.entitlements", keys: ["aps-environment"]) : nil
    var app = AppTarget(name: plist.path, infoPlist: plist, privacyManifest: manifest, entitlements: entitlements)
    if id == "FL1509" {
        app.linkedProducts = AppTarget.LinkedProducts(products: ["PermissionFlowPhotos"], howToAdd: "to the app")
    }
    return [app]
}

/// The configuration each rule's examples run with: opt-in rules are turned on.
func exampleConfiguration(for id: DiagnosticID) -> LintConfiguration {
    guard let rule = RuleRegistry.rule(id), !rule.enabledByDefault else { return LintConfiguration() }
    return LintConfiguration(severities: [id: rule.defaultSeverity])
}

func lintText(
    _ text: String, plist: InfoPlist? = nil, apps: [AppTarget] = [],
    configuration: LintConfiguration = LintConfiguration()
) -> LintReport {
    let loader = Loader(reader: MemoryReader(["helpers.flow": exampleLibrary]))
    let load = loader.load(text: text, path: "example.flow")
    var linter = Linter(configuration: configuration, infoPlist: plist)
    linter.apps = apps
    return linter.lint(load)
}

/// Runs `rule`'s documented examples as `DocExampleTests` does: the triggering example loads,
/// the rule fires on it and its first finding starts at the example's 1️⃣ marker (FL1105's, in
/// the imported library, has none); no rule fires on the clean example. Each
/// `Rules/<Rule>Tests.swift` starts with this, so its file is where the rule's next test goes.
func expectDocumentedExamples(of rule: Rule, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let id = rule.id
    let apps = exampleApps(for: id.rawValue)
    let report = lintText(rule.triggeringExample, apps: apps, configuration: exampleConfiguration(for: id))
    let described = report.findings.map { "\($0.ruleID) \($0.diagnostic.message)" }
    #expect(
        !report.findings.contains { $0.ruleID.rawValue.hasPrefix("FL0") }, "\(described)",
        sourceLocation: sourceLocation)
    let first = report.findings.first { $0.ruleID == id }?.diagnostic
    #expect(first != nil, "\(id) did not fire: \(described)", sourceLocation: sourceLocation)
    if let offset = MarkedText(rule.markedTriggeringExample).markers["1️⃣"] {
        #expect(
            first?.range?.file == FileID(0) && first?.range?.start.offset == offset,
            "\(id) reports at \(String(describing: first?.range?.start)), not at its marker",
            sourceLocation: sourceLocation)
    }
    #expect(first?.message.isEmpty == false, sourceLocation: sourceLocation)
    let clean = lintText(rule.cleanExample, apps: apps, configuration: exampleConfiguration(for: id))
    #expect(clean.findings.map { "\($0.ruleID) \($0.diagnostic.message)" } == [], sourceLocation: sourceLocation)
}

@Suite struct DocExampleTests {
    @Test(arguments: RuleRegistry.rules.map(\.id))
    func triggeringExampleFires(id: DiagnosticID) throws {
        let rule = try #require(RuleRegistry.rule(id))
        let report = lintText(
            rule.triggeringExample, apps: exampleApps(for: id.rawValue), configuration: exampleConfiguration(for: id))
        #expect(
            !report.findings.contains { $0.ruleID.rawValue.hasPrefix("FL0") },
            "example must load: \(report.findings.map(\.diagnostic.message))")
        #expect(
            report.findings.contains { $0.ruleID == id },
            "\(id) did not fire: \(report.findings.map { "\($0.ruleID) \($0.diagnostic.message)" })")
        // The first finding of the rule starts at the example's marker (FL1105's is in the
        // imported library, which has none).
        let marked = MarkedText(rule.markedTriggeringExample)
        if let offset = marked.markers["1️⃣"] {
            let first = report.findings.first { $0.ruleID == id }?.diagnostic.range
            #expect(
                first?.file == FileID(0) && first?.start.offset == offset,
                "\(id) reports at \(String(describing: first?.start)), not at its marker")
        } else {
            #expect(id == "FL1105", "\(id)'s triggering example has no 1️⃣ marker")
        }
    }

    @Test(arguments: RuleRegistry.rules.map(\.id))
    func cleanExampleDoesNotFire(id: DiagnosticID) throws {
        let rule = try #require(RuleRegistry.rule(id))
        let report = lintText(
            rule.cleanExample, apps: exampleApps(for: id.rawValue), configuration: exampleConfiguration(for: id))
        #expect(
            !report.findings.contains { $0.ruleID.rawValue.hasPrefix("FL0") },
            "example must load: \(report.findings.map(\.diagnostic.message))")
        #expect(
            !report.findings.contains { $0.ruleID == id },
            "\(report.findings.map { "\($0.ruleID) \($0.diagnostic.message)" })")
    }

    /// Clean examples are correct flows: no rule at all may fire on them (no false alarms),
    /// except the findings a clean example shows on purpose.
    @Test(arguments: RuleRegistry.rules.map(\.id))
    func cleanExampleIsCleanForEveryRule(id: DiagnosticID) throws {
        let rule = try #require(RuleRegistry.rule(id))
        let report = lintText(
            rule.cleanExample, apps: exampleApps(for: id.rawValue), configuration: exampleConfiguration(for: id))
        #expect(report.findings.map { "\($0.ruleID) \($0.diagnostic.message)" } == [])
    }

    /// Every rule file in Sources/FlowLint/Rules has its test file beside the others in
    /// Tests/FlowLintTests/Rules, named `<RuleFile>Tests.swift`.
    @Test func everyRuleFileHasATestFile() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let root = tests.deletingLastPathComponent().deletingLastPathComponent()
        let files = FileManager.default
        let rules = try files.contentsOfDirectory(atPath: root.appendingPathComponent("Sources/FlowLint/Rules").path)
            .filter { $0.hasSuffix(".swift") }
        let ruleTests = Set(try files.contentsOfDirectory(atPath: tests.appendingPathComponent("Rules").path))
        #expect(rules.count >= RuleRegistry.rules.count)
        let missing = rules.map { $0.dropLast(".swift".count) + "Tests.swift" }.filter { !ruleTests.contains($0) }
        #expect(missing.sorted() == [], "add Tests/FlowLintTests/Rules/<RuleFile>Tests.swift")
    }

    @Test func everyRuleHasDocumentation() {
        var ids = Set<DiagnosticID>()
        for rule in RuleRegistry.rules {
            #expect(ids.insert(rule.id).inserted, "duplicate \(rule.id)")
            #expect(rule.id.phase == .lint)
            #expect(!rule.summary.isEmpty && !rule.summary.hasSuffix("."))
            #expect(rule.documentation.count > 40)
            #expect(rule.explanation.contains(rule.triggeringExample.split(separator: "\n")[0]))
        }
    }
}

@Suite struct SteeringWordTests {
    @Test(arguments: [
        "Allow", "Allow Camera", "Grant Access", "Enable access", "Allow Access", "OK, allow it", "允许", "允許",
        "Дозволити", "Zezwól", "Pozwól", "Autoriser", "Permitir", "Erlauben", "허용", "Turn On",
    ])
    func steers(_ label: String) { #expect(SteeringWords.steers(label)) }

    @Test(arguments: [
        "Continue", "Next", "OK", "Not Now", "繼續", "继续", "Продовжити", "Dalej", "Settings", "Weiter", "Continuer",
    ])
    func neutral(_ label: String) { #expect(!SteeringWords.steers(label)) }
}
