import FlowModel
import FlowSyntax
import FlowTestSupport
import Foundation
import Testing

@testable import FlowLint

let trackingFlow = """
    flow ads {
      uses tracking
      start -> ask
      state ask { 1️⃣request tracking { authorized -> done granted  else -> done denied }2️⃣ }
    }
    """

/// FL1505 (privacy-manifest-tracking): its documented examples, then its tests (add the next one here).
@Suite struct PrivacyManifestTrackingTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .privacyManifestTracking) }

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
