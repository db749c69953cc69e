// `alert` and its items and buttons.

extension Parser {
    /// `alert = "alert" "{" { alert_item } "}" ;`
    mutating func parseAlert() -> AlertSyntax {
        let keyword = current.range
        let start = keyword.start
        advance()
        var title: TextSyntax?
        var message: TextSyntax?
        let open = expect(.leftBrace)
        guard enterGroup(open) else {
            return AlertSyntax(
                keyword: keyword, leftBrace: open?.range, title: nil, message: nil, buttons: [],
                range: range(from: start))
        }
        let outside = Self.outsideAlert
        let base = buttonScratch.count
        while !at(.rightBrace) && !at(.eof) && !atAny(outside) && !at(.arrow) {
            let before = current.range.start.offset
            if atAny(Self.alertItemKeywords) {
                parseAlertItem(title: &title, message: &message)
            } else {
                report(
                    .expectedAlertItem,
                    "expected 'title', 'message', 'button', 'cancel' or 'destructive' in alert, found \(describe(current))",
                    at: current.range, fixIts: keywordFixIt(current, Self.alertItemOrder))
                synchronize { $0.atAny(Self.alertItemKeywords) || $0.atAny(outside) }
            }
            ensureProgress(since: before)
        }
        leaveGroup(open)
        let buttons = Self.take(&buttonScratch, from: base)
        let close = expectClose(.rightBrace, of: "the alert", opener: open)
        return AlertSyntax(
            keyword: keyword, leftBrace: open?.range, title: title, message: message, buttons: buttons,
            rightBrace: close, range: range(from: start))
    }

    /// `alert_item = "title" text | "message" text | button ;` (a later title or message replaces an
    /// earlier one; a button goes to `buttonScratch`).
    mutating func parseAlertItem(title: inout TextSyntax?, message: inout TextSyntax?) {
        recovering = false
        switch current.keyword {
        case .title?:
            advance()
            title = parseText("the alert title") ?? title
        case .message?:
            advance()
            message = parseText("the alert message") ?? message
        default:
            let button = parseButton()
            buttonScratch.append(button)
        }
    }

    /// `button = ( "button" | "cancel" | "destructive" ) text "->" target [ track ] ;`
    mutating func parseButton() -> ButtonSyntax {
        let keyword = current.range
        let start = keyword.start
        let role: ButtonSyntax.Role =
            switch current.keyword {
            case .cancel?: .cancel
            case .destructive?: .destructive
            default: .default
            }
        advance()
        let label = parseText("a button label")
        let transition = parseArmTransition()
        let track = at(.track) ? parseTrack() : nil
        return ButtonSyntax(
            role: role, keyword: keyword, label: label, transition: transition, track: track,
            range: range(from: start))
    }
}
