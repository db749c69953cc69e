import FlowModel

/// The system half of a device: what iOS itself answers and shows (status APIs, system prompts,
/// the Settings app), without any of the app's own UI. An app's real implementation sits over
/// Apple's frameworks; `SimulatedDevice` is the simulated one. A UI layer (a session that shows
/// the app's alerts, stores checkpoints and sends analytics) completes it into a `DeviceBackend`.
public protocol PermissionSystem: Sendable {
    /// The permission's current status, as its status API reports it.
    func status(of kind: PermissionKind) async throws -> Status

    /// Requests the permission. The backend decides whether iOS shows a prompt (see
    /// `PermissionKind.requestBehavior`); without one the current status comes back at once.
    func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> RequestResult

    /// Whether the device has the capability (or, for `locationServices`, whether it is on).
    func isAvailable(_ capability: Capability) async throws -> Bool

    /// Opens a Settings page and returns when the app is active again. If iOS terminated the app
    /// meanwhile (a privacy switch changed), a simulated backend reports `terminated: true`; a real
    /// app never returns from this call and resumes through `Interpreter.run` and `loadCheckpoint()`.
    func openSettings(_ page: SettingsPage) async throws -> SettingsReturn

    /// The app showed the user its own alert or screen (a `FlowSession`'s presenter): whatever
    /// system prompt came before has finished and the app is active. A simulated device stops
    /// treating the next request as made straight from a prompt's answer; a real one has nothing
    /// to do (the default).
    func appPresentedContent() async
}

extension PermissionSystem {
    public func appPresentedContent() async {}
}

/// Everything a running flow does to the outside world. The interpreter calls these; a UIKit app
/// implements them over `AVCaptureDevice`, `PHPhotoLibrary`, `CLLocationManager`,
/// `UNUserNotificationCenter`, `UIAlertController` and `UserDefaults`; `SimulatedDevice` implements
/// them for tests, `flowrun` and exploration.
///
/// Requirements that wait for the user may throw `InputNeeded` when no answer is available (a
/// scripted run whose script ran out): the interpreter then stops the run cleanly and reports what
/// was asked. Any other error thrown by a backend ends the run with a flow error naming the state.
public protocol DeviceBackend: PermissionSystem {
    /// Shows an alert and returns the index (into `alert.buttons`) of the button the user tapped.
    func present(_ alert: AlertPresentation) async throws -> Int

    /// Records an analytics event (fire and forget).
    func track(_ event: AnalyticsEvent) async

    /// Persists where to resume after a relaunch (`nil` clears it). Called before Settings opens.
    func saveCheckpoint(_ checkpoint: Checkpoint?) async throws

    /// The checkpoint saved before the app was terminated, if any.
    func loadCheckpoint() async throws -> Checkpoint?
}

/// What a `request` did: the status it completed with and, when iOS showed a prompt, its
/// buttons and the one the user chose.
public struct RequestResult: Hashable, Sendable {
    public var status: Status
    /// The prompt shown, or nil when the request returned without asking.
    public var prompt: [PromptAnswer]?
    /// Index into `prompt` of the answer the user chose.
    public var answer: Int?
    /// The critical-alerts prompt an entitled app's `notifications(criticalAlert)` request showed
    /// after the notifications prompt (`CriticalAlerts`), with the index of the answer.
    public var criticalAlertsPrompt: (answers: [PromptAnswer], answer: Int)? {
        get { criticalAlertsAnswers.map { ($0, criticalAlertsAnswer ?? 0) } }
        set {
            criticalAlertsAnswers = newValue?.answers
            criticalAlertsAnswer = newValue?.answer
        }
    }
    private var criticalAlertsAnswers: [PromptAnswer]? = nil
    private var criticalAlertsAnswer: Int? = nil

    /// A request that returned at once without showing anything.
    public static func immediate(_ status: Status) -> RequestResult {
        RequestResult(status: status, prompt: nil, answer: nil)
    }

    /// A request whose prompt the user answered with `answers[index]`.
    public static func answered(_ answers: [PromptAnswer], index: Int) -> RequestResult {
        RequestResult(status: answers[index].result, prompt: answers, answer: index)
    }

    public init(status: Status, prompt: [PromptAnswer]?, answer: Int?) {
        self.status = status
        self.prompt = prompt
        self.answer = answer
    }
}

/// An alert, or a priming screen (`screen` set), with its copy resolved for the run's locale,
/// ready to show.
public struct AlertPresentation: Hashable, Sendable {
    public var title: String?
    public var message: String?
    public var buttons: [AlertButton]
    /// The layout, image and bullets of a priming screen; nil for an alert.
    public var screen: ScreenPresentation?

    public init(title: String?, message: String?, buttons: [AlertButton], screen: ScreenPresentation? = nil) {
        self.title = title
        self.message = message
        self.buttons = buttons
        self.screen = screen
    }

    /// What messages call it: "alert" or "screen".
    public var noun: String { screen == nil ? "alert" : "screen" }

    /// The button a priming screen draws as its prominent (filled) one: the first with the
    /// default role, the way forward; the others are plain. Nil for an alert (iOS styles an
    /// alert's actions itself) and for a screen whose buttons are all cancel or destructive.
    public var primaryButton: Int? {
        guard screen != nil else { return nil }
        return buttons.firstIndex { $0.role == .default }
    }

    /// The button labels in order, for messages ("Continue", "Not Now").
    public var labels: [String] { buttons.map(\.label) }
}

/// What a priming screen shows beyond an alert's title, message and buttons, resolved.
public struct ScreenPresentation: Hashable, Sendable {
    public var layout: Screen.Layout
    public var image: Screen.Image?
    /// The bullet points, in the run's locale.
    public var bullets: [String]
    public init(layout: Screen.Layout, image: Screen.Image?, bullets: [String]) {
        self.layout = layout
        self.image = image
        self.bullets = bullets
    }
}

/// One resolved alert button (`UIAlertAction` title and style).
public struct AlertButton: Hashable, Sendable {
    public var label: String
    public var role: FlowButton.Role
    public init(label: String, role: FlowButton.Role) {
        self.label = label
        self.role = role
    }
}

/// A status the user set on the app's page in Settings.
public struct SettingsChange: Hashable, Sendable {
    public var kind: PermissionKind
    public var status: Status
    public init(_ kind: PermissionKind, _ status: Status) {
        self.kind = kind
        self.status = status
    }
}

/// One permission on the app's page in Settings as iOS shows it: its status and what the user can
/// set it to there.
public struct SettingsSwitch: Hashable, Sendable {
    public var kind: PermissionKind
    public var status: Status
    /// The statuses the user can choose (the current one included); empty when the user cannot
    /// change it (`restricted`: Screen Time or device management decides).
    public var choices: [Status]
    /// Notifications only: the Critical Alerts switch below the notifications switch
    /// (`authorized` on, `denied` off), nil when the page has none (the app was never asked).
    public var criticalAlerts: Status?
    public init(_ kind: PermissionKind, _ status: Status, choices: [Status], criticalAlerts: Status? = nil) {
        self.kind = kind
        self.status = status
        self.choices = choices
        self.criticalAlerts = criticalAlerts
    }
}

/// What the user does on one visit to Settings: the switches changed and whether they stayed
/// away until iOS ended the app's session, so it relaunches on return even without a privacy
/// change ("Allow Once" grants end with the session).
public struct SettingsActions: Hashable, Sendable, ExpressibleByArrayLiteral {
    public var changes: [SettingsChange]
    public var relaunch: Bool
    /// The Critical Alerts switch set to on (`authorized`) or off (`denied`), nil: untouched.
    public var criticalAlerts: Status?
    public init(_ changes: [SettingsChange] = [], relaunch: Bool = false, criticalAlerts: Status? = nil) {
        self.changes = changes
        self.relaunch = relaunch
        self.criticalAlerts = criticalAlerts
    }
    public init(arrayLiteral changes: SettingsChange...) { self.init(changes) }
}

/// What happened while the app was in Settings.
public struct SettingsReturn: Hashable, Sendable {
    /// The switches the user changed (empty when they came straight back).
    public var changes: [SettingsChange]
    /// Whether iOS terminated the app meanwhile, so the flow resumes from its checkpoint.
    public var terminated: Bool
    /// The Critical Alerts switch as the user set it on this visit, nil when untouched.
    public var criticalAlerts: Status? = nil
    public init(changes: [SettingsChange], terminated: Bool) {
        self.changes = changes
        self.terminated = terminated
    }
}

/// A resolved analytics event: name and properties after placeholders are filled in.
public struct AnalyticsEvent: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        case text(String)
        /// The number as written in the flow (`3`, `0.5`).
        case number(String)
        case bool(Bool)
    }
    public struct Property: Hashable, Sendable {
        public var key: String
        public var value: Value
        public init(key: String, value: Value) {
            self.key = key
            self.value = value
        }
    }
    public var name: String
    public var properties: [Property]
    public init(name: String, properties: [Property] = []) {
        self.name = name
        self.properties = properties
    }
}

/// Where a flow resumes after iOS terminated the app in Settings: the call stack by names (so
/// it survives an app update that reorders states) from the entry flow down. Every frame but the
/// last stands at a `call` state; the last stands at the `open settings` state whose `on return`
/// target the run continues at. Codable, so an app can keep it in `UserDefaults`.
public struct Checkpoint: Hashable, Sendable, Codable {
    public struct Frame: Hashable, Sendable, Codable {
        public var flow: String
        public var state: String
        public init(flow: String, state: String) {
            self.flow = flow
            self.state = state
        }
    }
    public var frames: [Frame]
    public init(frames: [Frame]) { self.frames = frames }
}

/// Thrown by a backend that needs the user's answer and has none (a scripted run whose script
/// ran out, or a closed stdin): the run stops and reports what was asked instead of waiting.
public struct InputNeeded: Error, Hashable, Sendable {
    /// What the user would have been asked.
    public enum Question: Hashable, Sendable {
        /// An alert: its title and the buttons that could have been tapped.
        case alert(AlertPresentation)
        /// A system permission prompt with the answers iOS offers.
        case prompt(PermissionKind, options: [RequestOption], answers: [PromptAnswer])
        /// A Settings visit: what the user could change there (per kind, its `settingsChoices`).
        case settings(SettingsPage)
    }
    public var question: Question
    public init(_ question: Question) { self.question = question }

    /// One phrase describing what was asked, for error messages.
    public var summary: String {
        switch question {
        case .alert(let a):
            let title = a.title.map { "\(a.noun) '\($0)'" } ?? (a.screen == nil ? "an alert" : "a screen")
            return "\(title) needs a tap on one of " + a.labels.map { "\"\($0)\"" }.joined(separator: ", ")
        case .prompt(let kind, _, let answers):
            return "the \(kind.rawValue) prompt needs an answer: "
                + answers.map(ButtonLabel.describe).joined(separator: ", ")
        case .settings(let page):
            return
                "the \(page == .settings ? "Settings" : "notification settings") visit needs the changes the user makes (or none)"
        }
    }
}
