import FlowSyntax

extension Checker {
    mutating func call(
        _ name: Identifier, arguments: [ArgumentSyntax], arms: [ArmSyntax],
        handling clause: HandlingClauseSyntax?, range: SourceRange,
        in context: FlowContext
    ) -> Terminator? {
        guard let callee = flowIndex[name.name] else {
            reportUnknownFlow(name)
            return nil
        }
        callEdges.append(CallEdge(from: context.flow, to: callee, range: name.range))
        let target = signatures[callee]
        var failed = false
        let values = callArguments(arguments, to: target, at: name, in: context, failed: &failed)
        if arms.isEmpty { error(ModelDiagnosticID.noArms, "call to '\(target.name)' has no arms", at: range) }
        let (patterned, otherwise) = splitElse(arms)
        let outcomeArms = self.outcomeArms(patterned, of: target, in: context, failed: &failed)
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

    /// A call to a flow nobody declared: names the refused imports that may have declared it.
    private mutating func reportUnknownFlow(_ name: Identifier) {
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
    }

    /// The call's arguments by parameter index (nil where one is missing or wrong), after reporting
    /// unknown, repeated and missing arguments.
    private mutating func callArguments(
        _ arguments: [ArgumentSyntax], to target: FlowSignature, at name: Identifier,
        in context: FlowContext, failed: inout Bool
    ) -> [Argument?] {
        var values: [Argument?] = Array(repeating: nil, count: target.parameters.count)
        // Where each parameter was given, by index: a dictionary cost an allocation per call.
        var given: [SourceRange?] = Array(repeating: nil, count: target.parameters.count)
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
            values[parameter] = self.argument(
                value, for: target.parameters[parameter].kind, label: label, of: target, in: context)
            if values[parameter] == nil { failed = true }
        }
        for (index, parameter) in target.parameters.enumerated() where given[index] == nil {
            error(
                ModelDiagnosticID.missingArgument,
                "missing argument '\(parameter.name)' in call to '\(target.name)'", at: name.range,
                notes: [DiagnosticNote("the parameter is declared here", at: parameter.range)])
            failed = true
        }
        return values
    }

    /// One argument's value checked against its parameter's kind; nil (after a diagnostic) when
    /// they do not match.
    private mutating func argument(
        _ value: ArgumentSyntax.Value, for kind: Parameter.Kind, label: String, of target: FlowSignature,
        in context: FlowContext
    ) -> Argument? {
        switch (kind, value) {
        case (.permission, .name(let id)):
            return permission(id, in: context).map { .permission($0) }
        case (.permission, .text(let text)):
            error(
                ModelDiagnosticID.argumentKindMismatch,
                "argument '\(label)' of flow '\(target.name)' must be a permission, not text", at: text.range)
            return nil
        case (.text, .text(let syntax)):
            return .text(text(syntax, in: context.scope))
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
            return nil
        }
    }

    /// The call's outcome arms, each naming outcomes the callee declares.
    private mutating func outcomeArms(
        _ patterned: [ArmSyntax], of target: FlowSignature, in context: FlowContext, failed: inout Bool
    ) -> [OutcomeArm] {
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
        return outcomeArms
    }
}
