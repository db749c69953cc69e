/// The analytics events the runtime sends on its own (Grammar.md, "Events the runtime sends"):
/// every run's first and last event, so a funnel knows where each user's path starts and ends.
/// A flow's own `track` may not use these names (FL0170).
public enum RuntimeEvents {
    /// Sent before the start state's first `track`, with `flow`: the entry flow's name. Not sent
    /// again when a run resumes from a checkpoint after iOS relaunched the app in Settings: that
    /// is the same run.
    public static let start = "flow_start"
    /// Sent when the run finishes with an outcome, with `flow` and `outcome`. A run that stops
    /// otherwise (an error, cancelled, the app closed) sends none: the user left there.
    public static let end = "flow_end"
    /// The property keys of the two events.
    public static let flowKey = "flow"
    public static let outcomeKey = "outcome"

    /// Whether `name` is one of the runtime's own event names.
    public static func isReserved(_ name: String) -> Bool { name == start || name == end }
}
