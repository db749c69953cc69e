import FlowLint
import FlowModel
import FlowRuntime
import FlowSyntax

/// What a storyboard page shows: the flow's graph with coverage and findings, and every path as
/// the screens a user sees, once per declared locale. Built by `StoryboardBuilder`, written as
/// HTML by `StoryboardHTML`; everything in it is in a fixed order so the page is deterministic.
public struct Storyboard {
    /// One declared locale (or the inline copy when the program declares none).
    struct Locale {
        var tag: String
        /// The locale it falls back to, for the switcher's caption.
        var fallback: String?
    }

    /// A lint finding placed on the graph.
    struct GraphFinding {
        var id: String
        var severity: Severity
        var message: String
        /// `file:line:col`.
        var location: String
        /// Graph node IDs of the states the witness passes, in order, the finding's state last.
        var nodes: [String]
        /// `from>to` graph link IDs along the witness.
        var links: [String]
    }

    /// A problem with the copy on one screen, drawn as a flag.
    struct Flag: Hashable {
        enum Kind: String {
            case missingTranslation = "missing-translation"
            case placeholder, steering, long, finding, warning
        }
        var kind: Kind
        var message: String
        /// What it is about: `title`, `message`, `button-N` (index into the alert's buttons) or nil for the screen.
        var target: String?
    }

    struct AlertScreen {
        /// The state that shows it (`flow.state` in a subflow).
        var state: String
        var title: String?
        var message: String?
        var buttons: [AlertButton]
        var tapped: Int
        var layout: AlertMetrics.Layout
        var flags: [Flag]
        /// Fields shown from a fallback locale: `title`, `message`, `bullet-N`, `button-N`.
        var fallbacks: Set<String>
        /// The layout, image and bullets of a priming screen (drawn as iOS draws a sheet or a
        /// full-screen cover); nil for an alert.
        var screen: ScreenPresentation? = nil
    }

    struct PromptScreen {
        var state: String
        var kind: PermissionKind
        var title: String
        /// The Info.plist usage description, or nil when no `--info-plist` was given (or it lacks it).
        var usageDescription: String?
        var usageKey: String?
        var answers: [PromptAnswer]
        var chosen: Int
        var layout: AlertMetrics.Layout
        /// A usage description shown untranslated.
        var flags: [Flag]
        /// Which screen of a prompt with several (contacts on iOS 18) this is, from 1.
        var screen = 1
        /// Whether the chosen button opens the prompt's next screen rather than deciding.
        var leadsOn = false
    }

    struct SettingsScreen {
        struct Row {
            var kind: PermissionKind
            var before: Status
            var after: Status
        }
        var state: String
        var page: SettingsPage
        var appName: String
        var rows: [Row]
        var terminated: Bool
    }

    /// How a path ends.
    enum End {
        case outcome(String)
        case error(id: String, message: String)
        case cycle(at: String)
        /// A scripted run that stopped for input it did not have.
        case stopped(String)

        init(_ ending: ExploredPath.Ending) {
            switch ending {
            case .outcome(let o): self = .outcome(o)
            case .error(let e): self = .error(id: e.id.rawValue, message: e.message)
            case .cycle(let s): self = .cycle(at: s)
            }
        }
    }

    enum Item {
        case alert(AlertScreen)
        case prompt(PromptScreen)
        case settings(SettingsScreen)
        /// Events fired between screens.
        case events([AnalyticsEvent])
        /// Something the user does not see but a reviewer should know (a request that showed nothing).
        case note(String)
        case end(End)

        var isScreen: Bool {
            switch self {
            case .alert, .prompt, .settings: true
            default: false
            }
        }
    }

    struct Path {
        /// `granted-2`: the group and the path's number in it (as `--emit-scenarios` names it).
        var id: String
        var number: Int
        var states: [String]
        var conditions: [String]
        var decisions: [String]
        var mergedAt: String?
        /// The graph node IDs the path visits and `from>to` links it takes.
        var nodes: [String]
        var links: [String]
        /// `items[locale]`: what the path shows in that locale.
        var items: [[Item]]
    }

    /// The variant of one experiment a path saw.
    struct VariantChoice: Hashable {
        var experiment: String
        var variant: String
        /// Its share of users in percent (nil when the flow does not declare it).
        var weight: Int?

        /// `prime_copy=plain`: as `--variant` and the scenarios write it.
        var assignment: String { "\(experiment)=\(variant)" }
        /// `prime_copy=plain (50%)`.
        var label: String { assignment + (weight.map { " (\($0)%)" } ?? "") }
    }

    struct Group {
        /// The heading: the ending, then the variants (`granted · prime_copy=plain (50%)`).
        var ending: String
        var paths: [Path]
        /// The variants every path of the group saw, one per experiment; empty without experiments.
        var variants: [VariantChoice] = []

        /// The ending alone (`granted`), without the variants.
        var outcome: String { ending.components(separatedBy: " · ").first ?? ending }
    }

    var title: String
    var file: String
    var flow: String
    /// "explore" or "run".
    var mode: String
    var locales: [Locale]
    /// The locale shown first.
    var selectedLocale: Int
    var groups: [Group]
    var graphs: [GraphLayout.Drawing]
    var findings: [GraphFinding]
    var coverageLine: String
    var notes: [String]
    /// The version of the tool that wrote the page.
    var toolVersion: String
}
