import Foundation

/// How a steering word is found in a label (both folded: lowercase, no diacritics).
enum SteeringMatch: Sendable {
    /// At the start of a word: "allow" in "Allow Camera", "dozvol" in "Dozvoli pristup".
    case wordPrefix
    /// A whole word: Hebrew "אפשר" (Allow) also begins "אפשרויות" (Options).
    case word
    /// Anywhere: scripts written without spaces between words (Chinese, Japanese, Korean, Thai).
    case anywhere
}

/// One iOS language's words that tell the user what to answer a permission prompt. The
/// strongest is the system prompt's own "Allow" button: a priming button that repeats it
/// steers. The rest are the common synonyms ("grant access", "turn on", "enable").
struct SteeringLanguage: Sendable {
    /// The iOS language ID.
    var language: String
    /// The label of the system prompt's "Allow" button in this language.
    var allowLabel: String
    /// Where `allowLabel` comes from: a page, or *unverified* where none was found (Apple's
    /// documentation shows the prompts in English only).
    var source: String
    /// Words and phrases matched as `match` says, `allowLabel`'s stem among them.
    var words: [String]
    var match: SteeringMatch = .wordPrefix
}

/// Words that tell the user what to answer a permission prompt, for every language iOS ships,
/// matched case- and diacritic-insensitively ("Tillat" finds Swedish "Tillåt", "izin ver" finds
/// Turkish "İzin Ver"). Neutral progression ("Continue", "Next", "Not Now") is in no language's
/// list. Labels marked *unverified* were not found in any page the search tools hold; they are
/// the labels iOS shows as far as the authors know.
enum SteeringWords {
    static let unverified = "*unverified*"

    static let languages: [SteeringLanguage] = [
        SteeringLanguage(
            language: "en", allowLabel: "Allow",
            source:
                "https://developer.apple.com/design/human-interface-guidelines/ios/app-architecture/requesting-permission/ (the Maps prompt: \"Don't Allow\" and \"Allow\")",
            words: [
                "allow", "grant", "enable", "authoriz", "authoris", "permit", "accept", "give access", "turn on",
                "consent",
            ]),
        SteeringLanguage(
            language: "ar", allowLabel: "السماح", source: unverified,
            words: ["السماح", "اسمح", "منح الوصول", "تمكين", "تفعيل"]),
        SteeringLanguage(language: "bn", allowLabel: "অনুমতি দিন", source: unverified, words: ["অনুমতি"]),
        SteeringLanguage(
            language: "ca", allowLabel: "Permetre", source: unverified, words: ["permet", "autoritz", "activa"]),
        SteeringLanguage(
            language: "cs", allowLabel: "Povolit", source: unverified,
            words: ["povol", "zapnout", "udělit", "aktivovat"]),
        SteeringLanguage(
            language: "da", allowLabel: "Tillad", source: unverified,
            words: ["tillad", "giv adgang", "slå til", "aktiver"]),
        SteeringLanguage(
            language: "de", allowLabel: "Erlauben", source: unverified,
            words: ["erlaub", "zulass", "gewähr", "aktivier", "einschalt"]),
        SteeringLanguage(
            language: "el", allowLabel: "Να επιτρέπεται", source: unverified, words: ["επιτρέπ", "ενεργοποι"]),
        SteeringLanguage(
            language: "es", allowLabel: "Permitir", source: unverified,
            // "activa" (Activar, Actívalo), not "activ": that also begins "actividad" and the
            // English "Activity" and "Active", which steer nothing.
            words: ["permitir", "dar acceso", "conced", "activa", "autoriz", "habilit"]),
        SteeringLanguage(
            language: "fi", allowLabel: "Salli", source: unverified, words: ["salli", "ota käyttöön", "myönnä"]),
        SteeringLanguage(
            language: "fr", allowLabel: "Autoriser", source: unverified,
            // Not "accord": "D'accord" is French for OK. "activer"/"activez", not "activ", which
            // also begins "activité" and the English "Activity".
            words: ["autoris", "permett", "activer", "activez", "accorder"]),
        SteeringLanguage(
            language: "gu", allowLabel: "મંજૂરી આપો", source: unverified, words: ["મંજૂરી"]),
        SteeringLanguage(
            language: "he", allowLabel: "אפשר", source: unverified,
            words: ["אפשר", "לאפשר", "אפשרו", "הרשה", "הפעל", "הענק גישה"], match: .word),
        SteeringLanguage(
            language: "hi", allowLabel: "अनुमति दें", source: unverified,
            words: ["अनुमति", "सक्षम करें", "चालू करें"]),
        SteeringLanguage(
            language: "hr", allowLabel: "Dopusti", source: unverified,
            words: ["dopust", "dozvol", "omogući", "uključi"]),
        SteeringLanguage(
            language: "hu", allowLabel: "Engedélyezés", source: unverified, words: ["engedély", "bekapcsol"]),
        SteeringLanguage(
            language: "id", allowLabel: "Izinkan", source: unverified,
            words: ["izinkan", "beri akses", "aktifkan"]),
        SteeringLanguage(
            language: "it", allowLabel: "Consenti",
            source:
                "secondary: https://appmaster.io/it/blog/richieste-autorizzazioni-dispositivo-testi-flussi (\"premere Consenti\")",
            // "abilita" (Abilita, abilitare), not "abilit": that also begins the English "Ability".
            words: ["consent", "permetti", "autorizza", "concedi", "attiva", "abilita"]),
        SteeringLanguage(
            language: "ja", allowLabel: "許可", source: unverified, words: ["許可", "有効", "オンにする"],
            match: .anywhere),
        SteeringLanguage(language: "kk", allowLabel: "Рұқсат ету", source: unverified, words: ["рұқсат"]),
        SteeringLanguage(language: "kn", allowLabel: "ಅನುಮತಿಸಿ", source: unverified, words: ["ಅನುಮತಿ"]),
        SteeringLanguage(
            language: "ko", allowLabel: "허용", source: unverified, words: ["허용", "허가", "켜기"], match: .anywhere),
        SteeringLanguage(language: "ml", allowLabel: "അനുവദിക്കുക", source: unverified, words: ["അനുവദി"]),
        SteeringLanguage(language: "mr", allowLabel: "अनुमती द्या", source: unverified, words: ["अनुमती"]),
        SteeringLanguage(
            language: "ms", allowLabel: "Benarkan", source: unverified,
            words: ["benarkan", "beri akses", "dayakan"]),
        SteeringLanguage(
            language: "nb", allowLabel: "Tillat", source: unverified,
            words: ["tillat", "gi tilgang", "slå på", "aktiver"]),
        SteeringLanguage(
            language: "nl", allowLabel: "Sta toe", source: unverified,
            words: ["sta toe", "toestaan", "geef toegang", "schakel in", "inschakel", "activeer"]),
        SteeringLanguage(language: "or", allowLabel: "ଅନୁମତି ଦିଅନ୍ତୁ", source: unverified, words: ["ଅନୁମତି"]),
        SteeringLanguage(language: "pa", allowLabel: "ਇਜਾਜ਼ਤ ਦਿਓ", source: unverified, words: ["ਇਜਾਜ਼ਤ"]),
        SteeringLanguage(
            language: "pl", allowLabel: "Pozwól", source: unverified,
            words: ["zezw", "pozw", "udziel", "włącz", "wlacz"]),
        SteeringLanguage(
            language: "pt-BR", allowLabel: "Permitir", source: unverified,
            // "ativar"/"ative", not "ativ": that also begins "atividade" (activity).
            words: ["permitir", "dar acesso", "conced", "ativar", "ative", "autoriz"]),
        SteeringLanguage(
            language: "pt-PT", allowLabel: "Permitir", source: unverified,
            words: ["permitir", "dar acesso", "conced", "ativar", "ative", "autoriz"]),
        SteeringLanguage(
            language: "ro", allowLabel: "Permiteți", source: unverified,
            // Not "acord": "De acord" is Romanian for OK.
            words: ["permit", "activeaz"]),
        SteeringLanguage(
            language: "ru", allowLabel: "Разрешить", source: unverified, words: ["разреш", "предостав", "включ"]),
        SteeringLanguage(
            language: "sk", allowLabel: "Povoliť", source: unverified, words: ["povol", "zapnúť", "udeliť"]),
        SteeringLanguage(
            language: "sl", allowLabel: "Dovoli", source: unverified, words: ["dovol", "omogoči", "vklop"]),
        SteeringLanguage(
            language: "sv", allowLabel: "Tillåt", source: unverified,
            words: ["tillåt", "ge åtkomst", "slå på", "aktivera"]),
        SteeringLanguage(language: "ta", allowLabel: "அனுமதி", source: unverified, words: ["அனுமதி"]),
        SteeringLanguage(
            language: "te", allowLabel: "అనుమతించు", source: unverified,
            // Both: without its vowel signs "అనుమతి" is no prefix of the folded "అనుమతించు".
            words: ["అనుమతించు", "అనుమతి"]),
        SteeringLanguage(
            language: "th", allowLabel: "อนุญาต", source: unverified, words: ["อนุญาต", "เปิดใช้"], match: .anywhere),
        SteeringLanguage(
            language: "tr", allowLabel: "İzin Ver", source: unverified,
            words: ["izin ver", "etkinleştir", "erişim ver"]),
        SteeringLanguage(
            language: "uk", allowLabel: "Дозволити", source: unverified, words: ["дозвол", "надати", "увімкн"]),
        SteeringLanguage(language: "ur", allowLabel: "اجازت دیں", source: unverified, words: ["اجازت"]),
        SteeringLanguage(
            language: "vi", allowLabel: "Cho phép", source: unverified,
            words: ["cho phép", "cấp quyền", "kích hoạt"]),
        SteeringLanguage(
            language: "zh-Hans", allowLabel: "允许", source: unverified,
            words: ["允许", "授权", "开启", "同意", "许可", "启用"], match: .anywhere),
        SteeringLanguage(
            language: "zh-Hant", allowLabel: "允許", source: unverified,
            words: ["允許", "授權", "開啟", "同意", "許可", "啟用"], match: .anywhere),
    ]

    /// A label folded for matching: lowercase, without diacritics.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Every language's words, folded once, with how each is matched.
    static let folded: [(word: String, match: SteeringMatch)] = {
        var seen = Set<String>()
        var all: [(String, SteeringMatch)] = []
        for language in languages {
            for word in language.words {
                let f = fold(word)
                if seen.insert("\(language.match)\u{0}\(f)").inserted { all.append((f, language.match)) }
            }
        }
        return all
    }()

    /// Whether `text` says what to answer, in any language.
    static func steers(_ text: String) -> Bool {
        if let answer = asciiSteers(text) { return answer }
        return unicodeSteers(text)
    }

    /// The ASCII words, as bytes, with whether each must end a word.
    private static let asciiWords: [(bytes: [UInt8], whole: Bool)] = folded.compactMap { entry in
        guard entry.word.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        // No ASCII word is matched `.anywhere` (those are scripts without spaces).
        return (Array(entry.word.utf8), entry.match == .word)
    }

    /// `unicodeSteers` for an ASCII text, on its bytes (nil when the text is not ASCII). Most
    /// labels are ASCII, and folding them and walking their `Character`s cost as much as the
    /// rest of the rule. In ASCII a letter is `A-Z a-z`, folding is lowercasing, and only the
    /// ASCII words can match.
    static func asciiSteers(_ text: String) -> Bool? {
        var text = text
        return text.withUTF8 { bytes -> Bool? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            func lower(_ b: UInt8) -> UInt8 { b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b | 0x20 : b }
            func isLetter(_ b: UInt8) -> Bool { lower(b) >= UInt8(ascii: "a") && lower(b) <= UInt8(ascii: "z") }
            for i in bytes.indices where isLetter(bytes[i]) && (i == 0 || !isLetter(bytes[i - 1])) {
                for (word, whole) in asciiWords
                where i + word.count <= bytes.count
                    && word.indices.allSatisfy({ lower(bytes[i + $0]) == word[$0] })
                    && (!whole || i + word.count == bytes.count || !isLetter(bytes[i + word.count]))
                {
                    return true
                }
            }
            return false
        }
    }

    /// The general search on the folded text: `.anywhere` words anywhere, the others at the
    /// start of a word (a letter not preceded by one), `.word` ones followed by no letter.
    static func unicodeSteers(_ text: String) -> Bool {
        let text = fold(text)
        if folded.contains(where: { $0.match == .anywhere && text.contains($0.word) }) { return true }
        var previousIsLetter = false
        for i in text.indices {
            defer { previousIsLetter = text[i].isLetter }
            guard text[i].isLetter, !previousIsLetter else { continue }
            let rest = text[i...]
            for (word, match) in folded where match != .anywhere && rest.hasPrefix(word) {
                if match == .wordPrefix { return true }
                let end = rest.index(i, offsetBy: word.count)
                if end == rest.endIndex || !rest[end].isLetter { return true }
            }
        }
        return false
    }
}
