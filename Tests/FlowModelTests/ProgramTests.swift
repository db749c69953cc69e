import FlowSyntax
import Testing

@testable import FlowModel

/// A valid program checked into the expected shape: indices, resolved transitions, matches, templates.
@Suite struct ProgramTests {
    static let source = """
        app "Receipts"
        let benefit = "scan receipts"

        flow camera_access {
          title "Camera for {app}"
          uses camera
          start -> device
          state device { capability camera { present -> check  absent -> done unavailable } }
          state check {
            status camera {
              authorized -> done granted
              notDetermined -> prime
              denied, restricted -> explain
            }
          }
          state prime {
            track "prime_shown" { source: "onboarding", step: 2, first: true }
            alert {
              title @prime.title
              message "{app} uses your {permission} to {benefit}"
              button "Continue" -> ask track "prime_accepted"
              cancel "Not Now" -> done cancelled
            }
          }
          state ask { request camera { authorized -> done granted  else -> done denied } }
          state explain {
            alert {
              title "Turn on {permission}"
              button "Open Settings" -> settings
              cancel "Not Now" -> done denied
            }
          }
          state settings { open settings on return -> check }
        }

        flow photos_access(p: permission, reason: text) {
          outcomes granted, limited, refused
          start -> check
          state check {
            status p { granted -> done granted  limited -> done limited  notDetermined -> ask  else -> done refused }
          }
          state ask { request p -> check }
        }

        flow media {
          uses photos, camera
          start -> photos
          state photos {
            call photos_access(p: photos, reason: "to attach {benefit}") {
              granted, limited -> both
              else -> done denied
            }
          }
          state both {
            status (camera, photos) {
              (authorized, authorized) -> done granted
              (notDetermined, _) -> done cancelled
              else -> done denied
            }
          }
        }

        strings en { prime.title = "Allow {permission} for {app}"  permission.camera = "Camera" }
        strings zh-Hans { prime.title = "允许访问{permission}" }
        """

    @Test func checksCleanIntoProgram() throws {
        let result = load(Self.source)
        #expect(lines(result) == [])
        let program = try #require(result.program)
        #expect(program.flows.map(\.name) == ["camera_access", "photos_access", "media"])
        #expect(program.values.map(\.name) == ["benefit"])
        #expect(program.appName == .literal(LiteralText(template: Template("Receipts"), range: program.appName!.range)))

        let camera = program[FlowID(0)]
        #expect(camera.states.map(\.name) == ["device", "check", "prime", "ask", "explain", "settings"])
        #expect(camera.start == StateID(0))
        #expect(camera.uses == [.camera])
        #expect(!camera.outcomesDeclared)
        #expect(camera.outcomes.map(\.name) == Flow.builtinOutcomes)
        #expect(literal(camera.title) == Template(segments: [.text("Camera for "), .placeholder(.app)]))

        guard case .capability(let capability) = camera.states[0].terminator, capability.capability == .camera else {
            Issue.record("capability expected")
            return
        }
        let (present, absent) = (capability.present, capability.absent)
        #expect(present.target == .state(StateID(1)))
        #expect(absent.target == .outcome(3))  // unavailable

        guard case .status(let check) = camera.states[1].terminator else {
            Issue.record("status expected")
            return
        }
        let (subjects, arms, otherwise) = (check.subjects, check.arms, check.otherwise)
        #expect(subjects == [.kind(.camera)])
        #expect(otherwise == nil)
        #expect(
            arms.map(\.patterns) == [
                [[.status(.authorized)]], [[.status(.notDetermined)]],
                [[.status(.denied)], [.status(.restricted)]],
            ])
        #expect(arms.map(\.transition.target) == [.outcome(0), .state(StateID(2)), .state(StateID(4))])

        let prime = camera.states[2]
        #expect(prime.effects.count == 1)
        #expect(prime.effects[0].name == Template("prime_shown"))
        #expect(prime.effects[0].properties.map(\.key) == ["source", "step", "first"])
        #expect(prime.effects[0].properties.map(\.value) == [.text(Template("onboarding")), .number("2"), .bool(true)])
        guard case .alert(let alert) = prime.terminator else {
            Issue.record("alert expected")
            return
        }
        #expect(keyName(alert.title, in: program) == "prime.title")
        #expect(
            literal(alert.message)
                == Template(segments: [
                    .placeholder(.app), .text(" uses your "), .placeholder(.permission(.kind(.camera))), .text(" to "),
                    .placeholder(.value("benefit")),
                ]))
        #expect(alert.buttons.map(\.role) == [.default, .cancel])
        #expect(alert.buttons.map(\.transition.target) == [.state(StateID(3)), .outcome(4)])
        #expect(alert.buttons[0].track?.name == Template("prime_accepted"))

        guard case .request(let request) = camera.states[3].terminator, request.subject == .kind(.camera) else {
            Issue.record("request expected")
            return
        }
        let (options, requestArms, requestElse) = (request.options, request.arms, request.otherwise)
        #expect(options.isEmpty)
        #expect(requestArms.map(\.patterns) == [[[.status(.authorized)]]])
        #expect(requestElse?.target == .outcome(1))

        guard case .openSettings(let open) = camera.states[5].terminator, open.page == .settings else {
            Issue.record("open settings expected")
            return
        }
        let onReturn = open.onReturn
        #expect(onReturn.target == .state(StateID(1)))
    }

    @Test func genericFlowUsesClassesAndDeclaredOutcomes() throws {
        let program = try #require(load(Self.source).program)
        let generic = program[FlowID(1)]
        #expect(
            generic.parameters == [
                Parameter(name: "p", kind: .permission, range: generic.parameters[0].range),
                Parameter(name: "reason", kind: .text, range: generic.parameters[1].range),
            ])
        #expect(generic.outcomesDeclared)
        #expect(generic.outcomes.map(\.name) == ["granted", "limited", "refused"])
        guard case .status(let check) = generic.states[0].terminator else {
            Issue.record("status expected")
            return
        }
        let (subjects, arms, otherwise) = (check.subjects, check.arms, check.otherwise)
        #expect(subjects == [.parameter(0)])
        #expect(
            arms.map(\.patterns) == [
                [[.statusClass(.granted)]], [[.statusClass(.limited)]],
                [[.statusClass(.notDetermined)]],
            ])
        #expect(otherwise?.target == .outcome(2))
        guard case .request(let request) = generic.states[1].terminator, request.subject == .parameter(0),
            request.options.isEmpty, request.arms.isEmpty, let then = request.otherwise
        else {
            Issue.record("request -> state expected")
            return
        }
        #expect(then.target == .state(StateID(0)))
    }

    @Test func callResolvesArgumentsOutcomesAndTuples() throws {
        let program = try #require(load(Self.source).program)
        let media = program[FlowID(2)]
        guard case .call(let call) = media.states[0].terminator else {
            Issue.record("call expected")
            return
        }
        let (callee, arguments, arms, otherwise) = (call.callee, call.arguments, call.arms, call.otherwise)
        #expect(callee == FlowID(1))
        #expect(arguments.count == 2)
        #expect(arguments[0] == .permission(.kind(.photos)))
        guard case .text(.literal(let reason)) = arguments[1] else {
            Issue.record("text argument expected")
            return
        }
        #expect(reason.template == Template(segments: [.text("to attach "), .placeholder(.value("benefit"))]))
        #expect(arms.map(\.outcomes) == [[0, 1]])
        #expect(arms[0].transition.target == .state(StateID(1)))
        #expect(otherwise?.target == .outcome(1))

        guard case .status(let tuple) = media.states[1].terminator else {
            Issue.record("tuple status expected")
            return
        }
        let (subjects, tupleArms, tupleElse) = (tuple.subjects, tuple.arms, tuple.otherwise)
        #expect(subjects == [.kind(.camera), .kind(.photos)])
        #expect(
            tupleArms.map(\.patterns) == [
                [[.status(.authorized), .status(.authorized)]],
                [[.status(.notDetermined), .any]],
            ])
        #expect(tupleElse?.target == .outcome(1))
    }

    /// Each construct's parts keep where they were written, and `edges` lists the ways out in
    /// source order with the kind of each.
    @Test func constructsKeepTheRangeOfEachPartAndTheirEdges() throws {
        let program = try #require(load(Self.source).program)
        let bytes = Array(Self.source.utf8)
        func text(_ r: SourceRange) -> String { String(decoding: bytes[r.start.offset..<r.end.offset], as: UTF8.self) }
        let camera = program[FlowID(0)]
        let generic = program[FlowID(1)]
        let media = program[FlowID(2)]

        guard case .capability(let capability) = camera.states[0].terminator else {
            Issue.record("capability expected")
            return
        }
        #expect(text(capability.capabilityRange) == "camera")
        #expect(text(capability.range).hasPrefix("capability camera {"))
        #expect(
            camera.states[0].terminator.edges.map(\.kind) == [.capability(present: true), .capability(present: false)])

        guard case .status(let check) = camera.states[1].terminator else {
            Issue.record("status expected")
            return
        }
        #expect(check.subjectRanges.map(text) == ["camera"])
        #expect(camera.states[1].terminator.edges.map(\.kind) == [.arm(0), .arm(1), .arm(2)])

        guard case .request(let request) = camera.states[3].terminator else {
            Issue.record("request expected")
            return
        }
        #expect(text(request.subjectRange) == "camera")
        #expect(request.edges.map(\.kind) == [.arm(0), .otherwise])
        #expect(request.edges.map(\.transition.target) == [.outcome(0), .outcome(1)])

        guard case .openSettings(let open) = camera.states[5].terminator else {
            Issue.record("open settings expected")
            return
        }
        #expect(text(open.pageRange) == "settings")
        #expect(text(open.onReturn.range) == "-> check" || text(open.onReturn.range) == "check")
        #expect(open.edges.map(\.kind) == [.settingsReturn])

        guard case .alert(let alert) = camera.states[2].terminator else {
            Issue.record("alert expected")
            return
        }
        #expect(alert.edges.map(\.kind) == [.button(0), .button(1)])

        guard case .request(let then) = generic.states[1].terminator else {
            Issue.record("request expected")
            return
        }
        #expect(text(then.subjectRange) == "p")
        #expect(then.edges.map(\.kind) == [.otherwise])

        guard case .call(let call) = media.states[0].terminator else {
            Issue.record("call expected")
            return
        }
        #expect(text(call.calleeRange) == "photos_access")
        #expect(call.edges.map(\.kind) == [.arm(0), .otherwise])

        guard case .status(let tuple) = media.states[1].terminator else {
            Issue.record("tuple status expected")
            return
        }
        #expect(tuple.subjectRanges.map(text) == ["camera", "photos"])
        #expect(tuple.edges.map(\.kind) == [.arm(0), .arm(1), .otherwise])
    }

    @Test func stringTableMergesLocales() throws {
        let program = try #require(load(Self.source).program)
        let strings = program.strings
        #expect(strings.locales.map(\.tag) == ["en", "zh-Hans"])
        #expect(strings.keys == ["prime.title", "permission.camera"])
        let title = try #require(strings.key(named: "prime.title"))
        #expect(
            strings.lookup(title, locale: 0)?.template
                == Template(segments: [
                    .text("Allow "), .placeholder(.value("permission")), .text(" for "), .placeholder(.app),
                ]))
        #expect(strings.entries[1][1] == nil)
    }
}

/// The iOS facts the catalog holds once, for the analysis, the simulator and the rules.
@Suite struct CatalogFactTests {
    @Test func trackingLocationAndLocalNetworkWaitForAnActiveApp() {
        #expect(
            PermissionKind.allCases.filter(\.promptsOnlyWhileActive) == [
                .location, .locationAccuracy, .tracking, .localNetwork,
            ])
        #expect(PermissionKind.allCases.filter(\.dropsRequestWhilePromptFinishing) == [.tracking])
        #expect(PermissionKind.tracking.resultWhilePromptFinishing(current: .notDetermined) == .notDetermined)
        #expect(PermissionKind.localNetwork.resultInBackground(current: .notDetermined) == .denied)
        #expect(PermissionKind.camera.resultInBackground(current: .notDetermined) == nil)
        // Tracking dropped while another prompt finishes: notDetermined stays possible.
        #expect(PermissionKind.tracking.possibleRequestResults(options: []).contains(.notDetermined))
        #expect(!PermissionKind.camera.possibleRequestResults(options: []).contains(.notDetermined))
    }

    /// A location request in the foreground gets one of the prompt's three answers; only one from
    /// the background returns notDetermined (issue 29: location asks for the foreground, not for
    /// an active app).
    @Test func locationCompletesNotDeterminedOnlyFromTheBackground() {
        #expect(!PermissionKind.location.possibleRequestResults(options: [.whenInUse]).contains(.notDetermined))
        #expect(
            PermissionKind.location.possibleRequestResults(options: [.whenInUse], inBackground: true).contains(
                .notDetermined))
        #expect(PermissionKind.localNetwork.possibleRequestResults(options: []) == [.denied, .authorized])
    }

    @Test func localeFallbackWalksTheDeclaredChainThenTheBase() throws {
        let program = try #require(
            load(
                """
                flow f { start -> a  state a { alert { title @t  button @b -> done granted } } }
                strings en { t = "T"  b = "B" }
                strings zh-Hans { t = "标题" }
                strings zh-Hant fallback zh-Hans { b = "按鈕" }
                """
            ).program)
        let table = program.strings
        let t = try #require(table.keys.firstIndex(of: "t"))
        let b = try #require(table.keys.firstIndex(of: "b"))
        let hant = try #require(table.locales.firstIndex { $0.tag == "zh-Hant" })
        let hans = try #require(table.locales.firstIndex { $0.tag == "zh-Hans" })
        #expect(
            table.fallback(after: hant) == hans && table.fallback(after: hans) == 0 && table.fallback(after: 0) == nil)
        #expect(table.providingLocale(ofKey: b, from: hant) == hant)
        #expect(table.providingLocale(ofKey: t, from: hant) == hans)
        #expect(table.providingLocale(ofKey: b, from: hans) == 0)
        #expect(table.providingLocale(ofKey: table.keys.count + 5, from: hant) == nil)
    }
}
