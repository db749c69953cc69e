import FlowEncoding
import FlowSyntax

/// Reads a String Catalog (`.xcstrings`) into a `Catalog`, with every problem at its line and
/// column in the file. Unknown members are ignored where Xcode may add some (`shouldTranslate`
/// false skips a key); `stringUnit` must hold exactly `state` and `value`; `variations` and
/// `substitutions` (plurals, devices) are refused, since flow copy has neither.
public enum XCStringsReader {
    public static func read(_ file: SourceFile) -> (catalog: Catalog?, diagnostics: [Diagnostic]) {
        var reader = Reading(file: file)
        let catalog = reader.read()
        // Located together at the end: one pass, however many problems share a long line.
        return (reader.diagnostics.contains { $0.severity == .error } ? nil : catalog, file.located(reader.diagnostics))
    }

    private struct Reading {
        let file: SourceFile
        var diagnostics: [Diagnostic] = []

        mutating func fail(_ message: String, at offset: Int) {
            diagnostics.append(.error(.malformedCatalog, message, at: file.unlocatedRange(at: offset)))
        }

        mutating func read() -> Catalog? {
            let root: LocatedJSON.Value
            do throws(LocatedJSON.Failure) {
                root = try LocatedJSON.parse(file.bytes)
            } catch {
                fail("not valid JSON: \(error.message)", at: error.offset)
                return nil
            }
            guard case .object(let members) = root else {
                fail("expected a String Catalog: an object with 'sourceLanguage', 'strings' and 'version'", at: 0)
                return nil
            }
            var source: String?
            var sourceAt = 0
            var units: [Catalog.Unit] = []
            var sawStrings = false
            for m in members {
                switch m.key {
                case "sourceLanguage":
                    guard case .string(let s) = m.value else {
                        fail("'sourceLanguage' must be a string", at: m.offset)
                        continue
                    }
                    if let problem = LocaleTag.problem(s) { fail(problem, at: m.offset) }
                    source = s
                    sourceAt = m.offset
                case "strings":
                    guard case .object(let entries) = m.value else {
                        fail("'strings' must be an object", at: m.offset)
                        continue
                    }
                    sawStrings = true
                    for e in entries {
                        if let unit = self.unit(e.key, e.value, at: e.keyOffset, valueAt: e.offset) {
                            units.append(unit)
                        }
                    }
                case "version":
                    guard case .string = m.value else {
                        fail("'version' must be a string", at: m.offset)
                        continue
                    }
                default: continue
                }
            }
            guard let source else {
                fail("the catalog has no 'sourceLanguage'", at: 0)
                return nil
            }
            guard sawStrings else {
                fail("the catalog has no 'strings'", at: 0)
                return nil
            }
            return Catalog(sourceLanguage: source, units: units, encoding: .json, sourceLanguageOffset: sourceAt)
        }

        mutating func unit(_ id: String, _ value: LocatedJSON.Value, at keyOffset: Int, valueAt: Int) -> Catalog.Unit? {
            guard case .object(let members) = value else {
                fail("the entry for '\(id)' must be an object", at: valueAt)
                return nil
            }
            var comment = ""
            var translate = true
            var translations: [Catalog.Translation] = []
            for m in members {
                switch m.key {
                case "comment":
                    if case .string(let s) = m.value {
                        comment = s
                    } else {
                        fail("'comment' must be a string", at: m.offset)
                    }
                case "shouldTranslate":
                    if case .bool(false) = m.value { translate = false }
                case "localizations":
                    guard case .object(let locales) = m.value else {
                        fail("'localizations' must be an object", at: m.offset)
                        continue
                    }
                    for l in locales {
                        if let t = translation(l.key, l.value, at: l.keyOffset, valueAt: l.offset) {
                            translations.append(t)
                        }
                    }
                default: continue
                }
            }
            let split = id.lastIndex(of: ":")
            return Catalog.Unit(
                file: split.map { String(id[..<$0]) } ?? "",
                key: split.map { String(id[id.index(after: $0)...]) } ?? id,
                comment: comment, translations: translations, offset: keyOffset, translate: translate)
        }

        mutating func translation(_ locale: String, _ value: LocatedJSON.Value, at keyOffset: Int, valueAt: Int)
            -> Catalog.Translation?
        {
            // The key becomes `strings <locale> {` in a flow: a language tag, or nothing.
            if let problem = LocaleTag.problem(locale) {
                fail(problem, at: keyOffset)
                return nil
            }
            guard case .object(let members) = value else {
                fail("the localization '\(locale)' must be an object", at: valueAt)
                return nil
            }
            var unit: (members: [(key: String, value: LocatedJSON.Value, offset: Int, keyOffset: Int)], offset: Int)?
            for m in members {
                switch m.key {
                case "stringUnit":
                    guard case .object(let u) = m.value else {
                        fail("'stringUnit' must be an object", at: m.offset)
                        return nil
                    }
                    unit = (u, m.offset)
                case "variations", "substitutions":
                    fail(
                        "'\(m.key)' (plural and device variants) cannot be imported: flow copy has one text per locale",
                        at: m.keyOffset)
                    return nil
                default: continue
                }
            }
            guard let unit else {
                fail("the localization '\(locale)' has no 'stringUnit'", at: valueAt)
                return nil
            }
            var state: Catalog.State?
            var text: String?
            var textAt = unit.offset
            var stateAt = unit.offset
            for m in unit.members {
                switch m.key {
                case "state":
                    guard case .string(let s) = m.value else {
                        fail("'state' must be a string", at: m.offset)
                        return nil
                    }
                    guard let st = Catalog.State(rawValue: s) else {
                        fail("unknown state '\(s)' (expected translated, needs_review or new)", at: m.offset)
                        return nil
                    }
                    state = st
                    stateAt = m.offset
                case "value":
                    guard case .string(let s) = m.value else {
                        fail("'value' must be a string", at: m.offset)
                        return nil
                    }
                    text = s
                    textAt = m.offset
                default:
                    let hint =
                        Suggestion.closest(to: m.key, in: ["state", "value"]).map { "; did you mean '\($0)'?" } ?? ""
                    fail(
                        "unknown member '\(m.key)' in 'stringUnit' (it holds 'state' and 'value')\(hint)",
                        at: m.keyOffset)
                    return nil
                }
            }
            guard let state else {
                fail("the 'stringUnit' of '\(locale)' has no 'state'", at: unit.offset)
                return nil
            }
            guard let text else {
                fail("the 'stringUnit' of '\(locale)' has no 'value'", at: unit.offset)
                return nil
            }
            return Catalog.Translation(
                locale: locale, state: state, value: text, offset: keyOffset, valueOffset: textAt, stateOffset: stateAt)
        }
    }

    /// The byte offset of the scalar at `column` (counted in decoded scalars) of the JSON string
    /// whose opening quote is at `quote`, so an error inside a value points at its character.
    public static func offset(inString bytes: [UInt8], quote: Int, column: Int) -> Int {
        var i = quote + 1
        var n = 0
        while i < bytes.count, n < column, bytes[i] != UInt8(ascii: "\"") {
            if bytes[i] == UInt8(ascii: "\\") {
                i += bytes.count > i + 1 && bytes[i + 1] == UInt8(ascii: "u") ? 6 : 2
                // The low half of a surrogate pair is part of the same scalar.
                if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u"),
                    i + 2 < bytes.count, bytes[i + 2] | 0x20 == UInt8(ascii: "d"),
                    i + 3 < bytes.count, "cdef".utf8.contains(bytes[i + 3] | 0x20)
                {
                    i += 6
                }
            } else {
                let b = bytes[i]
                i += b < 0xC0 ? 1 : (b < 0xE0 ? 2 : (b < 0xF0 ? 3 : 4))
            }
            n += 1
        }
        return min(i, bytes.count)
    }
}
