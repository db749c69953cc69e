/// The funnel as one SQL query, so it runs where the events are (`flowrun funnel --sql`). Its
/// rows are `FunnelReport.rows`: `(variant, measure, item, runs)` with `measure` one of `runs`,
/// `reached` (item: a state or branch), `outcome` (item: the outcome) and `left` (item: the last
/// state or branch reached, empty for none), only rows with runs, ordered by the first three.
///
/// Events are ordered per user by time (the streaming funnel reads file order: the same for an
/// export sorted by time). Runs are delimited as the streaming funnel delimits them.
public struct FunnelSQL: Sendable {
    public enum Dialect: String, Sendable, CaseIterable {
        /// `events(user_id, event_name, properties JSON, event_time)`, JSON read with
        /// `json_extract_string` (DuckDB, SQLite; MySQL and PostgreSQL spell it differently).
        case plain
        /// Firebase's BigQuery export (`events_*`): `user_pseudo_id`, `event_name`,
        /// `event_timestamp` and the nested `event_params` (`key`, `value.string_value`,
        /// `value.int_value`, `value.double_value`).
        case firebase
    }

    public let map: FunnelMap
    public let dialect: Dialect
    /// The table to read (`events`; for Firebase, `project.analytics_ID.events_*` in backticks).
    public let table: String
    /// The experiments whose `variant_<name>` properties make a run's variant (the streaming
    /// funnel reads whichever `flow_start` carries; SQL needs them named).
    public let experiments: [String]

    public init(map: FunnelMap, dialect: Dialect, table: String = "events", experiments: [String] = []) {
        self.map = map
        self.dialect = dialect
        self.table = table
        self.experiments = experiments.sorted()
    }

    /// A string literal: quotes doubled, the only escape standard SQL has.
    static func literal(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }

    /// A property of the event as text (nil when absent).
    func property(_ key: String) -> String {
        switch dialect {
        case .plain:
            // The key as a quoted JSON path member, so any key reads (`$."a.b"`).
            let path =
                "$.\"" + key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                + "\""
            return "json_extract_string(p, \(Self.literal(path)))"
        case .firebase:
            return
                "(SELECT COALESCE(ep.value.string_value, CAST(ep.value.int_value AS STRING), CAST(ep.value.double_value AS STRING)) FROM UNNEST(params) AS ep WHERE ep.key = \(Self.literal(key)))"
        }
    }

    var source: String {
        switch dialect {
        case .plain:
            "SELECT CAST(user_id AS VARCHAR) AS u, event_name AS n, properties AS p, row_number() OVER (PARTITION BY user_id ORDER BY event_time) AS seq FROM \(table)"
        case .firebase:
            "SELECT user_pseudo_id AS u, event_name AS n, event_params AS params, row_number() OVER (PARTITION BY user_pseudo_id ORDER BY event_timestamp) AS seq FROM \(table)"
        }
    }

    var variant: String {
        guard !experiments.isEmpty else { return "'all'" }
        let parts = experiments.map { "\(Self.literal($0 + "=")) || \(property("variant_" + $0))" }
        return parts.joined(separator: " || ',' || ")
    }

    /// The condition under which an event was sent from `pattern`'s track.
    func condition(_ pattern: FunnelMap.Pattern) -> String {
        var terms: [String] = []
        if pattern.pieces.count == 1, case .text(let name) = pattern.pieces[0] {
            terms.append("n = \(Self.literal(name))")
        } else {
            // LIKE with `\` escaping the wildcards a name may hold.
            let like = pattern.pieces.map { piece -> String in
                switch piece {
                case .any: return "%"
                case .text(let t):
                    return t.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
                        .replacingOccurrences(of: "_", with: "\\_")
                }
            }.joined()
            terms.append("n LIKE \(Self.literal(like)) ESCAPE '\\'")
        }
        for constant in pattern.constants {
            terms.append("\(property(constant.key)) = \(Self.literal(constant.value))")
        }
        // As `FunnelMap.place`: a track under some arms of an experiment fits an event of one of
        // them, or one without the variant property.
        for variant in pattern.variants {
            let value = property(variant.key)
            let allowed = variant.allowed.map(Self.literal).joined(separator: ", ")
            terms.append("(\(value) IS NULL OR \(value) IN (\(allowed)))")
        }
        return "(" + terms.joined(separator: " AND ") + ")"
    }

    /// The site an event was sent from, by name; NULL when none or more than one fits (as
    /// `FunnelMap.place`).
    var site: String {
        let bySite = Dictionary(grouping: map.patterns, by: \.site)
        let sites = bySite.keys.sorted()
        guard !sites.isEmpty else { return "CAST(NULL AS VARCHAR)" }
        let conditions = sites.map { s in "(" + bySite[s]!.map(condition).joined(separator: " OR ") + ")" }
        let count = conditions.map { "CASE WHEN \($0) THEN 1 ELSE 0 END" }.joined(separator: " + ")
        let which = zip(sites, conditions).map { "WHEN \($1) THEN \(Self.literal(map.sites[$0].name))" }.joined(
            separator: " ")
        return "CASE WHEN \(count) = 1 THEN CASE \(which) END END"
    }

    /// The query.
    public var query: String {
        let flow = Self.literal(map.flow)
        let outcomes = map.outcomes.map(Self.literal).joined(separator: ", ")
        let columns = dialect == .plain ? "u, n, p, seq" : "u, n, params, seq"
        return """
            WITH ev AS (
              \(source)
            ), marked AS (
              SELECT \(columns),
                CASE WHEN n = 'flow_start' AND \(property("flow")) = \(flow) THEN 1 ELSE 0 END AS is_start,
                CASE WHEN n = 'flow_end' AND \(property("flow")) = \(flow) THEN 1 ELSE 0 END AS is_end
              FROM ev
            ), numbered AS (
              SELECT *, SUM(is_start) OVER (PARTITION BY u ORDER BY seq ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS run
              FROM marked
            ), inrun AS (
              SELECT *, COALESCE(SUM(is_end) OVER (PARTITION BY u, run ORDER BY seq ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS ended_before
              FROM numbered
            ), r AS (
              SELECT * FROM inrun WHERE run > 0 AND ended_before = 0
            ), runs AS (
              SELECT u, run,
                MAX(CASE WHEN is_start = 1 THEN \(variant) END) AS variant,
                MAX(CASE WHEN is_end = 1 THEN \(property("outcome")) END) AS outcome,
                MAX(is_end) AS ended
              FROM r GROUP BY u, run
            ), placed AS (
              SELECT u, run, seq, site FROM (
                SELECT u, run, seq, \(site) AS site FROM r WHERE is_start = 0 AND is_end = 0
              ) AS sited WHERE site IS NOT NULL
            ), last_site AS (
              SELECT u, run, site FROM (
                SELECT u, run, site, ROW_NUMBER() OVER (PARTITION BY u, run ORDER BY seq DESC) AS k FROM placed
              ) AS ordered WHERE k = 1
            ), reached AS (
              SELECT DISTINCT u, run, site FROM placed
            )
            SELECT variant, 'runs' AS measure, '' AS item, COUNT(*) AS runs FROM runs GROUP BY variant
            UNION ALL
            SELECT runs.variant, 'reached', reached.site, COUNT(*) FROM reached
              JOIN runs ON runs.u = reached.u AND runs.run = reached.run GROUP BY runs.variant, reached.site
            UNION ALL
            SELECT variant, 'outcome', outcome, COUNT(*) FROM runs
              WHERE ended = 1 AND outcome IN (\(outcomes.isEmpty ? "NULL" : outcomes)) GROUP BY variant, outcome
            UNION ALL
            SELECT runs.variant, 'left', COALESCE(last_site.site, ''), COUNT(*) FROM runs
              LEFT JOIN last_site ON last_site.u = runs.u AND last_site.run = runs.run
              WHERE runs.ended = 0 GROUP BY runs.variant, COALESCE(last_site.site, '')
            ORDER BY 1, 2, 3;

            """
    }
}
