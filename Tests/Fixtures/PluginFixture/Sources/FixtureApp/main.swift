import Foundation
import PermissionFlow

// Runs both flows on a simulated phone through the types the build plugin generated from
// Flows/: the flow names, the arguments and the outcomes are checked by the compiler.

/// What the app does with the camera flow's outcome. The switch is exhaustive over the flow's
/// `outcomes`: one added to scan_receipt.flow makes this a compile error.
func describe(_ outcome: Flows.ScanReceipt.Outcome) -> String {
    switch outcome {
    case .granted: "scanning"
    case .denied: "camera off"
    }
}

let library = try FlowLibrary(bundle: .module, subdirectory: "Flows")

let camera = FlowSession(
    program: try library.program(for: Flows.ScanReceipt.flowName),
    system: try SimulatedDevice(.init(statuses: [.camera: .authorized]), script: Script()))
print("scan_receipt: \(describe(try await camera.run(Flows.scanReceipt)))")

let photos = FlowSession(
    program: try library.program(for: Flows.PhotoLibraryAccess.flowName),
    system: try SimulatedDevice(.init(statuses: [.photos: .limited]), script: Script()))
switch try await photos.run(Flows.photoLibraryAccess(p: .photos, reason: "to pick a receipt")) {
case .granted, .limited: print("photo_library_access: can pick")
case .denied, .unavailable, .cancelled: print("photo_library_access: cannot pick")
}
