import Foundation

/// Finds a key given twice in one `<dict>` of an XML property list. `PropertyListSerialization`
/// keeps one of the two values without a word, so an Info.plist whose second
/// `NSCameraUsageDescription` is a leftover "TODO" would be linted against whichever it kept;
/// Xcode's own plist editor refuses such a file. Binary plists are not scanned (Xcode writes
/// them from dictionaries, which cannot hold a key twice).
enum PlistDuplicateKeys {
    /// Throws `path:line:col: duplicate key 'K' in a dictionary (first at line:col)` for the
    /// second `<key>` of a pair; returns for a file without one (or one that is not XML).
    static func check(_ data: Data, path: String) throws(InfoPlist.ParseError) {
        let bytes = [UInt8](data)
        var i = 0
        // Skip a UTF-8 byte order mark and leading whitespace; anything but '<' is not XML.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "<") else { return }

        var line = 1
        var lineStart = 0
        var scanned = 0
        func position(_ offset: Int) -> String {
            while scanned < offset {
                if bytes[scanned] == 0x0A {
                    line += 1
                    lineStart = scanned + 1
                }
                scanned += 1
            }
            return "\(line):\(offset - lineStart + 1)"
        }
        func find(_ needle: [UInt8], from start: Int) -> Int? {
            guard needle.count <= bytes.count else { return nil }
            var j = start
            while j + needle.count <= bytes.count {
                if bytes[j] == needle[0], Array(bytes[j..<(j + needle.count)]) == needle { return j }
                j += 1
            }
            return nil
        }
        // One frame per open <dict> or <array>: the keys seen in a dict with their positions.
        var frames: [[String: String]?] = []
        while let open = find([UInt8(ascii: "<")], from: i) {
            let rest = bytes[open...]
            func starts(_ s: String) -> Bool { rest.starts(with: Array(s.utf8)) }
            if starts("<!--") {
                guard let end = find(Array("-->".utf8), from: open + 4) else { return }
                i = end + 3
            } else if starts("<![CDATA[") {
                guard let end = find(Array("]]>".utf8), from: open + 9) else { return }
                i = end + 3
            } else if starts("<key>") {
                guard let end = find(Array("</key>".utf8), from: open + 5) else { return }
                let key = decode(String(decoding: bytes[(open + 5)..<end], as: UTF8.self))
                let here = position(open)
                if let top = frames.last, var keys = top {
                    if let first = keys[key] {
                        throw InfoPlist.ParseError(
                            message:
                                "\(path):\(here): duplicate key '\(key)' in a dictionary (first at \(first)); iOS reads only one of them"
                        )
                    }
                    keys[key] = here
                    frames[frames.count - 1] = keys
                }
                i = end + 6
            } else {
                guard let end = find([UInt8(ascii: ">")], from: open + 1) else { return }
                let tag = String(decoding: bytes[(open + 1)..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                switch tag {
                case "dict": frames.append([:])
                case "array": frames.append(nil)
                case "/dict", "/array": if !frames.isEmpty { frames.removeLast() }
                default: break
                }
                i = end + 1
            }
        }
    }

    /// The five predefined XML entities and numeric references, so `a&amp;b` and `a&#38;b` match.
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else {
                out += rest[amp...]
                return out
            }
            let name = rest[rest.index(after: amp)..<semi]
            let named: [Substring: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let s = named[name] {
                out += s
            } else if name.hasPrefix("#x"), let v = UInt32(name.dropFirst(2), radix: 16), let u = UnicodeScalar(v) {
                out.unicodeScalars.append(u)
            } else if name.hasPrefix("#"), let v = UInt32(name.dropFirst()), let u = UnicodeScalar(v) {
                out.unicodeScalars.append(u)
            } else {
                out += rest[amp...semi]
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
