import FlowSyntax

/// The documentation of every loader and checker ID (`FL01xx`).
///
/// To add an ID: declare it in ModelDiagnosticID.swift, then add one entry here with a triggering
/// example (`1️⃣` where the diagnostic starts) and the fix that makes it go away;
/// `DiagnosticRegistryTests` runs both examples and fails for an ID without an entry.
extension DiagnosticRegistry {
    static let checkPolicy = SeverityPolicy.fixed(
        because: "the flow does not load with this error, so it can be neither linted nor run")

    /// A flow file around `states` (each line indented by two spaces), using `uses`.
    static func flowFile(uses: String = "camera", start: String = "s", _ states: String, after: String = "")
        -> DiagnosticExample
    {
        .flow(
            "flow f {\n" + (uses.isEmpty ? "" : "  uses \(uses)\n") + "  start -> \(start)\n"
                + states.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(
                    separator: "\n")
                + "\n}\n" + after)
    }

    public static let check = DiagnosticRegistry(
        [
            DiagnosticDescription(
                .unreadableEntry, "unreadable-entry", .error,
                summary: "the file to lint or run cannot be read",
                explanation:
                    "The path names something that is not a readable regular file: a device, a pipe, a socket, or a file without read permission. flowlint reports it at the path; flowrun stops with a usage error.",
                triggering: DiagnosticExample(
                    command: "flowlint /dev/null", files: [.init("main.flow", "app \"Receipts\"\n")]),
                clean: DiagnosticExample(
                    command: "flowlint main.flow", files: [.init("main.flow", "app \"Receipts\"\n")]),
                policy: .fixed(because: "the file cannot be read, so there is nothing to lint or run")),
            DiagnosticDescription(
                .unreadableImport, "unreadable-import", .error,
                summary: "an imported file cannot be read",
                explanation:
                    "An `import` names a file relative to the importing one; it must exist and be a readable regular file. The message gives the reader's reason (no such file, not a regular file, too large).",
                triggering: DiagnosticExample(
                    command: "flowlint main.flow", files: [.init("main.flow", "import 1️⃣\"lib/ask.flow\"\n")]),
                clean: DiagnosticExample(
                    command: "flowlint main.flow",
                    files: [
                        .init("main.flow", "import \"lib/ask.flow\"\n"),
                        .init("lib/ask.flow", "flow ask {\n  start -> s\n  state s { -> done granted }\n}\n"),
                    ]),
                policy: checkPolicy),
            DiagnosticDescription(
                .unknownState, "unknown-state", .error,
                summary: "a transition to a state the flow does not declare",
                explanation:
                    "`-> name` goes to a state of the same flow; an outcome is written `-> done name`. A misspelt state gets a \"did you mean\" fix-it; a name that is an outcome gets `done name`.",
                triggering: flowFile("state s { -> 1️⃣prme }\nstate prime { -> done granted }"), fix: ("prme", "prime"),
                policy: checkPolicy),
            DiagnosticDescription(
                .importEscapesRoot, "import-escapes-root", .error,
                summary: "an import leaves the directory of the entry file",
                explanation:
                    "Imports stay inside the directory of the file being linted or run, so a flow cannot make the tools read arbitrary files. Move the shared flow under that directory.",
                triggering: DiagnosticExample(
                    command: "flowlint main.flow",
                    files: [
                        .init("main.flow", "import 1️⃣\"../shared/ask.flow\"\n"),
                        .init("shared/ask.flow", "flow ask {\n  start -> s\n  state s { -> done granted }\n}\n"),
                    ]),
                fix: ("../shared/ask.flow", "shared/ask.flow"), policy: checkPolicy),
            DiagnosticDescription(
                .duplicateState, "duplicate-state", .error,
                summary: "two states of one flow with the same name",
                explanation:
                    "State names are unique within a flow; transitions could not tell the two apart. The note points at the first definition.",
                triggering: flowFile("state s { -> done granted }\nstate 1️⃣s { -> done denied }"),
                fix: ("state s { -> done denied }", "state t { -> done denied }"),
                policy: checkPolicy),
            DiagnosticDescription(
                .missingStart, "missing-start", .error,
                summary: "a flow has no start",
                explanation:
                    "Every flow names the state it starts in with `start -> state`; the note suggests the first state.",
                triggering: .flow("flow 1️⃣f {\n  state s { -> done granted }\n}\n"), fix: ("{\n", "{\n  start -> s\n"),
                policy: checkPolicy),
            DiagnosticDescription(
                .duplicateItem, "duplicate-item", .error,
                summary: "a second start, title, uses or outcomes in a flow, or a second app",
                explanation:
                    "A flow has one `start`, one `title`, one `uses` list and one `outcomes` list, and a program one `app` name: list several kinds or outcomes in one line, separated by commas.",
                triggering: .flow(
                    "flow f {\n  uses camera\n  1️⃣uses microphone\n  start -> s\n  state s { status microphone { else -> done granted } }\n}\n"
                ),
                fix: ("camera\n  uses microphone", "camera, microphone"), policy: checkPolicy),
            DiagnosticDescription(
                .unknownFlow, "unknown-flow", .error,
                summary: "a call to a flow that is not declared",
                explanation:
                    "`call name` runs another flow of the program (from this file or an import). A misspelt name gets a \"did you mean\" fix-it.",
                triggering: flowFile(
                    uses: "", "state s { call 1️⃣helpr { else -> done granted } }",
                    after: "flow helper {\n  start -> s\n  state s { -> done granted }\n}\n"),
                fix: ("helpr", "helper"), policy: checkPolicy),
            DiagnosticDescription(
                .duplicateFlow, "duplicate-flow", .error,
                summary: "two flows with the same name",
                explanation:
                    "Flows of all loaded files share one namespace, so `call` and `--flow` can name them; the note points at the first.",
                triggering: .flow(
                    "flow f {\n  start -> s\n  state s { -> done granted }\n}\nflow 1️⃣f {\n  start -> s\n  state s { -> done denied }\n}\n"
                ),
                fix: (
                    "flow f {\n  start -> s\n  state s { -> done denied",
                    "flow g {\n  start -> s\n  state s { -> done denied"
                ),
                policy: checkPolicy),
            DiagnosticDescription(
                .unknownPermission, "unknown-permission", .error,
                summary: "an unknown permission kind, or a name that is not a permission",
                explanation:
                    "Permission kinds are the catalog's (`camera`, `photos`, `location`, `notifications`, ...; see Grammar.md), or a `permission` parameter. A text parameter cannot be checked or requested.",
                triggering: flowFile(uses: "1️⃣camra", "state s { status camera { else -> done granted } }"),
                fix: ("camra", "camera"), policy: checkPolicy),
            DiagnosticDescription(
                .permissionNotInUses, "permission-not-in-uses", .error,
                summary: "a status, request or argument names a kind missing from uses",
                explanation:
                    "A flow lists every permission it reads or asks for in `uses`, so readers, `{permission}` and the Info.plist check know them. The fix-it adds the kind.",
                triggering: flowFile("state s { status 1️⃣microphone { else -> done granted } }"),
                fix: ("uses camera", "uses microphone"), policy: checkPolicy),
            DiagnosticDescription(
                .duplicateUses, "duplicate-uses", .error,
                summary: "a kind listed twice in uses",
                explanation: "Each kind appears once in `uses`.",
                triggering: flowFile(uses: "camera, 1️⃣camera", "state s { status camera { else -> done granted } }"),
                fix: ("camera, camera", "camera"), policy: checkPolicy),
            DiagnosticDescription(
                .unknownStatus, "unknown-status", .error,
                summary: "a status that is not one of the kind's statuses",
                explanation:
                    "Status arms use Apple's own case names for the kind (camera: notDetermined, restricted, denied, authorized; microphone: undetermined, denied, granted). Another kind's status name is called out as such.",
                triggering: flowFile("state s { status camera { 1️⃣autorized -> done granted  else -> done denied } }"),
                fix: ("autorized", "authorized"), policy: checkPolicy),
            DiagnosticDescription(
                .unknownStatusClass, "unknown-status-class", .error,
                summary: "an unknown status class in a check on a permission parameter",
                explanation:
                    "A check on a `permission` parameter cannot know the kind, so its arms use status classes: notDetermined, granted, limited, denied, restricted.",
                triggering: .flow(
                    "flow f(p: permission) {\n  start -> s\n  state s { status p { 1️⃣authorized -> done granted  else -> done denied } }\n}\n"
                ),
                fix: ("authorized", "granted"), policy: checkPolicy),
            DiagnosticDescription(
                .unknownCapability, "unknown-capability", .error,
                summary: "an unknown device capability",
                explanation:
                    "`capability` checks something a device may lack: `camera`, `locationServices`, and the others listed in Grammar.md.",
                triggering: flowFile(
                    uses: "", "state s { capability 1️⃣camra { present -> done granted  absent -> done unavailable } }"),
                fix: ("camra", "camera"), policy: checkPolicy),
            DiagnosticDescription(
                .unknownCapabilityArm, "unknown-capability-arm", .error,
                summary: "an unknown or repeated capability arm",
                explanation:
                    "Hardware capabilities have the arms `present` and `absent`; switches (`locationServices`) have `on` and `off`. Each arm appears once.",
                triggering: flowFile(
                    uses: "",
                    "state s { capability locationServices { 1️⃣present -> done granted  off -> done unavailable } }"),
                fix: ("present", "on"), policy: checkPolicy),
            DiagnosticDescription(
                .missingCapabilityArm, "missing-capability-arm", .error,
                summary: "a capability check that does not handle one of its two arms",
                explanation:
                    "Both answers can happen on real devices (no camera in the Simulator, location services off), so both need a transition, or an `else`.",
                triggering: flowFile(uses: "", "state s { capability 1️⃣camera { present -> done granted } }"),
                fix: ("granted }", "granted  absent -> done unavailable }"), policy: checkPolicy),
            DiagnosticDescription(
                .unknownOutcome, "unknown-outcome", .error,
                summary: "an outcome the flow does not declare",
                explanation:
                    "A flow ends with `done name`, where the name is a built-in outcome (granted, denied, limited, unavailable, cancelled) or, when the flow declares `outcomes`, one of those.",
                triggering: flowFile(uses: "", "state s { -> done 1️⃣grantd }"), fix: ("grantd", "granted"),
                policy: checkPolicy),
            DiagnosticDescription(
                .duplicateOutcome, "duplicate-outcome", .error,
                summary: "an outcome declared twice",
                explanation: "Each name appears once in `outcomes`.",
                triggering: .flow("flow f {\n  outcomes ok, 1️⃣ok\n  start -> s\n  state s { -> done ok }\n}\n"),
                fix: ("ok, ok", "ok"), policy: checkPolicy),
            DiagnosticDescription(
                .unknownOption, "unknown-option", .error,
                summary: "an unknown or repeated request option for the kind",
                explanation:
                    "Request options depend on the kind (location: whenInUse, always; notifications: alert, badge, sound, provisional, ...; see Grammar.md); kinds without options take none.",
                triggering: flowFile(uses: "location", "state s { request location(1️⃣allways) -> done granted }"),
                fix: ("allways", "always"), policy: checkPolicy),
            DiagnosticDescription(
                .exclusiveOptions, "exclusive-options", .error,
                summary: "request options that exclude each other",
                explanation:
                    "Some options are alternatives: a location request asks for when-in-use or for always, not both.",
                triggering: flowFile(
                    uses: "location", "state s { request location(whenInUse, 1️⃣always) -> done granted }"),
                fix: ("whenInUse, always", "always"), policy: checkPolicy),
            DiagnosticDescription(
                .missingPurpose, "missing-purpose", .error,
                summary: "a locationAccuracy request without purpose: \"Key\"",
                explanation:
                    "A temporary full-accuracy request names the purpose key of `NSLocationTemporaryUsageDescriptionDictionary` whose text iOS shows; without it there is nothing to show.",
                triggering: flowFile(uses: "locationAccuracy", "state s { request 1️⃣locationAccuracy -> done granted }"),
                fix: ("locationAccuracy ->", "locationAccuracy(purpose: \"Delivery\") ->"), policy: checkPolicy),
            DiagnosticDescription(
                .misplacedOptionValue, "misplaced-option-value", .error,
                summary: "purpose on a kind that does not take it, or a value on a flag option",
                explanation:
                    "Only `locationAccuracy` requests take `purpose: \"Key\"`; other options are flags without a value.",
                triggering: flowFile(
                    uses: "location", "state s { request location(always: 1️⃣\"yes\") -> done granted }"),
                fix: ("always: \"yes\"", "always"), policy: checkPolicy),
            DiagnosticDescription(
                .unknownPlaceholder, "unknown-placeholder", .error,
                summary: "an unknown placeholder or value name in copy",
                explanation:
                    "A placeholder is `{app}`, `{permission}`, a parameter of the flow or a `let` value in scope.",
                triggering: flowFile(
                    uses: "", "state s { alert { title \"Scan 1️⃣{benefti}\"  button \"Continue\" -> done granted } }",
                    after: "let benefit = \"receipts\"\n"),
                fix: ("benefti", "benefit"), policy: checkPolicy),
            DiagnosticDescription(
                .appWithoutDeclaration, "app-without-declaration", .error,
                summary: "{app} without an app declaration",
                explanation:
                    "`{app}` is replaced by the name given with `app \"Name\"` (or `--app`); declare it once per program.",
                triggering: flowFile(
                    uses: "",
                    "state s { alert { title \"1️⃣{app} scans receipts\"  button \"Continue\" -> done granted } }"),
                fix: ("flow f", "app \"Receipts\"\nflow f"), policy: checkPolicy),
            DiagnosticDescription(
                .ambiguousPermission, "ambiguous-permission", .error,
                summary: "{permission} where the flow has no single permission",
                explanation:
                    "`{permission}` names the flow's one permission; in a flow that uses none or several it could mean anything. Define a value with `let` instead.",
                triggering: flowFile(
                    uses: "camera, microphone",
                    "state s { alert { title \"Allow 1️⃣{permission}\"  button \"Continue\" -> done granted } }"),
                fix: ("camera, microphone", "camera"), policy: checkPolicy),
            DiagnosticDescription(
                .unknownStringKey, "unknown-string-key", .error,
                summary: "a @key missing from the base locale",
                explanation:
                    "Every `@key` must be defined in the base locale (the first `strings` block), which every other locale falls back to.",
                triggering: flowFile(
                    uses: "", "state s { alert { title 1️⃣@prme.title  button \"Continue\" -> done granted } }",
                    after: "strings en {\n  prime.title = \"Scan receipts\"\n}\n"),
                fix: ("@prme", "@prime"), policy: checkPolicy),
            DiagnosticDescription(
                .duplicateStringKey, "duplicate-string-key", .error,
                summary: "a key defined twice in one locale",
                explanation: "A key has one text per locale; the note points at the first definition.",
                triggering: .flow("strings en {\n  a = \"x\"\n}\nstrings en {\n  1️⃣a = \"y\"\n}\n"),
                fix: ("a = \"y\"", "b = \"y\""), policy: checkPolicy),
            DiagnosticDescription(
                .unknownLocale, "unknown-locale", .error,
                summary: "a fallback to a locale that has no strings",
                explanation:
                    "`strings uk fallback ru` needs a `strings ru` block; without one the fallback leads nowhere.",
                triggering: .flow("strings en {\n  a = \"x\"\n}\nstrings uk fallback 1️⃣ru {\n  a = \"y\"\n}\n"),
                fix: ("fallback ru", "fallback en"), policy: checkPolicy),
            DiagnosticDescription(
                .badFallback, "bad-fallback", .error,
                summary: "a fallback that loops, names itself, conflicts, or is set on the base locale",
                explanation:
                    "Fallbacks form a tree rooted at the base locale: each other locale falls back to one locale, without loops; the base locale falls back to nothing.",
                triggering: .flow("strings en {\n  a = \"x\"\n}\nstrings pl fallback 1️⃣pl {\n  a = \"y\"\n}\n"),
                fix: ("fallback pl", "fallback en"), policy: checkPolicy),
            DiagnosticDescription(
                .unknownArgument, "unknown-argument", .error,
                summary: "an unknown argument label in a call",
                explanation: "A call passes arguments by the called flow's parameter names.",
                triggering: flowFile(
                    "state s { call ask(1️⃣q: camera) { else -> done granted } }",
                    after: "flow ask(p: permission) {\n  start -> s\n  state s { -> done granted }\n}\n"),
                fix: ("q:", "p:"), policy: checkPolicy),
            DiagnosticDescription(
                .missingArgument, "missing-argument", .error,
                summary: "a missing argument in a call",
                explanation: "Every parameter of the called flow needs an argument; the note points at the parameter.",
                triggering: flowFile(
                    "state s { call 1️⃣ask { else -> done granted } }",
                    after: "flow ask(p: permission) {\n  start -> s\n  state s { -> done granted }\n}\n"),
                fix: ("call ask {", "call ask(p: camera) {"), policy: checkPolicy),
            DiagnosticDescription(
                .duplicateArgument, "duplicate-argument", .error,
                summary: "an argument given twice in a call",
                explanation: "Each parameter gets one argument.",
                triggering: flowFile(
                    "state s { call ask(p: camera, 1️⃣p: camera) { else -> done granted } }",
                    after: "flow ask(p: permission) {\n  start -> s\n  state s { -> done granted }\n}\n"),
                fix: ("p: camera, p: camera", "p: camera"), policy: checkPolicy),
            DiagnosticDescription(
                .argumentKindMismatch, "argument-kind-mismatch", .error,
                summary: "an argument of the wrong kind: a permission for a text parameter or the reverse",
                explanation:
                    "A `permission` parameter takes a kind name (`camera`); a `text` parameter takes a string or `@key`.",
                triggering: flowFile(
                    "state s { call ask(p: 1️⃣\"camera\") { else -> done granted } }",
                    after: "flow ask(p: permission) {\n  start -> s\n  state s { -> done granted }\n}\n"),
                fix: ("\"camera\"", "camera"), policy: checkPolicy),
            DiagnosticDescription(
                .unknownCallOutcome, "unknown-call-outcome", .error,
                summary: "a call arm names an outcome the called flow does not have",
                explanation: "The arms of a `call` match the outcomes the called flow can end with.",
                triggering: flowFile(
                    uses: "", "state s { call ask { ok -> done granted  1️⃣faild -> done denied } }",
                    after: "flow ask {\n  outcomes ok, failed\n  start -> s\n  state s { -> done ok }\n}\n"),
                fix: ("faild", "failed"), policy: checkPolicy),
            DiagnosticDescription(
                .recursiveCall, "recursive-call", .error,
                summary: "a recursive call: a cycle in the call graph",
                explanation:
                    "A flow cannot call itself, directly or through other flows: a run would never end. Loop with a transition inside the flow instead.",
                triggering: flowFile(uses: "", "state s { call 1️⃣f { else -> done granted } }"),
                fix: ("call f {", "call g {"), policy: checkPolicy
            )
            .withClean { $0.files[0].text += "flow g {\n  start -> s\n  state s { -> done granted }\n}\n" },
            DiagnosticDescription(
                .alertWithoutButtons, "alert-without-buttons", .error,
                summary: "an alert without buttons",
                explanation: "An alert with no button can never be dismissed and leads nowhere.",
                triggering: flowFile(uses: "", "state s { 1️⃣alert { title \"Scan receipts\" } }"),
                fix: ("\" }", "\"  button \"OK\" -> done granted }"), policy: checkPolicy),
            DiagnosticDescription(
                .multipleCancelButtons, "multiple-cancel-buttons", .error,
                summary: "an alert with more than one cancel button",
                explanation:
                    "UIAlertController allows at most one action with the cancel style and raises an exception for a second: the app crashes when the alert is built. Make the other buttons `button` or `destructive`.",
                triggering: flowFile(
                    uses: "",
                    "state s { alert { title \"Camera is off\"  cancel \"Not Now\" -> done denied  1️⃣cancel \"Later\" -> done cancelled } }"
                ),
                fix: ("cancel \"Later\"", "button \"Later\""),
                policy: .fixed(
                    because: "UIAlertController raises an exception for a second cancel action: the app would crash")),
            DiagnosticDescription(
                .alertWithoutText, "alert-without-text", .warning,
                summary: "an alert with neither title nor message",
                explanation:
                    "iOS shows such an alert as a bare list of buttons: the user cannot tell what they are choosing. Give it a title.",
                triggering: flowFile(uses: "", "state s { 1️⃣alert { button \"OK\" -> done granted } }"),
                fix: ("alert { button", "alert { title \"Receipts\"  button"), policy: .adjustable),
            DiagnosticDescription(
                .patternArity, "pattern-arity", .error,
                summary: "a tuple pattern whose element count differs from the checked permissions",
                explanation:
                    "`status (camera, microphone)` reads two statuses, so each arm is a pair such as `(authorized, granted)`; `_` matches anything.",
                triggering: flowFile(
                    uses: "camera, photos",
                    "state s { status (camera, photos) { 1️⃣(authorized, authorized, _) -> done granted  else -> done denied } }"
                ),
                fix: (", _)", ")"), policy: checkPolicy),
            DiagnosticDescription(
                .duplicateName, "duplicate-name", .error,
                summary: "a duplicate parameter or value name, or a reserved name",
                explanation:
                    "Parameters and `let` values in one scope have distinct names; `app` and `permission` are reserved for the built-in placeholders.",
                triggering: .flow("let benefit = \"scan\"\nlet 1️⃣benefit = \"attach\"\n"),
                fix: ("let benefit = \"attach\"", "let purpose = \"attach\""), policy: checkPolicy),
            DiagnosticDescription(
                .valueCycle, "value-cycle", .error,
                summary: "a value that refers to itself through placeholders",
                explanation:
                    "Values are expanded by replacing placeholders; one that refers to itself, directly or through others, would never finish expanding.",
                triggering: .flow("1️⃣let a = \"{b}\"\nlet b = \"{a}\"\n"), fix: ("\"{a}\"", "\"receipts\""),
                policy: checkPolicy),
            DiagnosticDescription(
                .misplacedElse, "misplaced-else", .error,
                summary: "else that is not the last arm, or a second else",
                explanation:
                    "`else` catches whatever the arms before it did not: arms after it could never match. Make it the one last arm.",
                triggering: flowFile("state s { status camera { 1️⃣else -> done denied  authorized -> done granted } }"),
                fix: (
                    "else -> done denied  authorized -> done granted", "authorized -> done granted  else -> done denied"
                ),
                policy: checkPolicy),
            DiagnosticDescription(
                .patternShape, "pattern-shape", .error,
                summary: "a pattern of the wrong shape: a tuple or _ where a name is expected",
                explanation:
                    "Tuples belong to checks of several permissions; a capability arm is `present`/`absent` (or `on`/`off`) and a call arm names an outcome.",
                triggering: flowFile(
                    uses: "", "state s { capability camera { 1️⃣(present) -> done granted  absent -> done unavailable } }"
                ),
                fix: ("(present)", "present"), policy: checkPolicy),
            DiagnosticDescription(
                .unknownSettingsPage, "unknown-settings-page", .error,
                summary: "an unknown settings page in open",
                explanation:
                    "`open settings` opens the app's page in Settings; `open notificationSettings` opens its notification settings.",
                triggering: flowFile(uses: "", "state s { open 1️⃣settngs on return -> done granted }"),
                fix: ("settngs", "settings"), policy: checkPolicy),
            DiagnosticDescription(
                .noArms, "no-arms", .error,
                summary: "a status, request or call without arms",
                explanation: "A branching statement needs at least one arm, or it leads nowhere.",
                triggering: flowFile("state s { 1️⃣status camera { } }"), fix: ("{ }", "{ else -> done granted }"),
                policy: checkPolicy),
            DiagnosticDescription(
                .copyExpansionLimit, "copy-expansion-limit", .error,
                summary: "a value whose copy nests placeholders more than 16 deep or expands to more than 16 KiB",
                explanation:
                    "Every `{name}` is replaced by the whole value it names, so values that refer to each other can stand for far more copy than the file holds (`let a = \"{b}{b}\"`, `let b = \"{c}{c}\"`, ... doubles at each step: 532 bytes of flow stood for 300 MB). The checker computes once per value how deep its placeholders nest and how many bytes it can expand to (a `@key` counts its longest entry in any locale, `{permission}` 64 bytes) and reports the value where a chain of references passes `CopyLimits.maxDepth` (16) or `CopyLimits.maxBytes` (16,384), with the chain. Values that only refer to a reported value are not reported again; a long literal on its own is bounded by the file size limit instead. The interpreter enforces the same bounds on any program it runs, so an app embedding it never builds more than 16 KiB of any text.",
                triggering: .flow(
                    "1️⃣" + (0..<12).map { "let v\($0) = \"{v\($0 + 1)}{v\($0 + 1)}\"\n" }.joined()
                        + "let v12 = \"12345678\"\nflow f {\n  start -> s\n  state s { alert { title \"{v0}\" button \"OK\" -> done granted } }\n}\n"
                ),
                fix: ("let v12 = \"12345678\"", "let v12 = \"1\""), policy: checkPolicy),
            DiagnosticDescription(
                .unknownScreenPart, "unknown-screen-part", .error,
                summary: "an unknown screen layout or image source, or an empty image name",
                explanation:
                    "A priming screen is presented as a `sheet` (SwiftUI `.sheet`, UIKit `.pageSheet`) or a `fullScreen` cover (SwiftUI `.fullScreenCover`, UIKit `.fullScreen`), and its image is an SF Symbol (`image symbol \"camera.fill\"`) or an image in the app's asset catalog (`image asset \"PrimingCamera\"`).",
                triggering: flowFile(
                    uses: "",
                    "state s { screen 1️⃣popover { title \"Scan receipts\"  button \"Continue\" -> done granted } }"
                ),
                fix: ("screen popover", "screen sheet"), policy: checkPolicy),
            DiagnosticDescription(
                .screenCopyLimit, "screen-copy-limit", .warning,
                summary: "a priming screen with more than 5 bullets, or a bullet longer than 80 characters",
                explanation:
                    "A priming screen is read at a glance, just before a decision: a few short points fit above the buttons on the smallest iPhone without scrolling, and a point that wraps onto a third line is a paragraph. Keep at most 5 bullets (`ScreenLimits.maxBullets`) of at most 80 characters (`ScreenLimits.maxBulletCharacters`; checked for literal copy, not for `@key`s). A design rule of this project, not an Apple limit.",
                triggering: flowFile(
                    uses: "",
                    "state s { screen sheet { title \"Scan receipts\"  bullet \"a\"  bullet \"b\"  bullet \"c\"  bullet \"d\"  bullet \"e\"  1️⃣bullet \"f\"  button \"Continue\" -> done granted } }"
                ),
                fix: ("  bullet \"f\"", ""), policy: .adjustable),
            DiagnosticDescription(
                .handlingWithoutHandoff, "handling-without-handoff", .error,
                summary: "a call handles an outcome the called flow never hands off",
                explanation:
                    "`call f handling denied { denied -> mine ... }` says the caller handles `denied` itself: the called flow ends with `denied` at the state marked `handoff denied`, before running it (its own alert, say), and the caller's arm runs instead. A flow without such a state has no place where a caller may take over, so the clause would change nothing; mark the state where the called flow handles the outcome itself.",
                triggering: flowFile(
                    uses: "",
                    "state s { call ask handling 1️⃣denied { denied -> done cancelled  else -> done granted } }",
                    after:
                        "flow ask {\n  uses camera\n  start -> s\n  state s { request camera { authorized -> done granted  else -> explain } }\n  state explain { alert { title \"Camera is off\" button \"OK\" -> done denied } }\n}\n"
                ),
                fix: ("state explain {", "state explain handoff denied {"), policy: checkPolicy),
            DiagnosticDescription(
                .handledOutcomeWithoutArm, "handled-outcome-without-arm", .error,
                summary: "a call handles an outcome that none of its arms names",
                explanation:
                    "The outcomes in `handling` are the ones the caller handles itself, and its handling is the arm that names the outcome. Without one, `else` would take the outcome and the called flow's own handling would be skipped for nothing; add an arm for it.",
                triggering: flowFile(
                    uses: "", "state s { call ask handling 1️⃣denied { else -> done granted } }",
                    after:
                        "flow ask {\n  uses camera\n  start -> s\n  state s { request camera { authorized -> done granted  else -> explain } }\n  state explain handoff denied { alert { title \"Camera is off\" button \"OK\" -> done denied } }\n}\n"
                ),
                fix: ("{ else -> done granted }", "{ denied -> done cancelled  else -> done granted }"),
                policy: checkPolicy
            ),
            DiagnosticDescription(
                .runValueUndefined, "run-value-undefined", .error,
                summary: "a run-time value used in a track where some path sets none",
                explanation:
                    "In a track property value, `{status}` is the status the last `status` or `request` of the running flow read or completed with, `{button}` the label of the last alert button tapped (in a button's own track, that button), and `{outcome}` the outcome the last `call` ended with. Each must be set on every path from the flow's start to the track: a flow starts with none, opening Settings forgets all three (the status may have changed there) and a `call` forgets `{status}` and `{button}`. The message gives a path on which the value is missing.",
                triggering: flowFile(
                    "state s {\n  track \"camera_prime_shown\" { status: \"1️⃣{status}\" }\n  alert { title \"Use the camera\" button \"Continue\" -> ask }\n}\nstate ask { request camera -> done granted }"
                ),
                fix: (
                    "start -> s\n",
                    "start -> check\n  state check { status camera { notDetermined -> s  else -> done granted } }\n"
                ), policy: checkPolicy),
            DiagnosticDescription(
                .reservedEventName, "reserved-event-name", .error,
                summary: "a track of an event the runtime sends itself",
                explanation:
                    "The runtime sends `flow_start` before the start state's first track and `flow_end` (with the outcome) when a run ends with one, so an analytics funnel knows where every user's path starts and ends (Grammar.md, \"Events the runtime sends\"). A flow's own event of the same name would be counted as a run's start or end; give it another name.",
                triggering: flowFile(
                    "state s {\n  track 1️⃣\"flow_start\"\n  alert { title \"Use the camera\" button \"Continue\" -> ask }\n}\nstate ask { request camera -> done granted }"
                ),
                fix: ("\"flow_start\"", "\"camera_prime_shown\""), policy: checkPolicy),
            DiagnosticDescription(
                .invalidLimit, "invalid-limit", .error,
                summary:
                    "a `limit` clause that is repeated or not a whole number from 1, or an `else` back to its state",
                explanation:
                    "`limit N times, every N days else -> target` caps how often a state is shown (Grammar.md, \"`limit`\"). Each clause comes at most once and counts from 1: `0 times` would never show the state and `every 0 days` limits nothing. The `else` is where the flow goes when the limit says not now; going back to the same state would ask the limit again at once.",
                triggering: flowFile(
                    "state s {\n  limit 1️⃣0 times else -> done cancelled\n  -> done granted\n}", after: ""),
                fix: ("0 times", "3 times"), policy: checkPolicy),
            DiagnosticDescription(
                .misplacedLimit, "misplaced-limit", .error,
                summary: "a `limit` after another statement of its state, or a second `limit`",
                explanation:
                    "A limit decides whether the state runs at all, so it is the first statement of the state, before its `track`s, and a state has one: write both clauses in it, separated by a comma.",
                triggering: flowFile(
                    "state s {\n  track \"shown\"\n  1️⃣limit 3 times else -> done cancelled\n  -> done granted\n}"),
                fix: (
                    "track \"shown\"\n    limit 3 times else -> done cancelled",
                    "limit 3 times else -> done cancelled\n    track \"shown\""
                ),
                policy: checkPolicy),
        ] + experimentDescriptions)
}

extension DiagnosticDescription {
    /// The same entry with its clean example changed by `edit`.
    func withClean(_ edit: (inout DiagnosticExample) -> Void) -> DiagnosticDescription {
        var copy = self
        edit(&copy.clean)
        return copy
    }
}
