import FlowModel

/// What `evaluate` needs of one state's terminator, read out of the program once per flow.
/// Copying a `FlowState` out of the program for every analysis node retained and released its
/// arrays, and matching each status against the arms walked their patterns again at every node
/// (about a fifth of `evaluate` on a large graph).
enum StatePlan: Sendable {
    case goto
    case capability
    case alert(buttons: Int)
    case openSettings(notificationsOnly: Bool)
    /// A check of one subject: `table` indexes `ArmTables`.
    case status(subject: Int, table: Int)
    /// A request: `table` indexes `ArmTables`; `always` is an Always request of a location kind.
    case request(subject: Int, table: Int, always: Bool)
    /// A call of flow `callee` (its steps are read from the program).
    case call(callee: Int)
    /// A `variant` with this many arms (one per variant).
    case variant(arms: Int)
    /// Read from the program: a tuple check, or a check whose arms do not fit a table.
    case general
}

/// For a single-subject `status` or `request`, the edge each status takes: the first arm with
/// a pattern that matches it, else the `else` edge (`arms.count`), else -1 (unhandled). The
/// tables are shared by every check with the same answers, so a flow holds a few of them.
struct ArmTables: Sendable {
    /// `Status.allCases.count` entries per table, by status ordinal.
    private var edges: [Int16] = []
    private var ids: [[Int16]: Int] = [:]
    static let width = Status.allCases.count

    /// The table of `arms`, interned; nil when an edge index would not fit (a check with tens of
    /// thousands of arms, which then takes the general path). Built from each arm's mask of the
    /// statuses it matches, in one pass over the arms: building tables by asking `edge(of:)` for
    /// every status walked every pattern once per status, and cost more than it saved on flows
    /// of a dozen states.
    mutating func table(arms: [StatusArm], hasOtherwise: Bool) -> Int? {
        guard arms.count < Int(Int16.max) else { return nil }
        var row = [Int16](repeating: hasOtherwise ? Int16(arms.count) : -1, count: Self.width)
        var open = Self.every
        for (a, arm) in arms.enumerated() where open != 0 {
            var hit: UInt32 = 0
            for pattern in arm.patterns { hit |= pattern.first.map(Self.mask) ?? Self.every }
            hit &= open
            open &= ~hit
            while hit != 0 {
                row[hit.trailingZeroBitCount] = Int16(a)
                hit &= hit - 1
            }
        }
        if let id = ids[row] { return id }
        let id = edges.count / Self.width
        edges += row
        ids[row] = id
        return id
    }

    /// Every status, as bits by ordinal.
    static let every: UInt32 = Status.allCases.count >= 32 ? .max : (1 << UInt32(Status.allCases.count)) - 1
    /// The statuses of each class, as bits by ordinal, in `StatusClass.allCases` order.
    static let classMasks: [UInt32] = StatusClass.allCases.map { c in
        Status.allCases.enumerated().reduce(0) { $0 | ($1.element.statusClass == c ? 1 << UInt32($1.offset) : 0) }
    }

    static func classIndex(_ c: StatusClass) -> Int {
        switch c {
        case .notDetermined: 0
        case .granted: 1
        case .limited: 2
        case .denied: 3
        case .restricted: 4
        }
    }

    /// The statuses `match` matches, as bits by ordinal.
    static func mask(_ match: StatusMatch) -> UInt32 {
        switch match {
        case .status(let s): 1 << UInt32(s.ordinal)
        case .statusClass(let c): classMasks[classIndex(c)]
        case .any: every
        }
    }

    /// The edge `status` takes among `arms`, or -1: what a table holds.
    static func edge(of status: Status, arms: [StatusArm], hasOtherwise: Bool) -> Int {
        arms.firstIndex(taking: status) ?? (hasOtherwise ? arms.count : -1)
    }

    /// The edge `status` takes in `table`, or -1.
    @inline(__always)
    func edge(_ table: Int, _ status: Status) -> Int { Int(edges[table &* Self.width &+ status.ordinal]) }

    /// Drops the interning index once every state has its table.
    mutating func finish() { ids = [:] }
}

extension AnalysisStorage {
    /// Whether the app's Settings page can show `kind`'s switch while it is still undecided, as
    /// the simulated device's page does for a kind the app asked for: location, whose page offers
    /// "Ask Next Time Or When I Share" and whose "Allow Once" grant falls back to notDetermined;
    /// tracking, whose request iOS drops while another prompt is finishing
    /// (`resultWhilePromptFinishing`); and precise location, shown on the location page. A
    /// request made after a tap decides every other kind, so its undecided status has no switch.
    static func hasSwitchWhileUndetermined(_ kind: PermissionKind) -> Bool {
        kind == .locationAccuracy || kind.dropsRequestWhilePromptFinishing
            || kind.settingsChoices.contains { $0.statusClass == .notDetermined }
    }

    /// The plan of every state of the flow (see `StatePlan`).
    mutating func buildStatePlans() {
        let flow = program[id]
        var plans: [StatePlan] = []
        plans.reserveCapacity(flow.states.count)
        for state in flow.states {
            switch state.terminator {
            case .goto: plans.append(.goto)
            case .capability: plans.append(.capability)
            case .alert(let alert): plans.append(.alert(buttons: alert.buttons.count))
            case .openSettings(let open):
                plans.append(.openSettings(notificationsOnly: open.page == .notificationSettings))
            case .status(let check):
                if check.subjects.count == 1,
                    let t = armTables.table(arms: check.arms, hasOtherwise: check.otherwise != nil)
                {
                    plans.append(.status(subject: subjectIndex(check.subjects[0]), table: t))
                } else {
                    plans.append(.general)
                }
            case .request(let request):
                if let t = armTables.table(arms: request.arms, hasOtherwise: request.otherwise != nil) {
                    let always = request.options.contains(.always) && kinds(of: request.subject).contains(.location)
                    plans.append(.request(subject: subjectIndex(request.subject), table: t, always: always))
                } else {
                    plans.append(.general)
                }
            case .call(let call): plans.append(.call(callee: call.callee.index))
            case .variant(let branch): plans.append(.variant(arms: branch.arms.count))
            }
        }
        armTables.finish()
        statePlans = plans
        handoffOutcomes = flow.states.map { $0.handoff.map { Int32($0.outcome) } ?? -1 }
        settingsSwitchWhileUndetermined = subjects.map { ref in
            kinds(of: ref).contains(where: Self.hasSwitchWhileUndetermined)
        }
    }
}
