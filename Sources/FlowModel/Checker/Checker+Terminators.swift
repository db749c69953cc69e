import FlowSyntax

// One resolver per terminator (status, request, capability, open settings) and the arm and pattern
// helpers they share; the alert and the call have their own files (Checker+Alert, Checker+Call).
extension Checker {
    /// Resolves the statement that ends a state; nil when something in it is wrong (already reported).
    mutating func terminator(_ syntax: TerminatorSyntax, in context: FlowContext) -> Terminator? {
        switch syntax {
        case .goto(let t):
            return transition(t, in: context).map { .goto(Goto(transition: $0)) }
        case .capability(let check):
            return capability(
                check.name, arms: check.arms, range: check.range, rightBrace: check.block.rightBrace, in: context)
        case .status(let check):
            let subjects = check.subjects
            let arms = check.arms
            let range = check.range
            let refs = subjects.map { permission($0, in: context) }
            if arms.isEmpty { error(ModelDiagnosticID.noArms, "'status' has no arms", at: range) }
            let (patterned, otherwise) = splitElse(arms)
            let statusArms = statusArms(patterned, subjects: refs, names: subjects, in: context)
            let elseTransition = otherwise.flatMap { transition($0.transition, in: context) }
            guard otherwise == nil || elseTransition != nil else { return nil }
            let resolvedRefs = refs.compactMap { $0 }
            guard resolvedRefs.count == refs.count, let resolvedArms = statusArms else { return nil }
            return .status(
                StatusCheck(
                    subjects: resolvedRefs, subjectRanges: subjects.map(\.range), arms: resolvedArms,
                    otherwise: elseTransition, range: range))
        case .request(let request):
            let subject = request.subject
            let options = request.options
            let arms = request.arms
            let then = request.then
            let range = request.range
            let ref = permission(subject, in: context)
            let resolvedOptions = requestOptions(options, for: ref, subject: subject)
            if let then {
                guard let ref, let next = transition(then, in: context) else { return nil }
                return .request(
                    Request(
                        subject: ref, subjectRange: subject.range, options: resolvedOptions, arms: [],
                        otherwise: next, range: range))
            }
            if arms.isEmpty { error(ModelDiagnosticID.noArms, "'request' has no arms", at: range) }
            let (patterned, otherwise) = splitElse(arms)
            let statusArms = statusArms(patterned, subjects: [ref], names: [subject], in: context)
            let elseTransition = otherwise.flatMap { transition($0.transition, in: context) }
            guard let ref, otherwise == nil || elseTransition != nil else { return nil }
            guard let resolvedArms = statusArms else { return nil }
            return .request(
                Request(
                    subject: ref, subjectRange: subject.range, options: resolvedOptions, arms: resolvedArms,
                    otherwise: elseTransition, range: range))
        case .alert(let alert):
            return self.alert(alert, in: context).map(Terminator.alert)
        case .openSettings(let open):
            let page = open.page
            let onReturn = open.onReturn
            let range = open.range
            let next = transition(onReturn, in: context)
            guard let settings = SettingsPage(rawValue: page.name) else {
                error(
                    ModelDiagnosticID.unknownSettingsPage,
                    "unknown settings page '\(page.name)' (use 'settings' or 'notificationSettings')", at: page.range,
                    suggestion: Suggestion.closest(to: page.name, in: ["settings", "notificationSettings"]))
                return nil
            }
            return next.map {
                .openSettings(OpenSettings(page: settings, pageRange: page.range, onReturn: $0, range: range))
            }
        case .call(let call):
            return self.call(
                call.flow, arguments: call.arguments, arms: call.arms, handling: call.handling,
                range: call.range, in: context)
        case .variant(let variant):
            return variantBranch(variant, in: context)
        }
    }

    // MARK: Permissions and statuses

    /// A `status`/`request` subject or a permission argument: a caller permission parameter, or a
    /// concrete kind that must be listed in `uses` (a fix-it adds it).
    mutating func permission(_ name: Identifier, in context: FlowContext) -> PermissionRef? {
        // The signature's fields are read in place: a copy of the whole signature is a dozen
        // retains, and this runs for every subject and permission argument.
        if let parameter = signatures[context.flow].parameterIndex[name.name] {
            if signatures[context.flow].parameters[parameter].kind == .permission { return .parameter(parameter) }
            error(
                ModelDiagnosticID.unknownPermission, "'\(name.name)' is a text parameter, not a permission",
                at: name.range)
            return nil
        }
        if let kind = PermissionKind(rawValue: name.name) {
            if !signatures[context.flow].uses.contains(kind) {
                reportNotInUses(kind, at: name.range, flow: signatures[context.flow])
            }
            return .kind(kind)
        }
        let sig = signatures[context.flow]
        let candidates =
            PermissionKind.allCases.map(\.rawValue)
            + sig.parameters.filter { $0.kind == .permission }.map(\.name)
        error(
            ModelDiagnosticID.unknownPermission, "unknown permission '\(name.name)'", at: name.range,
            suggestion: Suggestion.closest(to: name.name, in: candidates))
        return nil
    }

    private mutating func reportNotInUses(_ kind: PermissionKind, at range: SourceRange, flow sig: FlowSignature) {
        var fixIts: [FixIt] = []
        let message = "add '\(kind.rawValue)' to 'uses'"
        if let uses = sig.usesRange {
            let end = SourceRange(file: uses.file, start: uses.end, end: uses.end)
            fixIts.append(
                FixIt(
                    range: end, replacement: ", \(kind.rawValue)", message: message, applicability: .machineApplicable))
        } else if let first = sig.decl.items.first {
            let start = firstRange(of: first)
            fixIts.append(
                FixIt(
                    range: SourceRange(file: start.file, start: start.start, end: start.start),
                    replacement: "uses \(kind.rawValue)\n  ", message: message, applicability: .machineApplicable))
        }
        report(
            .error(
                ModelDiagnosticID.permissionNotInUses,
                "flow '\(sig.name)' does not list '\(kind.rawValue)' in 'uses'", at: range,
                fixIts: fixIts))
    }

    private func firstRange(of item: FlowItem) -> SourceRange {
        switch item {
        case .title(let title): title.range
        case .uses(let uses): uses.range
        case .outcomes(let outcomes): outcomes.range
        case .start(let start): start.range
        case .let(let decl): decl.range
        case .state(let state): state.range
        case .experiment(let experiment): experiment.range
        }
    }

    /// `statusArm` of every arm in order (so every error is reported), nil when one failed.
    /// Collected at their count: a map to optionals then `compactMap` built two arrays, the
    /// second grown from empty.
    mutating func statusArms(
        _ arms: [ArmSyntax], subjects: [PermissionRef?], names: [Identifier],
        in context: FlowContext
    ) -> [StatusArm]? {
        var resolved: [StatusArm] = []
        resolved.reserveCapacity(arms.count)
        var failed = false
        for arm in arms {
            if let next = statusArm(arm, subjects: subjects, names: names, in: context) {
                if !failed { resolved.append(next) }
            } else {
                failed = true
            }
        }
        return failed ? nil : resolved
    }

    /// One arm of a `status` or `request`: every pattern has one element per subject.
    mutating func statusArm(
        _ arm: ArmSyntax, subjects: [PermissionRef?], names: [Identifier],
        in context: FlowContext
    ) -> StatusArm? {
        // One subject and at most eight patterns, almost every arm: the list is found by a key
        // of a byte a pattern (`StatusMatch.sharedCode`), built only the first time and shared
        // by every equal list in the program (`PatternLists`).
        let keyed = subjects.count == 1 && (1...8).contains(arm.patterns.count)
        var key: UInt64 = 0
        var patterns: [[StatusMatch]] = []
        if !keyed { patterns.reserveCapacity(arm.patterns.count) }
        var failed = false
        for pattern in arm.patterns {
            // A bare name is a pattern of one element, read as it is rather than wrapped in an
            // array (one allocation per pattern).
            let single: PatternElementSyntax?
            let elements: [PatternElementSyntax]
            switch pattern {
            case .name(let id):
                single = .name(id)
                elements = []
            case .tuple(let tuple):
                single = nil
                elements = tuple.elements
            }
            let elementCount = single == nil ? elements.count : 1
            guard elementCount == subjects.count else {
                let what = subjects.count == 1 ? "one permission" : "\(subjects.count) permissions"
                let count = elementCount == 1 ? "1 element" : "\(elementCount) elements"
                error(
                    ModelDiagnosticID.patternArity, "pattern has \(count), but the check reads \(what)",
                    at: pattern.range)
                failed = true
                continue
            }
            if elementCount == 1 {
                // One subject, the usual check: the pattern is one of a few shared one-element
                // arrays (`StatusMatch.shared`) instead of an allocation of its own per pattern.
                guard let subject = subjects[0] else {
                    failed = true
                    continue
                }
                let match: StatusMatch
                switch single ?? elements[0] {
                case .wildcard: match = .any
                case .name(let id):
                    guard let found = statusMatch(id, for: subject, parameterName: names[0].name) else {
                        failed = true
                        continue
                    }
                    match = found
                }
                if keyed {
                    key = key << 8 | UInt64(match.sharedCode)
                } else {
                    patterns.append(StatusMatch.shared(match))
                }
                continue
            }
            patterns.append(tupleMatches(elements, subjects: subjects, names: names, failed: &failed))
        }
        let next = transition(arm.transition, in: context)
        guard !failed, let next else { return nil }
        return StatusArm(
            patterns: keyed ? patternLists.list(for: key, count: arm.patterns.count) : patterns,
            transition: next, range: arm.range)
    }

    /// The matches of a pattern of several elements, one per subject (`failed` set when one is
    /// not a status of its subject).
    private mutating func tupleMatches(
        _ elements: [PatternElementSyntax], subjects: [PermissionRef?], names: [Identifier], failed: inout Bool
    ) -> [StatusMatch] {
        var matches: [StatusMatch] = []
        matches.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() {
            guard let subject = subjects[position] else {
                failed = true
                continue
            }
            switch element {
            case .wildcard: matches.append(.any)
            case .name(let id):
                if let match = statusMatch(id, for: subject, parameterName: names[position].name) {
                    matches.append(match)
                } else {
                    failed = true
                }
            }
        }
        return matches
    }

    private mutating func statusMatch(_ id: Identifier, for subject: PermissionRef, parameterName: String)
        -> StatusMatch?
    {
        switch subject {
        case .kind(let kind):
            if let status = Status(rawValue: id.name), kind.statuses.contains(status) { return .status(status) }
            let names = kind.statuses.map(\.rawValue)
            let list = names.joined(separator: ", ")
            if let status = Status(rawValue: id.name) {
                // Another kind's status name: suggest this kind's status of the same class.
                let sameClass = kind.statuses.first { $0.statusClass == status.statusClass }?.rawValue
                error(
                    ModelDiagnosticID.unknownStatus,
                    "'\(id.name)' is not a status of \(kind.rawValue) (its statuses: \(list))", at: id.range,
                    suggestion: sameClass ?? Suggestion.closest(to: id.name, in: names))
            } else {
                error(
                    ModelDiagnosticID.unknownStatus,
                    "unknown status '\(id.name)' for \(kind.rawValue) (its statuses: \(list))", at: id.range,
                    suggestion: Suggestion.closest(to: id.name, in: names))
            }
            return nil
        case .parameter:
            if let statusClass = StatusClass(rawValue: id.name) { return .statusClass(statusClass) }
            let classes = StatusClass.allCases.map(\.rawValue)
            let list = classes.joined(separator: ", ")
            if let status = Status(rawValue: id.name) {
                error(
                    ModelDiagnosticID.unknownStatusClass,
                    "'\(id.name)' is a status of a concrete kind; a check on permission parameter '\(parameterName)' uses status classes (\(list))",
                    at: id.range, suggestion: status.statusClass.rawValue)
            } else {
                error(
                    ModelDiagnosticID.unknownStatusClass, "unknown status class '\(id.name)' (status classes: \(list))",
                    at: id.range, suggestion: Suggestion.closest(to: id.name, in: classes))
            }
            return nil
        }
    }

    /// Options of a request, validated against the kind's catalog entry.
    mutating func requestOptions(
        _ options: [RequestOptionSyntax], for ref: PermissionRef?,
        subject: Identifier
    ) -> [RequestOption] {
        guard let ref else { return [] }
        guard case .kind(let kind) = ref else {
            if let first = options.first {
                error(
                    ModelDiagnosticID.unknownOption,
                    "a request on permission parameter '\(subject.name)' takes no options", at: first.range)
            }
            return []
        }
        var result: [RequestOption] = []
        var seen: [String: SourceRange] = [:]
        var exclusive: (option: RequestOption, range: SourceRange)?
        var purposeSeen = false
        let accepted = kind.requestOptions.map(\.name) + (kind.requiresPurposeKey ? ["purpose"] : [])
        for option in options {
            let name = option.name.name
            if let earlier = seen[name] {
                error(
                    ModelDiagnosticID.unknownOption, "duplicate option '\(name)'", at: option.name.range,
                    notes: [DiagnosticNote("first given here", at: earlier)])
                continue
            }
            seen[name] = option.name.range
            if name == "purpose" {
                guard kind.requiresPurposeKey else {
                    error(
                        ModelDiagnosticID.misplacedOptionValue,
                        "'purpose' is only accepted by locationAccuracy requests", at: option.range)
                    continue
                }
                purposeSeen = true
                guard let value = option.value else {
                    error(
                        ModelDiagnosticID.missingPurpose,
                        "'purpose' needs a key of NSLocationTemporaryUsageDescriptionDictionary: purpose: \"Key\"",
                        at: option.range)
                    continue
                }
                result.append(.purpose(value.text))
                continue
            }
            guard let flag = RequestOption(flag: name), kind.requestOptions.contains(flag) else {
                reportUnknownOption(option.name, of: kind, accepted: accepted)
                continue
            }
            if let value = option.value {
                error(ModelDiagnosticID.misplacedOptionValue, "option '\(name)' takes no value", at: value.range)
            }
            if kind.exclusiveOptions.contains(flag) {
                if let first = exclusive {
                    error(
                        ModelDiagnosticID.exclusiveOptions,
                        "option '\(name)' cannot be combined with '\(first.option.name)'", at: option.name.range,
                        notes: [DiagnosticNote("'\(first.option.name)' is given here", at: first.range)])
                    continue
                }
                exclusive = (flag, option.name.range)
            }
            result.append(flag)
        }
        if kind.requiresPurposeKey, !purposeSeen {
            error(
                ModelDiagnosticID.missingPurpose,
                "a locationAccuracy request needs 'purpose: \"Key\"' (a key of NSLocationTemporaryUsageDescriptionDictionary)",
                at: subject.range)
        }
        return result
    }

    private mutating func reportUnknownOption(_ name: Identifier, of kind: PermissionKind, accepted: [String]) {
        if accepted.isEmpty {
            error(
                ModelDiagnosticID.unknownOption, "\(kind.rawValue) requests take no options",
                at: name.range)
        } else {
            error(
                ModelDiagnosticID.unknownOption,
                "unknown option '\(name.name)' for \(kind.rawValue) requests (its options: \(accepted.joined(separator: ", ")))",
                at: name.range, suggestion: Suggestion.closest(to: name.name, in: accepted))
        }
    }

    // MARK: Capability

    private mutating func capability(
        _ name: Identifier, arms: [ArmSyntax], range: SourceRange,
        rightBrace: SourceRange?, in context: FlowContext
    ) -> Terminator? {
        guard let capability = Capability(rawValue: name.name) else {
            error(
                ModelDiagnosticID.unknownCapability, "unknown capability '\(name.name)'", at: name.range,
                suggestion: Suggestion.closest(to: name.name, in: Capability.allCases.map(\.rawValue)))
            return nil
        }
        let (yes, no) = capability.armNames
        let (patterned, otherwise) = splitElse(arms)
        var present: FlowTransition?
        var absent: FlowTransition?
        var presentArm: SourceRange?
        var absentArm: SourceRange?
        var failed = false
        var armsUnderstood = true
        for arm in patterned {
            let next = transition(arm.transition, in: context)
            if next == nil { failed = true }
            for pattern in arm.patterns {
                guard case .name(let id) = pattern else {
                    error(
                        ModelDiagnosticID.patternShape,
                        "a capability arm is '\(yes)' or '\(no)', not a tuple", at: pattern.range)
                    failed = true
                    armsUnderstood = false
                    continue
                }
                if id.name == yes || id.name == no {
                    let earlier = id.name == yes ? presentArm : absentArm
                    if let earlier {
                        error(
                            ModelDiagnosticID.unknownCapabilityArm, "duplicate arm '\(id.name)'", at: id.range,
                            notes: [DiagnosticNote("first handled here", at: earlier)])
                        failed = true
                    } else if id.name == yes {
                        presentArm = id.range
                        present = next
                    } else {
                        absentArm = id.range
                        absent = next
                    }
                } else {
                    reportUnknownArm(id, of: capability)
                    failed = true
                    armsUnderstood = false
                }
            }
        }
        if let otherwise {
            let next = transition(otherwise.transition, in: context)
            if next == nil { failed = true }
            if presentArm == nil { present = next }
            if absentArm == nil { absent = next }
        } else if armsUnderstood {
            // Only when every arm was understood: a misspelled arm is reported once, as misspelled.
            for (arm, covered) in [(yes, presentArm), (no, absentArm)] where covered == nil {
                report(
                    .error(
                        ModelDiagnosticID.missingCapabilityArm,
                        "capability check '\(capability.rawValue)' does not handle '\(arm)'", at: name.range,
                        notes: [DiagnosticNote("add '\(arm) -> state' or an 'else' arm")],
                        fixIts: arm == no ? missingAbsentFix(arm, arms: arms, rightBrace: rightBrace, in: context) : [])
                )
                failed = true
            }
        }
        guard !failed, let present, let absent else { return nil }
        return .capability(
            CapabilityCheck(
                capability: capability, present: present, absent: absent,
                capabilityRange: name.range, range: range))
    }

    private mutating func reportUnknownArm(_ id: Identifier, of capability: Capability) {
        let (yes, no) = capability.armNames
        // `present` on location services means `on` (and the reverse for other capabilities).
        let counterpart = ["present": "on", "absent": "off", "on": "present", "off": "absent"][id.name]
        let suggestion =
            counterpart.flatMap { [yes, no].contains($0) ? $0 : nil }
            ?? Suggestion.closest(to: id.name, in: [yes, no])
        error(
            ModelDiagnosticID.unknownCapabilityArm,
            "unknown arm '\(id.name)' for capability \(capability.rawValue) (use '\(yes)' or '\(no)')",
            at: id.range, suggestion: suggestion)
    }

    /// The certain cure for a missing `absent` (`off`) arm: without the hardware (or with the
    /// switch off) the permission cannot be had, so the flow ends `unavailable`, when the flow
    /// may end so. Inserted before the block's `}` (on a line of its own when the `}` has one);
    /// `flowlint --fix` formats the file after.
    private func missingAbsentFix(
        _ arm: String, arms: [ArmSyntax], rightBrace: SourceRange?,
        in context: FlowContext
    ) -> [FixIt] {
        guard let rightBrace, signatures[context.flow].outcomeIndex["unavailable"] != nil else { return [] }
        let ownLine = arms.last.map { rightBrace.start.line > $0.range.end.line } ?? false
        return [
            FixIt(
                range: SourceRange(file: rightBrace.file, start: rightBrace.start, end: rightBrace.start),
                replacement: "\(arm) -> done unavailable" + (ownLine ? "\n" : " "),
                message: "end the flow as unavailable when the capability is '\(arm)'",
                applicability: .machineApplicable)
        ]
    }
}
