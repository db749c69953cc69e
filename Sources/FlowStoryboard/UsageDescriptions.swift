import FlowLint
import FlowModel
import Foundation

/// The usage descriptions a system prompt shows, per locale: the Info.plist's own text, and the
/// translations in `<tag>.lproj/InfoPlist.strings` beside it (how an Xcode project localizes
/// them), so the Polish storyboard shows the Polish text iOS would.
public struct UsageDescriptions: Sendable {
    var plist: InfoPlist
    /// `InfoPlist.strings` entries by locale index; a locale without a file has no entry.
    var translations: [Int: [String: String]]
    /// Whether the app localizes its usage descriptions at all (some `.lproj` has the file).
    var isLocalized: Bool { !translations.isEmpty }

    /// Reads `<dir>/<tag>.lproj/InfoPlist.strings` for each locale tag (also the language alone,
    /// `pl` for `pl-PL`); a file that is not a strings table is an error.
    public static func read(plist: InfoPlist, locales: [String]) throws(ReadError) -> UsageDescriptions {
        let directory = URL(fileURLWithPath: plist.path).deletingLastPathComponent()
        var translations: [Int: [String: String]] = [:]
        for (i, tag) in locales.enumerated() {
            let candidates = [tag, String(tag.split(separator: "-").first ?? Substring(tag))]
            guard
                let file = candidates.map({ directory.appendingPathComponent("\($0).lproj/InfoPlist.strings") })
                    .first(where: { FileManager.default.fileExists(atPath: $0.path) })
            else { continue }
            let parsed: Any
            do {
                parsed = try PropertyListSerialization.propertyList(
                    from: try Data(contentsOf: file), options: [], format: nil)
            } catch {
                throw ReadError(message: "cannot read '\(file.path)': not a strings file")
            }
            guard let table = parsed as? [String: Any] else {
                throw ReadError(message: "cannot read '\(file.path)': not a strings file")
            }
            translations[i] = table.compactMapValues { $0 as? String }
        }
        return UsageDescriptions(plist: plist, translations: translations)
    }

    /// A translations file that cannot be read, with the message to show.
    public struct ReadError: Error, Sendable {
        public var message: String
    }

    /// The text for `key` in locale `index`, and whether it is the untranslated Info.plist text
    /// although the app localizes its usage descriptions.
    func text(_ key: String, locale index: Int) -> (text: String, untranslated: Bool)? {
        if let t = translations[index]?[key] { return (t, false) }
        guard case .string(let base)? = plist.values[key] else { return nil }
        return (base, isLocalized && index != 0)
    }
}
