/// One line of the benchmark table: what was measured, the number, the goal and whether it is met.
public struct BenchRow: Hashable, Sendable {
    public enum Verdict: String, Hashable, Sendable {
        case met, missed
        /// A measurement without a goal of its own (counts, inputs).
        case info = "-"
    }
    public var measure: String
    public var result: String
    public var goal: String
    public var verdict: Verdict

    public init(_ measure: String, _ result: String, goal: String = "", verdict: Verdict = .info) {
        self.measure = measure
        self.result = result
        self.goal = goal
        self.verdict = verdict
    }

    /// A row whose verdict is `value` compared with `goal` (at least when `atLeast`, else below).
    public static func goal(
        _ measure: String, _ result: String, value: Double, atLeast: Bool, _ goal: Double,
        goalText: String
    ) -> BenchRow {
        let met = atLeast ? value >= goal : value < goal
        return BenchRow(measure, result, goal: goalText, verdict: met ? .met : .missed)
    }
}

/// Renders rows as a Markdown table, so a run's output pastes into BENCHMARKS.md as is.
public enum BenchTable {
    public static func render(_ rows: [BenchRow]) -> String {
        let header = ["measure", "result", "goal", "status"]
        let cells = rows.map { [$0.measure, $0.result, $0.goal, $0.verdict.rawValue] }
        var widths = header.map(\.count)
        for row in cells {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        func line(_ row: [String]) -> String {
            "| "
                + row.enumerated().map { i, cell in cell + String(repeating: " ", count: widths[i] - cell.count) }
                .joined(separator: " | ") + " |"
        }
        var out = [
            line(header), "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|",
        ]
        out += cells.map(line)
        return out.joined(separator: "\n")
    }
}

/// Formats a number with a fixed count of decimals (Foundation-free, so tests see stable text).
func fixed(_ value: Double, _ decimals: Int = 1) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    let frac = Int(scaled) - whole * Int(scale)
    let sign = value < 0 && scaled != 0 ? "-" : ""
    if decimals == 0 { return "\(sign)\(whole)" }
    let digits = String(frac)
    return "\(sign)\(whole)." + String(repeating: "0", count: decimals - digits.count) + digits
}
