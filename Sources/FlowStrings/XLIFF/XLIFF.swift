import FlowEncoding
import FlowSyntax

/// XLIFF 1.2 (OASIS), as `xcodebuild -exportLocalizations` writes it inside an `.xcloc`: one
/// `<file>` per flow file that owns keys (`original` is its path), one `<trans-unit>` per key
/// (`id` the key, `xml:space="preserve"`), the base text as `<source>`, the translation as
/// `<target state="translated">` (no `<target>` when the locale lacks the key), the catalog's
/// comment as `<note>`. The shape follows BenRiceM/Ketchup-Localisation
/// `de.xcloc/Localized Contents/de.xliff` (written by Xcode 15.3), see `XLIFFTests`.
public enum XLIFF {
    public static let toolID = "dev.permissionflow.flowstrings"

    /// The XLIFF of one target locale.
    public static func write(_ catalog: Catalog, locale: String, toolVersion: String) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.2" xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd">

            """
        var files: [String: [Catalog.Unit]] = [:]
        for unit in catalog.units { files[unit.file, default: []].append(unit) }
        for file in files.keys.sorted(by: XcodeOrder.less) {
            out +=
                "  <file original=\"\(Markup.attribute(file))\" source-language=\"\(Markup.attribute(catalog.sourceLanguage))\" target-language=\"\(Markup.attribute(locale))\" datatype=\"plaintext\">\n"
            out +=
                "    <header>\n      <tool tool-id=\"\(toolID)\" tool-name=\"flowstrings\" tool-version=\"\(Markup.attribute(toolVersion))\"/>\n    </header>\n    <body>\n"
            for unit in files[file]!.sorted(by: { XcodeOrder.less($0.key, $1.key) }) {
                out += "      <trans-unit id=\"\(Markup.attribute(unit.key))\" xml:space=\"preserve\">\n"
                out += "        " + element("source", unit.translation(catalog.sourceLanguage)?.value ?? "") + "\n"
                if let t = unit.translation(locale), t.state != .new {
                    out +=
                        "        "
                        + element(
                            "target", t.value, state: t.state == .translated ? "translated" : "needs-review-translation"
                        ) + "\n"
                }
                out += "        " + element("note", unit.comment) + "\n"
                out += "      </trans-unit>\n"
            }
            out += "    </body>\n  </file>\n"
        }
        return out + "</xliff>\n"
    }

    private static func element(_ name: String, _ text: String, state: String? = nil) -> String {
        let attributes = state.map { " state=\"\($0)\"" } ?? ""
        return text.isEmpty ? "<\(name)\(attributes)/>" : "<\(name)\(attributes)>\(Markup.text(text))</\(name)>"
    }

    /// XLIFF `state` values (XLIFF 1.2 §2.3 `state`) as catalog states.
    static func state(_ value: String?) -> Catalog.State? {
        switch value {
        case nil, "translated", "final", "signed-off": .translated
        case "needs-review-translation", "needs-review-adaptation", "needs-review-l10n", "needs-adaptation",
            "needs-l10n":
            .needsReview
        case "new", "needs-translation": .new
        default: nil
        }
    }

    /// Reads an XLIFF 1.2 file into a catalog of its target locales (`scope`); the base text in
    /// `<source>` is what the translator saw, never imported.
    public static func read(_ file: SourceFile) -> (catalog: Catalog?, diagnostics: [Diagnostic]) {
        let (catalog, diagnostics) = readUnlocated(file)
        // Located together at the end: one pass, however many problems share a long line.
        return (catalog, file.located(diagnostics))
    }

    private static func readUnlocated(_ file: SourceFile) -> (catalog: Catalog?, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        func fail(_ message: String, at offset: Int) {
            diagnostics.append(.error(.malformedCatalog, message, at: file.unlocatedRange(at: offset)))
        }
        let root: XMLReader.Element
        do throws(XMLReader.Failure) {
            root = try XMLReader.parse(file.bytes)
        } catch {
            fail("not valid XML: \(error.message)", at: error.offset)
            return (nil, diagnostics)
        }
        guard root.name == "xliff" else {
            fail("expected an <xliff> document, found <\(root.name)>", at: root.offset)
            return (nil, diagnostics)
        }
        if let v = root.attribute("version"), v.value != "1.2" {
            fail("XLIFF version '\(v.value)': flowstrings reads XLIFF 1.2", at: v.offset)
            return (nil, diagnostics)
        }
        var source: String?
        var sourceAt = root.offset
        var units: [Catalog.Unit] = []
        var scope = Set<String>()
        for f in root.elements(named: "file") {
            guard let original = f.attribute("original") else {
                fail("<file> has no 'original' (the flow file)", at: f.offset)
                continue
            }
            guard let sl = f.attribute("source-language") else {
                fail("<file> has no 'source-language'", at: f.offset)
                continue
            }
            guard let tl = f.attribute("target-language") else {
                fail("<file> has no 'target-language'", at: f.offset)
                continue
            }
            // Both become `strings <locale> {` in a flow: language tags, or nothing.
            if let problem = LocaleTag.problem(sl.value) {
                fail(problem, at: sl.offset)
                continue
            }
            if let problem = LocaleTag.problem(tl.value) {
                fail(problem, at: tl.offset)
                continue
            }
            if let source, source != sl.value {
                fail("source language '\(sl.value)' differs from '\(source)' of the first <file>", at: sl.offset)
                continue
            }
            if source == nil { (source, sourceAt) = (sl.value, sl.offset) }
            scope.insert(tl.value)
            var bodies = f.elements(named: "body")
            while let body = bodies.popLast() {
                bodies += body.elements(named: "group")
                for unit in body.elements(named: "trans-unit") {
                    if let read = transUnit(
                        unit, flowFile: original.value, locale: tl.value, in: file, into: &diagnostics)
                    {
                        units.append(read)
                    }
                }
            }
        }
        guard let source, diagnostics.isEmpty else {
            if diagnostics.isEmpty {
                fail("the XLIFF file has no <file> with a source and target language", at: root.offset)
            }
            return (nil, diagnostics)
        }
        var catalog = Catalog(sourceLanguage: source, units: units, encoding: .xml, sourceLanguageOffset: sourceAt)
        catalog.scope = scope
        return (catalog, diagnostics)
    }

    /// One `<trans-unit>` as a catalog unit with its translation into `locale` (new when it has
    /// no `<target>`); nil after a diagnostic when it cannot be read.
    private static func transUnit(
        _ unit: XMLReader.Element, flowFile original: String, locale: String, in file: SourceFile,
        into diagnostics: inout [Diagnostic]
    ) -> Catalog.Unit? {
        func fail(_ message: String, at offset: Int) {
            diagnostics.append(.error(.malformedCatalog, message, at: file.unlocatedRange(at: offset)))
        }
        guard let id = unit.attribute("id") else {
            fail("<trans-unit> has no 'id' (the key)", at: unit.offset)
            return nil
        }
        var translations: [Catalog.Translation] = []
        if let target = unit.elements(named: "target").first {
            let state = target.attribute("state")
            guard let mapped = Self.state(state?.value) else {
                fail(
                    "unknown state '\(state?.value ?? "")' (XLIFF 1.2: new, needs-translation, needs-review-translation, translated, final, ...)",
                    at: state?.offset ?? target.offset)
                return nil
            }
            guard target.elements.isEmpty else {
                fail(
                    "inline markup in <target> cannot be imported: flow copy is plain text",
                    at: target.elements[0].offset)
                return nil
            }
            let text = target.text
            translations.append(
                .init(
                    locale: locale, state: mapped, value: text.value, offset: target.offset,
                    valueOffset: text.offset, stateOffset: state?.offset ?? target.offset))
        } else {
            // No target: not translated yet.
            let text = unit.elements(named: "source").first?.text ?? (value: "", offset: unit.offset)
            translations.append(
                .init(
                    locale: locale, state: .new, value: text.value, offset: unit.offset,
                    valueOffset: text.offset, stateOffset: unit.offset))
        }
        var read = Catalog.Unit(
            file: original, key: id.value,
            comment: unit.elements(named: "note").first?.text.value ?? "",
            translations: translations, offset: id.offset,
            translate: unit.attribute("translate")?.value != "no")
        read.source = unit.elements(named: "source").first?.text.value
        return read
    }
}
