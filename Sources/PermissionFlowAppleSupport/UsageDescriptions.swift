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
            return "Info.plist key NSLocationTemporaryUsageDescriptionDictionary has no text for purpose key '\(purposeKey)'; "
                + "add it before requesting \(kind.rawValue)"
        }
        return "Info.plist lacks " + keys.joined(separator: ", ")
            + "; iOS terminates or refuses a \(kind.rawValue) request without it"
    }
}

/// Checks the app's Info.plist (`Bundle.main.infoDictionary`) against what a request needs.
public enum UsageDescriptions {
    /// The problem with a request, or nil when Info.plist has every key it needs with text in it.
    public static func problem(_ kind: PermissionKind, options: [RequestOption],
                               infoDictionary: [String: Any]) -> MissingUsageDescription? {
        let required = kind.usageDescriptionKeys(options: options)
        if kind == .locationAccuracy {
            let key = options.lazy.compactMap { if case .purpose(let k) = $0 { k } else { nil } }.first ?? ""
            let purposes = infoDictionary["NSLocationTemporaryUsageDescriptionDictionary"] as? [String: Any]
            guard let text = purposes?[key] as? String, hasText(text) else {
                return MissingUsageDescription(kind: kind, keys: required, purposeKey: key)
            }
            return nil
        }
        let missing = required.filter { key in
            guard let text = infoDictionary[key] as? String else { return true }
            return !hasText(text)
        }
        return missing.isEmpty ? nil : MissingUsageDescription(kind: kind, keys: missing, purposeKey: nil)
    }

    private static func hasText(_ text: String) -> Bool {
        text.unicodeScalars.contains { !$0.properties.isWhitespace }
    }
}
