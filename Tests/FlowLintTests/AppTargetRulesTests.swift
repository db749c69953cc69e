import FlowModel
import FlowSyntax
import FlowTestSupport
import Foundation
import Testing

@testable import FlowLint

/// Lints marked text against `apps` and renders the findings of `rules` with their notes.
private func lintApps(
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

private let calendarFlow = """
    flow reminder {
      uses calendar
      start -> ask
      state ask { 1️⃣request calendar { fullAccess, writeOnly -> done granted  else -> done denied }2️⃣ }
    }
    """

/// FL1501 with a deployment target (correction 5): the legacy keys below iOS 17 and 13, and
/// what the current key's absence does on which versions (correction 4).
@Suite struct DeploymentTargetTests {
    @Test func belowIOS17TheLegacyCalendarKeyIsRequired() {
        let plist = InfoPlist(
            path: "target 'App' (Release)", values: ["NSCalendarsFullAccessUsageDescription": .string("Add due dates.")]
        )
        let app = AppTarget(
            name: plist.path, infoPlist: plist, deploymentTarget: OSVersion(16, 4), generatesInfoPlist: true)
        #expect(
            lintApps(calendarFlow, rules: [.missingUsageDescription], apps: [app]) == [
                "1️⃣-2️⃣ FL1501 error: request calendar needs 'NSCalendarsUsageDescription' in target 'App' (Release) for its deployment target iOS 16.4: without it iOS 16 and earlier terminate the app at the request",
                "  note: add 'INFOPLIST_KEY_NSCalendarsUsageDescription' to the target's build settings (Info tab) with a sentence that says why the app needs it",
            ])
        // From iOS 17 on the legacy key is not read: nothing to report.
        var modern = app
        modern.deploymentTarget = OSVersion(17)
        #expect(lintApps(calendarFlow, rules: [.missingUsageDescription], apps: [modern]) == [])
    }

    @Test func theCurrentKeysEffectIsQualifiedByVersionBelow17() {
        let app = AppTarget(
            name: "Info.plist",
            infoPlist: InfoPlist(
                path: "Info.plist", values: ["NSCalendarsUsageDescription": .string("Add due dates.")]),
            deploymentTarget: OSVersion(15))
        #expect(
            lintApps(calendarFlow, rules: [.missingUsageDescription], apps: [app]) == [
                "1️⃣-2️⃣ FL1501 error: request calendar needs 'NSCalendarsFullAccessUsageDescription' in Info.plist: without it on iOS 17 and later iOS denies the request automatically without a prompt",
                "  note: add 'NSCalendarsFullAccessUsageDescription' with a sentence that says why the app needs it",
            ])
    }

    @Test func bluetoothBelow13NeedsThePeripheralKey() {
        let flow = """
            flow ble {
              uses bluetooth
              start -> ask
              state ask { 1️⃣request bluetooth { allowedAlways -> done granted  else -> done denied }2️⃣ }
            }
            """
        let plist = InfoPlist(
            path: "Info.plist", values: ["NSBluetoothAlwaysUsageDescription": .string("Pair the receipt printer.")])
        #expect(
            lintApps(
                flow, rules: [.missingUsageDescription],
                apps: [AppTarget(name: "Info.plist", infoPlist: plist, deploymentTarget: OSVersion(12, 4))]) == [
                    "1️⃣-2️⃣ FL1501 error: request bluetooth needs 'NSBluetoothPeripheralUsageDescription' in Info.plist for its deployment target iOS 12.4: without it iOS 12 and earlier terminate the app at the request",
                    "  note: add 'NSBluetoothPeripheralUsageDescription' with a sentence that says why the app needs it",
                ])
        #expect(
            lintApps(
                flow, rules: [.missingUsageDescription],
                apps: [AppTarget(name: "Info.plist", infoPlist: plist, deploymentTarget: OSVersion(13))]) == [])
    }

    @Test func anIgnoredBuildSettingIsNamed() {
        let plist = InfoPlist(path: "target 'App' (Debug)", values: [:])
        let app = AppTarget(
            name: plist.path, infoPlist: plist, ignoredInfoPlistSettings: ["INFOPLIST_KEY_NSCameraUsageDescription"])
        #expect(
            lintApps(
                """
                flow camera {
                  uses camera
                  start -> ask
                  state ask { 1️⃣request camera { authorized -> done granted  else -> done denied }2️⃣ }
                }
                """, rules: [.missingUsageDescription], apps: [app]) == [
                    "1️⃣-2️⃣ FL1501 error: request camera needs 'NSCameraUsageDescription' in target 'App' (Debug): without it iOS terminates the app at the request",
                    "  note: add 'NSCameraUsageDescription' with a sentence that says why the app needs it",
                    "  note: 'INFOPLIST_KEY_NSCameraUsageDescription' is set, but GENERATE_INFOPLIST_FILE is not YES, so Xcode leaves it out of Info.plist",
                ])
    }

    @Test(arguments: [("15.0", OSVersion(15, 0)), ("16.4.1", OSVersion(16, 4)), ("17", OSVersion(17, 0))])
    func versionsParse(text: String, version: OSVersion) { #expect(OSVersion(text) == version) }

    @Test(arguments: ["", "15.", "x", "15.0.0.1", "-1", "0", "1.2.3.4"])
    func badVersionsDoNot(text: String) { #expect(OSVersion(text) == nil) }
}

private let trackingFlow = """
    flow ads {
      uses tracking
      start -> ask
      state ask { 1️⃣request tracking { authorized -> done granted  else -> done denied }2️⃣ }
    }
    """

@Suite struct PrivacyManifestTrackingTests {
    let plist = InfoPlist(
        path: "Info.plist", values: ["NSUserTrackingUsageDescription": .string("Show offers from partner stores.")])

    func app(_ manifest: PrivacyManifest?, searched: String? = "beside Info.plist") -> AppTarget {
        AppTarget(name: "Info.plist", infoPlist: plist, privacyManifest: manifest, manifestSearch: searched)
    }

    @Test func noManifestWhereOneWasLookedFor() {
        #expect(
            lintApps(trackingFlow, rules: [.privacyManifestTracking], apps: [app(nil)]) == [
                "1️⃣-2️⃣ FL1505 warning: request tracking needs the privacy manifest to declare tracking, but Info.plist has no privacy manifest (looked for PrivacyInfo.xcprivacy beside Info.plist)",
                "  note: add PrivacyInfo.xcprivacy with NSPrivacyTracking true and NSPrivacyTrackingDomains, or name it with --privacy-manifest",
            ])
        // Nothing was asked of a manifest: nothing is reported.
        #expect(lintApps(trackingFlow, rules: [.privacyManifestTracking], apps: [app(nil, searched: nil)]) == [])
    }

    @Test func trackingFalseOrAbsent() {
        #expect(
            lintApps(
                trackingFlow, rules: [.privacyManifestTracking],
                apps: [app(PrivacyManifest(path: "App/PrivacyInfo.xcprivacy", tracking: false, trackingDomains: []))])
                == [
                    "1️⃣-2️⃣ FL1505 warning: request tracking needs the privacy manifest to declare tracking, but App/PrivacyInfo.xcprivacy sets NSPrivacyTracking to false",
                    "  note: set NSPrivacyTracking to true and list the domains that track in NSPrivacyTrackingDomains",
                ])
        #expect(
            lintApps(
                trackingFlow, rules: [.privacyManifestTracking],
                apps: [app(PrivacyManifest(path: "P.xcprivacy", tracking: nil, trackingDomains: nil))]
            ).first
                == "1️⃣-2️⃣ FL1505 warning: request tracking needs the privacy manifest to declare tracking, but P.xcprivacy does not set NSPrivacyTracking"
        )
    }

    @Test func trackingWithoutDomains() {
        #expect(
            lintApps(
                trackingFlow, rules: [.privacyManifestTracking],
                apps: [app(PrivacyManifest(path: "P.xcprivacy", tracking: true, trackingDomains: [""]))]) == [
                    "1️⃣-2️⃣ FL1505 warning: request tracking needs the privacy manifest to declare tracking, but P.xcprivacy lists no NSPrivacyTrackingDomains",
                    "  note: list the domains the app or its SDKs contact for tracking: requests to them fail until the user allows tracking",
                ])
        #expect(
            lintApps(
                trackingFlow, rules: [.privacyManifestTracking],
                apps: [app(PrivacyManifest(path: "P.xcprivacy", tracking: true, trackingDomains: ["ads.example"]))])
                == [])
    }

    @Test func aManifestParsesFromXML() throws {
        let xml =
            #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>NSPrivacyTracking</key><true/><key>NSPrivacyTrackingDomains</key><array><string>ads.example</string></array></dict></plist>"#
        let m = try PrivacyManifest(path: "P.xcprivacy", data: Data(xml.utf8))
        #expect(m == PrivacyManifest(path: "P.xcprivacy", tracking: true, trackingDomains: ["ads.example"]))
    }
}

@Suite struct PurposeTextTests {
    /// What reviewers reject: the permission is named, its use is not.
    @Test(arguments: [
        "We need your camera", "We need access to your camera.",
        "This app requires access to your location to work properly.",
        "Allow access to your photos to use this feature.", "Camera access required",
        "Receipts needs access to your contacts.",
        "Please allow microphone access for full functionality.", "The app's features need your Bluetooth.",
    ])
    func generic(_ text: String) { #expect(PurposeText.givesNoExample(text, appName: "Receipts")) }

    @Test(arguments: [
        "Scan receipts", "Receipts uses the camera to scan your receipts.", "We need your camera to scan receipts",
        "需要使用相机进行拍照翻译/分析", "Nous avons besoin de votre caméra", "Used to attach photos of receipts to expenses.", "",
    ])
    func specificOrNotJudged(_ text: String) { #expect(!PurposeText.givesNoExample(text, appName: "Receipts")) }

    /// Every usage description in the repository's plists and string files (the fixture's one
    /// deliberate "We need access to your camera." aside) passes: no false alarm on real text.
    @Test func noFalseAlarmOnTheRepositorysPurposeStrings() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var texts: [String] = []
        for dir in ["Examples", "Tests/Fixtures", "flows"] {
            let base = root.appendingPathComponent(dir)
            for path in (FileManager.default.subpaths(atPath: base.path) ?? []).sorted()
            where path.hasSuffix(".plist") || path.hasSuffix("InfoPlist.strings") || path.hasSuffix(".xcconfig")
                || path.hasSuffix(".pbxproj")
            {
                let text = try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)
                // `<key>NS…UsageDescription</key> <string>…</string>`, `"NS…UsageDescription" = "…";`, `INFOPLIST_KEY_NS…UsageDescription = …`
                for line in text.split(separator: "\n") where line.contains("UsageDescription") {
                    if let eq = line.firstIndex(of: "=") {
                        texts.append(
                            line[line.index(after: eq)...].trimmingCharacters(in: CharacterSet(charactersIn: " ;\"\t")))
                    }
                }
                let lines = text.split(separator: "\n").map(String.init)
                for (i, line) in lines.enumerated() where line.contains("UsageDescription</key>") && i + 1 < lines.count
                {
                    texts.append(
                        lines[i + 1].replacingOccurrences(of: "<string>", with: "").replacingOccurrences(
                            of: "</string>", with: ""
                        )
                        .trimmingCharacters(in: .whitespaces))
                }
            }
        }
        #expect(texts.count >= 10, "found \(texts)")
        let flagged = texts.filter { PurposeText.givesNoExample($0, appName: "Receipts") }
        #expect(flagged == ["We need access to your camera."])
    }

    @Test func theRuleNamesTheTextAndWhatReviewersAskFor() {
        let plist = InfoPlist(path: "Info.plist", values: ["NSCameraUsageDescription": .string("We need your camera")])
        #expect(
            lintApps(
                """
                app "Receipts"
                flow camera {
                  uses camera
                  start -> ask
                  state ask { 1️⃣request camera { authorized -> done granted  else -> done denied }2️⃣ }
                }
                """, rules: [.usageDescriptionWithoutExample], apps: [AppTarget(name: "Info.plist", infoPlist: plist)])
                == [
                    "1️⃣-2️⃣ FL1506 warning: usage description 'NSCameraUsageDescription' in Info.plist (\"We need your camera\") says that the app wants camera access, not what for: App Review (guideline 5.1.1) asks for how the app uses it, with an example",
                    "  note: name what the user gets, for example \"Receipts uses the camera to ...\"",
                ])
    }
}

@Suite struct UnrequestedUsageDescriptionTests {
    let app = AppTarget(
        name: "Info.plist",
        infoPlist: InfoPlist(
            path: "Info.plist",
            values: [
                "NSCameraUsageDescription": .string("Scan receipts."),
                "NSLocationWhenInUseUsageDescription": .string("Find shops."),
                "NSLocationAlwaysAndWhenInUseUsageDescription": .string("Remind you at shops."),
            ]))
    let flow = """
        flow 1️⃣camera2️⃣ {
          uses camera
          start -> ask
          state ask { request camera { authorized -> done granted  else -> done denied } }
        }
        """

    @Test func offByDefault() {
        #expect(lintApps(flow, rules: [.unrequestedUsageDescription], apps: [app]) == [])
    }

    @Test func enabledItNotesEachKeyNoFlowNeeds() {
        let on = LintConfiguration(severities: ["FL1507": .note])
        #expect(
            lintApps(flow, rules: [.unrequestedUsageDescription], apps: [app], configuration: on) == [
                "1️⃣-2️⃣ FL1507 note: Info.plist declares 'NSLocationAlwaysAndWhenInUseUsageDescription' but no flow requests location",
                "  note: remove the key if the app never asks for location; keep it if it asks outside a flow",
                "1️⃣-2️⃣ FL1507 note: Info.plist declares 'NSLocationWhenInUseUsageDescription' but no flow requests location",
                "  note: remove the key if the app never asks for location; keep it if it asks outside a flow",
            ])
    }
}

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

@Suite struct CriticalAlertsEntitlementTests {
    let flow = """
        flow alerts {
          uses notifications
          start -> ask
          state ask { 1️⃣request notifications(alert, criticalAlert) { authorized, ephemeral -> done granted  else -> done denied }2️⃣ }
        }
        """

    func app(_ keys: Set<String>?) -> AppTarget {
        AppTarget(
            name: "target 'App' (Release)", infoPlist: InfoPlist(path: "target 'App' (Release)", values: [:]),
            entitlements: keys.map { AppTarget.Entitlements(path: "App/App.entitlements", keys: $0) })
    }

    @Test func withoutTheEntitlementTheOptionIsIgnored() {
        #expect(
            lintApps(flow, rules: [.criticalAlertsWithoutEntitlement], apps: [app(["aps-environment"])]) == [
                "1️⃣-2️⃣ FL1508 warning: critical alerts are requested but target 'App' (Release) is not entitled to them: App/App.entitlements lacks 'com.apple.developer.usernotifications.critical-alerts', so iOS ignores the option",
                "  note: request the entitlement from Apple and add it, or drop criticalAlert",
            ])
    }

    @Test func entitledOrUnknownEntitlementsAreNotReported() {
        #expect(
            lintApps(flow, rules: [.criticalAlertsWithoutEntitlement], apps: [app([CriticalAlerts.entitlement])]) == [])
        #expect(lintApps(flow, rules: [.criticalAlertsWithoutEntitlement], apps: [app(nil)]) == [])
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
