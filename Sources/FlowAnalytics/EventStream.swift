import Foundation

/// Reads JSON Lines events from a file a chunk at a time, so memory does not grow with the
/// file: each complete line is handed on and forgotten. A line longer than `maxLineBytes` is
/// reported (its event is not read) and skipped; so is a line that is not an event.
public struct EventStream {
    /// A line that could not be read, with its 1-based line and column.
    public struct Problem: Hashable, Sendable {
        public var line: Int
        public var column: Int
        public var message: String
    }

    public static let defaultMaxLineBytes = 1 << 20

    /// Reads `path`, calling `body` with each event; returns the problems (at most `maxProblems`
    /// kept, all counted in `problemCount`) or throws when the file cannot be opened.
    public static func read(
        path: String, format: EventFormat = .lines, maxLineBytes: Int = defaultMaxLineBytes,
        maxProblems: Int = 20, _ body: (EventRecord) -> Void
    ) throws -> (problems: [Problem], problemCount: Int) {
        try read(
            path: path, maxLineBytes: maxLineBytes, maxProblems: maxProblems,
            parse: { (line) throws(EventRecord.Malformed) in try EventRecord.parse(jsonLine: line, format: format) },
            body)
    }

    /// `read(path:format:...)` with the line parser given: the benchmark passes
    /// `EventRecord.parseInFull` to time the full JSON reader against the scanner.
    public static func read(
        path: String, maxLineBytes: Int = defaultMaxLineBytes, maxProblems: Int = 20,
        parse: ([UInt8]) throws(EventRecord.Malformed) -> EventRecord, _ body: (EventRecord) -> Void
    ) throws -> (problems: [Problem], problemCount: Int) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? handle.close() }
        var problems: [Problem] = []
        var problemCount = 0
        func report(_ problem: Problem) {
            problemCount += 1
            if problems.count < maxProblems { problems.append(problem) }
        }
        var line: [UInt8] = []
        var lineNumber = 0
        var overlong = false
        func finishLine() {
            lineNumber += 1
            defer {
                line.removeAll(keepingCapacity: true)
                overlong = false
            }
            if overlong {
                report(
                    Problem(
                        line: lineNumber, column: maxLineBytes + 1,
                        message: "line longer than \(maxLineBytes) bytes; its event is not read"))
                return
            }
            if line.last == 0x0D { line.removeLast() }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
            do {
                body(try parse(line))
            } catch {
                report(Problem(line: lineNumber, column: error.column, message: error.message))
            }
        }
        func append(_ bytes: Slice<UnsafeRawBufferPointer>) {
            guard !overlong else { return }
            if line.count + bytes.count > maxLineBytes {
                overlong = true
                line.removeAll(keepingCapacity: true)
            } else {
                line.append(contentsOf: bytes)
            }
        }
        while true {
            let chunk = try handle.read(upToCount: 1 << 16) ?? Data()
            if chunk.isEmpty { break }
            chunk.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                var start = 0
                while start < raw.count {
                    if let newline = raw[start...].firstIndex(of: 0x0A) {
                        append(raw[start..<newline])
                        finishLine()
                        start = newline + 1
                    } else {
                        append(raw[start...])
                        start = raw.count
                    }
                }
            }
        }
        if !line.isEmpty || overlong { finishLine() }
        return (problems, problemCount)
    }
}
