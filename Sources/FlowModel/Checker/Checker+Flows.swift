import FlowSyntax

/// A flow's interface, known before any body is checked so calls resolve in any order.
struct FlowSignature {
    var decl: FlowDecl
    var parameters: [Parameter] = []
    var parameterIndex: [String: Int] = [:]
    var uses: [PermissionKind] = []
    /// Where each of `uses` is written.
    var useRanges: [SourceRange] = []
    /// The `uses` item, where a fix-it adds a missing kind.
    var usesRange: SourceRange?
    var outcomes: [Outcome] = []
    var outcomeIndex: [String: Int] = [:]
    var outcomesDeclared = false
    var title: TextSyntax?
    var start: Identifier?
    var startSeen = false
    /// Outcome names some state hands to a caller (`handoff x`), each with its first clause.
    var handoffs: [String: SourceRange] = [:]
    /// The flow's experiments that checked clean (Checker+Experiment.swift).
    var experiments: [Experiment] = []
    var permission: Result<PermissionRef, Scope.PermissionProblem>

    init(decl: FlowDecl) {
        self.decl = decl
        self.permission = .failure(.none(flow: decl.name.name))
    }

    var name: String { decl.name.name }
}

/// The outcomes of a flow that declares none, with their index, built once.
enum BuiltinOutcomes {
    static let list: [Outcome] = Flow.builtinOutcomes.map { Outcome(name: $0, range: nil) }
    static let index: [String: Int] = {
        var index: [String: Int] = [:]
        for (position, name) in Flow.builtinOutcomes.enumerated() { index[name] = position }
        return index
    }()
}

/// What a state body needs to resolve its names.
struct FlowContext {
    var flow: Int
    var stateIndex: [String: Int]
    var scope: Scope
}

extension Checker {
    // MARK: Interface

    mutating func signature(of decl: FlowDecl) -> FlowSignature {
        var sig = FlowSignature(decl: decl)
        declareParameters(of: decl, into: &sig)
        declareItems(of: decl, into: &sig)
        sig.experiments = experiments(of: decl)
        if !sig.outcomesDeclared {
            // Shared by every flow without `outcomes`: built per flow, the list and its index
            // were two allocations and five hashes each.
            sig.outcomes = BuiltinOutcomes.list
            sig.outcomeIndex = BuiltinOutcomes.index
        }
        sig.permission = Self.flowPermission(of: sig)
        return sig
    }

    /// The flow's parameters, each named once.
    private mutating func declareParameters(of decl: FlowDecl, into sig: inout FlowSignature) {
        for parameter in decl.parameters {
            guard let kind = parameter.kind else {
                incomplete = true
                continue
            }
            if let earlier = sig.parameterIndex[parameter.name.name] {
                error(
                    ModelDiagnosticID.duplicateName, "duplicate parameter '\(parameter.name.name)'",
                    at: parameter.name.range,
                    notes: [DiagnosticNote("first declared here", at: sig.parameters[earlier].range)])
                continue
            }
            if kind == .text, !checkReserved(parameter.name) { continue }
            sig.parameterIndex[parameter.name.name] = sig.parameters.count
            sig.parameters.append(
                Parameter(
                    name: parameter.name.name, kind: kind == .text ? .text : .permission,
                    range: parameter.range))
        }
    }

    /// The flow's title, uses, outcomes, start and handoffs, each item that may come once checked
    /// for a duplicate.
    private mutating func declareItems(of decl: FlowDecl, into sig: inout FlowSignature) {
        // One entry per kind of item that may come once (title, uses, outcomes, start), searched
        // in order: at most four, where a dictionary cost an allocation and a hash per item.
        var first: [(item: String, range: SourceRange)] = []
        func duplicate(_ item: String, _ range: SourceRange, in checker: inout Checker) -> Bool {
            if let earlier = first.first(where: { $0.item == item })?.range {
                checker.error(
                    ModelDiagnosticID.duplicateItem, "duplicate '\(item)' in flow '\(decl.name.name)'",
                    at: range, notes: [DiagnosticNote("first given here", at: earlier)])
                return true
            }
            if first.isEmpty { first.reserveCapacity(4) }
            first.append((item, range))
            return false
        }

        for item in decl.items {
            switch item {
            case .title(let title):
                if !duplicate("title", title.range, in: &self) { sig.title = title.text }
            case .uses(let uses):
                if duplicate("uses", uses.range, in: &self) { continue }
                declareUses(uses, into: &sig)
            case .outcomes(let outcomes):
                if duplicate("outcomes", outcomes.range, in: &self) { continue }
                declareOutcomes(outcomes, into: &sig)
            case .start(let start):
                if duplicate("start", start.range, in: &self) { continue }
                sig.startSeen = true
                if let name = start.target { sig.start = name } else { incomplete = true }
            case .state(let state):
                if let handoff = state.handoff, !handoff.outcome.name.isEmpty, sig.handoffs[handoff.outcome.name] == nil
                {
                    sig.handoffs[handoff.outcome.name] = handoff.range
                }
            case .let, .experiment:
                break
            }
        }
    }

    private mutating func declareUses(_ uses: UsesSyntax, into sig: inout FlowSignature) {
        sig.usesRange = uses.range
        for name in uses.kinds {
            guard let kind = PermissionKind(rawValue: name.name) else {
                error(
                    ModelDiagnosticID.unknownPermission, "unknown permission '\(name.name)'", at: name.range,
                    suggestion: Suggestion.closest(to: name.name, in: PermissionKind.allCases.map(\.rawValue)))
                continue
            }
            // A search of the few kinds so far: a set cost an allocation and a hash each.
            if !sig.uses.contains(kind) {
                sig.uses.append(kind)
                sig.useRanges.append(name.range)
            } else {
                error(ModelDiagnosticID.duplicateUses, "'\(name.name)' is already in 'uses'", at: name.range)
            }
        }
    }

    private mutating func declareOutcomes(_ outcomes: OutcomesSyntax, into sig: inout FlowSignature) {
        sig.outcomesDeclared = true
        for name in outcomes.names {
            if let earlier = sig.outcomeIndex[name.name] {
                error(
                    ModelDiagnosticID.duplicateOutcome, "duplicate outcome '\(name.name)'", at: name.range,
                    notes: [DiagnosticNote("first declared here", at: sig.outcomes[earlier].range)])
                continue
            }
            sig.outcomeIndex[name.name] = sig.outcomes.count
            sig.outcomes.append(Outcome(name: name.name, range: name.range))
        }
    }

    /// The permission the flow asks about: its one `uses` kind or its one permission parameter.
    private static func flowPermission(of sig: FlowSignature) -> Result<PermissionRef, Scope.PermissionProblem> {
        let permissionParameters = sig.parameters.indices.filter { sig.parameters[$0].kind == .permission }
        switch (sig.uses.count, permissionParameters.count) {
        case (1, 0): return .success(.kind(sig.uses[0]))
        case (0, 1): return .success(.parameter(permissionParameters[0]))
        case (0, 0): return .failure(.none(flow: sig.name))
        default:
            return .failure(
                .ambiguous(
                    flow: sig.name,
                    candidates: sig.uses.map(\.rawValue) + permissionParameters.map { sig.parameters[$0].name }))
        }
    }

    // MARK: Body

    mutating func checkFlow(_ index: Int) -> Flow? {
        let sig = signatures[index]
        let decl = sig.decl
        let declared = declaredStatesAndValues(of: decl, sig: sig)

        // The top-level names are one set built once (`topLetNames`), not rebuilt per flow.
        var names = topLetNames
        if !declared.letIndex.isEmpty { names.formUnion(declared.letIndex.keys) }
        for parameter in sig.parameters where parameter.kind == .text { names.insert(parameter.name) }
        let scope = Scope(flow: index, flowName: sig.name, values: names, permission: sig.permission)
        let context = FlowContext(flow: index, stateIndex: declared.stateIndex, scope: scope)

        var values: [NamedValue] = []
        for value in declared.lets {
            guard let syntax = value.value else {
                incomplete = true
                continue
            }
            values.append(NamedValue(name: value.name.name, value: text(syntax, in: scope), range: value.range))
        }
        let title = sig.title.map { text($0, in: scope) }
        let start = startState(of: sig, firstStateName: declared.firstStateName, in: context)
        let (states, runUses) = checkStates(of: decl, sig: sig, count: declared.stateCount, in: context)
        guard let start, states.count == declared.stateCount else { return nil }
        checkRunValues(runUses, states: states, start: start)
        var flow = Flow(
            name: sig.name, range: decl.range, nameRange: decl.name.range, title: title,
            parameters: sig.parameters, uses: sig.uses, outcomes: sig.outcomes,
            outcomesDeclared: sig.outcomesDeclared, start: start, states: states, values: values,
            useRanges: sig.useRanges)
        flow.experiments = sig.experiments
        checkExperimentUse(flow)
        return flow
    }

    /// The names a flow declares in its body: its states, by position, and its values.
    private struct DeclaredNames {
        var stateCount = 0
        var firstStateName: String?
        var stateIndex: [String: Int] = [:]
        var lets: [LetDecl] = []
        var letIndex: [String: Int] = [:]
    }

    /// Indexes the flow's states and values, reporting a name given twice.
    private mutating func declaredStatesAndValues(of decl: FlowDecl, sig: FlowSignature) -> DeclaredNames {
        // The states are read in place from `decl.items` (the tree is the only copy): a list of
        // their declarations would double what loading a large flow holds at its peak.
        var names = DeclaredNames()
        // Sized once for the most states the items can hold: grown from empty, a 12-state
        // flow's index was rehashed three times.
        names.stateIndex.reserveCapacity(decl.items.count)
        // Where each state is named, by position, for the note on a duplicate.
        var stateNameRanges: [SourceRange] = []
        for item in decl.items {
            switch item {
            case .state(let state):
                if let earlier = names.stateIndex.existingValue(orInsert: names.stateCount, forKey: state.name.name) {
                    error(
                        ModelDiagnosticID.duplicateState,
                        "duplicate state '\(state.name.name)' in flow '\(decl.name.name)'", at: state.name.range,
                        notes: [DiagnosticNote("first defined here", at: stateNameRanges[earlier])])
                }
                stateNameRanges.append(state.name.range)
                if names.stateCount == 0 { names.firstStateName = state.name.name }
                names.stateCount += 1
            case .let(let value):
                if let earlier = names.letIndex[value.name.name] {
                    error(
                        ModelDiagnosticID.duplicateName, "duplicate value '\(value.name.name)'", at: value.name.range,
                        notes: [DiagnosticNote("first defined here", at: names.lets[earlier].name.range)])
                } else if let parameter = sig.parameterIndex[value.name.name] {
                    error(
                        ModelDiagnosticID.duplicateName,
                        "value '\(value.name.name)' has the name of a parameter", at: value.name.range,
                        notes: [DiagnosticNote("the parameter is declared here", at: sig.parameters[parameter].range)])
                } else if checkReserved(value.name) {
                    names.letIndex[value.name.name] = names.lets.count
                    names.lets.append(value)
                }
            default:
                break
            }
        }
        return names
    }

    /// The state `start` names; nil after a diagnostic when it names none or is missing.
    private mutating func startState(
        of sig: FlowSignature, firstStateName: String?, in context: FlowContext
    ) -> StateID? {
        if let name = sig.start {
            if let state = context.stateIndex[name.name] { return StateID(state) }
            unknownState(name, in: context)
        } else if !sig.startSeen {
            error(
                ModelDiagnosticID.missingStart, "flow '\(sig.name)' has no 'start'", at: sig.decl.name.range,
                notes: firstStateName.map { [DiagnosticNote("add 'start -> \($0)'")] } ?? [])
        }
        return nil
    }

    /// The flow's checked states (those that checked clean) and the run values their bodies use.
    private mutating func checkStates(
        of decl: FlowDecl, sig: FlowSignature, count stateCount: Int, in context: FlowContext
    ) -> (states: [FlowState], runUses: [RunValueUse]) {
        let scope = context.scope
        var states: [FlowState] = []
        states.reserveCapacity(stateCount)
        var runUses: [RunValueUse] = []
        var position = -1
        for item in decl.items {
            guard case .state(let state) = item else { continue }
            position += 1
            let effects = state.effects.map { track($0, in: scope) }
            let handoff = state.handoff.flatMap { self.handoff($0, in: sig) }
            var limitFailed = false
            let limit = self.limit(of: state, position: position, in: context, failed: &limitFailed)
            takePendingRunUses(into: &runUses, state: position)
            guard let syntax = state.terminator else {
                incomplete = true
                continue
            }
            guard let terminator = terminator(syntax, in: context) else {
                pendingRunUses.removeAll()
                continue
            }
            takePendingRunUses(into: &runUses, state: position)
            if state.handoff != nil, handoff == nil { continue }
            if limitFailed { continue }
            states.append(
                FlowState(
                    name: state.name.name, range: state.range, nameRange: state.name.range,
                    effects: effects, terminator: terminator, handoff: handoff, limit: limit))
        }
        return (states, runUses)
    }

    /// Moves the run-value uses recorded while checking state `state` into `runUses`. Most
    /// states have none: appending an empty map still allocated (7,200 times for the 300-flow
    /// profile file).
    private mutating func takePendingRunUses(into runUses: inout [RunValueUse], state: Int) {
        guard !pendingRunUses.isEmpty else { return }
        runUses += pendingRunUses.map {
            RunValueUse(value: $0.value, range: $0.range, state: state, inButton: $0.inButton)
        }
        pendingRunUses.removeAll()
    }

    // MARK: Transitions

    mutating func transition(_ syntax: TransitionSyntax, in context: FlowContext) -> FlowTransition? {
        guard let target = syntax.target else {
            incomplete = true
            return nil
        }
        switch target {
        case .state(let name):
            guard let state = context.stateIndex[name.name] else {
                unknownState(name, in: context)
                return nil
            }
            return FlowTransition(target: .state(StateID(state)), range: syntax.range)
        case .done(let done):
            let name = done.outcome
            // One field read in place: a copy of the whole signature is a dozen retains.
            guard let outcome = signatures[context.flow].outcomeIndex[name.name] else {
                let sig = signatures[context.flow]
                let list = sig.outcomes.map(\.name).joined(separator: ", ")
                error(
                    ModelDiagnosticID.unknownOutcome,
                    "unknown outcome '\(name.name)' for flow '\(sig.name)' (its outcomes: \(list))", at: name.range,
                    notes: sig.outcomesDeclared ? [] : [DiagnosticNote("declare it with 'outcomes'")],
                    suggestion: Suggestion.closest(to: name.name, in: sig.outcomes.map(\.name)))
                return nil
            }
            return FlowTransition(target: .outcome(outcome), range: syntax.range)
        }
    }

    mutating func unknownState(_ name: Identifier, in context: FlowContext) {
        let sig = signatures[context.flow]
        if let suggestion = Suggestion.closest(to: name.name, in: context.stateIndex.keys.sorted()) {
            error(
                ModelDiagnosticID.unknownState, "unknown state '\(name.name)'", at: name.range, suggestion: suggestion)
        } else if sig.outcomeIndex[name.name] != nil {
            report(
                .error(
                    ModelDiagnosticID.unknownState, "unknown state '\(name.name)'", at: name.range,
                    fixIts: [
                        FixIt(
                            range: name.range, replacement: "done \(name.name)",
                            message: "to end the flow with outcome '\(name.name)', write 'done \(name.name)'",
                            // No state has a name near it and the flow has that outcome: nothing else is meant.
                            applicability: .machineApplicable)
                    ]))
        } else {
            error(ModelDiagnosticID.unknownState, "unknown state '\(name.name)'", at: name.range)
        }
    }

    /// Separates the `else` arm, which must come last and only once.
    mutating func splitElse(_ arms: [ArmSyntax]) -> (arms: [ArmSyntax], otherwise: ArmSyntax?) {
        // Most blocks have no `else`: the same array, where a copy cost an allocation and a
        // retain per arm.
        if !arms.contains(where: \.isElse) { return (arms, nil) }
        var patterned: [ArmSyntax] = []
        patterned.reserveCapacity(arms.count)
        var otherwise: ArmSyntax?
        for (position, arm) in arms.enumerated() {
            guard arm.isElse else {
                patterned.append(arm)
                continue
            }
            if let first = otherwise {
                error(
                    ModelDiagnosticID.misplacedElse, "second 'else' arm", at: arm.range,
                    notes: [DiagnosticNote("the first 'else' is here", at: first.range)])
            } else {
                if position != arms.count - 1 {
                    error(ModelDiagnosticID.misplacedElse, "'else' must be the last arm", at: arm.range)
                }
                otherwise = arm
            }
        }
        return (patterned, otherwise)
    }
}
