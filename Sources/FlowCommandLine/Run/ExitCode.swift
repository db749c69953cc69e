/// The exit codes of `flowrun`, chosen so a script can tell a finished run, a flow error, a usage
/// error and a run that needed input apart, and act on the outcome (printed as the last line
/// `outcome: NAME`, or `"outcome"` in JSON; `--expect-outcome NAME` turns it into an exit code).
///
/// | code | meaning |
/// |---|---|
/// | 0 | finished: the flow ended with an outcome (with `--expect-outcome`, the expected one); `test`: all scenarios passed; `--explore`: no path ends in a flow error |
/// | 1 | flow error: the file has syntax or check errors, a status no arm matches, the step limit, a device error; `test`: a scenario failed; `--explore`: some path ends in a flow error |
/// | 2 | usage or I/O error: bad arguments, a missing or unreadable file, a scripted value that does not fit (unknown button label, a status the kind does not have), a malformed scenario given to `--scenario` |
/// | 3 | input needed: the run reached an alert, a prompt or Settings with nothing scripted and stdin is not a terminal |
/// | 4 | the run finished with an outcome other than `--expect-outcome` |
/// | 5 | `--explore`: the exploration budget (`--explore-budget`) ran out, so the paths are incomplete (1 wins when a path found ends in a flow error) |
/// | 6 | cancelled: the person at the terminal ended input (Ctrl-D) at a question, so the run stopped there |
/// | 7 | `diff`: the two versions behave differently |
public enum ExitCode {
    public static let finished: Int32 = 0
    public static let flowError: Int32 = 1
    public static let usageError: Int32 = 2
    public static let inputNeeded: Int32 = 3
    public static let unexpectedOutcome: Int32 = 4
    public static let explorationIncomplete: Int32 = 5
    public static let cancelled: Int32 = 6
    public static let behaviourChanged: Int32 = 7

    /// The table above as it appears in `--help` and the "Running flows" article.
    public static let helpText = """
        Exit codes:
          0  finished: the flow ended with an outcome (the last line says `outcome: NAME`);
             test: every scenario passed; --explore: no path ends in a flow error
          1  flow error: the file does not check, a status no arm matches, the step limit
             was reached, the device failed; test: a scenario failed; --explore: a path
             ends in a flow error
          2  usage or I/O error: bad arguments, a missing file, a malformed scenario,
             a scripted value that does not fit (unknown button label or status)
          3  input needed: an alert, prompt or Settings visit had nothing scripted and
             stdin is not a terminal
          4  finished with an outcome other than --expect-outcome
          5  --explore: the budget (--explore-budget) ran out before every path was
             found (1 instead when a path found ends in a flow error)
          6  cancelled: input ended (Ctrl-D) at a question on a terminal
          7  diff: the two versions behave differently
        """
}
