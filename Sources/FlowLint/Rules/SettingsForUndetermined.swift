import FlowModel
import FlowSyntax

extension Rule {
    /// FL1209: sending a user to Settings for a permission the app never asked for on that path.
    public static let settingsForUndetermined = Rule(
        id: "FL1209", name: "settings-for-undetermined", severity: .warning,
        summary: "a visit to Settings on a path where a permission the flow checked is still notDetermined",
        documentation: """
            The app's page in Settings lists only what the app has asked for: a permission that is
            still notDetermined has no switch there yet (and a restricted one cannot be changed), so a
            user sent to Settings to turn it on finds nothing to turn on. On that path the flow should
            request it: iOS shows the prompt while the status is notDetermined. Reported for each
            permission the path has read or requested and that can still be notDetermined at
            `open settings` (a tuple check's `else` often hides one half of the pair undecided). A
            visit that another permission justifies is not reported: when every way the path took
            to Settings has some other permission denied or limited (a check of two permissions that
            sends the user to Settings because one of them is denied), Settings has a switch for
            that one. The witness is the path on which it is undecided. A `call` whose subflow
            opens Settings before reading any permission (`flow open_settings_for(p: permission)`)
            is a visit to Settings for what the caller passes: it is reported at the call, as the
            caller's own `open settings` would be.
            """,
        triggering: """
            flow camera_and_album {
              uses camera, photos
              start -> check
              state check {
                status (camera, photos) {
                  (authorized, authorized)       -> done granted
                  (notDetermined, notDetermined) -> ask
                  else                           -> explain
                }
              }
              state ask { request camera -> ask_photos }
              state ask_photos { request photos -> check }
              state explain { alert { title "Allow access in Settings" button "Settings" -> settings  cancel "Cancel" -> done denied } }
              state settings { 1️⃣open settings on return -> check }
            }
            """,
        clean: """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined -> ask  else -> explain } }
              state ask { request camera -> check }
              state explain { alert { title "Camera is off" button "Open Settings" -> settings  cancel "Not Now" -> done denied } }
              state settings { open settings on return -> check }
            }
            """
    ) { context in
        var findings: [RuleFinding] = []
        for (flow, analysis) in context.flows {
            var witnesses = WitnessBuilder(analysis)
            for (s, state) in flow.states.enumerated() {
                guard case .openSettings(let open) = state.terminator else { continue }
                var reported = Set<Int>()
                for n in analysis.nodesOfState[s] {
                    let k = analysis.nodes[n].knowledge
                    for i in analysis.subjects.indices where !reported.contains(i) && k.has(.observed, i) {
                        if open.page == .notificationSettings, analysis.subjects[i] != .kind(.notifications) {
                            continue
                        }
                        guard k[i].contains(where: { $0.statusClass == .notDetermined }),
                            !analysis.settingsVisitJustified(undecided: i, at: n)
                        else { continue }
                        reported.insert(i)
                        let name = analysis.name(of: analysis.subjects[i])
                        findings.append(
                            RuleFinding(
                                "\(name) can still be notDetermined on this path: Settings shows no \(name) switch for a permission the app has not requested, so the user cannot turn it on there",
                                at: open.range,
                                notes: analysis.undecidedExample(subject: i, before: n)
                                    + [
                                        DiagnosticNote(
                                            "request \(name) on this path instead: iOS shows the prompt while it is notDetermined"
                                        )
                                    ],
                                witness: witnesses.witness(to: n)))
                    }
                }
            }
            findings += undeterminedThroughCalls(flow, analysis, context: context, witnesses: &witnesses)
        }
        return findings
    }

    /// FL1209 at a `call` whose subflow opens Settings without reading the permission passed to
    /// it first: the caller's knowledge decides, as at an `open settings` of its own.
    fileprivate static func undeterminedThroughCalls(
        _ flow: Flow, _ analysis: FlowAnalysis, context: LintContext, witnesses: inout WitnessBuilder
    ) -> [RuleFinding] {
        var findings: [RuleFinding] = []
        for (s, state) in flow.states.enumerated() {
            guard case .call(let call) = state.terminator else { continue }
            let callee = context.analysis[call.callee]
            var reported = Set<Int>()
            for (p, argument) in call.arguments.enumerated() {
                guard case .permission(let ref) = argument, let i = analysis.subjects.firstIndex(of: ref),
                    callee.subjects.contains(.parameter(p)), let open = callee.unreadSettingsVisit,
                    !reported.contains(i)
                else { continue }
                for n in analysis.nodesOfState[s] where !reported.contains(i) {
                    let k = analysis.nodes[n].knowledge
                    guard k.has(.observed, i), k[i].contains(where: { $0.statusClass == .notDetermined }),
                        !analysis.settingsVisitJustified(undecided: i, at: n)
                    else { continue }
                    reported.insert(i)
                    let name = analysis.name(of: ref)
                    let calleeName = context.program[call.callee].name
                    findings.append(
                        RuleFinding(
                            "\(name) can still be notDetermined on this path: subflow '\(calleeName)' opens Settings without reading it, and Settings shows no \(name) switch for a permission the app has not requested",
                            at: call.calleeRange,
                            notes: analysis.undecidedExample(subject: i, before: n)
                                + [
                                    DiagnosticNote("the subflow opens Settings here", at: open),
                                    DiagnosticNote(
                                        "request \(name) on this path instead: iOS shows the prompt while it is notDetermined"
                                    ),
                                ],
                            witness: witnesses.witness(to: n)))
                }
            }
        }
        return findings
    }
}

extension FlowAnalysis {
    /// Where this flow opens Settings on a path that has read no permission (neither one passed
    /// to it nor one of its own): such a visit is for whatever the caller passed, so the caller's
    /// knowledge decides whether it can help. Nil when every visit follows a read.
    var unreadSettingsVisit: SourceRange? {
        for (s, state) in flow.states.enumerated() {
            guard case .openSettings(let open) = state.terminator, open.page == .settings else { continue }
            for n in nodesOfState[s] {
                let k = nodes[n].knowledge
                if !subjects.indices.contains(where: { k.has(.observed, $0) }) { return open.range }
            }
        }
        return nil
    }

    /// Whether the Settings visit at `node` is right for a permission other than subject `i`,
    /// on every way the path reaches it with `i` undecided: another permission it read is
    /// denied or limited for certain, or the tuple check that last read `i` sends only such
    /// combinations here (each with another member denied or limited, which Settings can
    /// change). Unsure is justified: the rule stays silent.
    func settingsVisitJustified(undecided i: Int, at node: Int) -> Bool {
        let k = nodes[node].knowledge
        func changeable(_ s: Status) -> Bool { s.statusClass == .denied || s.statusClass == .limited }
        for j in subjects.indices where j != i && k.has(.observed, j) {
            if !k[j].isEmpty, k[j].allSatisfy(changeable) { return true }
        }
        let flow = program[id]
        guard
            let (from, entered) = earlierStep(
                from: node,
                matches: { cause, from in
                    guard case .status = cause, case .status(let check) = flow.states[from].terminator else {
                        return false
                    }
                    return check.subjects.contains(subjects[i])
                }), case .status(let check) = flow.states[from].terminator, check.subjects.count > 1,
            let parent = nodes[entered].parent
        else { return false }
        let position = check.subjects.firstIndex(of: subjects[i])!
        let before = nodes[parent.node].knowledge
        guard FlowAnalysis.combinations(of: check.subjects.map(subjectIndex), in: before) <= Self.tupleCap else {
            return false
        }
        let (unjustified, _) = combinations(taking: parent.edge, of: check, before: before) { tuple in
            tuple[position].statusClass == .notDetermined
                && !tuple.indices.contains { $0 != position && changeable(tuple[$0]) }
        }
        return unjustified.isEmpty
    }

    /// Where the path to `node` last read subject `i` together with others (a tuple check, whose
    /// step lists the first combinations of all subjects): a note at that branch with one
    /// combination that takes it while `i` is notDetermined. Empty when there is none.
    func undecidedExample(subject i: Int, before node: Int) -> [DiagnosticNote] {
        let flow = program[id]
        guard
            let (from, entered) = earlierStep(
                from: node,
                matches: { cause, from in
                    guard case .status = cause, case .status(let check) = flow.states[from].terminator else {
                        return false
                    }
                    return check.subjects.contains(subjects[i])
                }), case .status(let check) = flow.states[from].terminator, check.subjects.count > 1,
            let parent = nodes[entered].parent
        else { return [] }
        let position = check.subjects.firstIndex(of: subjects[i])!
        let (found, _) = combinations(taking: parent.edge, of: check, before: nodes[parent.node].knowledge) {
            $0[position].statusClass == .notDetermined
        }
        guard let tuple = found.first else { return [] }
        let names = "(" + check.subjects.map(name(of:)).joined(separator: ", ") + ")"
        return [
            DiagnosticNote(
                "for example \(names) = (\(tuple.map(\.rawValue).joined(separator: ", "))) takes this branch",
                at: stateEdges[from][parent.edge].transition.range)
        ]
    }
}
