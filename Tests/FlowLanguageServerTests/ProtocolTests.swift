import FlowEncoding
import FlowSyntax
import Testing

@testable import FlowLanguageServer

/// JSON, framing, position conversion and the lifecycle: the protocol below the features.
@Suite struct ProtocolTests {
    @Test func jsonRoundTripsEscapesAndSurrogatePairs() throws {
        let parsed = try JSON(parsing: Array(#"{"a":[1,2.5,true,null],"s":"\"x\\\n\u00e9\ud83d\udcf7"}"#.utf8))
        #expect(parsed["s"]?.string == "\"x\\\né📷")
        #expect(parsed["a"]?[1] == .number(2.5))
        #expect(parsed.text == #"{"a":[1,2.5,true,null],"s":"\"x\\\né📷"}"#)
        #expect(
            Self.failure(Array("{\"a\":}".utf8))
                == "1:6: expected a value (an object, array, string, number, true, false or null)")
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(Self.failure(Array(deep.utf8)) == "1:65: nesting deeper than 64 levels")
        // The tools' one reader refuses a duplicate key instead of keeping either value.
        #expect(Self.failure(Array(#"{"id":1,"id":2}"#.utf8)) == "1:9: duplicate key 'id' (first at line 1, column 2)")
    }

    /// Where and why a message does not parse, as `line:column: message`.
    static func failure(_ bytes: [UInt8]) -> String? {
        do {
            _ = try JSON(parsing: bytes)
            return nil
        } catch {
            return "\(error.line):\(error.column): \(error.message)"
        }
    }

    @Test func jsonEscapesAtTheirEdges() throws {
        // \b and \f; the last high surrogate with the last low one (U+10FFFF); a high surrogate
        // before a non-surrogate escape is U+FFFD, and the escape after it stays.
        let parsed = try JSON(parsing: Array(#"["\b\f","\udbff\udfff","\ud83d\u0041"]"#.utf8))
        #expect(parsed[0]?.string == "\u{8}\u{C}")
        #expect(parsed[1]?.string == "\u{10FFFF}")
        #expect(parsed[2]?.string == "\u{FFFD}A")
        // A raw control character is refused, up to U+001F.
        #expect(Self.failure([0x22, 0x1F, 0x22]) == "1:2: control character in string (write it as an escape)")
        // Written back: control characters as \u00XX, both digits.
        #expect(JSON.string("\u{1}\u{1F}").text == #""\u0001\u001f""#)
    }

    @Test func framerSplitsAnyChunking() throws {
        let one = MessageFramer.frame(Array(#"{"id":1}"#.utf8))
        let two = MessageFramer.frame(Array(#"{"id":"é"}"#.utf8))
        var framer = MessageFramer()
        var bodies: [String] = []
        for byte in one + two {
            framer.append([byte])
            while let body = try framer.next() { bodies.append(String(decoding: body, as: UTF8.self)) }
        }
        #expect(bodies == [#"{"id":1}"#, #"{"id":"é"}"#])
        var both = MessageFramer()
        both.append(Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n".utf8) + one + two)
        #expect(try both.next().map { String(decoding: $0, as: UTF8.self) } == #"{"id":1}"#)
        #expect(try both.next().map { String(decoding: $0, as: UTF8.self) } == #"{"id":"é"}"#)
        #expect(try both.next() == nil)
    }

    @Test func framerRefusesBrokenHeaders() {
        var noLength = MessageFramer()
        noLength.append(Array("Content-Type: x\r\n\r\n{}".utf8))
        #expect(throws: MessageFramer.FramingError(message: "message header without Content-Length")) {
            try noLength.next()
        }
        var huge = MessageFramer()
        huge.append(Array("Content-Length: 999999999999\r\n\r\n".utf8))
        #expect(
            throws: MessageFramer.FramingError(
                message: "message of 999999999999 bytes, more than the limit of 33554432")
        ) { try huge.next() }
        var endless = MessageFramer()
        endless.append([UInt8](repeating: UInt8(ascii: "a"), count: 5000))
        #expect(throws: MessageFramer.FramingError(message: "message header longer than 4096 bytes")) {
            try endless.next()
        }
    }

    /// `title "相机📷" -> x`: CJK is one UTF-16 unit and three bytes, the emoji two units (a
    /// surrogate pair) and four bytes.
    @Test func positionsConvertBetweenBytesAndUTF16() {
        let file = SourceFile(id: FileID(0), path: "a.flow", text: "flow a {\r\n  title \"相机📷\" -> x\n}")
        let utf16 = PositionConverter(.utf16)
        let utf8 = PositionConverter(.utf8)
        let x = Array(file.bytes).firstIndex(of: UInt8(ascii: "x"))!
        #expect(utf16.position(of: x, in: file) == Position(line: 1, character: 18))
        #expect(utf8.position(of: x, in: file) == Position(line: 1, character: 24))
        #expect(utf16.offset(of: Position(line: 1, character: 18), in: file) == x)
        #expect(utf8.offset(of: Position(line: 1, character: 24), in: file) == x)
        // Inside the surrogate pair: the emoji's first byte. Past the line's end: before CRLF.
        let emoji = x - 9
        #expect(utf16.offset(of: Position(line: 1, character: 12), in: file) == emoji)
        #expect(utf16.offset(of: Position(line: 0, character: 99), in: file) == 8)
        #expect(utf16.offset(of: Position(line: 9, character: 0), in: file) == file.bytes.count)
        // A byte-order mark is not a column.
        let bom = SourceFile(id: FileID(0), path: "b.flow", bytes: [0xEF, 0xBB, 0xBF] + Array("ab".utf8))
        #expect(utf16.position(of: 4, in: bom) == Position(line: 0, character: 1))
        #expect(utf16.offset(of: Position(line: 0, character: 1), in: bom) == 4)
    }

    /// `für`: ü is two bytes and one UTF-16 unit. Bytes that are not UTF-8 (an overlong
    /// `E0 80 80`, a surrogate `ED A0 80`) are one unit each, as a client shows a U+FFFD for each.
    @Test func twoByteScalarsAndInvalidBytesCountAsOneUnitEach() {
        let utf16 = PositionConverter(.utf16)
        let utf8 = PositionConverter(.utf8)
        let file = SourceFile(id: FileID(0), path: "a.flow", text: "title \"für\" -> x")
        let x = Array(file.bytes).firstIndex(of: UInt8(ascii: "x"))!
        #expect(x == 16)
        #expect(utf16.position(of: x, in: file) == Position(line: 0, character: 15))
        #expect(utf16.offset(of: Position(line: 0, character: 15), in: file) == x)
        // A UTF-8 column inside ü (bytes 8 and 9) is the start of ü.
        #expect(utf8.offset(of: Position(line: 0, character: 9), in: file) == 8)
        #expect(utf8.offset(of: Position(line: 0, character: 10), in: file) == 10)
        let bad = SourceFile(id: FileID(0), path: "b.flow", bytes: [0x61, 0xE0, 0x80, 0x80, 0xED, 0xA0, 0x80, 0x62])
        #expect(utf16.position(of: 7, in: bad) == Position(line: 0, character: 7))
        #expect(utf16.offset(of: Position(line: 0, character: 4), in: bad) == 4)
        let good = SourceFile(id: FileID(0), path: "c.flow", text: "a相b")
        #expect(utf16.position(of: 4, in: good) == Position(line: 0, character: 2))
    }

    @Test func fileURIsArePercentEncoded() {
        #expect(FileURI.uri("/tmp/a b/相.flow") == "file:///tmp/a%20b/%E7%9B%B8.flow")
        #expect(FileURI.path("file:///tmp/a%20b/%E7%9B%B8.flow") == "/tmp/a b/相.flow")
        #expect(FileURI.path("untitled:Untitled-1") == nil)
    }

    @Test func initializeNegotiatesTheEncoding() async throws {
        let utf8 = TestClient()
        let result = try await utf8.initialize(encodings: ["utf-8", "utf-16"])
        #expect(result["capabilities"]?["positionEncoding"] == "utf-8")
        #expect(result["capabilities"]?["textDocumentSync"]?["change"] == 2)
        #expect(result["serverInfo"]?["name"] == "flow-lsp")
        let utf16 = TestClient()
        #expect(try await utf16.initialize(encodings: [])["capabilities"]?["positionEncoding"] == "utf-16")
    }

    @Test func lifecycleErrorsAndExitCodes() async throws {
        let client = TestClient()
        let early = try await client.response("textDocument/hover", TestClient.at("file:///x.flow", 0, 0))
        #expect(early["error"]?["code"] == -32002)
        _ = try await client.initialize()
        #expect(try await client.response("workspace/unknown")["error"]?["code"] == -32601)
        #expect(
            try await client.response("initialize", ["capabilities": [:]])["error"]?["message"]
                == "the server is already initialized")
        #expect(try await client.request("shutdown") == .null)
        #expect(
            try await client.response("textDocument/hover", TestClient.at("file:///x.flow", 0, 0))["error"]?["code"]
                == -32600)
        #expect(try await client.send(["jsonrpc": "2.0", "method": "exit"]) == false)
        #expect(await client.server.exitCode == 0)

        let abrupt = TestClient()
        _ = try await abrupt.initialize()
        try await abrupt.send(["jsonrpc": "2.0", "method": "exit"])
        #expect(await abrupt.server.exitCode == 1)
    }

    @Test func malformedJSONGetsAParseError() async throws {
        let client = TestClient()
        #expect(await client.server.receive(MessageFramer.frame(Array("{nope".utf8))))
        try await client.send(["jsonrpc": "2.0", "id": 1, "method": "shutdown"])
        #expect(client.messages.first?["error"]?["code"] == -32700)
        #expect(
            client.messages.first?["error"]?["message"]
                == "parse error at line 1, column 2: expected a key in double quotes")
    }
}
