import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// Issue 29 item 4: defects no rule covered, each confirmed by running the flow.
@Suite struct SettingsForRestrictedTests {
    @Test func aRestrictedUserSentToSettingsIsReported() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  notDetermined -> ask  denied -> done denied  restricted -> managed } }
                  state ask { request camera -> check }
                  state managed { alert { title "Camera is restricted" button "Open Settings" -> settings  cancel "OK" -> done denied } }
                  state settings { 1️⃣open settings on return -> check2️⃣ }
                }
                """, rules: [.settingsForRestricted], notes: true) == [
                    "1️⃣-2️⃣ FL1212 warning: camera is restricted on this path: Screen Time or a device management profile decides it, and Settings shows its switch greyed out, so the user cannot turn it on there",
                    "  note: tell a restricted user that camera is unavailable on this device instead of sending them to Settings",
                ])
    }

    /// The denied user in the same branch is who the visit is for: silent.
    @Test func deniedAndRestrictedTogetherAreNotReported() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  notDetermined -> ask  denied, restricted -> explain } }
                  state ask { request camera -> check }
                  state explain { alert { title "Camera is off" button "Open Settings" -> settings  cancel "Not Now" -> done denied } }
                  state settings { open settings on return -> check }
                }
                """, rules: [.settingsForRestricted]) == [])
    }

    /// Another permission the path read is denied: Settings has a switch for that one.
    @Test func aVisitAnotherDeniedPermissionJustifiesIsNotReported() {
        #expect(
            lintMarked(
                """
                flow video_call {
                  uses camera, microphone
                  start -> check
                  state check {
                    status (camera, microphone) {
                      (authorized, granted)   -> done granted
                      (restricted, denied)    -> explain
                      else                    -> done denied
                    }
                  }
                  state explain { alert { title "Microphone is off" button "Open Settings" -> settings  cancel "Not Now" -> done denied } }
                  state settings { open settings on return -> done cancelled }
                }
                """, rules: [.settingsForRestricted]) == [])
    }
}

@Suite struct SettingsLabelEndsFlowTests {
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

@Suite struct UntranslatedLocaleTests {
    @Test func aLocaleThatIsTheBaseTextIsReported() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> prime
                  state prime { alert { title @title  button @go -> ask } }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                strings en { title = "Scan receipts with your camera"  go = "Continue" }
                strings 1️⃣pl2️⃣ { title = "Scan receipts with your camera"  go = "Continue" }
                """, rules: [.untranslatedLocale], notes: true) == [
                    "1️⃣-2️⃣ FL1406 warning: every entry of locale 'pl' is the base locale 'en''s text: its 2 entries are untranslated",
                    "  note: users of 'pl' read 'en'; translate the entries, or remove the block until they are",
                ])
    }

    /// A shared word ("OK"), a regional variant of the base language, and one translated entry
    /// are all silent.
    @Test func sharedWordsAndVariantsAreSilent() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> prime
                  state prime { alert { title @title  button @go -> ask } }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                strings en { title = "Scan receipts with your camera"  go = "OK" }
                strings en-GB { title = "Scan receipts with your camera"  go = "OK" }
                strings de { title = "Belege mit der Kamera scannen"  go = "OK" }
                strings fr { title = "Scan"  go = "OK" }
                """, rules: [.untranslatedLocale]) == [])
    }
}

@Suite struct PermissionNameUntranslatedTests {
    @Test func theEnglishNameInAHebrewEntryIsReported() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> prime
                  state prime { alert { title @prime  button @go -> ask } }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                strings en { prime = "Use the {permission} to scan receipts"  go = "Continue"  permission.camera = "camera" }
                strings he { 1️⃣prime = "השתמשו ב{permission} כדי לסרוק קבלות"2️⃣  go = "המשך" }
                """, rules: [.permissionNameUntranslated], notes: true) == [
                    "1️⃣-2️⃣ FL1407 warning: '{permission}' in 'prime' of locale 'he' shows 'camera' in flow 'camera': no locale of its language names camera",
                    "  note: add permission.camera = \"...\" to strings he",
                ])
    }

    /// Through a parameter: the kinds callers pass are named; a locale that names them is silent.
    @Test func aParameterNamesTheKindsItsCallersPass() {
        #expect(
            lintMarked(
                """
                flow ask(p: permission) {
                  start -> prime
                  state prime { alert { title @prime  button @go -> ask } }
                  state ask { request p { granted -> done granted  else -> done denied } }
                }
                flow app {
                  uses camera, microphone
                  start -> camera
                  state camera { call ask(p: camera) { granted -> microphone  else -> done denied } }
                  state microphone { call ask(p: microphone) { granted -> done granted  else -> done denied } }
                }
                strings en { prime = "Allow {permission} to record"  go = "Continue" }
                strings pl { 1️⃣prime = "Zezwól na {permission}, aby nagrywać"2️⃣  go = "Dalej"  permission.camera = "aparat" }
                """, rules: [.permissionNameUntranslated]) == [
                    "1️⃣-2️⃣ FL1407 warning: '{permission}' in 'prime' of locale 'pl' shows 'Microphone' in flow 'ask': no locale of its language names microphone"
                ])
    }
}

@Suite struct ElseMergesUnavailableTests {
    static let scan = """
        flow scan {
          uses camera
          start -> device
          state device { capability camera { present -> ask  absent -> done unavailable } }
          state ask { request camera { authorized -> done granted  else -> done denied } }
        }

        """

    @Test func anElseThatMergesTheDeviceAndTheUserBeforeSettingsIsReported() {
        #expect(
            lintMarked(
                Self.scan + """
                    flow receipts {
                      uses camera
                      start -> scan
                      state scan { 3️⃣call scan { granted -> done granted  else 1️⃣-> explain2️⃣ }4️⃣ }
                      state explain { alert { title "Camera is off" button "Open Settings" -> settings  cancel "Not Now" -> done denied } }
                      state settings { open settings on return -> done cancelled }
                    }
                    """, rules: [.elseMergesUnavailable], notes: true) == [
                    "1️⃣-2️⃣ FL1213 warning: 'else' of the call to 'scan' takes 'unavailable' (the device cannot) and 'denied' (the user's answer) alike, and can lead to Settings, which cannot help a device without it",
                    "  note 3️⃣-4️⃣: handle 'unavailable' in an arm of its own: 'unavailable -> ...'",
                ])
    }

    /// Merged but going on to no Settings visit: the caller treats both as "not now".
    @Test func aMergeThatOffersNoSettingsIsSilent() {
        #expect(
            lintMarked(
                Self.scan + """
                    flow receipts {
                      uses camera
                      start -> scan
                      state scan { call scan { granted -> done granted  else -> manual } }
                      state manual { alert { title "Type the receipt in" button "OK" -> done cancelled } }
                    }
                    """, rules: [.elseMergesUnavailable]) == [])
    }
}

@Suite struct SettingsThroughSubflowTests {
    @Test func anUndecidedPermissionSentToSettingsThroughASubflowIsReported() {
        #expect(
            lintMarked(
                """
                flow open_settings_for(p: permission) {
                  start -> open
                  state open { 5️⃣open settings on return -> done cancelled6️⃣ }
                }
                flow camera_and_album {
                  uses camera, photos
                  start -> check
                  state check {
                    status (camera, photos) {
                      (authorized, authorized) -> done granted
                      else                     3️⃣-> settings4️⃣
                    }
                  }
                  state settings { call 1️⃣open_settings_for2️⃣(p: camera) { else -> done denied } }
                }
                """, rules: [.settingsForUndetermined], notes: true) == [
                    "1️⃣-2️⃣ FL1209 warning: camera can still be notDetermined on this path: subflow 'open_settings_for' opens Settings without reading it, and Settings shows no camera switch for a permission the app has not requested",
                    "  note 3️⃣-4️⃣: for example (camera, photos) = (notDetermined, notDetermined) takes this branch",
                    "  note 5️⃣-6️⃣: the subflow opens Settings here",
                    "  note: request camera on this path instead: iOS shows the prompt while it is notDetermined",
                ])
    }

    /// A subflow that reads the permission before Settings decides for itself: silent.
    @Test func aSubflowThatChecksFirstIsSilent() {
        #expect(
            lintMarked(
                """
                flow settings_for(p: permission) {
                  start -> check
                  state check { status p { denied -> open  else -> done cancelled } }
                  state open { open settings on return -> done cancelled }
                }
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  else -> settings } }
                  state settings { call settings_for(p: camera) { else -> done denied } }
                }
                """, rules: [.settingsForUndetermined]) == [])
    }
}

@Suite struct ApproximateLocationToldOffTests {
    @Test func anApproximateUserToldLocationIsOffIsReported() {
        #expect(
            lintMarked(
                """
                flow delivery {
                  uses location, locationAccuracy
                  start -> check
                  state check { status location { authorizedWhenInUse, authorizedAlways -> accuracy  notDetermined -> ask  else -> off } }
                  state ask { request location -> check }
                  state accuracy { status locationAccuracy { fullAccuracy -> done granted  reducedAccuracy -> off } }
                  state off { 1️⃣alert { title @off.title  button "OK" -> done denied }2️⃣ }
                }
                strings en { off.title = "Location access denied" }
                """, rules: [.approximateLocationToldOff], notes: true) == [
                    "1️⃣-2️⃣ FL1214 warning: the alert in state 'off' says 'Location access denied' to a user who granted location with Approximate accuracy",
                    "  note: location is granted on this path; say that Precise Location is off, or request locationAccuracy",
                ])
    }

    /// Reached only by users who did not grant location, or saying what is off: silent.
    @Test func copyThatIsTrueOnItsPathIsSilent() {
        #expect(
            lintMarked(
                """
                flow delivery {
                  uses location, locationAccuracy
                  start -> check
                  state check { status location { authorizedWhenInUse, authorizedAlways -> accuracy  notDetermined -> ask  else -> off } }
                  state ask { request location -> check }
                  state accuracy { status locationAccuracy { fullAccuracy -> done granted  reducedAccuracy -> precise } }
                  state off { alert { title "Location is off" button "OK" -> done denied } }
                  state precise { alert { title "Precise Location is off" button "OK" -> done limited } }
                }
                """, rules: [.approximateLocationToldOff]) == [])
    }
}
