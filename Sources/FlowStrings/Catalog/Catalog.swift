/// The copy of a set of flows as translators exchange it: one unit per `strings` key, with its
/// text in every locale. Both formats (String Catalog and XLIFF) are written from it and read
/// back into it, so import and export share one meaning.
public struct Catalog: Hashable, Sendable {
    /// The base locale of the flows (`sourceLanguage`, XLIFF `source-language`).
    public var sourceLanguage: String
    /// In the order Xcode writes them (`XcodeOrder`).
    public var units: [Unit]
    /// How the file read spells text, so an error inside a value can point at its character.
    public var encoding: Encoding
    /// Where `sourceLanguage` (or the first `source-language`) is written in the file read.
    public var sourceLanguageOffset: Int

    public enum Encoding: Hashable, Sendable { case json, xml }
    /// The locales the file speaks for (an XLIFF file: its target languages); nil for all. An
    /// import with `--delete` removes entries of these locales only.
    public var scope: Set<String>?

    public init(sourceLanguage: String, units: [Unit], encoding: Encoding = .json, sourceLanguageOffset: Int = 0) {
        self.sourceLanguage = sourceLanguage
        self.units = units
        self.encoding = encoding
        self.sourceLanguageOffset = sourceLanguageOffset
    }

    /// One key of one flow file's string table.
    public struct Unit: Hashable, Sendable {
        /// The `.flow` file that defines the key in the base locale, relative to the project root.
        public var file: String
        /// The dotted key as the flows write it (`prime.title`).
        public var key: String
        /// Where the key is used and which placeholders it takes, for the translator.
        public var comment: String
        /// By locale tag, in `XcodeOrder`.
        public var translations: [Translation]
        /// Where the unit is written in the file it was read from (byte offset of its key); 0 for
        /// units made from flows.
        public var offset: Int
        /// False for a key marked `shouldTranslate: false` (or XLIFF `translate="no"`): kept, never imported.
        public var translate: Bool
        /// The base text the translator saw, when the format carries it apart (XLIFF `<source>`).
        public var source: String?

        public init(
            file: String, key: String, comment: String, translations: [Translation], offset: Int = 0,
            translate: Bool = true
        ) {
            self.file = file
            self.key = key
            self.comment = comment
            self.translations = translations
            self.offset = offset
            self.translate = translate
        }

        /// The String Catalog key: the file and the key, `flows/camera.flow:prime.title`. Keys are
        /// one namespace per program, and a project holds many programs whose keys collide
        /// (`prime.title` in every flow), so the catalog names the file that owns each key.
        public var id: String { "\(file):\(key)" }

        public func translation(_ locale: String) -> Translation? { translations.first { $0.locale == locale } }
    }

    /// A key's text in one locale.
    public struct Translation: Hashable, Sendable {
        public var locale: String
        public var state: State
        /// Catalog text: placeholders as `{name}`, literal braces and backslashes as `\{`, `\}`, `\\`.
        public var value: String
        /// Byte offsets in the file read (0 for translations made from flows): the locale's key,
        /// and the value's text, so errors point at what the translator wrote.
        public var offset: Int
        public var valueOffset: Int
        /// Where the state is written (the value's place when the format has no state).
        public var stateOffset: Int

        public init(
            locale: String, state: State, value: String, offset: Int = 0, valueOffset: Int = 0, stateOffset: Int = 0
        ) {
            self.locale = locale
            self.state = state
            self.value = value
            self.offset = offset
            self.valueOffset = valueOffset
            self.stateOffset = stateOffset
        }
    }

    /// How far a translation is (the String Catalog's `state`; XLIFF's `state` maps onto it).
    public enum State: String, Hashable, Sendable {
        /// Done: imported as is.
        case translated
        /// Changed by someone who asks for a review: imported, with a warning.
        case needsReview = "needs_review"
        /// Not translated yet (its value is the base text the app falls back to): not imported.
        case new
    }

    /// The unit for a String Catalog key, if any.
    public func unit(id: String) -> Unit? { units.first { $0.id == id } }
}
