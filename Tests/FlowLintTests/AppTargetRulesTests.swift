import FlowModel
import FlowSyntax
import FlowTestSupport
import Foundation
import Testing

@testable import FlowLint

/// Lints marked text against `apps` and renders the findings of `rules` with their notes.
func lintApps(
    _ source: String, rules: [Rule], apps: [AppTarget], configuration: LintConfiguration = LintConfiguration()
) -> [String] {
    let sources = MarkedSources(source)
    let load = Loader(reader: MemoryReader([:])).load(text: sources.entryText, path: "main.flow")
    var linter = Linter(rules: rules, configuration: configuration)
    linter.apps = apps
    return sources.render(
        linter.lint(load).findings.map(\.diagnostic).filter { d in rules.contains { $0.id == d.id } },
        fileNames: load.files.map(\.path), notes: true)
}

let calendarFlow = """
    flow reminder {
      uses calendar
      start -> ask
      state ask { 1️⃣request calendar { fullAccess, writeOnly -> done granted  else -> done denied }2️⃣ }
    }
    """

@Suite struct PlistDuplicateKeyTests {
    @Test func aKeyTwiceInOneDictIsAnErrorAtTheSecond() {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>NSCameraUsageDescription</key>
            \t<string>Scan receipts.</string>
            \t<key>NSLocationTemporaryUsageDescriptionDictionary</key>
            \t<dict><key>Delivery</key><string>a</string></dict>
            \t<key>NSCamera&#85;sageDescription</key>
            \t<string>TODO</string>
            </dict>
            </plist>
            """
        #expect(
            throws: InfoPlist.ParseError(
                message:
                    "Info.plist:8:2: duplicate key 'NSCameraUsageDescription' in a dictionary (first at 4:2); iOS reads only one of them"
            )
        ) {
            try InfoPlist(path: "Info.plist", data: Data(xml.utf8))
        }
    }

    @Test func theSameKeyInDifferentDictsAndCommentsIsFine() throws {
        let xml = """
            <plist version="1.0"><dict>
            <!-- <key>A</key> --><key>A</key><string>x</string>
            <key>B</key><dict><key>A</key><string>y</string></dict>
            <key>C</key><array><dict><key>A</key><true/></dict><dict><key>A</key><false/></dict></array>
            </dict></plist>
            """
        let plist = try InfoPlist(path: "Info.plist", data: Data(xml.utf8))
        #expect(plist.values["A"] == .string("x"))
    }
}

/// Configurations of one target that differ elsewhere but agree on a finding give one finding
/// naming them all; other targets and plain plists stay apart.
@Suite struct ConfigurationMergeTests {
    func app(_ target: String?, _ configurations: [String], _ values: [String: InfoPlist.Value]) -> AppTarget {
        let name = target.map { AppTarget.name(target: $0, configurations: configurations) } ?? "Info.plist"
        var a = AppTarget(name: name, infoPlist: InfoPlist(path: name, values: values))
        a.target = target
        a.configurations = configurations
        return a
    }

    @Test func sameFindingInDebugAndReleaseIsOne() {
        let flow = """
            flow camera {
              uses camera, contacts
              start -> ask
              state ask { 1️⃣request camera { authorized -> done granted  else -> next }2️⃣ }
              state next { 3️⃣request contacts { authorized, limited -> done granted  else -> done denied }4️⃣ }
            }
            """
        let apps = [
            app("App", ["Debug"], ["NSCameraUsageDescription": .string("Scan receipts.")]),
            app("App", ["Release"], [:]),
            app("Widget", ["Release"], [:]),
        ]
        #expect(
            lintApps(flow, rules: [.missingUsageDescription], apps: apps).filter { !$0.hasPrefix("  ") } == [
                "1️⃣-2️⃣ FL1501 error: request camera needs 'NSCameraUsageDescription' in target 'App' (Release): without it iOS terminates the app at the request",
                "1️⃣-2️⃣ FL1501 error: request camera needs 'NSCameraUsageDescription' in target 'Widget' (Release): without it iOS terminates the app at the request",
                "3️⃣-4️⃣ FL1501 error: request contacts needs 'NSContactsUsageDescription' in target 'App' (Debug, Release): without it iOS terminates the app at the request",
                "3️⃣-4️⃣ FL1501 error: request contacts needs 'NSContactsUsageDescription' in target 'Widget' (Release): without it iOS terminates the app at the request",
            ])
    }
}
