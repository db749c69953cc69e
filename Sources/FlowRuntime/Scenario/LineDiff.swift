/// A line diff (longest common subsequence) for expected-versus-actual reports.
public enum LineDiff {
    /// One line of a diff: kept (`  `), only expected (`- `) or only actual (`+ `).
    public enum Line: Hashable, Sendable {
        case same(String)
        case expected(String)
        case actual(String)

        public var rendered: String {
            switch self {
            case .same(let s): "    " + s
            case .expected(let s): "  - " + s
            case .actual(let s): "  + " + s
            }
        }
    }

    /// The diff turning `expected` into `actual`.
    public static func lines(expected: [String], actual: [String]) -> [Line] {
        let n = expected.count
        let m = actual.count
        var lcs = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lcs[i][j] = expected[i] == actual[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var out: [Line] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, expected[i] == actual[j] {
                out.append(.same(expected[i]))
                i += 1
                j += 1
            } else if i < n, j == m || lcs[i + 1][j] >= lcs[i][j + 1] {
                out.append(.expected(expected[i]))
                i += 1
            } else {
                out.append(.actual(actual[j]))
                j += 1
            }
        }
        return out
    }

    /// The diff as text, one line per element, `-` expected and `+` actual.
    public static func render(expected: [String], actual: [String]) -> String {
        lines(expected: expected, actual: actual).map(\.rendered).joined(separator: "\n")
    }
}
