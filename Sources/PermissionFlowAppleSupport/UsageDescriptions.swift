import FlowModel

/// A request the app cannot make: iOS would terminate the app at the request (camera, photos,
/// contacts, microphone, Health) or refuse it silently (location, calendar), because Info.plist
/// lacks the text the prompt shows. The backend checks before it calls the framework, so a
/// missing key is an error naming the keys instead of a crash in the field.
public struct MissingUsageDescription: Error, Hashable, Sendable, CustomStringConvertible {
    public var kind: PermissionKind
    /// The Info.plist keys that are missing or empty.
    public var keys: [String]
    /// For temporary full accuracy: the purpose key missing from
    /// `NSLocationTemporaryUsageDescriptionDictionary`.
    public var purposeKey: String?

    public var description: String {
        if let purposeKey {
            return
                "Info.plist key NSLocationTemporaryUsageDescriptionDictionary has no text for purpose key '\(purposeKey)'; "
                + "add it before requesting \(kind.rawValue)"
        }
        return "Info.plist lacks " + keys.joined(separator: ", ")
            + "; iOS terminates or refuses a \(kind.rawValue) request without it"
    }
}

/// The usage-description texts of an Info.plist, taken once from `Bundle.main.infoDictionary`
/// (whose `[String: Any]` is not `Sendable`) so a backend can keep them.
public struct UsageDescriptionTexts: Hashable, Sendable {
    /// Every top-level string value, by key.
    public var texts: [String: String]
    /// `NSLocationTemporaryUsageDescriptionDictionary`: purpose key to text.
    public var temporaryAccuracyPurposes: [String: String]

    public init(texts: [String: String] = [:], temporaryAccuracyPurposes: [String: String] = [:]) {
        self.texts = texts
        self.temporaryAccuracyPurposes = temporaryAccuracyPurposes
    }

    public init(infoDictionary: [String: Any]) {
        texts = infoDictionary.compactMapValues { $0 as? String }
        temporaryAccuracyPurposes =
            (infoDictionary["NSLocationTemporaryUsageDescriptionDictionary"] as? [String: Any])?
            .compactMapValues { $0 as? String } ?? [:]
    }
}

/// Checks the app's Info.plist against what a request needs.
public enum UsageDescriptions {
    /// The problem with a request, or nil when Info.plist has every key it needs with text in it.
    public static func problem(
        _ kind: PermissionKind, options: [RequestOption],
        infoDictionary: [String: Any]
    ) -> MissingUsageDescription? {
        problem(kind, options: options, in: UsageDescriptionTexts(infoDictionary: infoDictionary))
    }

    /// The same check against texts taken from Info.plist before.
    public static func problem(
        _ kind: PermissionKind, options: [RequestOption],
        in info: UsageDescriptionTexts
    ) -> MissingUsageDescription? {
        let required = kind.usageDescriptionKeys(options: options)
        if kind == .locationAccuracy {
            let key = options.lazy.compactMap { if case .purpose(let k) = $0 { k } else { nil } }.first ?? ""
            guard let text = info.temporaryAccuracyPurposes[key], hasText(text) else {
                return MissingUsageDescription(kind: kind, keys: required, purposeKey: key)
            }
            return nil
        }
        let missing = required.filter { key in !(info.texts[key].map(hasText) ?? false) }
        return missing.isEmpty ? nil : MissingUsageDescription(kind: kind, keys: missing, purposeKey: nil)
    }

    private static func hasText(_ text: String) -> Bool {
        text.unicodeScalars.contains { !$0.properties.isWhitespace }
    }
}
