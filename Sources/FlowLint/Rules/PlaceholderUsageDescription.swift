import FlowModel
import FlowSyntax

extension Rule {
    /// FL1502: a usage description that is empty or template text.
    public static let placeholderUsageDescription = Rule(
        id: "FL1502", name: "placeholder-usage-description", severity: .warning,
        summary: "an Info.plist usage description that is empty or a placeholder (--info-plist)",
        documentation: """
            The usage description is the text iOS shows in the system prompt. An empty one, or "TODO",
            "<reason>" and the like, is what the user reads when deciding, and App Review rejects it.
            The examples are linted against a plist whose `NSCameraUsageDescription` is "TODO" and whose
            `NSPhotoLibraryUsageDescription` is a real sentence.
            """,
        triggering: """
            flow camera {
              uses camera
              start -> ask
              state ask { 1️⃣request camera { authorized -> done granted  else -> done denied } }
            }
            """,
        clean: """
            flow photos {
              uses photos
              start -> ask
              state ask { request photos { authorized -> done granted  limited -> done limited  else -> done denied } }
            }
            """
    ) { context in
        let requirements = context.plistRequirements()
        return AppTarget.merged(
            context.plists.flatMap { app, plist in
                requirements.compactMap { r -> (app: AppTarget, finding: RuleFinding)? in
                    guard case .string(let text)? = plist.values[r.key] else { return nil }
                    let problem: String
                    if text.allSatisfy(\.isWhitespace) {
                        problem = "is empty"
                    } else if let marker = PlaceholderText.marker(in: text) {
                        problem = "still holds the placeholder '\(marker)'"
                    } else {
                        return nil
                    }
                    return (
                        app,
                        RuleFinding(
                            "usage description '\(r.key)' in \(app.name) \(problem): iOS shows it in the \(r.kind.rawValue) prompt",
                            at: r.sites[0].range, notes: context.otherSites(r))
                    )
                }
            })
    }
}
