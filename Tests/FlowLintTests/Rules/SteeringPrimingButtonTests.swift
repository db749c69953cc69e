import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1301 (steering-priming-button): its documented examples, then its tests (add the next one here).
@Suite struct SteeringPrimingButtonTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .steeringPrimingButton) }

    @Test func steeringPrimingButton() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> prime
                  state prime {
                    alert { title "Scan receipts" message "We use the camera to scan receipts" 1️⃣button @prime.allow -> ask2️⃣ }
                  }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                strings en { prime.allow = "Continue" }
                strings zh-Hant { 3️⃣prime.allow = "允許"4️⃣ }
                """, rules: [.steeringPrimingButton], notes: true) == [
                    "1️⃣-2️⃣ FL1301 error: priming button '允許' steers the permission decision in 'zh-Hant'",
                    "  note 3️⃣-4️⃣: zh-Hant: '允許'",
                    "  note: App Review rejects priming buttons that steer the decision; use a neutral label such as 'Continue'",
                ])
    }

    // FL1301 in every language iOS ships (issue 29, item 3): priming buttons that repeat the system
    // prompt's "Allow", or say "grant access", "turn on", "enable", in the languages the corpora
    // missed; and no finding on neutral labels.

    /// A priming alert whose button is `label` in `locale` (English "Continue" as the base).
    static func flow(_ locale: String, _ label: String) -> String {
        """
        flow camera {
          uses camera
          start -> prime
          state prime { alert { title "Scan receipts" 1️⃣button @prime.next -> ask2️⃣ } }
          state ask { request camera { authorized -> done granted  else -> done denied } }
        }
        strings en { prime.next = "Continue" }
        strings \(locale) { prime.next = "\(label)" }
        """
    }

    static let missed: [(locale: String, label: String)] = [
        ("it", "Attiva l'accesso"), ("pt-BR", "Dar acesso"), ("nl", "Sta toe"), ("sv", "Tillåt"),
        ("tr", "İzin Ver"), ("ar", "السماح"), ("he", "אפשר"), ("hi", "अनुमति दें"), ("vi", "Cho phép"),
        ("th", "อนุญาต"), ("id", "Izinkan"), ("es", "Dar acceso"),
    ]

    @Test(arguments: missed)
    func theSystemPromptsAllowSteers(locale: String, label: String) {
        #expect(
            lintMarked(Self.flow(locale, label), rules: [.steeringPrimingButton]) == [
                "1️⃣-2️⃣ FL1301 error: priming button '\(label)' steers the permission decision in '\(locale)'"
            ])
    }

    @Test func theFindingsRangeIsTheButton() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> prime
                  state prime { alert { title "Scan receipts" 1️⃣button @prime.next -> ask2️⃣ } }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                strings en { prime.next = "Continue" }
                strings nl { prime.next = "Sta toe" }
                """, rules: [.steeringPrimingButton]) == [
                    "1️⃣-2️⃣ FL1301 error: priming button 'Sta toe' steers the permission decision in 'nl'"
                ])
    }

    /// Case and diacritics do not hide a word: "TILLAT" is "Tillåt", "izin ver" is "İzin Ver".
    @Test(arguments: ["TILLAT", "tillat", "izin ver", "IZIN VER", "cho phep", "Dar Acceso", "TOESTAAN"])
    func caseAndDiacriticsDoNotMatter(_ label: String) {
        #expect(SteeringWords.steers(label))
    }

    static let neutral = [
        "Continue", "Not now", "Continuar", "Weiter", "Nicht jetzt", "Continua", "Non ora", "Avanti",
        "Doorgaan", "Niet nu", "Fortsätt", "Inte nu", "Fortsæt", "Ikke nu", "Fortsett", "Ikke nå", "Jatka",
        "Ei nyt", "Devam", "Şimdi Değil", "متابعة", "ليس الآن", "המשך", "לא עכשיו", "אפשרויות", "जारी रखें",
        "अभी नहीं", "Tiếp tục", "Để sau", "ดำเนินการต่อ", "ไม่ใช่ตอนนี้", "Lanjutkan", "Nanti saja", "Teruskan",
        "Bukan Sekarang", "Ahora no", "Siguiente", "Agora não", "Continuer", "Pas maintenant", "D'accord",
        "Dalej", "Nie teraz", "Pokračovat", "Teď ne", "Folytatás", "Most nem", "Continuați", "Nu acum",
        "De acord", "Nastavi", "Ne sada", "Συνέχεια", "Όχι τώρα", "Продолжить", "Не сейчас", "Продовжити",
        "Не зараз", "続ける", "今はしない", "계속", "나중에", "继续", "以后再说", "繼續", "OK", "Next",
    ]

    @Test(arguments: neutral)
    func neutralLabelsDoNotSteer(_ label: String) {
        #expect(!SteeringWords.steers(label))
        #expect(lintMarked(Self.flow("fr", label), rules: [.steeringPrimingButton]) == [])
    }

    /// Words that only begin like a stem of the table ("activ", "ativ", "abilit") steer nothing:
    /// "See Activity" is not "Activar". Precision first: the stems are the verbs' own.
    static let stemLookalikes = [
        "See Activity", "Activity log", "Activities", "Active sessions", "Ver actividad", "Ver atividade",
        "Voir l'activité", "Abilities", "Actively used",
    ]

    @Test(arguments: stemLookalikes)
    func wordsThatOnlyBeginLikeAStemDoNotSteer(_ label: String) {
        #expect(!SteeringWords.steers(label))
        #expect(lintMarked(Self.flow("fr", label), rules: [.steeringPrimingButton]) == [])
    }

    /// The verbs whose stems those words share still steer.
    @Test(arguments: [
        ("es", "Activar"), ("es", "Actívala"), ("fr", "Activer"), ("fr", "Activez la caméra"), ("it", "Attiva"),
        ("it", "Abilita"), ("pt-BR", "Ativar"), ("pt-BR", "Ative o acesso"), ("ca", "Activa"),
    ])
    func theVerbsStillSteer(locale: String, label: String) {
        #expect(
            lintMarked(Self.flow(locale, label), rules: [.steeringPrimingButton]) == [
                "1️⃣-2️⃣ FL1301 error: priming button '\(label)' steers the permission decision in '\(locale)'"
            ])
    }

    /// Every language has its prompt's "Allow" label among its words (Italian "Consenti" and
    /// Brazilian "Permitir" among them), and says where the label
    /// comes from (or that it is unverified).
    @Test func everyLanguageHasItsAllowLabelAndASource() {
        #expect(SteeringWords.languages.count >= 40)
        #expect(Set(SteeringWords.languages.map(\.language)).count == SteeringWords.languages.count)
        for language in SteeringWords.languages {
            #expect(!language.source.isEmpty, "\(language.language)")
            #expect(SteeringWords.steers(language.allowLabel), "\(language.language): \(language.allowLabel)")
        }
    }
}
