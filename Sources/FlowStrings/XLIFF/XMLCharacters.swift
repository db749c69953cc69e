import FlowEncoding
import FlowSyntax

/// The characters an XML 1.0 document can hold (XML 1.0 §2.2 `Char`: tab, LF, CR, U+0020-U+D7FF,
/// U+E000-U+FFFD, U+10000-U+10FFFF), even as a character reference: `&#x1B;` is not well-formed
/// either. A `.flow` string can hold the others (`"\u{1B}"`), so before an XLIFF export writes
/// anything it reports each one where the flows write it (FL4008), instead of writing a file no
/// XML reader (Xcode's included) accepts.
public enum XMLCharacters {
    public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool { Markup.isAllowed(scalar) }

    /// The first character of `text` XML 1.0 cannot hold, as `U+001B`.
    static func firstUnwritable(in text: String) -> String? {
        text.unicodeScalars.first { !isAllowed($0) }.map {
            "U+" + String(String($0.value, radix: 16, uppercase: true).leftPadded(to: 4))
        }
    }

    /// One error per `strings` entry, and per file path, that an XLIFF file cannot hold.
    public static func problems(in project: CopyProject) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for (f, file) in project.files.enumerated() {
            if let c = firstUnwritable(in: file.path) {
                out.append(
                    .error(
                        .xmlUnsafeCopy,
                        "the path of this file holds \(c), which XML 1.0 cannot hold; rename the file to export XLIFF",
                        at: file.source.pointRange(at: 0)))
            }
            for (b, block) in file.blocks.enumerated() {
                for (e, entry) in block.entries.enumerated() {
                    guard let c = firstUnwritable(in: CatalogText.text(of: entry.literal)) else { continue }
                    out.append(
                        .error(
                            .xmlUnsafeCopy,
                            "'\(block.locale)' text of '\(entry.key)' holds \(c), which XML 1.0 cannot hold; remove it, or export a String Catalog",
                            at: project.valueRange(.init(file: f, block: b, entry: e))))
                }
            }
        }
        return out
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
