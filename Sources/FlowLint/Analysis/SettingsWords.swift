import Foundation

/// One iOS language's name of the Settings app, as a button that sends the user there says it
/// ("Open Settings", "Einstellungen öffnen", "設定を開く").
struct SettingsLanguage: Sendable {
    /// The iOS language ID (the languages of `SteeringWords.languages`).
    var language: String
    /// The Settings app's name, and names apps commonly use for it in that language.
    var names: [String]
    /// Where the names come from: a page, or *unverified* where none was found (Apple's
    /// documentation shows the Settings app in English only).
    var source: String
    /// Scripts written without spaces between words: the name is found anywhere in the label.
    var anywhere = false
}

/// Labels that say "Settings" in every language of the steering-word table, matched case- and
/// diacritic-insensitively, so FL1405 can tell a button that promises Settings. A label counts
/// only when it is little more than the name ("Open Settings", "Go to Settings"): at most two
/// other words in spaced scripts, three other characters in the others, and no "later" word, so
/// "Set up later in Settings" is not taken for a promise to open Settings now.
enum SettingsWords {
    static let unverified = SteeringWords.unverified

    static let languages: [SettingsLanguage] = [
        SettingsLanguage(
            language: "en", names: ["Settings"],
            source: "https://developer.apple.com/documentation/uikit/uiapplication/opensettingsurlstring"),
        SettingsLanguage(language: "ar", names: ["الإعدادات", "الاعدادات"], source: unverified),
        SettingsLanguage(language: "bn", names: ["সেটিংস"], source: unverified),
        SettingsLanguage(language: "ca", names: ["Configuració", "Ajustos"], source: unverified),
        SettingsLanguage(language: "cs", names: ["Nastavení"], source: unverified),
        SettingsLanguage(language: "da", names: ["Indstillinger"], source: unverified),
        SettingsLanguage(language: "de", names: ["Einstellungen"], source: unverified),
        SettingsLanguage(language: "el", names: ["Ρυθμίσεις"], source: unverified),
        SettingsLanguage(language: "es", names: ["Ajustes", "Configuración"], source: unverified),
        SettingsLanguage(language: "fi", names: ["Asetukset", "Asetuks"], source: unverified),
        SettingsLanguage(language: "fr", names: ["Réglages", "Paramètres"], source: unverified),
        SettingsLanguage(language: "gu", names: ["સેટિંગ્સ"], source: unverified),
        SettingsLanguage(language: "he", names: ["הגדרות"], source: unverified),
        SettingsLanguage(language: "hi", names: ["सेटिंग्स"], source: unverified),
        SettingsLanguage(language: "hr", names: ["Postavke"], source: unverified),
        SettingsLanguage(language: "hu", names: ["Beállítások"], source: unverified),
        SettingsLanguage(language: "id", names: ["Pengaturan"], source: unverified),
        SettingsLanguage(language: "it", names: ["Impostazioni"], source: unverified),
        SettingsLanguage(language: "ja", names: ["設定"], source: unverified, anywhere: true),
        SettingsLanguage(language: "kk", names: ["Параметрлер"], source: unverified),
        SettingsLanguage(language: "kn", names: ["ಸೆಟ್ಟಿಂಗ್‌ಗಳು"], source: unverified),
        SettingsLanguage(language: "ko", names: ["설정"], source: unverified, anywhere: true),
        SettingsLanguage(language: "ml", names: ["ക്രമീകരണങ്ങൾ"], source: unverified),
        SettingsLanguage(language: "mr", names: ["सेटिंग्ज"], source: unverified),
        SettingsLanguage(language: "ms", names: ["Seting", "Tetapan"], source: unverified),
        SettingsLanguage(language: "nb", names: ["Innstillinger"], source: unverified),
        SettingsLanguage(language: "nl", names: ["Instellingen"], source: unverified),
        SettingsLanguage(language: "or", names: ["ସେଟିଂସ"], source: unverified),
        SettingsLanguage(language: "pa", names: ["ਸੈਟਿੰਗਾਂ"], source: unverified),
        SettingsLanguage(language: "pl", names: ["Ustawienia"], source: unverified),
        SettingsLanguage(language: "pt-BR", names: ["Ajustes", "Configurações"], source: unverified),
        SettingsLanguage(language: "pt-PT", names: ["Definições"], source: unverified),
        SettingsLanguage(language: "ro", names: ["Configurări", "Setări"], source: unverified),
        SettingsLanguage(language: "ru", names: ["Настройки"], source: unverified),
        SettingsLanguage(language: "sk", names: ["Nastavenia"], source: unverified),
        SettingsLanguage(language: "sl", names: ["Nastavitve"], source: unverified),
        SettingsLanguage(language: "sv", names: ["Inställningar"], source: unverified),
        SettingsLanguage(language: "ta", names: ["அமைப்புகள்"], source: unverified),
        SettingsLanguage(language: "te", names: ["సెట్టింగ్‌లు"], source: unverified),
        SettingsLanguage(language: "th", names: ["การตั้งค่า"], source: unverified, anywhere: true),
        SettingsLanguage(language: "tr", names: ["Ayarlar"], source: unverified),
        SettingsLanguage(language: "uk", names: ["Параметри", "Налаштування"], source: unverified),
        SettingsLanguage(language: "ur", names: ["ترتیبات"], source: unverified),
        SettingsLanguage(language: "vi", names: ["Cài đặt"], source: unverified),
        SettingsLanguage(language: "zh-Hans", names: ["设置"], source: unverified, anywhere: true),
        SettingsLanguage(language: "zh-Hant", names: ["設定"], source: unverified, anywhere: true),
    ]

    /// Words that put the visit off ("Later in Settings"): such a label promises nothing now.
    static let later = [
        "later", "spater", "plus tard", "mas tarde", "luego", "piu tardi", "mais tarde", "depois",
        "senare", "senere", "myohemmin", "pozniej", "позже", "пізніше", "後で", "稍后", "稍後", "나중에",
    ]
    .map(SteeringWords.fold)

    static let folded: [(name: String, anywhere: Bool)] = languages.flatMap { language in
        language.names.map { (SteeringWords.fold($0), language.anywhere) }
    }

    /// The folded names that are ASCII, as bytes: the only ones an ASCII label can contain.
    private static let asciiNames: [[UInt8]] = folded.compactMap { entry in
        entry.name.utf8.allSatisfy({ $0 < 0x80 }) ? Array(entry.name.utf8) : nil
    }

    /// Whether an ASCII `label` contains no name at all, so it promises nothing; nil when the
    /// label is not ASCII. Folding an ASCII label only lowercases it, and only an ASCII name can
    /// be part of it, so a byte search answers what the general search (Foundation's folding
    /// and `range(of:)`, 60 names) would: on the lint profile that search was 40% of linting
    /// (callgrind, `flowbench --profile lint`). A label with a name goes on to the general
    /// search, which decides.
    static func asciiLacksName(_ label: String) -> Bool? {
        var label = label
        return label.withUTF8 { bytes -> Bool? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            let lower = bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
            for name in asciiNames where name.count <= lower.count {
                for start in 0...(lower.count - name.count)
                where lower[start] == name[0] && name.indices.allSatisfy({ lower[start + $0] == name[$0] }) {
                    return false
                }
            }
            return true
        }
    }

    /// Whether `label` says little more than "Settings" in some language (see the type's comment).
    static func promisesSettings(_ label: String) -> Bool {
        if asciiLacksName(label) == true { return false }
        return searchPromisesSettings(label)
    }

    /// `promisesSettings` by the general search alone, on the folded label.
    static func searchPromisesSettings(_ label: String) -> Bool {
        let text = SteeringWords.fold(label)
        guard !later.contains(where: { text.contains($0) }) else { return false }
        for (name, anywhere) in folded {
            guard let range = text.range(of: name) else { continue }
            if anywhere {
                let rest = text[..<range.lowerBound] + " " + text[range.upperBound...]
                if rest.filter({ $0.isLetter }).count <= 3 { return true }
                continue
            }
            // At the start of a word, with the word's ending (Turkish "Ayarları", Finnish
            // "Asetuksiin") taken as part of it.
            guard range.lowerBound == text.startIndex || !text[text.index(before: range.lowerBound)].isLetter
            else { continue }
            var end = range.upperBound
            while end < text.endIndex, text[end].isLetter { end = text.index(after: end) }
            let rest = text[..<range.lowerBound] + " " + text[end...]
            if rest.split(whereSeparator: { !$0.isLetter }).count <= 2 { return true }
        }
        return false
    }
}
