import Foundation

/// The project most feature tests open: a camera flow that imports a library flow, with a
/// misspelled state on a line that has CJK text and an emoji before it, two locales, and a
/// call into the library.
enum Fixture {
    static let main = """
        app "Receipts"
        import "lib.flow"

        flow scan_receipt {
          uses camera
          start -> check
          state check {
            status camera {
              authorized         -> done granted
              notDetermined      -> prime
              denied, restricted -> explain
            }
          }
          state prime {
            alert { title "相机📷 {app}"  button @prime.go -> aks }
          }
          state ask { request camera -> check }
          state explain {
            alert {
              title  "Camera access is off"
              button "Open Settings" -> settings
              cancel "Not Now" -> done denied
            }
          }
          state settings { open settings on return -> check }
        }

        flow photos_first {
          start -> go
          state go { call helper { granted -> done granted  else -> done denied } }
        }

        strings en { prime.go = "Continue" }
        strings zh-Hans fallback en { prime.go = "继续" }

        """

    static let lib = """
        flow helper {
          start -> a
          state a { -> done granted }
        }

        """

    /// `main.flow` with the typo fixed.
    static var fixed: String { main.replacingOccurrences(of: "-> aks", with: "-> ask") }

    static func project() throws -> Project {
        try Project(["main.flow": main, "lib.flow": lib])
    }

    /// An initialized client with main.flow (and, when asked, lib.flow) open.
    static func opened(_ project: Project, fixedTypo: Bool = false, openLib: Bool = false) async throws -> TestClient {
        let client = TestClient()
        _ = try await client.initialize(root: project.root)
        try await client.open(project.uri("main.flow"), fixedTypo ? fixed : main)
        if openLib { try await client.open(project.uri("lib.flow"), lib) }
        return client
    }
}
