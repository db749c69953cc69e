import FlowEncoding
import FlowProject
import FlowSyntax

extension JSONFormats {
    /// A finding's fix-its as SARIF 2.1.0 `fix` objects (§3.55): a `description`, and one
    /// `artifactChange` (§3.56) of the file the fix edits with one `replacement` (§3.57): the
    /// `deletedRegion` (a region with start and end, empty when the fix only inserts, plus its
    /// `byteOffset` and `byteLength`) and the `insertedContent` text. Whether `flowlint --fix`
    /// applies it is the property `applicability` (`machineApplicable` or `maybeIncorrect`).
    static func sarifFixes(_ f: LintedFinding, root: ProjectRoot) -> [JSONValue] {
        f.diagnostic.fixIts.map { fix in
            let r = fix.range
            let region = JSONValue.object([
                ("startLine", .int(r.start.line)), ("startColumn", .int(r.start.column)),
                ("endLine", .int(r.end.line)), ("endColumn", .int(r.end.column)),
                ("byteOffset", .int(r.start.offset)), ("byteLength", .int(r.end.offset - r.start.offset)),
            ])
            return .object([
                ("description", .object([("text", .string(fix.message))])),
                (
                    "artifactChanges",
                    .array([
                        .object([
                            ("artifactLocation", artifact(f.path(of: r) ?? f.path, root: root)),
                            (
                                "replacements",
                                .array([
                                    .object([
                                        ("deletedRegion", region),
                                        ("insertedContent", .object([("text", .string(fix.replacement))])),
                                    ])
                                ])
                            ),
                        ])
                    ])
                ),
                ("properties", .object([("applicability", .string(fix.applicability.rawValue))])),
            ])
        }
    }
}
