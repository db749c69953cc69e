import FlowStoryboard

extension GraphFormats {
    /// `flowlint --graph`: the graphs of the linted entries, each state outlined in the colour of
    /// the worst finding inside it.
    static func render(_ results: LintResults, style: Style) -> String {
        let placed = results.findings.compactMap { f -> PlacedFinding? in
            guard let r = f.diagnostic.range, let path = f.path(of: r) else { return nil }
            return PlacedFinding(path: path, offset: r.start.offset, severity: f.diagnostic.severity)
        }
        return render(results.reports, findings: placed, style: style)
    }
}
