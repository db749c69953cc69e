import FlowFormat
import FlowSyntax
import FlowTestSupport

// Issue 14: the formatter's cost (`flowbench --only format`). Formatting is a parse, one pass
// over the tokens, the alignment and a second parse that checks the result, so it should run at
// a steady fraction of the parser's rate and grow linearly with the file.
extension Benchmarks {
    func formatting() throws -> [BenchRow] {
        log("formatting...")
        let corpus = Corpus.atLeast(megabytes: max(1, options.corpusMegabytes / 4), shape: Self.throughputShape)
        // Laid out badly first, so the formatter has work to do: every line's indentation doubled.
        let sources = corpus.files.map { file in
            var messy: [UInt8] = []
            messy.reserveCapacity(file.bytes.count * 2)
            var lineStart = true
            for b in file.bytes {
                if lineStart, b == 0x20 { messy.append(0x20) }
                lineStart = b == 0x0A || (lineStart && b == 0x20)
                messy.append(b)
            }
            return SourceFile(id: file.id, path: file.path, bytes: messy)
        }
        let bytes = sources.reduce(0) { $0 + $1.bytes.count }
        var failure: FormatError?
        let time = options.timing.median {
            for source in sources {
                do throws(FormatError) { _ = try Formatter.format(source) } catch { failure = error }
            }
        }
        if let failure { throw BenchFailure("a generated file was not formatted: \(failure)") }
        let rate = megabytesPerSecond(bytes: bytes, seconds: time)
        var rows = [
            BenchRow(
                "format (parse, layout, check by reparsing)",
                "\(fixed(rate)) MB/s (\(fixed(Double(bytes) / 1e6, 1)) MB, \(fixed(time, 3)) s)")
        ]
        // Growth: one flow of ever more states.
        var times: [Double] = []
        var sizes: [Int] = []
        for states in [200, 2_000, 20_000] {
            let shape = CorpusParameters(
                files: 1, flowsPerFile: 1, statesPerFlow: states, permissionsPerFlow: 2,
                branching: 3, locales: 2, subflows: false)
            let file = Corpus(shape).files[0]
            let limits = ParseLimits(maxStatesPerFlow: states * 2)
            times.append(options.timing.median { _ = try? Formatter.format(file, limits: limits) })
            sizes.append(file.bytes.count)
        }
        rows.append(
            BenchRow(
                "format growth, states per flow x100",
                "1x = \(fixed(Double(sizes[0]) / 1e3)) KB in \(fixed(times[0] * 1e3, 2)) ms"))
        for i in 1..<times.count {
            let inputRatio = Double(sizes[i]) / Double(sizes[0])
            let timeRatio = times[i] / max(times[0], 1e-9)
            rows.append(
                .goal(
                    "  at \(fixed(inputRatio, 0))x input",
                    "time x\(fixed(timeRatio)) (\(fixed(timeRatio / inputRatio, 2))x linear, \(fixed(times[i], 3)) s)",
                    value: timeRatio / inputRatio, atLeast: false, 1.2, goalText: "<= 1.2x linear"))
        }
        return rows
    }
}
