import Foundation
import PermissionFlow
import Testing

/// `scan_receipt` as the build plugin generates it: the built-in outcomes its states reach.
private struct ScanReceipt: FlowDescriptor {
    static let flowName = "scan_receipt"
    enum Outcome: String, FlowOutcome { case granted, denied }
    var arguments: [String: RunArgument] { [:] }
}

/// A descriptor generated from an older `scan_receipt` that could also end `limited`.
private struct StaleScanReceipt: FlowDescriptor {
    static let flowName = "scan_receipt"
    enum Outcome: String, FlowOutcome { case granted, denied, limited }
    var arguments: [String: RunArgument] { [:] }
}

/// A flow with parameters: the typed arguments must reach the run.
private struct AskFor: FlowDescriptor {
    static let flowName = "ask_for"
    enum Outcome: String, FlowOutcome {
        case allowed
        case notNow = "not_now"
    }
    var p: PermissionKind
    var reason: String
    var arguments: [String: RunArgument] { ["p": .permission(p), "reason": .text(reason)] }
}

private let askForFlow = """
    flow ask_for(p: permission, reason: text) {
      outcomes allowed, not_now
      start -> prime
      state prime {
        alert {
          title "We use it {reason}"
          button "Continue" -> done allowed
          cancel "Not Now" -> done not_now
        }
      }
    }
    """

/// A photos check with no arm for `limited`: a limited library is a flow error at run time.
private let photosFlow = """
    flow check_photos {
      uses photos
      start -> check
      state check {
        status photos {
          authorized         -> done granted
          notDetermined      -> done denied
          denied, restricted -> done denied
        }
      }
    }
    """

private struct CheckPhotos: FlowDescriptor {
    static let flowName = "check_photos"
    enum Outcome: String, FlowOutcome { case granted, denied }
    var arguments: [String: RunArgument] { [:] }
}

@MainActor
@Suite(.timeLimit(.minutes(3)))
struct FlowDescriptorTests {
    @Test func aTypedRunReturnsTheOutcomeAsTheFlowsEnum() async throws {
        let session = FlowSession(program: try program(receiptsFlow), system: try device([.camera: .authorized]))
        let outcome = try await session.run(ScanReceipt())
        #expect(outcome == .granted)
        #expect(session.result?.path == ["check"])
    }

    @Test func typedArgumentsReachTheRunAndRawValuesMapBackToCases() async throws {
        let session = FlowSession(program: try program(askForFlow, path: "ask.flow"), system: try device())
        let run = try session.start(AskFor(p: .camera, reason: "to scan receipts"))
        let alert = await nextAlert(session)
        #expect(alert.title == "We use it to scan receipts")
        try session.tap("Not Now")
        #expect(try await run.value == .notNow)
        #expect(session.outcome == "not_now")
    }

    @Test func aFlowWhoseOutcomesDifferFromTheGeneratedTypeIsRefusedBeforeItRuns() async throws {
        let session = FlowSession(program: try program(receiptsFlow), system: try device([.camera: .authorized]))
        let error = try await #require(throws: FlowRunError.self) { try await session.run(StaleScanReceipt()) }
        #expect(
            error.description == "flow 'scan_receipt' has outcomes granted, denied "
                + "but its generated type has granted, denied, limited; regenerate the Swift code from the .flow file the app ships"
        )
        #expect(error.result == nil)
        #expect(session.activity == .idle)
        #expect(session.result == nil)
    }

    @Test func aFlowErrorIsThrownWithItsIDStateAndResult() async throws {
        let session = FlowSession(
            program: try program(photosFlow, path: "photos.flow"), system: try device([.photos: .limited]))
        let error = try await #require(throws: FlowRunError.self) { try await session.run(CheckPhotos()) }
        guard case .flowError(let flowError) = error.reason else {
            Issue.record("expected a flow error, got \(error.reason)")
            return
        }
        #expect(flowError.id == "FL2101")
        #expect(error.description.hasPrefix("flow 'check_photos' failed in state 'check': "))
        #expect(error.description.hasSuffix(" [FL2101]"))
        #expect(error.result?.path == ["check"])
    }

    @Test func cancellingATypedRunThrowsCancellationError() async throws {
        let session = FlowSession(program: try program(receiptsFlow), system: try device())
        let run = try session.start(ScanReceipt())
        _ = await nextAlert(session)
        session.cancel()
        await #expect(throws: CancellationError.self) { try await run.value }
        #expect(session.activity == .finished(.cancelled))
    }

    @Test func anUnknownFlowIsTheSessionsInvocationError() async throws {
        struct Missing: FlowDescriptor {
            static let flowName = "missing"
            enum Outcome: String, FlowOutcome { case granted }
            var arguments: [String: RunArgument] { [:] }
        }
        let session = FlowSession(program: try program(receiptsFlow), system: try device())
        await #expect(throws: RunInvocationError.self) { try await session.run(Missing()) }
    }
}
