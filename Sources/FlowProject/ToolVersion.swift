/// The one version of the PermissionFlow tools: `flowlint --version`, `flowrun --version`, the
/// JSON, SARIF and JUnit reports and baselines all print this, so they can never disagree.
public enum ToolVersion {
    public static let current = "0.3.0"
}
