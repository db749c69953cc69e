import FlowArguments
import FlowLint
import FlowModel
import FlowStoryboard
import FlowSyntax

extension StoryboardBuilder {
    /// The builder for `flowrun ... --format html`: lints the entry again (the run loaded only the
    /// program) and reads `--info-plist`.
    static func make(
        reader: any SourceReader, load: FlowrunCommand.Load, path: String, program: Program, flow: FlowID,
        options: RunOptions
    ) throws(ArgumentError) -> StoryboardBuilder {
        var plist: InfoPlist?
        if let plistPath = options.infoPlist {
            do { plist = try InfoPlist.read(path: plistPath) } catch { throw ArgumentError(error.message) }
        }
        let linted = lint(load(reader, path, options.limits), infoPlist: plist)
        let tags = program.strings.locales.map(\.tag)
        let usage: UsageDescriptions?
        do {
            usage = try plist.map { p throws(UsageDescriptions.ReadError) in
                try UsageDescriptions.read(plist: p, locales: tags)
            }
        } catch {
            throw ArgumentError(error.message)
        }
        return StoryboardBuilder(
            program: program, flow: flow, file: path, findings: linted.findings, analysis: linted.analysis,
            usage: usage, appName: options.appName, requestedLocale: options.locale,
            toolVersion: FlowrunCommand.version)
    }
}
