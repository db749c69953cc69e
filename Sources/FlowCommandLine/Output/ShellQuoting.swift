/// A path written into a command line a user copies from a hint ("run: flowfmt -i PATH"), quoted
/// for a POSIX shell only where it needs it.
enum ShellQuoting {
    static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "/._-+,:@%=".unicodeScalars.contains(scalar))
            }
        if plain { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
