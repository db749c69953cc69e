import FlowSyntax

extension Checker {
    mutating func alert(_ syntax: AlertSyntax, in context: FlowContext) -> FlowAlert? {
        let scope = context.scope
        let title = syntax.title.map { text($0, in: scope) }
        let message = syntax.message.map { text($0, in: scope) }
        let noun = syntax.noun
        if syntax.buttons.isEmpty {
            error(
                ModelDiagnosticID.alertWithoutButtons, "\(noun) has no button; add 'button \"OK\" -> state'",
                at: syntax.range)
        }
        if syntax.title == nil, syntax.message == nil {
            warning(ModelDiagnosticID.alertWithoutText, "\(noun) has neither a title nor a message", at: syntax.range)
        }
        // nil for an alert, `.some(nil)` for a screen whose parts failed (reported).
        let screen: Screen?? = syntax.screen.map { self.screen($0, in: scope) }
        var buttons: [FlowButton] = []
        buttons.reserveCapacity(syntax.buttons.count)
        var firstCancel: SourceRange?
        var failed = false
        for button in syntax.buttons {
            if button.role == .cancel {
                if let firstCancel {
                    error(
                        ModelDiagnosticID.multipleCancelButtons, "\(noun) has more than one 'cancel' button",
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
            let role: FlowButton.Role =
                switch button.role {
                case .default: .default
                case .cancel: .cancel
                case .destructive: .destructive
                }
            buttons.append(FlowButton(role: role, label: label, transition: next, track: event, range: button.range))
        }
        if case .some(nil) = screen { failed = true }
        guard !failed, !buttons.isEmpty else { return nil }
        return FlowAlert(title: title, message: message, buttons: buttons, screen: screen ?? nil, range: syntax.range)
    }

    /// The checked parts of a `screen`, nil when the layout or the image is unknown or missing
    /// (reported).
    private mutating func screen(_ syntax: ScreenPartsSyntax, in scope: Scope) -> Screen? {
        var failed = false
        let layout = Screen.Layout(rawValue: syntax.layout.name)
        if layout == nil, !syntax.layout.name.isEmpty {
            error(
                ModelDiagnosticID.unknownScreenPart,
                "unknown screen layout '\(syntax.layout.name)' (use 'sheet' or 'fullScreen')", at: syntax.layout.range,
                suggestion: Suggestion.closest(to: syntax.layout.name, in: Screen.Layout.allCases.map(\.rawValue)))
        }
        if layout == nil { failed = true }
        var image: Screen.Image?
        if let written = syntax.image, let name = written.name {
            let text = name.text
            switch written.source.name {
            case "symbol": image = .symbol(text)
            case "asset": image = .asset(text)
            default:
                error(
                    ModelDiagnosticID.unknownScreenPart,
                    "unknown image source '\(written.source.name)' (use 'symbol' for an SF Symbol or 'asset' for the asset catalog)",
                    at: written.source.range,
                    suggestion: Suggestion.closest(to: written.source.name, in: ["symbol", "asset"]))
                failed = true
            }
            if text.isEmpty {
                error(ModelDiagnosticID.unknownScreenPart, "image name is empty", at: name.range)
                failed = true
            }
        } else if syntax.image != nil {
            failed = true
        }
        if syntax.bullets.count > ScreenLimits.maxBullets {
            warning(
                ModelDiagnosticID.screenCopyLimit,
                "screen has \(syntax.bullets.count) bullets; keep it to at most \(ScreenLimits.maxBullets) short points",
                at: syntax.bullets[ScreenLimits.maxBullets].range)
        }
        var bullets: [FlowText] = []
        for bullet in syntax.bullets {
            guard let written = bullet.text else {
                failed = true
                continue
            }
            if case .literal(let literal) = written, literal.text.count > ScreenLimits.maxBulletCharacters {
                warning(
                    ModelDiagnosticID.screenCopyLimit,
                    "bullet is \(literal.text.count) characters; keep it under \(ScreenLimits.maxBulletCharacters + 1) so it fits on two lines",
                    at: literal.range)
            }
            bullets.append(text(written, in: scope))
        }
        guard !failed, let layout else { return nil }
        return Screen(layout: layout, image: image, bullets: bullets)
    }
}

/// How much a priming screen may hold before the checker warns (FL0148). A screen is read at a
/// glance before a decision: three or four short points are what fits above the buttons on the
/// smallest iPhone without scrolling (a design rule of this project, not an Apple limit).
public enum ScreenLimits {
    public static let maxBullets = 5
    public static let maxBulletCharacters = 80
}
