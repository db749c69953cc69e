/// The `.xcloc` bundle around an XLIFF file, as `xcodebuild -exportLocalizations` lays it out:
/// `contents.json`, `Localized Contents/<locale>.xliff`, and `Source Contents/` with the files
/// the strings come from. `contents.json` has the keys (sorted, Xcode's JSON spacing) of
/// BenRiceM/Ketchup-Localisation `de.xcloc/contents.json`.
public enum XCLoc {
    public static func contents(developmentRegion: String, project: String, targetLocale: String, toolVersion: String)
        -> String
    {
        """
        {
          "developmentRegion" : \(XCStringsWriter.quote(developmentRegion)),
          "project" : \(XCStringsWriter.quote(project)),
          "targetLocale" : \(XCStringsWriter.quote(targetLocale)),
          "toolInfo" : {
            "toolID" : \(XCStringsWriter.quote(XLIFF.toolID)),
            "toolName" : "flowstrings",
            "toolVersion" : \(XCStringsWriter.quote(toolVersion))
          },
          "version" : "1.0"
        }
        """
    }

    /// The path of the XLIFF file inside an `.xcloc`, for its `targetLocale`.
    public static func xliffPath(in xcloc: String, locale: String) -> String {
        xcloc + "/Localized Contents/\(locale).xliff"
    }
}
