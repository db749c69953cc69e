import FlowModel
import FlowSyntax
import Testing

@testable import FlowAnalytics

/// What the funnel's rows are called: the words a user read, and only ends that can happen.
@Suite struct FunnelLabelTests {
    static let source = """
        flow camera {
          uses camera
          start -> check
          state check { status camera { notDetermined -> prime  else -> done denied } }
          state prime {
            alert {
              title @prime.title
              button @prime.go -> ask  track "prime_tapped" { choice: "continue" }
              cancel "Not Now" -> done cancelled  track "prime_tapped" { choice: "later" }
            }
          }
          state ask { request camera { authorized -> done granted  else -> done denied } }
        }

        strings en {
          prime.title = "Camera"
          prime.go    = "Continue"
        }

        strings de {
          prime.title = "Kamera"
          prime.go    = "Weiter"
        }
        """

    static func map() throws -> FunnelMap {
        let loaded = Loader(reader: MemoryReader(["f.flow": source])).load("f.flow")
        let program = try #require(loaded.program, "\(loaded.diagnostics.map(\.message))")
        return FunnelMap(program: program, entry: FlowID(0))
    }

    @Test func aTableKeyShowsTheBaseLocalesTextAndItsKey() throws {
        #expect(
            try Self.map().sites.map(\.name) == [
                #"prime -> ask "Continue (@prime.go)""#, #"prime -> done cancelled "Not Now""#,
            ])
    }

    /// A flow without an `outcomes` line has five built-in outcomes; it can end with three.
    @Test func onlyOutcomesARunCanEndWithAreListed() throws {
        #expect(try Self.map().outcomes == ["granted", "denied", "cancelled"])
    }
}
