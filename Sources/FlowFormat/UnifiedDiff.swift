/// A unified diff of two versions of a file, as `diff -u` writes it (`--- a/path`, `+++ b/path`,
/// `@@ -l,n +l,n @@` hunks with three lines of context): what `flowfmt --diff` and
/// `flowlint --fix --dry-run` print, so a reviewer or `git apply` reads it.
///
/// Lines are matched by Myers' O((N+M)·D) algorithm; past `maxEditDistance` differing lines
/// the whole file is one hunk (a complete rewrite reads no better as many small ones), so the
/// time and memory stay bounded for any input.
public enum UnifiedDiff {
    public static let maxEditDistance = 1_000

    /// The diff, or "" when the two are equal.
    public static func render(old: [UInt8], new: [UInt8], oldPath: String, newPath: String, context: Int = 3) -> String
    {
        guard old != new else { return "" }
        let a = lines(old)
        let b = lines(new)
        let script = editScript(a, b)
        var out = "--- \(oldPath)\n+++ \(newPath)\n"
        // Group the script into hunks: changes closer than 2 * context lines share one.
        var i = 0
        while i < script.count {
            guard script[i] != .keep else {
                i += 1
                continue
            }
            var start = i
            var kept = 0
            while start > 0, script[start - 1] == .keep, kept < context {
                start -= 1
                kept += 1
            }
            var end = i
            var run = 0
            var j = i
            while j < script.count {
                if script[j] == .keep {
                    run += 1
                    if run > 2 * context { break }
                } else {
                    run = 0
                    end = j
                }
                j += 1
            }
            let stop = min(script.count, end + 1 + context)
            // Line numbers at `start`.
            var oldLine = 0
            var newLine = 0
            for op in script[..<start] {
                if op != .insert { oldLine += 1 }
                if op != .delete { newLine += 1 }
            }
            var body = ""
            var oldCount = 0
            var newCount = 0
            var ai = oldLine
            var bi = newLine
            for op in script[start..<stop] {
                switch op {
                case .keep:
                    body += " " + a[ai].text
                    ai += 1
                    bi += 1
                    oldCount += 1
                    newCount += 1
                case .delete:
                    body += "-" + a[ai].text
                    ai += 1
                    oldCount += 1
                case .insert:
                    body += "+" + b[bi].text
                    bi += 1
                    newCount += 1
                }
                if (op == .insert ? b[bi - 1] : a[ai - 1]).missingNewline { body += "\n\\ No newline at end of file\n" }
            }
            out += "@@ -\(range(oldLine, oldCount)) +\(range(newLine, newCount)) @@\n" + body
            i = stop
        }
        return out
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 0 ? "\(start),0" : count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
    }

    struct Line: Equatable {
        var bytes: ArraySlice<UInt8>
        var missingNewline: Bool
        var text: String { String(decoding: bytes, as: UTF8.self) + (missingNewline ? "" : "\n") }
        static func == (l: Line, r: Line) -> Bool { l.bytes == r.bytes && l.missingNewline == r.missingNewline }
    }

    static func lines(_ bytes: [UInt8]) -> [Line] {
        var out: [Line] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            out.append(Line(bytes: bytes[start..<i], missingNewline: false))
            start = i + 1
        }
        if start < bytes.count { out.append(Line(bytes: bytes[start...], missingNewline: true)) }
        return out
    }

    enum Op: Equatable { case keep, delete, insert }

    /// The shortest edit script from `a` to `b` (Myers 1986), or delete-all-then-insert-all past
    /// `maxEditDistance`.
    static func editScript(_ a: [Line], _ b: [Line]) -> [Op] {
        let n = a.count
        let m = b.count
        let maxD = min(n + m, maxEditDistance)
        let offset = maxD + 1
        var v = Array(repeating: 0, count: 2 * maxD + 3)
        var trace: [[Int]] = []
        var found = false
        outer: for d in 0...maxD {
            trace.append(Array(v[(offset - d)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
                    ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m {
                    found = true
                    break outer
                }
            }
        }
        guard found else {
            return Array(repeating: .delete, count: n) + Array(repeating: .insert, count: m)
        }
        // Walk back through the saved frontiers.
        var ops: [Op] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let saved = trace[d]
            func at(_ k: Int) -> Int { saved[k + d] }  // saved covers k in -d...d+1
            let k = x - y
            let prevK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1
            let prevX = d == 0 ? 0 : at(prevK)
            let prevY = prevX - prevK
            while x > prevX, y > prevY {
                ops.append(.keep)
                x -= 1
                y -= 1
            }
            if d > 0 {
                if x == prevX { ops.append(.insert) } else { ops.append(.delete) }
                x = prevX
                y = prevY
            }
        }
        while x > 0, y > 0 {
            ops.append(.keep)
            x -= 1
            y -= 1
        }
        return ops.reversed()
    }
}
