import FlowModel
import FlowRuntime
import FlowStoryboard
import FlowTestSupport
import Foundation
import Testing

@testable import FlowCommandLine

/// `flowrun --format html`: the storyboard page, on flow text with two locales (one key missing
/// in Polish, one Polish label too long to share a row), checked through its markup. The page in
/// a real browser is Scripts/storyboard-check.sh's job.
@Suite struct StoryboardTests {
    /// 11 paths (as the text report lists them): 4 granted, 4 cycle (back from Settings with
    /// nothing changed, or still denied), 2 denied, 1 cancelled.
    static let source = """
        app "Acme"
        flow camera {
          uses camera
          start -> check
          state check { status camera { authorized -> done granted  notDetermined -> prime  else -> explain } }
          state prime {
            track "prime_shown" { attempt: 1 }
            alert { title @prime.title  message @prime.message  button @prime.go -> ask  track "prime_go"  cancel @later -> done cancelled }
          }
          state ask { request camera { authorized -> done granted  else -> explain } }
          state explain { alert { title @explain.title  button @explain.open -> settings  cancel @later -> done denied } }
          state settings { open settings on return -> check }
        }
        strings en {
          prime.title   = "Scan receipts with {app}"
          prime.message = "The camera reads the receipt for you."
          prime.go      = "Continue"
          later         = "Not Now"
          explain.title = "Camera access is off"
          explain.open  = "Open Settings"
        }
        strings pl {
          prime.title   = "Skanuj paragony w {app}"
          prime.go      = "Zezwól"
          later         = "Nie teraz"
          explain.title = "Dostęp do aparatu jest wyłączony"
          explain.open  = "Otwórz Ustawienia Aplikacji"
        }
        """

    func flowrun(_ arguments: [String], files: [String: String] = ["cam.flow": source]) async -> (
        code: Int32, out: String, err: String
    ) {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = await FlowrunCommand(reader: Fixtures.Reader(files: files), environment: [:])
            .run(arguments: arguments, stdin: ScriptedInput([], isTerminal: false), stdout: out, stderr: err)
        return (code, out.text, err.text)
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// The markup between `<ol class="strip" data-l="L"` and its `</ol>`, for each path in order.
    static func strips(_ page: String, locale: Int) -> [String] {
        page.components(separatedBy: "<ol class=\"strip\" data-l=\"\(locale)\"").dropFirst().map {
            String($0[..<($0.range(of: "</ol>")?.lowerBound ?? $0.endIndex)])
        }
    }

    @Test func everyPathIsOnThePageOncePerLocale() async throws {
        let json = await flowrun(["--explore", "--format", "json", "cam.flow"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let pathCount = try #require(report["pathCount"] as? Int)
        #expect(pathCount == 11)
        let html = await flowrun(["--explore", "--format", "html", "cam.flow"])
        #expect(html.code == 0)
        #expect(html.err == "")
        #expect(html.out.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n"))
        #expect(
            html.out.contains(
                "<body data-locale=\"0\" data-mode=\"explore\" data-path-count=\"11\" data-locale-count=\"2\">"))
        #expect(Self.count("<article class=\"path", in: html.out) == pathCount)
        #expect(Self.strips(html.out, locale: 0).count == pathCount)
        #expect(Self.strips(html.out, locale: 1).count == pathCount)
        // One switcher button per declared locale, the Polish one saying what it falls back to.
        #expect(
            html.out.contains(
                "<button type=\"button\" data-locale-index=\"0\" data-tag=\"en\" title=\"base locale\" aria-pressed=\"true\">en</button>"
            ))
        #expect(
            html.out.contains(
                "<button type=\"button\" data-locale-index=\"1\" data-tag=\"pl\" title=\"falls back to en\" aria-pressed=\"false\">pl</button>"
            ))
        // Each locale hides the other's strips.
        #expect(html.out.contains("body[data-locale=\"1\"] [data-l]:not([data-l=\"1\"]) { display: none; }"))
        // Groups as in the text report, with the path IDs --emit-scenarios would use.
        #expect(
            html.out.contains(
                "<section class=\"group outcome\" data-ending=\"granted\">\n<h2>granted <span class=\"count\">(4)</span></h2>"
            ))
        #expect(html.out.contains("id=\"path-cancelled-1\" data-path=\"cancelled-1\" data-states=\"check prime\""))
    }

    @Test func anExhaustedBudgetSaysThePageIsIncomplete() async {
        let r = await flowrun(["--explore", "--format", "html", "--explore-budget", "3", "cam.flow"])
        #expect(r.code == 5)
        #expect(r.out.contains("budget exceeded after 3 steps: the paths are incomplete</p>"))
        #expect(r.err.contains("[FL2107]"))
    }

    @Test func screensShowTheCopyOfEachLocaleWithItsFallback() async throws {
        let page = await flowrun(["--explore", "--format", "html", "cam.flow"]).out
        let cancelled = try #require(page.components(separatedBy: "id=\"path-cancelled-1\"").dropFirst().first)
        let en = try #require(Self.strips(cancelled, locale: 0).first)
        let pl = try #require(Self.strips(cancelled, locale: 1).first)
        // Side by side, cancel on the left, as iOS draws two buttons; {app} resolved.
        #expect(
            en.contains(
                "<div class=\"alert side\"><div class=\"a-text\"><p class=\"a-title\">Scan receipts with Acme</p>"
                    + "<p class=\"a-msg\">The camera reads the receipt for you.</p></div><div class=\"a-buttons\">"
                    + "<span class=\"a-btn role-cancel tapped flag-warning\" title=\"FL1302 priming alert can be dismissed with "
                    + "&#39;Not Now&#39; without ever reaching the system prompt\" data-button=\"1\">Not Now</span>"
                    + "<span class=\"a-btn role-default\" data-button=\"0\">Continue</span></div>"))
        // Polish lacks prime.message: the English text is shown, marked, and flagged.
        #expect(
            pl.contains(
                "<p class=\"a-title\">Skanuj paragony w Acme</p><p class=\"a-msg fallback flag-missing-translation\" "
                    + "title=\"no &#39;prime.message&#39; in pl: shows the en text\">The camera reads the receipt for you.</p>"
            ))
        #expect(
            pl.contains(
                "<li class=\"flag flag-missing-translation\" data-flag=\"missing-translation\">no &#39;prime.message&#39; in pl: shows the en text</li>"
            ))
        #expect(!en.contains("flag-missing-translation"))
        // The state's track comes before the alert, the button's after it.
        let shown = try #require(en.range(of: "<code>prime_shown</code> <span class=\"props\">{attempt: 1}</span>"))
        let alert = try #require(en.range(of: "<div class=\"alert side\">"))
        #expect(shown.lowerBound < alert.lowerBound)
        #expect(en.contains("<li class=\"item end outcome\"><span class=\"what\">done</span><b>cancelled</b></li>"))
    }

    @Test func steeringButtonsAndLongLabelsAreFlagged() async throws {
        let page = await flowrun(["--explore", "--format", "html", "cam.flow"]).out
        // "Zezwól" ("Allow") steers in Polish: FL1301 on the button, in the Polish strips.
        let pl = Self.strips(page, locale: 1).joined()
        #expect(
            pl.contains(
                "<span class=\"a-btn role-default flag-steering\" title=\"FL1301 priming button &#39;Zezwól&#39; steers the permission decision in &#39;pl&#39;\" data-button=\"0\">Zezwól</span>"
            ))
        // "Otwórz Ustawienia Aplikacji" is too wide for half a 270 pt alert: stacked, cancel last.
        let width = Int(AlertMetrics.width(of: "Otwórz Ustawienia Aplikacji", size: 17).rounded())
        #expect(width > 119 && width < 238)
        #expect(
            pl.contains(
                "<div class=\"alert stacked\"><div class=\"a-text\"><p class=\"a-title\">Dostęp do aparatu jest wyłączony</p></div>"
                    + "<div class=\"a-buttons\"><span class=\"a-btn role-default flag-long\""))
        #expect(
            pl.contains(
                "<li class=\"flag flag-long\" data-flag=\"long\">&#39;Otwórz Ustawienia Aplikacji&#39; is about \(width) pt wide: "
                    + "over the 119 pt that fit side by side, so iOS stacks the buttons</li>"))
        let en = Self.strips(page, locale: 0).joined()
        #expect(
            en.contains("<div class=\"alert side\"><div class=\"a-text\"><p class=\"a-title\">Camera access is off</p>")
        )
        #expect(!en.contains("flag-long"))
    }

    @Test func promptsSettingsAndGraphFindings() async throws {
        let page = await flowrun(["--explore", "--format", "html", "cam.flow"]).out
        // The camera prompt: refusal on the left; no Info.plist, so the key is named instead.
        #expect(
            page.contains(
                "<p class=\"a-title\">“Acme” Would Like to Access the Camera</p><p class=\"a-msg usage-missing\">"
                    + "(the app’s NSCameraUsageDescription text: pass --info-plist)</p></div><div class=\"a-buttons\">"
                    + "<span class=\"a-btn role-default\" data-button=\"1\">Don&#39;t Allow</span>"
                    + "<span class=\"a-btn role-default tapped\" data-button=\"0\">Allow</span>"))
        // Settings: the camera switch turned on, and the relaunch.
        #expect(
            page.contains(
                "<li class=\"s-row changed\"><span class=\"s-name\">Camera</span><span class=\"switch on\" role=\"switch\" aria-checked=\"true\"></span></li></ul>"
            ))
        #expect(page.contains("<p class=\"s-note\">iOS terminates the app; it relaunches when the user returns.</p>"))
        // FL1302 (Not Now dismisses the priming alert): its witness runs start > check > prime.
        #expect(
            page.contains(
                "<li class=\"finding sev-warning\" tabindex=\"0\" data-nodes=\"f0_s0 f0_s1\" data-links=\"f0_s0&gt;f0_s1\"><b>FL1302</b>"
            ))
        #expect(page.contains("<g class=\"node shape-state covered finding\" data-node=\"f0_s1\""))
        // Every state and link is reached, so nothing is drawn as uncovered.
        #expect(!page.contains("edge uncovered") && !page.contains(" uncovered\" data-node"))
        #expect(page.contains("<path class=\"edge covered\" data-link=\"f0_s4&gt;f0_s0\""))
    }

    @Test func aScriptedRunIsReplayedInEveryLocale() async throws {
        let r = await flowrun([
            "cam.flow", "--locale", "pl", "--tap", "Zezwól", "--answer", "camera=Allow", "--format", "html",
        ])
        #expect(r.code == 0)
        #expect(r.out.contains("data-mode=\"run\" data-path-count=\"1\""))
        #expect(r.out.contains("<body data-locale=\"1\""))
        // The run's input, as a scenario would write it, in the locale it was scripted in.
        #expect(
            r.out.contains(
                "<span class=\"chips\"><code class=\"chip user\">tap &quot;Zezwól&quot;</code>"
                    + "<code class=\"chip user\">answer camera &quot;Allow&quot;</code></span>"))
        let en = try #require(Self.strips(r.out, locale: 0).first)
        let pl = try #require(Self.strips(r.out, locale: 1).first)
        #expect(pl.contains("<span class=\"a-btn role-default tapped flag-steering\""))
        #expect(pl.contains(">Zezwól</span>"))
        #expect(en.contains("<span class=\"a-btn role-default tapped\" data-button=\"0\">Continue</span>"))
        #expect(en.contains("<b>granted</b>"))
        #expect(pl.contains("<b>granted</b>"))
    }

    @Test func usageDescriptionsComeFromTheInfoPlist() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("storyboard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let plist = dir.appendingPathComponent("Info.plist")
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>NSCameraUsageDescription</key><string>Acme reads receipts &amp; totals.</string></dict></plist>
            """.utf8
        ).write(to: plist)
        let r = await flowrun(["--explore", "--format", "html", "--info-plist", plist.path, "cam.flow"])
        #expect(r.code == 0)
        #expect(
            r.out.contains(
                "<p class=\"a-title\">“Acme” Would Like to Access the Camera</p><p class=\"a-msg\">Acme reads receipts &amp; totals.</p>"
            ))
        #expect(!r.out.contains("class=\"a-msg usage-missing\""))

        // Translations beside it, as Xcode writes them: the Polish prompt shows the Polish text.
        let pl = dir.appendingPathComponent("pl.lproj")
        try FileManager.default.createDirectory(at: pl, withIntermediateDirectories: true)
        try Data("/* Polish */\n\"NSCameraUsageDescription\" = \"Acme odczytuje paragony.\";\n".utf8)
            .write(to: pl.appendingPathComponent("InfoPlist.strings"))
        let localized = await flowrun(["--explore", "--format", "html", "--info-plist", plist.path, "cam.flow"]).out
        let enStrips = Self.strips(localized, locale: 0).joined()
        let plStrips = Self.strips(localized, locale: 1).joined()
        #expect(enStrips.contains("<p class=\"a-msg\">Acme reads receipts &amp; totals.</p>"))
        #expect(plStrips.contains("<p class=\"a-msg\">Acme odczytuje paragony.</p>"))
        #expect(!plStrips.contains("Acme reads receipts"))
        // Localized, but not into Polish: the Polish prompt shows the Info.plist text, flagged.
        try FileManager.default.removeItem(at: pl)
        let en = dir.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: en, withIntermediateDirectories: true)
        try Data("\"NSCameraUsageDescription\" = \"Acme reads receipts.\";".utf8).write(
            to: en.appendingPathComponent("InfoPlist.strings"))
        let partly = await flowrun(["--explore", "--format", "html", "--info-plist", plist.path, "cam.flow"]).out
        #expect(
            Self.strips(partly, locale: 1).joined().contains(
                "<p class=\"a-msg fallback flag-missing-translation\">Acme reads receipts &amp; totals.</p>"))
        #expect(
            Self.strips(partly, locale: 1).joined().contains(
                "<li class=\"flag flag-missing-translation\" data-flag=\"missing-translation\">no NSCameraUsageDescription in pl.lproj/InfoPlist.strings: iOS shows the Info.plist text</li>"
            ))
        #expect(Self.strips(partly, locale: 0).joined().contains("<p class=\"a-msg\">Acme reads receipts.</p>"))
        try Data("not a strings file {".utf8).write(to: en.appendingPathComponent("InfoPlist.strings"))
        let broken = await flowrun(["--explore", "--format", "html", "--info-plist", plist.path, "cam.flow"])
        #expect(broken.code == 2)
        #expect(
            broken.err.hasPrefix("flowrun: error: cannot read '\(en.path)/InfoPlist.strings': not a strings file\n"))

        let notHTML = await flowrun(["--explore", "--info-plist", plist.path, "cam.flow"])
        #expect(notHTML.code == 2)
        #expect(notHTML.err.hasPrefix("flowrun: error: '--info-plist' needs '--format html'\n"))
        let missing = await flowrun([
            "--explore", "--format", "html", "--info-plist", dir.appendingPathComponent("nope.plist").path, "cam.flow",
        ])
        #expect(missing.code == 2)
        #expect(missing.err.hasPrefix("flowrun: error: "))
        #expect(missing.out == "")
    }

    @Test func placeholderCopyIsFlaggedInTheLocaleThatHoldsIt() async throws {
        let source = """
            flow cam {
              uses camera
              start -> prime
              state prime { alert { title @t  button "Continue" -> ask  cancel "Later" -> done cancelled } }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            strings en { t = "Scan receipts" }
            strings pl { t = "TODO: tytuł" }
            """
        let page = await flowrun(["--explore", "--format", "html", "cam.flow"], files: ["cam.flow": source]).out
        let en = Self.strips(page, locale: 0).joined()
        let pl = Self.strips(page, locale: 1).joined()
        #expect(
            pl.contains(
                "<p class=\"a-title flag-placeholder\" title=\"FL1402 copy &#39;TODO: tytuł&#39; still holds the placeholder"
            ))
        #expect(
            pl.contains(
                "<li class=\"flag flag-placeholder\" data-flag=\"placeholder\">FL1402 copy &#39;TODO: tytuł&#39;"))
        #expect(en.contains("<p class=\"a-title\">Scan receipts</p>"))
        #expect(!en.contains("flag-placeholder"))
    }

    @Test func settingsRowsUseTheWordsOfTheSettingsApp() async {
        // The catalog's table (FlowModel's Catalog/SettingsLabels.swift), the same as flowrun's.
        #expect(PermissionKind.location.settingsLabel(.notDetermined) == "Ask Next Time Or When I Share")
        #expect(PermissionKind.location.settingsLabel(.authorizedWhenInUse) == "While Using the App")
        #expect(PermissionKind.photos.settingsLabel(.limited) == "Limited Access")
        #expect(PermissionKind.location.settingsSwitchIsOn(.authorizedAlways) == nil)
        #expect(PermissionKind.microphone.settingsSwitchIsOn(.granted) == true)
        #expect(PermissionKind.notifications.settingsSwitchIsOn(.denied) == false)
        // Inline copy only: one "base" locale, and a location page with the row's value, not a switch.
        let source = """
            flow where {
              uses location
              start -> check
              state check { status location { authorizedWhenInUse, authorizedAlways -> done granted  else -> explain } }
              state explain { alert { title "Location is off"  button "Open Settings" -> settings  cancel "Not Now" -> done denied } }
              state settings { open settings on return -> check }
            }
            """
        let page = await flowrun(["--explore", "--format", "html", "loc.flow"], files: ["loc.flow": source]).out
        #expect(
            page.contains(
                "<button type=\"button\" data-locale-index=\"0\" data-tag=\"base\" title=\"base locale\" aria-pressed=\"true\">base</button></nav>"
            ))
        #expect(
            page.contains(
                "<li class=\"s-row changed\"><span class=\"s-name\">Location</span><span class=\"s-value\">While Using the App</span></li></ul>"
                    + "</div><p class=\"caption\"><b>settings</b> · Settings · Location: Never → While Using the App</p>"
            ))
        // Location is not a privacy switch that terminates the app.
        #expect(!page.contains("class=\"s-note\""))
    }

    @Test func thePageDrawsTextInTheEstimatesFontAndCutsNone() async throws {
        let page = await flowrun(["--explore", "--format", "html", "cam.flow"]).out
        // One font stack, Arial's metrics first: the widths the layout was decided on are drawn.
        #expect(
            AlertMetrics.fontStack
                == #"Arial, "Liberation Sans", Helvetica, "WenQuanYi Zen Hei", "Noto Color Emoji", sans-serif"#)
        #expect(page.contains("font-family: \(AlertMetrics.fontStack); }"))
        #expect(Self.count("font-family:", in: page) == 1)
        // No CSS cuts text: no ellipsis, no clipped button labels.
        #expect(!page.contains("text-overflow") && !page.contains("ellipsis"))
        #expect(
            page.contains(
                ".a-btn.wraps { height: auto; line-height: 22px; padding: 11px 8px; white-space: normal; overflow-wrap: anywhere; }"
            ))
    }

    @Test func aLabelWiderThanAButtonWrapsAndIsFlagged() async throws {
        let source = """
            flow cam {
              uses camera
              start -> explain
              state explain { alert { title "Camera is off"  button "Open Settings to turn on the camera again" -> done cancelled  cancel "Not Now" -> done denied } }
            }
            """
        let page = await flowrun(["--explore", "--format", "html", "c.flow"], files: ["c.flow": source]).out
        let width = Int(AlertMetrics.width(of: "Open Settings to turn on the camera again", size: 17).rounded())
        #expect(width == 320)
        #expect(
            page.contains(
                "<div class=\"alert stacked\"><div class=\"a-text\"><p class=\"a-title\">Camera is off</p></div><div class=\"a-buttons\">"
                    + "<span class=\"a-btn role-default tapped wraps flag-long\" title="))
        #expect(
            page.contains(
                "<li class=\"flag flag-long\" data-flag=\"long\">&#39;Open Settings to turn on the camera again&#39; is about 320 pt wide: "
                    + "over the 238 pt of a button, so iOS shrinks or truncates it</li>"))
        #expect(!page.contains("tapped truncated"))
    }

    @Test func pathsWithoutScreensShareOneRow() async throws {
        let page = await flowrun(["--explore", "--format", "html", "cam.flow"]).out
        // "authorized -> done granted" shows nothing: its card is a small one in the group's
        // "No screen" row, after the paths that have screens.
        let granted = try #require(
            page.components(separatedBy: "data-ending=\"granted\">").dropFirst().first?.components(
                separatedBy: "</section>"
            ).first)
        #expect(Self.count("<div class=\"bare-paths\">", in: page) == 1)
        #expect(
            granted.contains(
                "<div class=\"bare-paths\"><p class=\"bare-title\">No screen</p>\n<article class=\"path bare\" id=\"path-granted-4\" data-path=\"granted-4\" data-states=\"check\" "
            ))
        #expect(Self.count("<article class=\"path bare\"", in: page) == 1)
        let bare = try #require(granted.range(of: "<div class=\"bare-paths\">"))
        let screened = try #require(granted.range(of: "<article class=\"path\" id=\"path-granted-3\""))
        #expect(screened.lowerBound < bare.lowerBound)
        #expect(page.contains(".bare-paths { display: flex; flex-wrap: wrap;"))
    }

    @Test func settingsCardsCarryNoDebugText() async throws {
        let page = await flowrun(["--explore", "--format", "html", "cam.flow"]).out
        #expect(!page.contains("s-choices") && !page.contains("offers ") && !page.contains("changed from"))
        // The caption says what changed in the Settings app's own words, not status names.
        #expect(page.contains("<p class=\"caption\"><b>settings</b> · Settings · Camera: Off → On</p>"))
        #expect(!page.contains("camera → authorized"))
    }

    @Test func edgeLabelsSitOnCardsOfTheirEstimatedWidth() async throws {
        let page = await flowrun(["--explore", "--format", "html", "cam.flow"]).out
        let labels = Self.count("<text class=\"elabel\"", in: page)
        #expect(labels > 0)
        #expect(Self.count("<rect class=\"elabel-bg\"", in: page) == labels)
        // "Open Settings" at 10.5 px: 12979/2048 em = 66.5 px; the card is 7 px wider, centred.
        let width = AlertMetrics.width(of: "Open Settings", size: 10.5)
        #expect(Int(width.rounded(.up)) == 67)
        let line = try #require(
            page.split(separator: "\n").first {
                $0.contains("<text class=\"elabel\"") && $0.hasSuffix(">Open Settings</text>")
            })
        #expect(line.hasPrefix("<rect class=\"elabel-bg\" data-link=\""))
        #expect(line.contains("width=\"74\" height=\"13\" rx=\"3\"/><text class=\"elabel\""))
        #expect(!page.contains("paint-order"))
    }

    /// No external resource: nothing is fetched when the page opens, for every example flow.
    @Test func examplePagesReferenceNothingOutside() async throws {
        let root = SpawnedBinary.packageRoot.appendingPathComponent("flows")
        let files = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".flow") }
            .sorted()
        #expect(files.count >= 10)
        for file in files {
            let r = await ExploreCommandTests.onDisk([
                "--explore", "--format", "html", root.appendingPathComponent(file).path,
            ])
            #expect(r.out.hasSuffix("</html>\n"), "\(file)")
            for forbidden in [
                "http:", "https:", "src=", "href=", "@import", "<link", "<iframe", "<img", "url(//", "srcset",
            ] {
                #expect(!r.out.contains(forbidden), "\(file) references '\(forbidden)'")
            }
            // The only url(...) references are the page's own SVG markers.
            let urls = r.out.components(separatedBy: "url(").dropFirst().map { String($0.prefix(while: { $0 != ")" })) }
            #expect(Set(urls).isSubset(of: ["#arrow", "#arrow-hl"]), "\(file): \(Set(urls))")
        }
    }

    /// The same flow gives the same bytes in two processes (each with its own hash seed).
    @Test func outputIsByteIdenticalAcrossRuns() throws {
        let flowrun = try #require(SpawnedBinary.url(of: "flowrun"))
        let args = ["--explore", "--format", "html", "flows/seed_zh_hant_camera_photos_tuple.flow"]
        let first = try SpawnedBinary.run(flowrun, args)
        let second = try SpawnedBinary.run(flowrun, args)
        #expect(first.code == 0)
        #expect(first.out.count > 10_000)
        #expect(first.out == second.out)
        let run = [
            "flows/seed_pl_camera_priming.flow", "--format", "html", "--tap", "Allow", "--answer", "camera=Allow",
        ]
        let a = try SpawnedBinary.run(flowrun, run)
        let b = try SpawnedBinary.run(flowrun, run)
        #expect(a.code == 0 && a.out == b.out && a.out.contains("data-mode=\"run\""))
    }
}
