import Foundation
import Testing

/// The example's Xcode project, written by hand, read as Xcode reads it (an old-style property
/// list): every reference resolves, and what it points at exists. It is not built here.
struct ExampleProjectTests {
    private let example = repositoryRoot.appendingPathComponent("Examples/Onboarding")

    private func objects() throws -> (root: String, objects: [String: [String: Any]]) {
        let data = try Data(contentsOf: example.appendingPathComponent("Onboarding.xcodeproj/project.pbxproj"))
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(plist["objectVersion"] as? String == "77")
        let objects = try #require(plist["objects"] as? [String: [String: Any]])
        return (try #require(plist["rootObject"] as? String), objects)
    }

    /// Every string value shaped like an object ID, anywhere under `value`.
    private func references(in value: Any) -> [String] {
        switch value {
        case let string as String:
            return string.count == 24 && string.allSatisfy(\.isHexDigit) ? [string] : []
        case let array as [Any]:
            return array.flatMap(references(in:))
        case let dictionary as [String: Any]:
            return dictionary.values.flatMap(references(in:))
        default:
            return []
        }
    }

    @Test func everyReferenceResolvesToAnObjectWithAType() throws {
        let (root, objects) = try objects()
        #expect(objects[root]?["isa"] as? String == "PBXProject")
        #expect(objects.values.flatMap(references(in:)).count >= 30)  // the walk does find them
        for (id, object) in objects {
            #expect(object["isa"] is String, "object \(id) has no isa")
            for reference in references(in: object) {
                #expect(objects[reference] != nil, "object \(id) refers to \(reference), which is not in the project")
            }
        }
    }

    @Test func theTargetPointsAtFilesThatExistAndProductsThePackageDeclares() throws {
        let (_, objects) = try objects()
        let byType = Dictionary(grouping: objects.values) { $0["isa"] as? String ?? "" }
        let target = try #require(byType["PBXNativeTarget"]?.first)
        #expect(target["productType"] as? String == "com.apple.product-type.application")

        let sources = try #require(byType["PBXFileSystemSynchronizedRootGroup"]?.first?["path"] as? String)
        var isDirectory: ObjCBool = false
        #expect(
            FileManager.default.fileExists(
                atPath: example.appendingPathComponent(sources).path, isDirectory: &isDirectory)
                && isDirectory.boolValue)
        let folders = (byType["PBXFileReference"] ?? []).filter { $0["lastKnownFileType"] as? String == "folder" }
        #expect(folders.compactMap { $0["path"] as? String } == ["Flows"])

        let settings = (byType["XCBuildConfiguration"] ?? []).compactMap { $0["buildSettings"] as? [String: Any] }
        let plists = Set(settings.compactMap { $0["INFOPLIST_FILE"] as? String })
        #expect(plists == ["Info.plist"])
        #expect(FileManager.default.fileExists(atPath: example.appendingPathComponent("Info.plist").path))
        #expect(Set(settings.compactMap { $0["IPHONEOS_DEPLOYMENT_TARGET"] as? String }) == ["17.0"])
        #expect(Set(settings.compactMap { $0["SWIFT_VERSION"] as? String }) == ["6.0"])

        let package = try #require(byType["XCLocalSwiftPackageReference"]?.first?["relativePath"] as? String)
        let manifest = try String(
            contentsOf: example.appendingPathComponent(package).appendingPathComponent("Package.swift"), encoding: .utf8
        )
        let products = (byType["XCSwiftPackageProductDependency"] ?? []).compactMap { $0["productName"] as? String }
            .sorted()
        // Only the modules of the kinds its flows use (camera, notifications, tracking).
        #expect(
            products == [
                "PermissionFlow", "PermissionFlowApple", "PermissionFlowCamera", "PermissionFlowNotifications",
                "PermissionFlowTracking", "PermissionFlowUI",
            ])
        // Compared without whitespace: the manifest is laid out by swift-format. The per-framework
        // products are made from the `appleModules` list.
        let compact = manifest.filter { !$0.isWhitespace }
        for product in products {
            let module = "\"" + product.dropFirst("PermissionFlow".count) + "\""
            #expect(
                compact.contains(".library(name:\"\(product)\"")
                    || (compact.contains("letappleModules=[") && compact.contains(module)),
                "Package.swift has no library product \(product)")
        }
        // The package supports iOS 15 (the session); the example app targets 17 because it uses
        // the Apple permission modules, which are marked iOS 17, without `#available`.
        #expect(manifest.contains("platforms: [.iOS(.v15), .macOS(.v14)]"))
    }
}
