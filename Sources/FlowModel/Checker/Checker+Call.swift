import FlowSyntax

extension Checker {
    mutating func call(
        _ name: Identifier, arguments: [ArgumentSyntax], arms: [ArmSyntax],
        handling clause: HandlingClauseSyntax?, range: SourceRange,
        in context: FlowContext
    ) -> Terminator? {
        guard let callee = flowIndex[name.name] else {
            // A knock-on error of a refused import names it, so the real cause is read first.
            let refused = refusedImports.map { "'\($0.path)'" }
            let cause =
                refused.isEmpty
                ? ""
                : " (it may be declared in " + refused.joined(separator: ", ") + ", whose import was refused)"
            error(
                ModelDiagnosticID.unknownFlow, "unknown flow '\(name.name)'\(cause)", at: name.range,
                notes: refusedImports.map {
                    DiagnosticNote("'\($0.path)' was not loaded: see the error at its import", at: $0.range)
                },
                suggestion: Suggestion.closest(to: name.name, in: signatures.map(\.name)))
            return nil
        }
        callEdges.append(CallEdge(from: context.flow, to: callee, range: name.range))
        let target = signatures[callee]
        var values: [Argument?] = Array(repeating: nil, count: target.parameters.count)
        // Where each parameter was given, by index: a dictionary cost an allocation per call.
        var given: [SourceRange?] = Array(repeating: nil, count: target.parameters.count)
        var failed = false
        for argument in arguments {
            let label = argument.label.name
            guard let parameter = target.parameterIndex[label] else {
                error(
                    ModelDiagnosticID.unknownArgument, "flow '\(target.name)' has no parameter '\(label)'",
                    at: argument.label.range,
                    suggestion: Suggestion.closest(to: label, in: target.parameters.map(\.name)))
                failed = true
                continue
            }
            if let earlier = given[parameter] {
                error(
                    ModelDiagnosticID.duplicateArgument, "argument '\(label)' is given twice", at: argument.label.range,
                    notes: [DiagnosticNote("first given here", at: earlier)])
                failed = true
                continue
            }
            given[parameter] = argument.label.range
            guard let value = argument.value else {
                incomplete = true
                continue
            }
            switch (target.parameters[parameter].kind, value) {
            case (.permission, .name(let id)):
                if let ref = permission(id, in: context) { values[parameter] = .permission(ref) } else { failed = true }
            case (.permission, .text(let text)):
                error(
                    ModelDiagnosticID.argumentKindMismatch,
                    "argument '\(label)' of flow '\(target.name)' must be a permission, not text", at: text.range)
                failed = true
            case (.text, .text(let syntax)):
                values[parameter] = .text(text(syntax, in: context.scope))
            case (.text, .name(let id)):
                // A bare name is always a permission (Grammar.md); a value is passed on as "{name}".
                if context.scope.values.contains(id.name) {
                    report(
                        .error(
                            ModelDiagnosticID.argumentKindMismatch,
                            "argument '\(label)' of flow '\(target.name)' must be text; a bare name is a permission",
                            at: id.range,
                            fixIts: [
                                FixIt(
                                    range: id.range, replacement: "\"{\(id.name)}\"",
                                    message: "pass the value as \"{\(id.name)}\"")
                            ]))
                } else if PermissionKind(rawValue: id.name) != nil
                    || signatures[context.flow].parameterIndex[id.name] != nil
                {
                    error(
                        ModelDiagnosticID.argumentKindMismatch,
                        "argument '\(label)' of flow '\(target.name)' must be text, not the permission '\(id.name)'",
                        at: id.range)
                } else {
                    error(
                        ModelDiagnosticID.argumentKindMismatch,
                        "argument '\(label)' of flow '\(target.name)' must be text (a string or @key), not '\(id.name)'",
                        at: id.range)
                }
                failed = true
            }
        }
        for (index, parameter) in target.parameters.enumerated() where given[index] == nil {
            error(
                ModelDiagnosticID.missingArgument,
                "missing argument '\(parameter.name)' in call to '\(target.name)'", at: name.range,
                notes: [DiagnosticNote("the parameter is declared here", at: parameter.range)])
            failed = true
        }

        if arms.isEmpty { error(ModelDiagnosticID.noArms, "call to '\(target.name)' has no arms", at: range) }
        let (patterned, otherwise) = splitElse(arms)
        var outcomeArms: [OutcomeArm] = []
        outcomeArms.reserveCapacity(patterned.count)
        var outcomeNames: [String] { target.outcomes.map(\.name) }  // for messages only
        for arm in patterned {
            var outcomes: [Int] = []
            outcomes.reserveCapacity(arm.patterns.count)
            for pattern in arm.patterns {
                guard case .name(let id) = pattern else {
                    error(ModelDiagnosticID.patternShape, "a call arm names outcomes, not tuples", at: pattern.range)
                    failed = true
                    continue
                }
                guard let outcome = target.outcomeIndex[id.name] else {
                    error(
                        ModelDiagnosticID.unknownCallOutcome,
                        "'\(id.name)' is not an outcome of flow '\(target.name)' (its outcomes: \(outcomeNames.joined(separator: ", ")))",
                        at: id.range, suggestion: Suggestion.closest(to: id.name, in: outcomeNames))
                    failed = true
                    continue
                }
                outcomes.append(outcome)
            }
            if let next = transition(arm.transition, in: context) {
                outcomeArms.append(OutcomeArm(outcomes: outcomes, transition: next, range: arm.range))
            } else {
                failed = true
            }
        }
        let elseTransition = otherwise.flatMap { transition($0.transition, in: context) }
        if otherwise != nil, elseTransition == nil { failed = true }
        let handling = self.handling(clause, callee: target, arms: outcomeArms, failed: &failed)
        let resolved = values.compactMap { $0 }
        guard !failed, resolved.count == values.count else { return nil }
        return .call(
            Call(
                callee: FlowID(callee), calleeRange: name.range, arguments: resolved, arms: outcomeArms,
                otherwise: elseTransition, handling: handling, range: range))
    }
}
