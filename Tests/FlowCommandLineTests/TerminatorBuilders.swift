import FlowModel
import FlowSyntax

/// Hand-built terminators for hand-built programs: the old argument shapes, building the model's
/// structs. Each part's range is the whole statement's (these programs have no source text).
extension Terminator {
    static func goto(_ t: FlowTransition) -> Terminator { .goto(Goto(transition: t)) }

    static func capability(_ c: Capability, present: FlowTransition, absent: FlowTransition, range: SourceRange)
        -> Terminator
    {
        .capability(
            CapabilityCheck(capability: c, present: present, absent: absent, capabilityRange: range, range: range))
    }

    static func status(subjects: [PermissionRef], arms: [StatusArm], otherwise: FlowTransition?, range: SourceRange)
        -> Terminator
    {
        .status(
            StatusCheck(
                subjects: subjects, subjectRanges: subjects.map { _ in range }, arms: arms, otherwise: otherwise,
                range: range))
    }

    static func request(
        subject: PermissionRef, options: [RequestOption], arms: [StatusArm], otherwise: FlowTransition?,
        range: SourceRange
    ) -> Terminator {
        .request(
            Request(
                subject: subject, subjectRange: range, options: options, arms: arms, otherwise: otherwise, range: range)
        )
    }

    static func openSettings(_ page: SettingsPage, onReturn: FlowTransition, range: SourceRange) -> Terminator {
        .openSettings(OpenSettings(page: page, pageRange: range, onReturn: onReturn, range: range))
    }

    static func call(
        _ callee: FlowID, arguments: [Argument], arms: [OutcomeArm], otherwise: FlowTransition?,
        range: SourceRange
    ) -> Terminator {
        .call(
            Call(
                callee: callee, calleeRange: range, arguments: arguments, arms: arms, otherwise: otherwise, range: range
            ))
    }
}
