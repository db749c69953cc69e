import FlowModel
import Foundation
import Testing

@testable import FlowLint

/// The product each kind and capability names (`PermissionSpec.product`, `Capability.product`) is
/// one Package.swift declares, and the products FL1509 knows are exactly the package's app-side
/// libraries.
@Suite struct PermissionSpecProductTests {
    static let packageSwift = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Package.swift")

    /// The library products Package.swift declares: `.library(name: "X"` and the per-framework
    /// modules, `"PermissionFlow" +` each name of the `appleModules` list.
    static func libraryProducts() throws -> Set<String> {
        let text = try String(contentsOf: packageSwift, encoding: .utf8)
        var names = Set<String>()
        for piece in text.components(separatedBy: ".library(name: \"").dropFirst() {
            names.insert(String(piece.prefix { $0 != "\"" }))
        }
        for piece in text.components(separatedBy: ".library(\n            name: \"").dropFirst() {
            names.insert(String(piece.prefix { $0 != "\"" }))
        }
        let list = try #require(text.components(separatedBy: "let appleModules = [").dropFirst().first)
        let body = list.prefix { $0 != "]" }
        for quoted in body.split(separator: "\"").enumerated() where quoted.offset % 2 == 1 {
            names.insert("PermissionFlow" + quoted.element)
        }
        return names
    }

    @Test func everyKindAndCapabilityNamesAProductOfThePackage() throws {
        let products = try Self.libraryProducts()
        #expect(products.contains("PermissionFlowCamera") && products.contains("PermissionFlowApple"))
        for kind in PermissionKind.allCases {
            #expect(products.contains(kind.spec.product), "\(kind): \(kind.spec.product)")
        }
        for capability in Capability.allCases {
            #expect(products.contains(capability.product), "\(capability): \(capability.product)")
        }
        #expect(Set(AppTarget.LinkedProducts.known) == products)
    }

    @Test func kindsOfOneFrameworkShareItsProduct() {
        #expect(PermissionKind.camera.spec.product == "PermissionFlowCamera")
        #expect(PermissionKind.photosAddOnly.spec.product == "PermissionFlowPhotos")
        #expect(PermissionKind.locationAccuracy.spec.product == "PermissionFlowLocation")
        #expect(PermissionKind.faceID.spec.product == "PermissionFlowFaceID")
        #expect(Capability.biometry.product == "PermissionFlowFaceID")
        #expect(Capability.locationServices.product == "PermissionFlowLocation")
    }

    /// The table in the DocC article "In an app" says which product each kind and capability check
    /// needs: it must say what the spec says, and list every kind and capability once.
    @Test func theInAnAppTableSaysWhatTheSpecSays() throws {
        let article = Self.packageSwift.deletingLastPathComponent()
            .appendingPathComponent("Sources/PermissionFlow/PermissionFlow.docc/InAnApp.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        var kinds: [PermissionKind: String] = [:]
        var capabilities: [Capability: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `PermissionFlow") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let product = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let parts = cells[2].components(separatedBy: "; `capability ")
            for name in parts[0].split(separator: ",") {
                let kind = try #require(
                    PermissionKind(rawValue: name.trimmingCharacters(in: .whitespaces.union(.init(charactersIn: "`")))))
                #expect(kinds.updateValue(product, forKey: kind) == nil, "\(kind) is listed twice")
            }
            for name in parts.dropFirst().flatMap({ $0.split(separator: ",") }) {
                let capability = try #require(
                    Capability(rawValue: name.trimmingCharacters(in: .whitespaces.union(.init(charactersIn: "`")))))
                #expect(capabilities.updateValue(product, forKey: capability) == nil, "\(capability) is listed twice")
            }
        }
        #expect(kinds.count == PermissionKind.allCases.count)
        for kind in PermissionKind.allCases { #expect(kinds[kind] == kind.spec.product, "\(kind)") }
        #expect(capabilities.count == Capability.allCases.count)
        for capability in Capability.allCases {
            #expect(capabilities[capability] == capability.product, "\(capability)")
        }
    }
}
