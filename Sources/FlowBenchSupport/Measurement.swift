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
    public func median(_ body: () async throws -> Void) async rethrows -> Double {
        for _ in 0..<warmup { try await body() }
        var samples: [Double] = []
        for _ in 0..<repetitions {
            let start = ContinuousClock.now
            try await body()
            samples.append(Self.seconds(ContinuousClock.now - start))
        }
        return Self.median(of: samples)
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
