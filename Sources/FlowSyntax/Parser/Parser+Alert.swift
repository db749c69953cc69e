// `alert` and `screen`, their items and buttons. `screen`, its layouts and the `image` and
// `bullet` items are contextual keywords: words only there, so no flow whose state, outcome or key
// is called `screen`, `image` or `bullet` changes meaning.

extension Parser {
    /// `alert = "alert" "{" { alert_item } "}" ;`
    /// `screen = "screen" NAME "{" { screen_item } "}" ;` (`screen` is contextual; NAME is the layout)
    mutating func parseAlert() -> AlertSyntax {
        let keyword = current.range
        let start = keyword.start
        let isScreen = !at(.alert)
        advance()
        let layout = isScreen ? parseName("a screen layout, 'sheet' or 'fullScreen'") : nil
        var title: TextSyntax?
        var message: TextSyntax?
        var image: ScreenImageSyntax?
        var bullets: [BulletSyntax] = []
        let what = isScreen ? "screen" : "alert"
        let open = expect(.leftBrace)
        let parts = { (image: ScreenImageSyntax?, bullets: [BulletSyntax]) in
            layout.map { ScreenPartsSyntax(layout: $0, image: image, bullets: bullets) }
        }
        guard enterGroup(open) else {
            return AlertSyntax(
                keyword: keyword, leftBrace: open?.range, title: nil, message: nil, buttons: [],
                screen: parts(nil, []), range: range(from: start))
        }
        let outside = Self.outsideAlert
        let base = buttonScratch.count
        while !at(.rightBrace) && !at(.eof) && !atAny(outside) && !at(.arrow) {
            let before = current.range.start.offset
            if atAny(Self.alertItemKeywords) {
                parseAlertItem(title: &title, message: &message, in: what)
            } else if isScreen, atContextual("image") {
                recovering = false
                image = parseScreenImage()
            } else if isScreen, atContextual("bullet") {
                recovering = false
                bullets.append(parseBullet())
            } else {
                let items =
                    isScreen
                    ? "'title', 'message', 'image', 'bullet', 'button', 'cancel' or 'destructive'"
                    : "'title', 'message', 'button', 'cancel' or 'destructive'"
                report(
                    .expectedAlertItem, "expected \(items) in \(what), found \(describe(current))",
                    at: current.range, fixIts: keywordFixIt(current, Self.alertItemOrder))
                synchronize {
                    $0.atAny(Self.alertItemKeywords) || $0.atAny(outside)
                        || (isScreen && ($0.atContextual("image") || $0.atContextual("bullet")))
                }
            }
            ensureProgress(since: before)
        }
        leaveGroup(open)
        let buttons = Self.take(&buttonScratch, from: base)
        let close = expectClose(.rightBrace, of: "the \(what)", opener: open)
        return AlertSyntax(
            keyword: keyword, leftBrace: open?.range, title: title, message: message, buttons: buttons,
            rightBrace: close, screen: parts(image, bullets), range: range(from: start))
    }

    /// `screen_item = alert_item | "image" ( "symbol" | "asset" ) STRING | "bullet" text ;` — the
    /// image part (`symbol` and `asset` are read as a name; the checker resolves it).
    mutating func parseScreenImage() -> ScreenImageSyntax {
        let keyword = current.range
        advance()
        let source = parseName("'symbol' or 'asset'")
        let name = source.name.isEmpty && !at(.string) ? nil : parseString("an image name")
        return ScreenImageSyntax(keyword: keyword, source: source, name: name, range: range(from: keyword.start))
    }

    /// The `"bullet" text` item of a screen.
    mutating func parseBullet() -> BulletSyntax {
        let keyword = current.range
        advance()
        let text = parseText("the bullet text")
        return BulletSyntax(keyword: keyword, text: text, range: range(from: keyword.start))
    }

    /// `alert_item = "title" text | "message" text | button ;` (a later title or message replaces an
    /// earlier one; a button goes to `buttonScratch`).
    mutating func parseAlertItem(title: inout TextSyntax?, message: inout TextSyntax?, in what: String) {
        recovering = false
        switch current.keyword {
        case .title?:
            advance()
            title = parseText("the \(what) title") ?? title
        case .message?:
            advance()
            message = parseText("the \(what) message") ?? message
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
