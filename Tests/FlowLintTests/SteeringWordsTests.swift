import Testing

@testable import FlowLint

/// FL1301's ASCII fast path must answer exactly as the general search.
@Suite struct SteeringWordsTests {
    static let texts = [
        "", "Continue", "Next", "Allow", "allow camera", "ALLOW", "Don't Allow", "Not now, allow later",
        "Grant Access", "Give access", "give  access", "Give-access", "Turn on", "turn\ton", "Turn On Now",
        "Reallow", "re-allow", "shallow", "Disallowed", "Enable", "enabled!", "Permit", "Permitting",
        "Accept", "OK", "Authorize", "authorise", "Continue (allow)", "1allow", "allow1", "  allow",
        "Zezwól", "Włącz", "wlacz teraz", "Дозволити", "允许", "允許访问", "Erlauben", "Aktivieren",
        "Autoriser", "Permitir", "Ativar", "Consentire", "Abilita", "a\r\nallow",
    ]

    @Test(arguments: texts)
    func asciiPathAgreesWithTheGeneralSearch(_ text: String) {
        #expect(SteeringWords.steers(text) == SteeringWords.unicodeSteers(text))
        if let ascii = SteeringWords.asciiSteers(text) { #expect(ascii == SteeringWords.unicodeSteers(text)) }
    }

    @Test func asciiPathDecidesASCIIOnly() {
        #expect(SteeringWords.asciiSteers("Allow Camera") == true)
        #expect(SteeringWords.asciiSteers("Continue") == false)
        #expect(SteeringWords.asciiSteers("Zezwól") == nil)
    }
}
