import FlowSyntax
import Testing

@testable import FlowModel

/// One malformed input per checker diagnostic, with the exact diagnostics (position, message, ID,
/// fix-its) it must produce. Generated once from the checker's output, then reviewed line by line.
@Suite struct DiagnosticTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var source: String
        var expected: [String]
        var program: Bool
        init(_ name: String, _ source: String, _ expected: [String], program: Bool = false) {
            self.name = name
            self.source = source
            self.expected = expected
            self.program = program
        }
        var testDescription: String { name }
    }

    static let cases: [Case] =
        [
            Case(
                "FL0101 missing import",
                """
                import "nope.flow"
                """,
                [
                    "main.flow:1:8: error: cannot import 'nope.flow': no such file [FL0101]"
                ]),
            Case(
                "FL0103 import escapes",
                """
                import "../outside.flow"
                """,
                [
                    "main.flow:1:8: error: import '../outside.flow' leaves the root '.' [FL0103] note: imports, and the targets of symbolic links, must stay inside '.'"
                ]),
            Case(
                "FL0102 unknown state",
                """
                flow f {
                  uses camera
                  start -> prime
                  state prime { -> prme }
                }
                """,
                [
                    "main.flow:4:20: error: unknown state 'prme' [FL0102] fix: 'prime'"
                ]),
            Case(
                "FL0102 state named like outcome",
                """
                flow f {
                  start -> a
                  state a { -> granted }
                }
                """,
                [
                    "main.flow:3:16: error: unknown state 'granted' [FL0102] fix: 'done granted'"
                ]),
            Case(
                "FL0104 duplicate state",
                """
                flow f {
                  start -> a
                  state a { -> done granted }
                  state a { -> done denied }
                }
                """,
                [
                    "main.flow:4:9: error: duplicate state 'a' in flow 'f' [FL0104] note: first defined here (3:9)"
                ]),
            Case(
                "FL0105 missing start",
                """
                flow f {
                  state a { -> done granted }
                }
                """,
                [
                    "main.flow:1:6: error: flow 'f' has no 'start' [FL0105] note: add 'start -> a'"
                ]),
            Case(
                "FL0106 duplicate items",
                """
                app "A"
                app "B"
                flow f {
                  title "x"
                  title "y"
                  uses camera
                  uses microphone
                  outcomes ok
                  outcomes ok
                  start -> a
                  start -> a
                  state a { -> done ok }
                }
                """,
                [
                    "main.flow:2:1: error: duplicate 'app' declaration [FL0106] note: the app is first named here (1:1)",
                    "main.flow:5:3: error: duplicate 'title' in flow 'f' [FL0106] note: first given here (4:3)",
                    "main.flow:7:3: error: duplicate 'uses' in flow 'f' [FL0106] note: first given here (6:3)",
                    "main.flow:9:3: error: duplicate 'outcomes' in flow 'f' [FL0106] note: first given here (8:3)",
                    "main.flow:11:3: error: duplicate 'start' in flow 'f' [FL0106] note: first given here (10:3)",
                ]),
            Case(
                "FL0107 unknown flow",
                """
                flow helper { start -> a  state a { -> done granted } }
                flow f {
                  start -> a
                  state a { call helpr { else -> done granted } }
                }
                """,
                [
                    "main.flow:4:18: error: unknown flow 'helpr' [FL0107] fix: 'helper'"
                ]),
            Case(
                "FL0108 duplicate flow",
                """
                flow f { start -> a  state a { -> done granted } }
                flow f { start -> a  state a { -> done denied } }
                """,
                [
                    "main.flow:2:6: error: duplicate flow 'f' [FL0108] note: first defined here (1:6)"
                ]),
            Case(
                "FL0109 unknown permission",
                """
                flow f(reason: text) {
                  uses camra
                  start -> a
                  state a { status reason { else -> done granted } }
                }
                """,
                [
                    "main.flow:2:8: error: unknown permission 'camra' [FL0109] fix: 'camera'",
                    "main.flow:4:20: error: 'reason' is a text parameter, not a permission [FL0109]",
                ]),
            Case(
                "FL0110 not in uses",
                """
                flow f {
                  uses camera
                  start -> a
                  state a { status microphone { granted -> done granted  else -> done denied } }
                }
                flow g {
                  start -> a
                  state a { request camera -> a }
                }
                """,
                [
                    "main.flow:4:20: error: flow 'f' does not list 'microphone' in 'uses' [FL0110] fix: ', microphone'",
                    "main.flow:8:21: error: flow 'g' does not list 'camera' in 'uses' [FL0110] fix: 'uses camera\n  '",
                ]),
            Case(
                "FL0111 duplicate uses",
                """
                flow f {
                  uses camera, camera
                  start -> a
                  state a { -> done granted }
                }
                """,
                [
                    "main.flow:2:16: error: 'camera' is already in 'uses' [FL0111]"
                ]),
            Case(
                "FL0112 status of another kind",
                """
                flow f {
                  uses microphone, camera
                  start -> a
                  state a { status microphone { authorized -> b  else -> b } }
                  state b { status camera { autorized -> done granted  limited -> done limited  else -> done denied } }
                }
                """,
                [
                    "main.flow:4:33: error: 'authorized' is not a status of microphone (its statuses: undetermined, denied, granted) [FL0112] fix: 'granted'",
                    "main.flow:5:29: error: unknown status 'autorized' for camera (its statuses: notDetermined, restricted, denied, authorized) [FL0112] fix: 'authorized'",
                    "main.flow:5:56: error: 'limited' is not a status of camera (its statuses: notDetermined, restricted, denied, authorized) [FL0112]",
                ]),
            Case(
                "FL0113 status class",
                """
                flow f(p: permission) {
                  start -> a
                  state a { status p { authorized -> done granted  grnted -> done granted  else -> done denied } }
                }
                """,
                [
                    "main.flow:3:24: error: 'authorized' is a status of a concrete kind; a check on permission parameter 'p' uses status classes (notDetermined, granted, limited, denied, restricted) [FL0113] fix: 'granted'",
                    "main.flow:3:52: error: unknown status class 'grnted' (status classes: notDetermined, granted, limited, denied, restricted) [FL0113] fix: 'granted'",
                ]),
            Case(
                "FL0114 unknown capability",
                """
                flow f {
                  start -> a
                  state a { capability camra { present -> done granted  absent -> done unavailable } }
                }
                """,
                [
                    "main.flow:3:24: error: unknown capability 'camra' [FL0114] fix: 'camera'"
                ]),
            Case(
                "FL0115 capability arms",
                """
                flow f {
                  start -> a
                  state a { capability locationServices { present -> done granted  on -> a  on -> a  off -> a } }
                }
                """,
                [
                    "main.flow:3:43: error: unknown arm 'present' for capability locationServices (use 'on' or 'off') [FL0115] fix: 'on'",
                    "main.flow:3:77: error: duplicate arm 'on' [FL0115] note: first handled here (3:68)",
                ]),
            Case(
                "FL0116 missing arm",
                """
                flow f {
                  start -> a
                  state a { capability camera { present -> done granted } }
                }
                """,
                [
                    "main.flow:3:24: error: capability check 'camera' does not handle 'absent' [FL0116] note: add 'absent -> state' or an 'else' arm fix: 'absent -> done unavailable '"
                ]),
            Case(
                "FL0117 unknown outcome",
                """
                flow f {
                  start -> a
                  state a { -> done grantd }
                }
                flow g {
                  outcomes ok
                  start -> a
                  state a { -> done granted }
                }
                """,
                [
                    "main.flow:3:21: error: unknown outcome 'grantd' for flow 'f' (its outcomes: granted, denied, limited, unavailable, cancelled) [FL0117] note: declare it with 'outcomes' fix: 'granted'",
                    "main.flow:8:21: error: unknown outcome 'granted' for flow 'g' (its outcomes: ok) [FL0117]",
                ]),
            Case(
                "FL0118 duplicate outcome",
                """
                flow f {
                  outcomes ok, ok
                  start -> a
                  state a { -> done ok }
                }
                """,
                [
                    "main.flow:2:16: error: duplicate outcome 'ok' [FL0118] note: first declared here (2:12)"
                ]),
            Case(
                "FL0119 request options",
                """
                flow f {
                  uses camera, location
                  start -> a
                  state a { request camera(always) -> b }
                  state b { request location(allways) -> c }
                  state c { request location(always, always) -> c }
                }
                flow g(p: permission) {
                  start -> a
                  state a { request p(always) -> a }
                }
                """,
                [
                    "main.flow:4:28: error: camera requests take no options [FL0119]",
                    "main.flow:5:30: error: unknown option 'allways' for location requests (its options: whenInUse, always) [FL0119] fix: 'always'",
                    "main.flow:6:38: error: duplicate option 'always' [FL0119] note: first given here (6:30)",
                    "main.flow:10:23: error: a request on permission parameter 'p' takes no options [FL0119]",
                ]),
            Case(
                "FL0120 exclusive options",
                """
                flow f {
                  uses location
                  start -> a
                  state a { request location(whenInUse, always) -> a }
                }
                """,
                [
                    "main.flow:4:41: error: option 'always' cannot be combined with 'whenInUse' [FL0120] note: 'whenInUse' is given here (4:30)"
                ]),
            Case(
                "FL0121 purpose required",
                """
                flow f {
                  uses locationAccuracy
                  start -> a
                  state a { request locationAccuracy -> b }
                  state b { request locationAccuracy(purpose) -> a }
                }
                """,
                [
                    "main.flow:4:21: error: a locationAccuracy request needs 'purpose: \"Key\"' (a key of NSLocationTemporaryUsageDescriptionDictionary) [FL0121]",
                    "main.flow:5:38: error: 'purpose' needs a key of NSLocationTemporaryUsageDescriptionDictionary: purpose: \"Key\" [FL0121]",
                ]),
            Case(
                "FL0122 purpose misplaced",
                """
                flow f {
                  uses location
                  start -> a
                  state a { request location(purpose: "Key") -> b }
                  state b { request location(always: "x") -> a }
                }
                """,
                [
                    "main.flow:4:30: error: 'purpose' is only accepted by locationAccuracy requests [FL0122]",
                    "main.flow:5:38: error: option 'always' takes no value [FL0122]",
                ]),
            Case(
                "FL0123 unknown placeholder",
                """
                let benefit = "scan"
                flow f {
                  uses camera
                  start -> a
                  state a { alert { title "Use {benefti}" message @m button "OK" -> done granted } }
                }
                strings en { m = "for {reason}" }
                """,
                [
                    "main.flow:5:32: error: unknown placeholder '{benefti}' [FL0123] fix: '{benefit}'",
                    "main.flow:7:23: error: unknown placeholder '{reason}' in string 'm' used by flow 'f' [FL0123] note: the string is used here (5:51)",
                ]),
            Case(
                "FL0124 app missing",
                """
                flow f {
                  uses camera
                  start -> a
                  state a { alert { title "{app} wants it" button "OK" -> done granted } }
                }
                """,
                [
                    "main.flow:4:28: error: '{app}' needs an 'app \"Name\"' declaration [FL0124]"
                ]),
            Case(
                "FL0125 permission ambiguous",
                """
                flow f {
                  uses camera, microphone
                  start -> a
                  state a { alert { title "Allow {permission}" button "OK" -> done granted } }
                }
                flow g {
                  title "{permission}"
                  start -> a
                  state a { -> done granted }
                }
                let x = "{permission}"
                """,
                [
                    "main.flow:4:34: error: '{permission}' is ambiguous in flow 'f', which uses camera, microphone [FL0125] note: define a value with 'let' and use it instead",
                    "main.flow:7:10: error: '{permission}' needs one permission, but flow 'g' uses none [FL0125]",
                    "main.flow:11:10: error: '{permission}' can only be used inside a flow [FL0125]",
                ]),
            Case(
                "FL0126 unknown key",
                """
                flow f {
                  uses camera
                  start -> a
                  state a { alert { title @prme.title message @only.pl button "OK" -> done granted } }
                }
                strings en { prime.title = "x" }
                strings pl { only.pl = "y" }
                """,
                [
                    "main.flow:4:27: error: unknown string 'prme.title' [FL0126] fix: '@prime.title'",
                    "main.flow:4:47: error: string 'only.pl' is missing from the base locale 'en' [FL0126]",
                ]),
            Case(
                "FL0127 duplicate key",
                """
                strings en { a = "x" }
                strings en { a = "y" }
                """,
                [
                    "main.flow:2:14: error: duplicate string 'a' in locale 'en' [FL0127] note: first defined here (1:14)"
                ]),
            Case(
                "FL0128 unknown fallback",
                """
                strings en { a = "x" }
                strings zh-Hant fallback zh-Hans { a = "y" }
                strings zh-Hans { a = "z" }
                strings uk fallback ru { a = "w" }
                """,
                [
                    "main.flow:4:21: error: unknown fallback locale 'ru' [FL0128]"
                ]),
            Case(
                "FL0129 fallback problems",
                """
                strings en fallback pl { a = "x" }
                strings pl fallback pl { a = "y" }
                strings de fallback fr { a = "z" }
                strings fr fallback de { a = "w" }
                strings de fallback en { b = "v" }
                """,
                [
                    "main.flow:1:21: error: the base locale 'en' cannot fall back to 'pl'; every other locale falls back to it [FL0129]",
                    "main.flow:2:21: error: locale 'pl' falls back to itself [FL0129]",
                    "main.flow:3:21: error: locale fallbacks loop: de -> fr -> de [FL0129]",
                    "main.flow:5:21: error: conflicting fallback 'en' for locale 'de' [FL0129] note: it falls back to 'fr' here (3:21)",
                ]),
            Case(
                "FL0130 argument errors",
                """
                flow helper(p: permission, reason: text) { start -> a  state a { -> done granted } }
                flow f {
                  uses camera
                  start -> a
                  state a { call helper(p: camera, reson: "x") { else -> done granted } }
                }
                """,
                [
                    "main.flow:5:18: error: missing argument 'reason' in call to 'helper' [FL0131] note: the parameter is declared here (1:28)",
                    "main.flow:5:36: error: flow 'helper' has no parameter 'reson' [FL0130] fix: 'reason'",
                ]),
            Case(
                "FL0132 duplicate argument",
                """
                flow helper(p: permission) { start -> a  state a { -> done granted } }
                flow f {
                  uses camera
                  start -> a
                  state a { call helper(p: camera, p: camera) { else -> done granted } }
                }
                """,
                [
                    "main.flow:5:36: error: argument 'p' is given twice [FL0132] note: first given here (5:25)"
                ]),
            Case(
                "FL0133 argument kinds",
                """
                flow helper(p: permission, reason: text) { start -> a  state a { -> done granted } }
                flow f {
                  uses camera
                  start -> a
                  state a { call helper(p: "camera", reason: camera) { else -> b } }
                  state b { call helper(p: camera, reason: benefit) { else -> c } }
                  state c { call helper(p: camera, reason: nothing) { else -> done granted } }
                }
                let benefit = "x"
                """,
                [
                    "main.flow:5:28: error: argument 'p' of flow 'helper' must be a permission, not text [FL0133]",
                    "main.flow:5:46: error: argument 'reason' of flow 'helper' must be text, not the permission 'camera' [FL0133]",
                    "main.flow:6:44: error: argument 'reason' of flow 'helper' must be text; a bare name is a permission [FL0133] fix: '\"{benefit}\"'",
                    "main.flow:7:44: error: argument 'reason' of flow 'helper' must be text (a string or @key), not 'nothing' [FL0133]",
                ]),
            Case(
                "FL0134 call outcome",
                """
                flow helper { outcomes ok, failed  start -> a  state a { -> done ok } }
                flow f {
                  start -> a
                  state a { call helper { ok -> done granted  faild -> done denied } }
                }
                """,
                [
                    "main.flow:4:47: error: 'faild' is not an outcome of flow 'helper' (its outcomes: ok, failed) [FL0134] fix: 'failed'"
                ]),
            Case(
                "FL0135 recursion",
                """
                flow a { start -> s  state s { call b { else -> done granted } } }
                flow b { start -> s  state s { call a { else -> done granted } } }
                flow c { start -> s  state s { call c { else -> done granted } } }
                """,
                [
                    "main.flow:1:37: error: recursive call to 'b': a -> b -> a [FL0135] note: a flow cannot call itself, directly or through other flows",
                    "main.flow:2:37: error: recursive call to 'a': b -> a -> b [FL0135] note: a flow cannot call itself, directly or through other flows",
                    "main.flow:3:37: error: recursive call to 'c': c -> c [FL0135] note: a flow cannot call itself, directly or through other flows",
                ]),
            Case(
                "FL0136 alert without button",
                """
                flow f {
                  start -> a
                  state a { alert { title "x" } }
                }
                """,
                [
                    "main.flow:3:13: error: alert has no button; add 'button \"OK\" -> state' [FL0136]"
                ]),
            Case(
                "FL0137 two cancels",
                """
                flow f {
                  start -> a
                  state a { alert { title "x" cancel "A" -> done denied  cancel "B" -> done cancelled } }
                }
                """,
                [
                    "main.flow:3:58: error: alert has more than one 'cancel' button [FL0137] note: UIAlertController raises an exception for a second cancel action note: the first 'cancel' button is here (3:31)"
                ]),
            Case(
                "FL0138 alert without text",
                """
                flow f {
                  start -> a
                  state a { alert { button "OK" -> done granted } }
                }
                """,
                [
                    "main.flow:3:13: warning: alert has neither a title nor a message [FL0138]"
                ], program: true),
            Case(
                "FL0139 tuple arity",
                """
                flow f {
                  uses camera, photos
                  start -> a
                  state a { status (camera, photos) { (authorized, authorized, _) -> done granted  authorized -> done granted  else -> done denied } }
                }
                """,
                [
                    "main.flow:4:39: error: pattern has 3 elements, but the check reads 2 permissions [FL0139]",
                    "main.flow:4:84: error: pattern has 1 element, but the check reads 2 permissions [FL0139]",
                ]),
            Case(
                "FL0140 names",
                """
                let a = "x"
                let a = "y"
                let app = "z"
                flow f(p: permission, p: text, permission: text) {
                  let v = "1"
                  let v = "2"
                  start -> s
                  state s { -> done granted }
                }
                """,
                [
                    "main.flow:2:5: error: duplicate value 'a' [FL0140] note: first defined here (1:5)",
                    "main.flow:3:5: error: 'app' is reserved for the app's name; choose another name [FL0140]",
                    "main.flow:4:23: error: duplicate parameter 'p' [FL0140] note: first declared here (4:8)",
                    "main.flow:4:32: error: 'permission' is reserved for the permission's name; choose another name [FL0140]",
                    "main.flow:6:7: error: duplicate value 'v' [FL0140] note: first defined here (5:7)",
                ]),
            Case(
                "FL0141 value cycle",
                """
                let a = "{b}"
                let b = "{a}"
                """,
                [
                    "main.flow:1:1: error: value 'a' refers to itself: a -> b -> a [FL0141]"
                ]),
            Case(
                "FL0141 flow value cycle",
                """
                let t = "{x}"
                let x = "plain"
                flow f {
                  let x = "{t}"
                  start -> s
                  state s { -> done granted }
                }
                """,
                [
                    "main.flow:4:3: error: value 'x' refers to itself: x -> t -> x [FL0141]"
                ]),
            Case(
                "FL0142 else",
                """
                flow f {
                  uses camera
                  start -> s
                  state s { status camera { else -> done denied  authorized -> done granted  else -> done denied } }
                }
                """,
                [
                    "main.flow:4:29: error: 'else' must be the last arm [FL0142]",
                    "main.flow:4:78: error: second 'else' arm [FL0142] note: the first 'else' is here (4:29)",
                ]),
            Case(
                "FL0143 pattern shape",
                """
                flow helper { start -> a  state a { -> done granted } }
                flow f {
                  start -> s
                  state s { capability camera { (present) -> t  absent -> t } }
                  state t { call helper { (granted) -> done granted  else -> done denied } }
                }
                """,
                [
                    "main.flow:4:33: error: a capability arm is 'present' or 'absent', not a tuple [FL0143]",
                    "main.flow:5:27: error: a call arm names outcomes, not tuples [FL0143]",
                ]),
            Case(
                "FL0144 settings page",
                """
                flow f {
                  start -> s
                  state s { open settngs on return -> s }
                }
                """,
                [
                    "main.flow:3:18: error: unknown settings page 'settngs' (use 'settings' or 'notificationSettings') [FL0144] fix: 'settings'"
                ]),
            Case(
                "FL0145 no arms",
                """
                flow helper { start -> a  state a { -> done granted } }
                flow f {
                  uses camera
                  start -> s
                  state s { status camera { } }
                  state t { call helper { } }
                }
                """,
                [
                    "main.flow:5:13: error: 'status' has no arms [FL0145]",
                    "main.flow:6:13: error: call to 'helper' has no arms [FL0145]",
                ]),
            Case(
                "FL0101 empty import",
                """
                import ""
                """,
                [
                    "main.flow:1:8: error: import path is empty; write the path of a .flow file [FL0101]"
                ]),
            // 2^13 copies of 8 bytes: 64 KiB from 13 lines; reported once, at the value where it passes the limit.
            Case(
                "FL0146 copy that doubles",
                """
                let v0 = "{v1}{v1}"
                let v1 = "{v2}{v2}"
                let v2 = "{v3}{v3}"
                let v3 = "{v4}{v4}"
                let v4 = "{v5}{v5}"
                let v5 = "{v6}{v6}"
                let v6 = "{v7}{v7}"
                let v7 = "{v8}{v8}"
                let v8 = "{v9}{v9}"
                let v9 = "{v10}{v10}"
                let v10 = "{v11}{v11}"
                let v11 = "{v12}{v12}"
                let v12 = "12345678"
                flow f { start -> s  state s { alert { title "{v0}" button "OK" -> done granted } } }
                """,
                [
                    "main.flow:1:1: error: value 'v0' expands to more than 16384 bytes of copy: v0 -> v1 -> v2 -> v3 -> v4 -> v5 -> v6 -> v7 -> v8 -> v9 -> v10 -> v11 -> v12 [FL0146] note: each placeholder is replaced by the whole value it names; use each value fewer times"
                ]),
            Case(
                "FL0146 copy nested too deep",
                """
                let d0 = "{d1}"
                let d1 = "{d2}"
                let d2 = "{d3}"
                let d3 = "{d4}"
                let d4 = "{d5}"
                let d5 = "{d6}"
                let d6 = "{d7}"
                let d7 = "{d8}"
                let d8 = "{d9}"
                let d9 = "{d10}"
                let d10 = "{d11}"
                let d11 = "{d12}"
                let d12 = "{d13}"
                let d13 = "{d14}"
                let d14 = "{d15}"
                let d15 = "{d16}"
                let d16 = "{d17}"
                let d17 = "{d18}"
                let d18 = "end"
                flow f { start -> s  state s { alert { title "{d0}" button "OK" -> done granted } } }
                """,
                [
                    "main.flow:2:1: error: value 'd1' nests placeholders 17 deep, more than the limit of 16: d1 -> d2 -> d3 -> d4 -> d5 -> d6 -> d7 -> d8 -> d9 -> d10 -> d11 -> d12 -> d13 -> d14 -> d15 -> d16 -> d17 -> d18 [FL0146] note: write the copy out, or refer to fewer values in a row"
                ]),
            // Caller-handled outcomes and run-time values (more in HandoffCheckTests, RunValueCheckTests).
            Case(
                "FL0147 unknown screen layout",
                """
                flow f { start -> s  state s { screen popover { title "A"  button "OK" -> done granted } } }
                """,
                [
                    "main.flow:1:39: error: unknown screen layout 'popover' (use 'sheet' or 'fullScreen') [FL0147]"
                ], program: false),
            Case(
                "FL0148 too many bullets",
                """
                flow f { start -> s  state s { screen sheet { title "A"  bullet "1"  bullet "2"  bullet "3"  bullet "4"  bullet "5"  bullet "6"  button "OK" -> done granted } } }
                """,
                [
                    "main.flow:1:118: warning: screen has 6 bullets; keep it to at most 5 short points [FL0148]"
                ], program: true),
            Case(
                "FL0160 handling without handoff",
                """
                flow main { start -> s  state s { call ask handling denied { denied -> done cancelled  else -> done granted } } }
                flow ask { start -> s  state s { -> done denied } }
                """,
                [
                    "main.flow:1:53: error: flow 'ask' never hands 'denied' to its caller: none of its states has 'handoff denied' [FL0160] note: mark the state where 'ask' handles 'denied' itself with 'handoff denied' (2:6)"
                ]),
            Case(
                "FL0161 handled outcome without arm",
                """
                flow main { start -> s  state s { call ask handling denied { else -> done granted } } }
                flow ask { start -> s  state s handoff denied { -> done denied } }
                """,
                [
                    "main.flow:1:53: error: the call handles 'denied' but no arm names it; add 'denied -> state' for the caller's own handling [FL0161]"
                ]),
            Case(
                "FL0162 run value without value",
                """
                flow f { start -> s  state s { track "shown" { button: "{button}" } -> done granted } }
                """,
                [
                    "main.flow:1:57: error: '{button}' has no value on the path s: no alert button sets it before state 's' [FL0162]"
                ]),
            Case(
                "FL0170 reserved event name",
                """
                flow f { start -> s  state s { track "flow_end" -> done granted } }
                """,
                [
                    "main.flow:1:38: error: event name 'flow_end' is reserved: the runtime sends it itself when a run ends with an outcome; use another name [FL0170]"
                ]),
            Case(
                "FL0190 a limit of zero times",
                """
                flow f { start -> s  state s { limit 0 times else -> done denied  -> done granted } }
                """,
                [
                    "main.flow:1:38: error: the limit of state 's' never shows the state with 0; use 1 or more, such as 'limit 3 times' [FL0190]"
                ]),
            Case(
                "FL0191 a limit after a track",
                """
                flow f { start -> s  state s { track "x"  limit 3 times else -> done denied  -> done granted } }
                """,
                [
                    "main.flow:1:43: error: 'limit' must be the first statement of state 's'; move it before the other statements [FL0191] note: first statement is here (1:32)"
                ]),
        ] + experimentCases

    @Test(arguments: cases) func diagnostics(_ c: Case) {
        let result = load(c.source)
        #expect(lines(result) == c.expected)
        #expect((result.program != nil) == c.program)
    }

    @Test func everyIDHasACase() {
        var covered = Set(["FL0100"])  // the unreadable entry file: LoaderTests
        for c in Self.cases {
            for line in c.expected {
                for id in DiagnosticRegistry.check.entries.map(\.id.rawValue) where line.contains("[\(id)]") {
                    covered.insert(id)
                }
            }
        }
        #expect(Set(DiagnosticRegistry.check.entries.map(\.id.rawValue)).subtracting(covered).sorted() == [])
    }

    @Test func stateWithoutTerminatorIsReportedOnlyByTheParser() {
        let result = load("flow f {\n  start -> s\n  state s { track \"x\" }\n}")
        #expect(!result.diagnostics.isEmpty)
        #expect(result.diagnostics.allSatisfy { !$0.id.rawValue.hasPrefix("FL01") })
        #expect(result.program == nil)
    }

    @Test func missingNamesAreNotReportedTwice() {
        // The parser reports each hole; the checker must not add "unknown state ''" and the like.
        let result = load(
            "flow f {\n  start -> s\n  state s { status { else -> done granted } }\n  state t { call (p: camera) { else -> s } }\n  state u { -> done }\n}"
        )
        #expect(!result.diagnostics.isEmpty)
        #expect(result.diagnostics.allSatisfy { !$0.id.rawValue.hasPrefix("FL01") })
        #expect(result.program == nil)
    }
}
