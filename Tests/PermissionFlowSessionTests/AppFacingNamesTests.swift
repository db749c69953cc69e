import Foundation
import PermissionFlow
import Testing

/// `import PermissionFlow` re-exports FlowModel, FlowRuntime and PermissionFlowSession whole, so
/// none of them may declare a type an app's SwiftUI or UIKit file names for the system's own:
/// `FlowText("…")` must stay SwiftUI's. (The Apple typecheck catches a collision with a name in
/// `Tests/AppleStubs`; this test covers the rest of the frameworks' common names.)
@Suite struct AppFacingNamesTests {
    /// Type names of SwiftUI (https://developer.apple.com/documentation/swiftui), UIKit
    /// (https://developer.apple.com/documentation/uikit) and Swift Testing
    /// (https://developer.apple.com/documentation/testing) that app code commonly writes bare:
    /// views, controls, property wrappers, modifiers' value types. Partial by nature; a type
    /// added to the re-exported modules with one of these names fails here.
    static let frameworkNames: Set<String> = [
        // SwiftUI views and controls
        "Alert", "AnyView", "Button", "Canvas", "Color", "ColorPicker", "DatePicker", "Divider",
        "DisclosureGroup", "EmptyView", "ForEach", "Form", "Gauge", "Grid", "GridRow", "Group",
        "GroupBox", "HStack", "Image", "Label", "LabeledContent", "Link", "List", "Menu",
        "NavigationLink", "NavigationSplitView", "NavigationStack", "Picker", "ProgressView",
        "ScrollView", "Section", "SecureField", "ShareLink", "Slider", "Spacer", "Stepper", "Table",
        "TabView", "Text", "TextEditor", "TextField", "Toggle", "VStack", "ZStack", "Window",
        "WindowGroup", "Scene", "App", "View",
        // SwiftUI values and property wrappers
        "Alignment", "Angle", "Animation", "Binding", "Edge", "EdgeInsets", "Environment",
        "EnvironmentObject", "Font", "Gesture", "Layout", "Namespace", "ObservedObject", "Path",
        "Shape", "State", "StateObject", "Transaction", "Transition", "UnitPoint", "Bindable",
        "FocusState", "AppStorage", "SceneStorage", "Material", "Gradient", "Axis",
        // UIKit without the UI prefix that apps name, and Swift Testing
        "NSLayoutConstraint", "Expectation", "Issue", "Tag", "Trait", "Test", "Suite", "Comment",
        "Confirmation",
    ]

    /// Public top-level types of a module, read from its sources.
    static func publicTypes(in module: String) throws -> Set<String> {
        let directory = repositoryRoot.appendingPathComponent("Sources/\(module)")
        let declaration = try Regex(
            #"(?m)^public (?:final )?(?:indirect )?(?:struct|enum|class|protocol|typealias|actor) ([A-Z]\w*)"#)
        var names: Set<String> = []
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: declaration) {
                if let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        return names
    }

    @Test(arguments: ["FlowModel", "FlowRuntime", "PermissionFlowSession"])
    func noReexportedTypeTakesAFrameworkName(module: String) throws {
        let names = try Self.publicTypes(in: module)
        #expect(names.count > 10, "read \(names.count) types from \(module)")
        #expect(names.intersection(Self.frameworkNames).sorted() == [])
    }

    /// The renamed model and scenario types reach app code through `import PermissionFlow` alone
    /// (this file imports nothing else of ours): the check is that it compiles; the names are
    /// asserted so a rename back shows here first.
    @Test func theModelTypesCarryTheFlowPrefix() {
        let names: [String] = [
            "\(FlowText.self)", "\(FlowState.self)", "\(FlowAlert.self)", "\(FlowButton.self)",
            "\(FlowEdge.self)", "\(FlowTransition.self)", "\(ScenarioExpectation.self)",
        ]
        #expect(
            names == [
                "FlowText", "FlowState", "FlowAlert", "FlowButton", "FlowEdge", "FlowTransition",
                "ScenarioExpectation",
            ])
    }
}
