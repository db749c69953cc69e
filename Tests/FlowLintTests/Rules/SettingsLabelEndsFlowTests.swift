import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1405 (settings-label-ends-flow): its documented examples, then its tests (add the next one here).
@Suite struct SettingsLabelEndsFlowTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .settingsLabelEndsFlow) }

    @Test func anOpenSettingsButtonThatEndsTheFlowIsReported() {
        #expect(
            lintMarked(
                """
                flow photos {
                  uses photos
                  start -> ask
                  state ask { request photos { authorized, limited -> done granted  else -> explain } }
                  state explain {
                    alert { title "Photos are off"
                            1️⃣button "Go to Settings" -> finish2️⃣  cancel "Not Now" -> done cancelled }
                  }
                  state finish { track "settings_tapped" -> done denied }
                }
                """, rules: [.settingsLabelEndsFlow], notes: true) == [
                    "1️⃣-2️⃣ FL1405 warning: button 'Go to Settings' in state 'explain' promises Settings but ends the flow with 'denied' without opening it",
                    "  note: send it to a state with 'open settings', or label it for what it does",
                ])
    }

    @Test func aTranslatedLabelIsReadInItsLocale() {
        #expect(
            lintMarked(
                """
                flow photos {
                  uses photos
                  start -> ask
                  state ask { request photos { authorized, limited -> done granted  else -> explain } }
                  state explain { alert { title @off  1️⃣button @settings -> done denied2️⃣  cancel @later -> done cancelled } }
                }
                strings en { off = "Photos are off"  settings = "Open Photos"  later = "Not Now" }
                strings de { off = "Fotos sind aus"  settings = "Einstellungen öffnen"  later = "Nicht jetzt" }
                """, rules: [.settingsLabelEndsFlow]) == [
                    "1️⃣-2️⃣ FL1405 warning: button 'Einstellungen öffnen' in state 'explain' promises Settings but ends the flow with 'denied' without opening it"
                ])
    }

    /// A label that only mentions Settings, an outcome the app opens Settings on, and a caller
    /// that opens Settings on the outcome are all silent.
    @Test func labelsAndOutcomesThatDoNotPromiseAreSilent() {
        #expect(
            lintMarked(
                """
                flow photos {
                  uses photos
                  outcomes granted, denied, open_settings
                  start -> ask
                  state ask { request photos { authorized, limited -> done granted  else -> explain } }
                  state explain {
                    alert { title "Photos are off"
                            button "Open Settings" -> done open_settings
                            button "Change it later in Settings" -> done denied }
                  }
                }
                flow ask_photos(p: permission) {
                  start -> ask
                  state ask { request p { granted -> done granted  else -> explain } }
                  state explain { alert { title "Access is off" button "Open Settings" -> done denied  cancel "Not Now" -> done cancelled } }
                }
                flow album {
                  uses photos
                  start -> photos
                  state photos { call photos { granted -> done granted  else -> done denied } }
                  state generic { call ask_photos(p: photos) { granted -> done granted  denied -> settings  cancelled -> done cancelled } }
                  state settings { open settings on return -> done denied }
                }
                """, rules: [.settingsLabelEndsFlow]) == [])
    }

    @Test(arguments: [
        "Open Settings", "Settings", "Go to Settings", "Einstellungen öffnen", "Abrir Ajustes", "Ouvrir les Réglages",
        "Apri Impostazioni", "设置", "設定を開く", "Ayarları Aç", "Открыть Настройки", "Ayarlar",
    ])
    func promisesSettings(_ label: String) { #expect(SettingsWords.promisesSettings(label)) }

    @Test(arguments: [
        "Not Now", "Later in Settings", "Continue", "You can change this in Settings at any time", "後で設定", "OK",
    ])
    func doesNotPromiseSettings(_ label: String) { #expect(!SettingsWords.promisesSettings(label)) }

    /// The ASCII shortcut answers as the general search does: every name of every language,
    /// as written, lowercased, uppercased and inside a short or a long label, and labels without
    /// one.
    @Test func theASCIIShortcutAgreesWithTheGeneralSearch() {
        var labels = ["Not Now", "Continue", "OK", "Allow", "Settingz", "Set tings", "", "S", "Later in Settings"]
        for language in SettingsWords.languages {
            for name in language.names {
                for variant in [name, name.lowercased(), name.uppercased(), SteeringWords.fold(name)] {
                    labels += [
                        variant, "Open \(variant)", "Go to \(variant) now", "x\(variant)",
                        "You can change this in \(variant) at any time",
                    ]
                }
            }
        }
        var shortcutAnswered = 0
        for label in labels {
            #expect(SettingsWords.promisesSettings(label) == SettingsWords.searchPromisesSettings(label), "\(label)")
            if SettingsWords.asciiLacksName(label) == true {
                shortcutAnswered += 1
                #expect(!SettingsWords.searchPromisesSettings(label), "\(label)")
            }
        }
        #expect(SettingsWords.asciiLacksName("Not Now") == true)
        #expect(SettingsWords.asciiLacksName("Open SETTINGS") == false)
        #expect(SettingsWords.asciiLacksName("Réglages") == nil)
        #expect(shortcutAnswered >= 8)
    }
}
