import Foundation

/// The statistics the funnel reports: a proportion's 95 % confidence interval and the test of
/// whether two proportions differ.
public enum FunnelStatistics {
    /// z for a two-sided 95 % interval.
    public static let z95 = 1.959963984540054

    /// The Wilson score interval of `successes` out of `trials` at 95 % (nil for no trials):
    /// unlike the normal approximation it stays inside [0, 1] and is usable for small counts and
    /// rates near 0 or 1.
    public static func wilson(successes: Int, trials: Int) -> (low: Double, high: Double)? {
        guard trials > 0 else { return nil }
        let n = Double(trials)
        let p = Double(successes) / n
        let z2 = z95 * z95
        let denominator = 1 + z2 / n
        let center = (p + z2 / (2 * n)) / denominator
        let half = z95 * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot() / denominator
        return (max(0, center - half), min(1, center + half))
    }

    /// The two-proportion z-test (pooled, two-sided): z and the p-value; nil when either group is
    /// empty or the pooled rate is 0 or 1 (no variance: nothing to test).
    public static func twoProportionZ(_ a: (successes: Int, trials: Int), _ b: (successes: Int, trials: Int))
        -> (z: Double, p: Double)?
    {
        guard a.trials > 0, b.trials > 0 else { return nil }
        let n1 = Double(a.trials)
        let n2 = Double(b.trials)
        let pooled = Double(a.successes + b.successes) / (n1 + n2)
        let variance = pooled * (1 - pooled) * (1 / n1 + 1 / n2)
        guard variance > 0 else { return nil }
        let z = (Double(a.successes) / n1 - Double(b.successes) / n2) / variance.squareRoot()
        return (z, erfc(abs(z) / 2.0.squareRoot()))
    }
}
