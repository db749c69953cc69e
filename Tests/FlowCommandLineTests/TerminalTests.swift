import Testing

@testable import FlowCommandLine

@Suite struct TerminalTests {
    @Test func colourOnlyOnATerminalWithoutNoColor() {
        #expect(Terminal.colorsEnabled(isTerminal: true, environment: [:]))
        #expect(!Terminal.colorsEnabled(isTerminal: false, environment: [:]))
        #expect(!Terminal.colorsEnabled(isTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(Terminal.colorsEnabled(isTerminal: true, environment: ["NO_COLOR": ""]))
        #expect(!Terminal.colorsEnabled(isTerminal: true, environment: ["TERM": "dumb"]))
    }

    @Test func styleIsPlainWithoutColour() {
        #expect(TextStyle.plain.bold("x") == "x")
        #expect(TextStyle(colors: true).bold("x") == "\u{1B}[1mx\u{1B}[0m")
    }

    @Test func capturedOutputRecordsWrites() {
        let out = CapturedOutput()
        out.write("a")
        out.line("b")
        var stream = TextOutputStreamAdapter(out)
        print("c", to: &stream)
        #expect(out.text == "ab\nc\n")
        #expect(!out.isTerminal)
    }

    @Test func scriptedInputEndsWithNil() {
        let input = ScriptedInput(["1", "2"])
        #expect(input.readLine() == "1")
        #expect(input.readLine() == "2")
        #expect(input.readLine() == nil)
        #expect(input.remaining == 0)
    }

    @Test func invalidDescriptorIsNotATerminal() {
        #expect(!Terminal.isTerminal(fileDescriptor: -1))
    }
}
