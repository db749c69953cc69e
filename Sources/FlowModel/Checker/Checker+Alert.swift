import FlowSyntax

extension Checker {
    mutating func alert(_ syntax: AlertSyntax, in context: FlowContext) -> Alert? {
        let scope = context.scope
        let title = syntax.title.map { text($0, in: scope) }
        let message = syntax.message.map { text($0, in: scope) }
        if syntax.buttons.isEmpty {
            error(
                ModelDiagnosticID.alertWithoutButtons, "alert has no button; add 'button \"OK\" -> state'",
                at: syntax.range)
        }
        if syntax.title == nil, syntax.message == nil {
            warning(ModelDiagnosticID.alertWithoutText, "alert has neither a title nor a message", at: syntax.range)
        }
        var buttons: [Button] = []
        buttons.reserveCapacity(syntax.buttons.count)
        var firstCancel: SourceRange?
        var failed = false
        for button in syntax.buttons {
            if button.role == .cancel {
                if let firstCancel {
                    error(
                        ModelDiagnosticID.multipleCancelButtons, "alert has more than one 'cancel' button",
                        at: button.range,
                        notes: [
                            DiagnosticNote("UIAlertController raises an exception for a second cancel action"),
                            DiagnosticNote("the first 'cancel' button is here", at: firstCancel),
                        ])
                    failed = true
                } else {
                    firstCancel = button.range
                }
            }
            let label = button.label.map { text($0, in: scope) }
            let next = transition(button.transition, in: context)
            inButtonTrack = true
            let event = button.track.map { track($0, in: scope) }
            inButtonTrack = false
            guard let label, let next else {
                if button.label == nil { incomplete = true }
                failed = true
                continue
            }
            let role: Button.Role =
                switch button.role {
                case .default: .default
                case .cancel: .cancel
                case .destructive: .destructive
                }
            buttons.append(Button(role: role, label: label, transition: next, track: event, range: button.range))
        }
        guard !failed, !buttons.isEmpty else { return nil }
        return Alert(title: title, message: message, buttons: buttons, range: syntax.range)
    }
}
