/// Whether a usage description says what the app does with the permission, for
/// `usage-description-without-example` (FL1506). App Review (guideline 5.1.1) rejects purpose
/// strings such as "We need your camera" or "This app requires access to your location to work
/// properly": they name the permission, not what it is used for.
///
/// The heuristic is deliberately conservative: it judges English text only (letters a–z; any
/// other letter means the text is not judged), removes words that only say that access is
/// wanted (articles, pronouns, "need", "access", "allow", "feature", "properly", ...), the
/// names of permissions ("camera", "photo library", ...) and the words of the app's name; a text
/// with no word left gives no example of use. Any other word ("scan", "receipts", "offers")
/// counts as one, so a short but specific text ("Scan receipts") passes.
enum PurposeText {
    /// Words that say that access is wanted, not what for.
    static let filler: Set<String> = [
        "a", "an", "the", "this", "that", "these", "those", "it", "its", "we", "us", "our", "i", "me", "my", "you",
        "your",
        "app", "apps", "application", "is", "are", "be", "been", "will", "would", "can", "could", "may", "might",
        "must",
        "should", "shall", "do", "does", "to", "of", "for", "in", "on", "at", "by", "with", "from", "and", "or", "so",
        "as", "please", "kindly", "need", "needs", "needed", "require", "requires", "required", "requiring", "request",
        "requests", "requesting", "ask", "asks", "asking", "want", "wants", "like", "use", "uses", "using", "used",
        "usage", "access", "accessing", "accesses", "permission", "permissions", "allow", "allows", "allowing", "grant",
        "granting", "enable", "enables", "enabling", "provide", "provides", "providing", "functionality", "function",
        "functions", "functional", "feature", "features", "work", "works", "working", "properly", "correctly",
        "full", "fully", "better", "best", "experience", "some", "certain", "all", "services", "service", "device",
        "phone", "iphone", "ipad", "order", "data", "information", "info", "give", "gives", "let", "lets", "make",
        "makes",
        "sure", "get", "have", "has", "proper", "optimal", "improve", "improved", "user", "users", "purpose",
        "purposes",
        "reason", "reasons", "operate", "run", "continue", "certain", "core", "main", "key", "important", "necessary",
        "essential", "just", "only", "also", "here", "when", "while", "if", "which", "what", "some", "any", "more",
    ]

    /// Names of permissions and what they give access to.
    static let permissionWords: Set<String> = [
        "camera", "cameras", "microphone", "mic", "photo", "photos", "library", "libraries", "gallery", "location",
        "locations", "gps", "position", "contacts", "contact", "address", "book", "calendar", "calendars", "reminders",
        "reminder", "bluetooth", "motion", "fitness", "speech", "recognition", "music", "media", "apple", "health",
        "healthkit", "face", "faceid", "id", "biometric", "biometrics", "biometry", "local", "network", "networks",
        "siri", "home", "homekit", "alarm", "alarms", "alarmkit", "tracking", "track", "notifications", "notification",
        "precise", "background", "always",
    ]

    /// True when `text` is English and every word is filler, a permission's name, or a word of
    /// `appName`: it gives no example of use.
    static func givesNoExample(_ text: String, appName: String?) -> Bool {
        var words: [String] = []
        var current = ""
        for scalar in text.lowercased().unicodeScalars {
            switch scalar {
            case "a"..."z": current.unicodeScalars.append(scalar)
            case "'", "’":
                // "app's", "device's": the possessive adds nothing.
                if !current.isEmpty {
                    words.append(current)
                    current = ""
                }
            default:
                if scalar.properties.isAlphabetic { return false }  // not English: not judged
                if !current.isEmpty {
                    words.append(current)
                    current = ""
                }
            }
        }
        if !current.isEmpty { words.append(current) }
        guard !words.isEmpty else { return false }  // empty text is FL1502's
        let nameWords = Set((appName ?? "").lowercased().split { !$0.isLetter }.map(String.init))
        return words.allSatisfy { w in
            w == "s" || filler.contains(w) || permissionWords.contains(w) || nameWords.contains(w)
        }
    }
}
