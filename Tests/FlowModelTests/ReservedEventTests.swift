import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowModel

/// `flow_start` and `flow_end` are the runtime's own events (Grammar.md, "Events the runtime
/// sends"): a flow's own track of either is an error, in a state or after a button.
@Suite struct ReservedEventTests {
    @Test func aTrackOfARuntimeEventIsAnError() {
        #expect(
            checkMarked(
                """
                flow f {
                  uses camera
                  start -> prime
                  state prime {
                    track 1️⃣"flow_start"2️⃣ { step: 1 }
                    alert { title "Camera" button "Continue" -> ask  track 3️⃣"flow_end"4️⃣ }
                  }
                  state ask { request camera -> done granted }
                }
                """) == [
                    "1️⃣-2️⃣ FL0170 error: event name 'flow_start' is reserved: the runtime sends it itself before every run; use another name",
                    "3️⃣-4️⃣ FL0170 error: event name 'flow_end' is reserved: the runtime sends it itself when a run ends with an outcome; use another name",
                ])
    }

    @Test func namesThatOnlyResembleThemAreFine() {
        #expect(
            checkMarked(
                """
                flow f {
                  uses camera
                  start -> prime
                  state prime {
                    track "flow_started"
                    track "camera_flow_end"
                    alert { title "Camera" button "Continue" -> ask }
                  }
                  state ask { request camera -> done granted }
                }
                """) == [])
    }
}
