import PermissionFlow
import Testing

/// The tests' wait for a session change (`until`) ends when the change never comes, so a stalled
/// run fails its test instead of hanging the suite.
@Suite(.timeLimit(.minutes(3)))
@MainActor
struct WaitBoundTests {
    @Test func aWaitForAChangeThatNeverComesEndsWithARecordedIssue() async throws {
        let session = FlowSession(program: try program(receiptsFlow), system: try device())
        await withKnownIssue {
            await until(session, limit: .milliseconds(50)) { $0.result != nil }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("did not change") }
        }
        #expect(session.result == nil)
    }
}
