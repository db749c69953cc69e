#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Wall-clock timing with warm-up and the median of several repetitions: the median ignores the
/// odd repetition slowed down by another process on a shared machine.
public struct Timing: Hashable, Sendable {
    public var warmup: Int
    public var repetitions: Int

    public init(warmup: Int = 1, repetitions: Int = 5) {
        self.warmup = max(warmup, 0)
        self.repetitions = max(repetitions, 1)
    }

    /// The median duration of `body` in seconds.
    public func median(_ body: () throws -> Void) rethrows -> Double {
        for _ in 0..<warmup { try body() }
        var samples: [Double] = []
        for _ in 0..<repetitions {
            let start = ContinuousClock.now
            try body()
            samples.append(Self.seconds(ContinuousClock.now - start))
        }
        return Self.median(of: samples)
    }

    /// The median duration of the async `body` in seconds.
    public func asyncMedian(_ body: () async throws -> Void) async rethrows -> Double {
        for _ in 0..<warmup { try await body() }
        var samples: [Double] = []
        for _ in 0..<repetitions {
            let start = ContinuousClock.now
            try await body()
            samples.append(Self.seconds(ContinuousClock.now - start))
        }
        return Self.median(of: samples)
    }

    /// Times `bodies` interleaved: after the warm-up, each of `repetitions` rounds runs every
    /// body once, in turn, so a slowdown from another process on the machine falls on all of them
    /// alike. Returns, per body, the median of its times and the median and range over rounds of
    /// its time divided by the first body's (the baseline) in the same round.
    public func interleaved(_ bodies: [() throws -> Void]) throws -> [Interleaved] {
        for _ in 0..<warmup { for body in bodies { try body() } }
        var samples = [[Double]](repeating: [], count: bodies.count)
        for _ in 0..<repetitions {
            for (i, body) in bodies.enumerated() {
                let start = ContinuousClock.now
                try body()
                samples[i].append(Self.seconds(ContinuousClock.now - start))
            }
        }
        return Interleaved.summaries(samples)
    }

    /// `interleaved` for async bodies.
    public func interleaved(_ bodies: [() async throws -> Void]) async throws -> [Interleaved] {
        for _ in 0..<warmup { for body in bodies { try await body() } }
        var samples = [[Double]](repeating: [], count: bodies.count)
        for _ in 0..<repetitions {
            for (i, body) in bodies.enumerated() {
                let start = ContinuousClock.now
                try await body()
                samples[i].append(Self.seconds(ContinuousClock.now - start))
            }
        }
        return Interleaved.summaries(samples)
    }

    public static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }

    /// The median of `samples` (the mean of the middle two for an even count); 0 when empty.
    public static func median(of samples: [Double]) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}

/// One body's times from `Timing.interleaved`: its median, and its time against the baseline's
/// (the first body) round by round.
public struct Interleaved: Hashable, Sendable {
    public var median: Double
    /// Median over rounds of this body's time / the baseline's time in the same round.
    public var ratio: Double
    public var minRatio: Double
    public var maxRatio: Double

    /// Summaries of per-body samples, one sample per round each, body 0 the baseline.
    public static func summaries(_ samples: [[Double]]) -> [Interleaved] {
        samples.map { mine in
            let ratios = zip(mine, samples[0]).map { $1 > 0 ? $0 / $1 : 0 }
            return Interleaved(
                median: Timing.median(of: mine), ratio: Timing.median(of: ratios),
                minRatio: ratios.min() ?? 0, maxRatio: ratios.max() ?? 0)
        }
    }
}

/// The process's peak resident set size in bytes so far (`getrusage` `ru_maxrss`, which Linux
/// reports in kilobytes and macOS in bytes).
public func peakResidentBytes() -> Int {
    var usage = rusage()
    #if canImport(Glibc)
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
    #else
        let who = RUSAGE_SELF
    #endif
    guard getrusage(who, &usage) == 0 else { return 0 }
    #if canImport(Darwin)
        return Int(usage.ru_maxrss)
    #else
        return Int(usage.ru_maxrss) * 1024
    #endif
}

/// Megabytes (10^6 bytes) per second, the unit of the throughput goals.
public func megabytesPerSecond(bytes: Int, seconds: Double) -> Double {
    seconds > 0 ? Double(bytes) / 1e6 / seconds : 0
}
