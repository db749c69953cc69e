import FlowArguments
import FlowLint

/// flowlint's options that name the app (`AppInputOptions`; the project library reads the files).
enum AppInputArguments {
    static let specs: [OptionSpec] = [
        .value(
            "xcode-project", "path",
            help:
                "check requests against the Info.plist of each iOS app target of this .xcodeproj (INFOPLIST_KEY_* settings, INFOPLIST_FILE, IPHONEOS_DEPLOYMENT_TARGET), per configuration"
        ),
        .repeatable("target", "name", help: "with --xcode-project: only this target (default: every iOS app target)"),
        .repeatable(
            "configuration", "name", help: "with --xcode-project: only this build configuration (default: every one)"),
        .repeatable(
            "xcconfig", "file",
            help:
                "build settings that override the project's, as xcodebuild -xcconfig does (with --info-plist: the app's settings)"
        ),
        .value(
            "deployment-target", "version",
            help:
                "the app's deployment target, e.g. 15.0 (default: IPHONEOS_DEPLOYMENT_TARGET): decides which legacy usage keys are required"
        ),
        .value(
            "privacy-manifest", "file",
            help:
                "the app's PrivacyInfo.xcprivacy (default: the one beside --info-plist, or in the --xcode-project target)"
        ),
        .repeatable(
            "link", "product",
            help:
                "a PermissionFlow product the app links, e.g. PermissionFlowCamera (without --xcode-project, which reads them from the target): a flow whose kind's product is missing is an error (FL1509)"
        ),
    ]

    /// The options given on the command line (`--info-plist` is declared with flowlint's own).
    /// Empty when none is: the configuration's app keys then apply.
    static func options(_ parsed: ParsedArguments) -> AppInputOptions {
        var options = AppInputOptions()
        options.infoPlist = parsed.value("info-plist")
        options.xcodeProject = parsed.value("xcode-project")
        options.targets = parsed.values("target")
        options.configurations = parsed.values("configuration")
        options.xcconfigs = parsed.values("xcconfig")
        options.deploymentTarget = parsed.value("deployment-target")
        options.privacyManifest = parsed.value("privacy-manifest")
        options.links = parsed.values("link")
        return options
    }
}
