import FlowSyntax
import Testing

@testable import FlowModel

@Suite struct StringsTests {
    static let source = """
        app "Cam"
        flow f { uses camera  start -> s  state s { alert { title @only.en message @greeting button @ok -> done granted } } }
        flow g(p: permission) { start -> s  state s { alert { title "{permission}" button "OK" -> done granted } } }
        flow h { uses camera, photos  start -> s  state s { -> done granted } }
        strings en { greeting = "Hello"  only.en = "English"  ok = "OK" }
        strings zh-Hans { greeting = "你好"  permission.camera = "相机"  ok = "好" }
        strings zh-Hant fallback zh-Hans { ok = "好的" }
        strings pl { permission.camera = "Aparat {app}" }
        """

    @Test func localeFallbackLookup() throws {
        let program = try #require(load(Self.source).program)
        let strings = program.strings
        #expect(strings.locales.map(\.tag) == ["en", "zh-Hans", "zh-Hant", "pl"])
        #expect(strings.locales.map(\.fallback) == [nil, nil, 1, nil])
        let hant = strings.bestLocale(for: "zh-Hant-TW")
        #expect(hant == 2)
        func value(_ key: String, _ locale: Int) -> Template? {
            strings.key(named: key).flatMap { strings.lookup($0, locale: locale)?.template }
        }
        #expect(value("ok", hant) == Template("好的"))  // own entry
        #expect(value("greeting", hant) == Template("你好"))  // from zh-Hans
        #expect(value("only.en", hant) == Template("English"))  // from the base locale
        #expect(value("greeting", strings.bestLocale(for: "pl_PL")) == Template("Hello"))
    }

    @Test func permissionPlaceholderAndOverride() throws {
        let program = try #require(load(Self.source).program)
        #expect(program.flows.map(\.permissionPlaceholder) == [.kind(.camera), .parameter(0), nil])
        let strings = program.strings
        #expect(strings.permissionName(.camera, locale: 0) == "Camera")  // no override: displayName
        #expect(strings.permissionName(.camera, locale: 1) == "相机")
        #expect(strings.permissionName(.camera, locale: 2) == "相机")  // through the fallback
        #expect(strings.permissionName(.camera, locale: 3) == "Camera")  // override with a placeholder is ignored
        #expect(strings.permissionName(.photos, locale: 1) == "Photos")
        guard case .alert(let alert) = program.flows[1].states[0].terminator else {
            Issue.record("alert")
            return
        }
        #expect(literal(alert.title) == Template(segments: [.placeholder(.permission(.parameter(0)))]))
    }

    @Test func entryPlaceholdersAreCheckedPerUsingFlow() {
        let result = load(
            """
            flow f { uses camera  start -> s  state s { alert { title @t button "OK" -> done granted } } }
            flow g { uses camera, photos  start -> s  state s { alert { title @t button "OK" -> done granted } } }
            strings en { t = "Allow {permission}" }
            """)
        #expect(
            lines(result) == [
                "main.flow:3:25: error: '{permission}' in string 't' is ambiguous in flow 'g', which uses camera, photos [FL0125] note: the string is used here (2:67) note: define a value with 'let' and use it instead"
            ])
    }

    /// A template of one text segment is stored as its text: both ways to build it are one value
    /// (equal, equal hashes, the same segments), and templates with placeholders read back as built.
    @Test func templateStorageIsNormalised() {
        let built = Template(segments: [.text("Allow")])
        let plain = Template("Allow")
        #expect(built == plain)
        #expect(built.hashValue == plain.hashValue)
        #expect(built.plainText == "Allow")
        #expect(built.segments == [.text("Allow")])
        var mixed = Template(segments: [.text("Use "), .placeholder(.app)])
        #expect(mixed.plainText == nil)
        #expect(mixed.segments == [.text("Use "), .placeholder(.app)])
        #expect(mixed != Template("Use "))
        mixed.segments = [.text("Allow")]
        #expect(mixed == plain)
        #expect(Template(segments: []).plainText == nil)
        #expect(Template(segments: []).segments.isEmpty)
        #expect(Template(segments: [.placeholder(.app)]).plainText == nil)
    }

    /// The checker builds a plain literal's template without a segment list, and one with a
    /// placeholder with one; both read back as the source wrote them.
    @Test func checkedTemplatesReadBackAsWritten() throws {
        let result = load(
            """
            app "Cam"
            flow f { uses camera  start -> s  state s { alert { title "Plain title" message "For {app}" button "OK" -> done granted } } }
            """)
        let alert = try #require(
            result.program?.flows.first?.states.first.flatMap { state -> FlowAlert? in
                if case .alert(let a) = state.terminator { return a } else { return nil }
            })
        guard case .literal(let title)? = alert.title, case .literal(let message)? = alert.message else {
            Issue.record("expected literal copy")
            return
        }
        #expect(title.template.plainText == "Plain title")
        #expect(title.template == Template(segments: [.text("Plain title")]))
        #expect(message.template.plainText == nil)
        #expect(message.template.segments == [.text("For "), .placeholder(.app)])
    }
}
