import FlowModel
import FlowRuntime
import Testing

@testable import FlowStoryboard

/// The library's parts on their own: the text metrics the alerts are drawn with, the graph
/// layout, and the copy checks (the pages themselves are tested through `flowrun` in
/// FlowCommandLineTests and in headless Chromium by Scripts/storyboard-check.sh).
@Suite struct StoryboardPartsTests {
    @Test func alertMetrics() {
        // Arial's advances in 1/2048 em: A 1366 + l 455 + l 455 + o 1139 + w 1479 = 4894; bold
        // "Allow" is A 1479 + l 569 + l 569 + o 1251 + w 1593; CJK one em each, bold or not.
        #expect(AlertMetrics.width(of: "Allow", size: 2048) == 4894)
        #expect(AlertMetrics.width(of: "Allow", size: 2048, bold: true) == 5461)
        #expect(AlertMetrics.width(of: "允許", size: 17) == 34)
        #expect(AlertMetrics.width(of: "允許", size: 17, bold: true) == 34)
        // An accented letter is as wide as its base letter: "ó" as "o".
        #expect(AlertMetrics.width(of: "Otwórz", size: 2048) == AlertMetrics.width(of: "Otworz", size: 2048))
        let two = AlertMetrics.layout([
            AlertButton(label: "Continue", role: .default), AlertButton(label: "Not Now", role: .cancel),
        ])
        #expect(two.sideBySide && two.order == [1, 0] && two.stackedBy == nil && two.truncated.isEmpty)
        let three = AlertMetrics.layout([
            AlertButton(label: "Later", role: .cancel), AlertButton(label: "A", role: .default),
            AlertButton(label: "Delete", role: .destructive),
        ])
        #expect(!three.sideBySide && three.order == [1, 2, 0] && three.stackedBy == nil)
        let long = String(repeating: "Settings ", count: 4)
        let stacked = AlertMetrics.layout([
            AlertButton(label: long, role: .default), AlertButton(label: "OK", role: .cancel),
        ])
        #expect(!stacked.sideBySide && stacked.order == [0, 1] && stacked.stackedBy == 0 && stacked.truncated == [0])
    }

    @Test func layeredLayoutRoutesBackEdgesOutside() {
        var graph = GraphFormats.Graph(title: "flow t")
        graph.nodes = [
            .init(id: "f0_start", label: "start", shape: .start), .init(id: "f0_s0", label: "a", shape: .state),
            .init(id: "f0_s1", label: "b", shape: .state), .init(id: "f0_o0", label: "done x", shape: .outcome),
        ]
        graph.links = [
            .init(from: "f0_start", to: "f0_s0", label: ""), .init(from: "f0_s0", to: "f0_s1", label: "go"),
            .init(from: "f0_s1", to: "f0_s0", label: "back"), .init(from: "f0_s1", to: "f0_o0", label: "end"),
        ]
        let d = GraphLayout.layout(graph, coveredNodes: ["f0_s0"], coveredLinks: ["f0_s0>f0_s1"])
        let y = Dictionary(uniqueKeysWithValues: d.nodes.map { ($0.key, $0.y) })
        #expect(y["f0_start"]! < y["f0_s0"]! && y["f0_s0"]! < y["f0_s1"]! && y["f0_s1"]! < y["f0_o0#f0_s1"]!)
        #expect(d.nodes.map(\.id) == ["f0_start", "f0_s0", "f0_s1", "f0_o0"])
        #expect(d.nodes.filter(\.covered).map(\.id) == ["f0_s0"])
        let back = try! #require(d.edges.first { $0.id == "f0_s1>f0_s0" })
        let rightmost = d.nodes.map { $0.x + $0.width }.max()!
        // The lane of the back edge lies right of every node and inside the drawing.
        let xs = back.path.split(whereSeparator: { $0 == " " || $0 == "M" || $0 == "L" }).compactMap {
            Int($0.split(separator: ",")[0])
        }
        #expect(xs.max()! > rightmost && xs.max()! < d.width)
        #expect(d.edges.map(\.covered) == [false, true, false, false])
        // Same input, same drawing.
        let again = GraphLayout.layout(graph, coveredNodes: ["f0_s0"], coveredLinks: ["f0_s0>f0_s1"])
        #expect(again.edges.map(\.path) == d.edges.map(\.path) && again.width == d.width && again.height == d.height)
    }

    @Test func unresolvedPlaceholders() {
        #expect(StoryReader.unresolvedPlaceholder(in: "Hi {name}, {app") == "{name}")
        #expect(StoryReader.unresolvedPlaceholder(in: "{ not } {} {a b}") == nil)
    }
}
