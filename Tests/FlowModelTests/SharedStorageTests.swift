import FlowSyntax
import Testing

@testable import FlowModel

/// What a loaded program keeps of many small lists: equal pattern lists share one array, rows
/// grown by appending keep no spare room, and a button's usually absent track is boxed.
@Suite struct SharedStorageTests {
    /// The address of an array's storage, to tell a shared buffer from an equal copy.
    static func address<T>(_ array: [T]) -> UnsafeRawPointer? {
        array.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }

    static func program(_ text: String) throws -> Program {
        let result = load(text)
        #expect(lines(result) == [])
        return try #require(result.program)
    }

    static func arms(_ state: FlowState) -> [StatusArm] {
        switch state.terminator {
        case .status(let check): check.arms
        case .request(let request): request.arms
        default: []
        }
    }

    @Test func equalPatternListsShareOneArray() throws {
        let program = try Self.program(
            flow(
                """
                state s {
                    status camera {
                      denied, restricted -> t
                      notDetermined -> t
                      authorized -> done granted
                    }
                  }
                  state t {
                    request camera {
                      denied, restricted -> done denied
                      authorized -> done granted
                    }
                  }
                """, header: "uses camera\n  outcomes granted, denied\n  start -> s"))
        let states = program.flows[0].states
        let first = Self.arms(states[0])
        let second = Self.arms(states[1])
        #expect(
            first.map(\.patterns) == [
                [[.status(.denied)], [.status(.restricted)]],
                [[.status(.notDetermined)]], [[.status(.authorized)]],
            ])
        #expect(second.map(\.patterns) == [[[.status(.denied)], [.status(.restricted)]], [[.status(.authorized)]]])
        // The same list written twice is one array; different lists are different arrays.
        #expect(Self.address(first[0].patterns) == Self.address(second[0].patterns))
        #expect(Self.address(first[2].patterns) == Self.address(second[1].patterns))
        #expect(Self.address(first[0].patterns) != Self.address(first[1].patterns))
        // Sharing is only storage: changing one program's copy leaves the other list alone.
        var changed = first[0]
        changed.patterns.append([.any])
        #expect(changed.patterns.count == 3 && second[0].patterns.count == 2)
    }

    /// Forty distinct lists (every ordering of one to three of camera's four statuses), each
    /// written twice: each arm reads back as written, and the second of each pair shares the
    /// first's array (the table of lists grows past its first size twice on the way).
    @Test func manyDistinctPatternListsEachReadBackAndShare() throws {
        let statuses = ["notDetermined", "restricted", "denied", "authorized"]
        var lists: [[String]] = statuses.map { [$0] }
        for _ in 0..<2 {
            lists += lists.filter { $0.count == lists.last!.count }.flatMap { list in
                statuses.filter { !list.contains($0) }.map { list + [$0] }
            }
        }
        #expect(lists.count == 40)
        let states = (lists + lists).enumerated().map { i, list in
            "state s\(i) {\n    status camera {\n      \(list.joined(separator: ", ")) -> done ok\n      else -> done ok\n    }\n  }"
        }
        let program = try Self.program(
            flow(states.joined(separator: "\n  "), header: "uses camera\n  outcomes ok\n  start -> s0"))
        let arms = program.flows[0].states.map { Self.arms($0)[0].patterns }
        #expect(arms.count == 80)
        for (i, list) in (lists + lists).enumerated() {
            #expect(arms[i] == list.map { [StatusMatch.status(Status(rawValue: $0)!)] })
        }
        for i in 0..<40 {
            #expect(Self.address(arms[i]) == Self.address(arms[i + 40]))
            if i > 0 { #expect(Self.address(arms[i]) != Self.address(arms[i - 1])) }
        }
    }

    /// The key of a pattern list is a code a pattern: every match has its own, never 0, and
    /// the code gives the match's shared array back.
    @Test func everyMatchHasItsOwnCode() {
        let matches =
            Status.allCases.map(StatusMatch.status) + StatusClass.allCases.map(StatusMatch.statusClass) + [.any]
        let codes = matches.map(\.sharedCode)
        #expect(Set(codes).count == matches.count && !codes.contains(0))
        for (match, code) in zip(matches, codes) {
            #expect(StatusMatch.shared(code: code) == [match])
            #expect(Self.address(StatusMatch.shared(code: code)) == Self.address(StatusMatch.shared(match)))
        }
    }

    @Test func stringRowsKeepNoSpareRoom() throws {
        let keys = (0..<100).map { "k\($0) = \"text \($0)\"" }.joined(separator: "\n  ")
        let program = try Self.program(
            """
            strings en {
              \(keys)
            }
            strings pl {
              k0 = "tekst"
            }
            \(flow("state s {\n    -> done ok\n  }", header: "uses camera\n  outcomes ok\n  start -> s"))
            """)
        let table = program.strings
        #expect(table.keys.count == 100 && table.keys.first == "k0" && table.keys.last == "k99")
        #expect(table.keys.capacity - table.keys.count <= table.keys.count / 8)
        #expect(table.entries.count == 2)
        for row in table.entries {
            #expect(row.count == 100)
            #expect(row.capacity - row.count <= row.count / 8)
        }
        #expect(table.entries[1][0]?.template.plainText == "tekst" && table.entries[1][1] == nil)
        #expect(table.entries[0][99]?.template.plainText == "text 99")
    }

    @Test func anArrayWithoutSpareRoomIsTheSameValue() {
        var grown: [Int] = []
        for i in 0..<520 { grown.append(i) }
        #expect(grown.capacity > grown.count + grown.count / 8)
        let trimmed = grown.withoutSpareRoom()
        #expect(trimmed == grown)
        #expect(trimmed.capacity - trimmed.count <= trimmed.count / 8)
        // Room within an eighth is kept as it is: the same buffer, no copy.
        let exact = Array(0..<800)
        #expect(Self.address(exact.withoutSpareRoom()) == Self.address(exact))
        #expect([String]().withoutSpareRoom().isEmpty)
    }

    static func button(track: TrackEvent?) -> FlowButton {
        let range = StateLayoutTests.range(4)
        return FlowButton(
            role: .default, label: .literal(LiteralText(template: Template("OK"), range: range)),
            transition: FlowTransition(target: .outcome(0), range: range), track: track, range: range)
    }

    @Test func aButtonCarriesItsTrackOutOfLine() {
        #expect(
            MemoryLayout<FlowButton>.size < MemoryLayout<FlowText>.size + MemoryLayout<FlowTransition>.size
                + 2 * MemoryLayout<SourceRange>.size)
        #expect(MemoryLayout<TrackEvent?>.size > 2 * MemoryLayout<Int>.size)
    }

    @Test func aBoxedTrackIsAValue() {
        let range = StateLayoutTests.range(9)
        let track = TrackEvent(
            name: Template("tapped"), properties: [.init(key: "n", value: .number("1"))], range: range)
        var a = Self.button(track: track)
        let b = Self.button(
            track: TrackEvent(
                name: Template("tapped"), properties: [.init(key: "n", value: .number("1"))],
                range: range))
        #expect(a.track == track && a == b && a.hashValue == b.hashValue)
        #expect(a != Self.button(track: nil) && Self.button(track: nil).track == nil)
        let copy = a
        a.track?.properties.append(.init(key: "m", value: .bool(true)))
        #expect(a.track?.properties.count == 2 && copy.track == track)
        a.track = nil
        #expect(a.track == nil && copy.track == track)
    }
}
