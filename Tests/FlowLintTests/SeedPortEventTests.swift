import Foundation
import Testing

/// Issue 29 item 7: a seed's port reproduces its seed's observable behaviour, analytics
/// included: it tracks exactly the events its seed sends, with no properties the seed does not
/// send. The table is each seed's own `Analytics.track` calls (the Polish and Simplified Chinese
/// seeds track four taps, without properties; the others send nothing).
@Suite struct SeedPortEventTests {
    static let flows = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("flows")

    static let primingEvents = [
        "permissions_prime_camera_no_camera", "permissions_prime_camera_accepted",
        "permissions_prime_camera_cancelled", "permissions_prime_camera_open_settings",
    ]

    static let seeds: [(port: String, events: [String])] = [
        ("seed_hangge_photos_settings.flow", []),
        ("seed_pl_camera_priming.flow", primingEvents),
        ("seed_uk_photos_execute.flow", []),
        ("seed_zh_hans_camera_priming.flow", primingEvents),
        ("seed_zh_hant_camera_photos_tuple.flow", []),
    ]

    /// Every `track` statement of a flow file, in order: its event name, and `{...}` when it
    /// carries properties. Comments are dropped first.
    static func tracks(in text: String) throws -> [String] {
        let code = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            guard let comment = line.range(of: "//") else { return line }
            return line[..<comment.lowerBound]
        }.joined(separator: "\n")
        let pattern = try NSRegularExpression(pattern: #"\btrack\s+"([^"]*)"(\s*\{)?"#)
        let ns = code as NSString
        return pattern.matches(in: code, range: NSRange(location: 0, length: ns.length)).map { m in
            ns.substring(with: m.range(at: 1)) + (m.range(at: 2).location == NSNotFound ? "" : " {...}")
        }
    }

    @Test(arguments: seeds.indices)
    func aSeedPortTracksOnlyItsSeedsEvents(index: Int) throws {
        let (port, events) = Self.seeds[index]
        let text = try String(contentsOf: Self.flows.appendingPathComponent(port), encoding: .utf8)
        #expect(try Self.tracks(in: text) == events, "\(port)")
    }

    @Test func everySeedPortIsInTheTable() throws {
        let ports = try FileManager.default.contentsOfDirectory(atPath: Self.flows.path)
            .filter { $0.hasPrefix("seed_") && $0.hasSuffix(".flow") }.sorted()
        #expect(ports == Self.seeds.map(\.port))
    }
}
