import FlowBenchSupport
import Testing

/// `Timing.interleaved`: every round runs every body once, in order, and ratios are taken within
/// a round against the first body.
@Suite struct InterleavedTimingTests {
    @Test func roundsRunEveryBodyInTurnAfterTheWarmUp() throws {
        var order: [Int] = []
        let results = try Timing(warmup: 1, repetitions: 3).interleaved([
            { order.append(0) }, { order.append(1) }, { order.append(2) },
        ])
        #expect(order == [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2])
        #expect(results.count == 3)
        #expect(results[0].ratio == 1 && results[0].minRatio == 1 && results[0].maxRatio == 1)
    }

    @Test func ratiosAreTakenWithinEachRound() {
        // Round times: the baseline slows down in round 2 and so does the body beside it, so the
        // ratio holds at 3 while the body's own times spread from 3 to 30.
        let summaries = Interleaved.summaries([[1, 10, 2], [3, 30, 6.6]])
        #expect(summaries[1].median == 6.6)
        #expect(summaries[1].ratio == 3)
        #expect(summaries[1].minRatio == 3)
        #expect(abs(summaries[1].maxRatio - 3.3) < 1e-12)
        #expect(summaries[0].median == 2)
    }

    @Test func aFailingBodyStopsTheRun() {
        struct Stop: Error {}
        var ran = 0
        #expect(throws: Stop.self) {
            _ = try Timing(warmup: 0, repetitions: 2).interleaved([{ ran += 1 }, { throw Stop() }])
        }
        #expect(ran == 1)
    }
}
