import FlowModel
import FlowSyntax

/// Completion and hover for priming screens (`screen sheet { image symbol "..." bullet "..." }`).
/// `screen`, its layouts, `image`, `symbol`, `asset` and `bullet` are contextual keywords, so the
/// generic keyword paths do not know them: they are read off the tree here.
enum ScreenFeatures {
    /// What iOS does with each layout, for hover and completion details.
    static func layoutMeaning(_ layout: Screen.Layout) -> String {
        switch layout {
        case .sheet:
            "a sheet over the app (SwiftUI `.sheet`, UIKit `.pageSheet`); the user could swipe it down, so the presenters turn that off unless the screen has a `cancel` button, which the swipe then taps"
        case .fullScreen:
            "a cover over the whole screen (SwiftUI `.fullScreenCover`, UIKit `.fullScreen`); only its buttons close it"
        }
    }

    /// The state whose terminator is the screen or alert around `offset`, if any.
    static func alert(around offset: Int, in tree: FileSyntax) -> AlertSyntax? {
        for case .flow(let flow) in tree.declarations
        where flow.range.start.offset <= offset && offset <= flow.range.end.offset {
            for case .state(let state) in flow.items
            where state.range.start.offset <= offset && offset <= state.range.end.offset {
                if case .alert(let alert)? = state.terminator,
                    alert.range.start.offset <= offset && offset <= alert.range.end.offset
                {
                    return alert
                }
            }
        }
        return nil
    }

    /// Completion after `screen` (the layouts), after `image` (`symbol`, `asset`), where an item of
    /// a screen starts (its items), and where a state's statement starts (`screen` beside the
    /// other statements). Nil when none of these applies.
    static func completion(previous: [Token], bytes: [UInt8], offset: Int, tree: FileSyntax) -> [CompletionItem]? {
        guard let last = previous.last else { return nil }
        func word(_ token: Token) -> String {
            String(decoding: bytes[token.range.start.offset..<token.range.end.offset], as: UTF8.self)
        }
        let keyword = CompletionContext.keyword
        if last.kind == .identifier, word(last) == "screen" {
            return Screen.Layout.allCases.map {
                CompletionItem(label: $0.rawValue, kind: CompletionContext.enumMember, detail: layoutMeaning($0))
            }
        }
        if last.kind == .identifier, word(last) == "image", alert(around: offset, in: tree)?.screen != nil {
            return [
                CompletionItem(label: "symbol", kind: keyword, detail: "an SF Symbol by name, such as \"camera.fill\""),
                CompletionItem(label: "asset", kind: keyword, detail: "an image in the app's asset catalog"),
            ]
        }
        if let alert = alert(around: offset, in: tree), alert.screen != nil,
            let open = alert.leftBrace, open.end.offset <= offset,
            alert.rightBrace.map({ offset <= $0.start.offset }) ?? true,
            last.kind == .leftBrace || last.kind == .string || last.isName || last.kind == .rightBrace
        {
            return [
                ("title", "the screen's headline"), ("message", "what the permission is for"),
                ("image", "an SF Symbol or an asset at the top"), ("bullet", "a short point under the message"),
                ("button", "a button; the first is the prominent one"), ("cancel", "the way out (at most one)"),
                ("destructive", "a destructive button"),
            ].map { CompletionItem(label: $0.0, kind: keyword, detail: $0.1) }
        }
        // `state name {` (or `state name handoff outcome {`): the statement that starts the body.
        if last.kind == .leftBrace, previous.count >= 3,
            previous[previous.count - 3].keyword == .state
                || (previous.count >= 5 && previous[previous.count - 5].keyword == .state
                    && word(previous[previous.count - 3]) == "handoff")
        {
            return [
                ("screen", "a priming screen: sheet or fullScreen"), ("alert", "a UIAlertController"),
                ("request", "ask iOS for a permission"), ("status", "branch on a permission's status"),
                ("track", "send an analytics event"), ("call", "run another flow"),
                ("open", "open the app's Settings page"), ("capability", "branch on what the device has"),
                ("limit", "show the state at most N times, every N days; first in the state"),
            ].map { CompletionItem(label: $0.0, kind: keyword, detail: $0.1) }
        }
        return nil
    }

    /// Hover over a screen's `screen` word or layout name (what iOS shows), or its `image` item.
    static func hover(at offset: Int, in tree: FileSyntax) -> (text: String, range: (Int, Int))? {
        guard let alert = alert(around: offset, in: tree), let parts = alert.screen else { return nil }
        func contains(_ range: SourceRange?) -> Bool {
            guard let range else { return false }
            return range.start.offset <= offset && offset <= range.end.offset
        }
        if contains(alert.keyword) || contains(parts.layout.range), let keyword = alert.keyword {
            let layout = Screen.Layout(rawValue: parts.layout.name)
            let meaning = layout.map { "`\($0.rawValue)`: " + layoutMeaning($0) } ?? "layout `sheet` or `fullScreen`"
            return (
                "**priming screen**: shown by the app before a system request, with the alert's rules for buttons and copy. "
                    + meaning + ".",
                (keyword.start.offset, max(keyword.end.offset, parts.layout.range.end.offset))
            )
        }
        if let image = parts.image, contains(image.range) {
            let text =
                image.source.name == "asset"
                ? "**image asset**: an image set of this name in the app's asset catalog (`Image(_:)`, `UIImage(named:)`)."
                : "**image symbol**: an SF Symbol by its name in the SF Symbols app (`Image(systemName:)`, `UIImage(systemName:)`); an unknown name shows nothing."
            return (text, (image.range.start.offset, image.range.end.offset))
        }
        return nil
    }
}
