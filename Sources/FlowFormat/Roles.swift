import FlowSyntax

/// What the layout needs to know about each token that the token stream alone does not say: where
/// an item of a block starts (a declaration, a flow item, a statement, an arm, an alert item, a
/// strings entry, a property), and which tokens line up in columns.
///
/// It is read off the typed tree construct by construct, with exhaustive switches (no `default`),
/// so a new kind of declaration, flow item or terminator does not compile until it is given a
/// layout here; a new part of an existing construct that this walk misses is caught by the check
/// every result goes through (`Verification`: the output parses to the same tree, tokens and
/// comments), so it fails the formatter's tests instead of being laid out by guesswork.
struct Roles {
    /// Alignment columns (Grammar.md, "Canonical layout").
    enum AnchorKind: Hashable {
        /// The `->` of an arm, in a `capability`, `status`, `request` or `call` block.
        case armArrow
        /// The `=` of a strings entry.
        case entryEquals
        /// The text after `title`, `message`, `bullet`, `button`, `cancel` or `destructive` in an
        /// alert or a screen.
        case alertText
    }

    struct Anchor: Hashable {
        var kind: AnchorKind
        /// The block the column belongs to (the offset of its opening token): columns never
        /// cross blocks.
        var block: Int
        /// The first token of the item: the anchor lines up only when that item starts its line.
        var itemStart: Int
    }

    let tokens: [Token]
    var itemStart: [Bool]
    /// The start of a clause that belongs to the item before it (a button's `track`): two spaces
    /// before it on the item's line, like an item, but a continuation on a line of its own.
    var clauseStart: [Bool]
    var spaceBeforeParen: [Bool]
    /// The column a token lines up in, by token index.
    var anchors: [Anchor?]

    init(file: FileSyntax) throws(FormatError) {
        tokens = file.tokens
        itemStart = Array(repeating: false, count: tokens.count)
        spaceBeforeParen = Array(repeating: false, count: tokens.count)
        clauseStart = Array(repeating: false, count: tokens.count)
        anchors = Array(repeating: nil, count: tokens.count)
        for declaration in file.declarations { try declare(declaration) }
    }

    /// The index of the token that starts at `offset` (the first token of a node).
    func index(at offset: Int) throws(FormatError) -> Int {
        var low = 0
        var high = tokens.count
        while low < high {
            let mid = (low + high) / 2
            if tokens[mid].range.start.offset < offset { low = mid + 1 } else { high = mid }
        }
        guard low < tokens.count, tokens[low].range.start.offset == offset else {
            throw .internalError(message: "no token starts at byte \(offset)", at: nil)
        }
        return low
    }

    @discardableResult
    mutating func item(_ range: SourceRange) throws(FormatError) -> Int {
        let i = try index(at: range.start.offset)
        itemStart[i] = true
        return i
    }

    mutating func declare(_ declaration: Declaration) throws(FormatError) {
        switch declaration {
        case .import(let d): try item(d.range)
        case .app(let d): try item(d.range)
        case .let(let d): try item(d.range)
        case .strings(let d):
            try item(d.range)
            for entry in d.entries {
                let start = try item(entry.range)
                // The `=` is the first token after the key.
                var equals = try index(at: entry.key.range.start.offset)
                while equals < tokens.count, tokens[equals].range.start.offset < entry.key.range.end.offset {
                    equals += 1
                }
                if equals < tokens.count, tokens[equals].kind == .equals {
                    anchors[equals] = Anchor(kind: .entryEquals, block: d.range.start.offset, itemStart: start)
                }
            }
        case .flow(let d):
            try item(d.range)
            for flowItem in d.items { try flow(flowItem) }
        }
    }

    mutating func flow(_ flowItem: FlowItem) throws(FormatError) {
        switch flowItem {
        case .title(let t): try item(t.range)
        case .uses(let u): try item(u.range)
        case .outcomes(let o): try item(o.range)
        case .start(let s): try item(s.range)
        case .let(let d):
            try item(d.range)
        case .state(let s):
            try item(s.range)
            for limit in s.limits { try item(limit.range) }
            for effect in s.effects { try track(effect, asItem: true) }
            if let terminator = s.terminator { try self.terminator(terminator) }
        case .experiment(let e):
            // As a track's properties: each `variant: weight` is an item of its own.
            try item(e.range)
            for variant in e.variants { try item(variant.range) }
        }
    }

    mutating func track(_ track: TrackSyntax, asItem: Bool) throws(FormatError) {
        if asItem { try item(track.range) }
        for property in track.properties { try item(property.range) }
    }

    mutating func terminator(_ terminator: TerminatorSyntax) throws(FormatError) {
        try item(terminator.range)
        switch terminator {
        case .goto, .openSettings, .request, .call, .capability, .variant: break
        case .status(let s):
            if let paren = s.leftParen { spaceBeforeParen[try index(at: paren.start.offset)] = true }
        case .alert(let a):
            let block = a.leftBrace?.start.offset ?? a.range.start.offset
            for text in [a.title, a.message].compactMap({ $0 }) {
                let textStart = try index(at: text.range.start.offset)
                let keyword = textStart - 1
                guard keyword >= 0, tokens[keyword].keyword == .title || tokens[keyword].keyword == .message else {
                    throw .internalError(message: "an alert text without its keyword", at: text.range)
                }
                itemStart[keyword] = true
                anchors[textStart] = Anchor(kind: .alertText, block: block, itemStart: keyword)
            }
            if let image = a.screen?.image {
                // `symbol` or `asset` lines up with the text after `title` and `message`.
                let start = try item(image.range)
                if !image.source.name.isEmpty {
                    anchors[try index(at: image.source.range.start.offset)] = Anchor(
                        kind: .alertText, block: block, itemStart: start)
                }
            }
            for bullet in a.screen?.bullets ?? [] {
                let start = try item(bullet.range)
                if let text = bullet.text {
                    anchors[try index(at: text.range.start.offset)] = Anchor(
                        kind: .alertText, block: block, itemStart: start)
                }
            }
            for button in a.buttons {
                let start = try item(button.range)
                if let label = button.label {
                    anchors[try index(at: label.range.start.offset)] = Anchor(
                        kind: .alertText, block: block, itemStart: start)
                }
                // A button's `track` belongs to the button: on its own line it is a continuation.
                if let t = button.track {
                    clauseStart[try index(at: t.range.start.offset)] = true
                    try track(t, asItem: false)
                }
            }
        }
        let block: (start: Int, arms: [ArmSyntax])? =
            switch terminator {
            case .capability(let c): (c.block.leftBrace?.start.offset ?? c.range.start.offset, c.arms)
            case .status(let s): (s.block.leftBrace?.start.offset ?? s.range.start.offset, s.arms)
            case .request(let r): (r.block.leftBrace?.start.offset ?? r.range.start.offset, r.arms)
            case .call(let c): (c.block.leftBrace?.start.offset ?? c.range.start.offset, c.arms)
            case .variant(let v): (v.block.leftBrace?.start.offset ?? v.range.start.offset, v.arms)
            case .goto, .alert, .openSettings: nil
            }
        guard let block else { return }
        for arm in block.arms {
            let start = try item(arm.range)
            if let arrow = arm.transition.arrow {
                anchors[try index(at: arrow.start.offset)] = Anchor(
                    kind: .armArrow, block: block.start, itemStart: start)
            }
        }
    }
}
