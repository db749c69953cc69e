import FlowModel
import FlowRuntime
import FlowSyntax
import FlowTestSupport
import Testing

@testable import PermissionFlowAppleSupport

/// The FL2108 errors for `source`'s flow `flow` with only `linked` registered, marked.
private func unlinked(_ source: String, flow: String = "f", linked: Set<AppleModule>) throws -> [String] {
    let sources = MarkedSources(source)
    let load = Loader(reader: MemoryReader([:])).load(text: sources.entryText, path: "main.flow")
    let program = try #require(load.program, "\(load.diagnostics)")
    let id = try #require(program.flow(named: flow))
    return sources.render(
        LinkedModules.problems(in: program, flow: id, linked: linked), fileNames: load.files.map(\.path))
}

/// One module's calls, counting what reaches it.
private actor FakeModule: FrameworkModuleAccess {
    nonisolated let module: AppleModule
    private(set) var calls: [String] = []
    init(_ module: AppleModule) { self.module = module }

    func rawStatusValues(of kind: PermissionKind) async throws -> [Int] {
        calls.append("status \(kind.rawValue)")
        return [3]
    }

    func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool? {
        calls.append("request \(kind.rawValue)")
        return nil
    }

    func isAvailable(_ capability: Capability) async throws -> Bool {
        calls.append("capability \(capability.rawValue)")
        return true
    }
}

@Suite struct LinkedModulesTests {
    @Test func useOfAnUnlinkedKindIsAnErrorAtItsName() throws {
        #expect(
            try unlinked(
                """
                flow f {
                  uses 1️⃣camera2️⃣, photos
                  start -> s
                  state s { status camera { authorized -> done granted  else -> done denied } }
                }

                """, linked: [.photos])
                == [
                    "1️⃣-2️⃣ FL2108 error: flow 'f' uses camera, whose module is not registered; "
                        + "link PermissionFlowCamera and add .camera to ApplePermissionSystem(modules:)"
                ])
    }

    @Test func capabilityChecksAndCalledFlowsAreCheckedToo() throws {
        #expect(
            try unlinked(
                """
                flow f {
                  uses photos
                  start -> c
                  state c { capability 1️⃣biometry2️⃣ { present -> s  absent -> done unavailable } }
                  state s { call g { granted -> done granted  else -> done denied } }
                }
                flow g {
                  uses 3️⃣calendar4️⃣
                  start -> s
                  state s { status calendar { fullAccess -> done granted  else -> done denied } }
                }
                flow unrelated {
                  uses health
                  start -> s
                  state s { status health { sharingAuthorized -> done granted  else -> done denied } }
                }

                """, linked: [.photos])
                == [
                    "1️⃣-2️⃣ FL2108 error: flow 'f' checks capability biometry, whose module is not registered; "
                        + "link PermissionFlowFaceID and add .faceID to ApplePermissionSystem(modules:)",
                    "3️⃣-4️⃣ FL2108 error: flow 'g' uses calendar, whose module is not registered; "
                        + "link PermissionFlowCalendar and add .calendar to ApplePermissionSystem(modules:)",
                ])
    }

    @Test func aFlowWhoseModulesAreAllLinkedIsClean() throws {
        #expect(
            try unlinked(
                """
                flow f {
                  uses photos, photosAddOnly
                  start -> s
                  state s { status photos { authorized -> done granted  else -> done denied } }
                }

                """, linked: [.photos]) == [])
    }

    @Test func everyKindAndCapabilityHasExactlyOneModuleAndEveryModuleServesOne() {
        for kind in PermissionKind.allCases { #expect(AppleModule.serving(kind).kinds.contains(kind)) }
        for capability in Capability.allCases {
            #expect(AppleModule.serving(capability).capabilities.contains(capability))
        }
        for module in AppleModule.allCases { #expect(!module.kinds.isEmpty, "\(module)") }
        #expect(AppleModule.camera.productName == "PermissionFlowCamera")
        #expect(AppleModule.mediaLibrary.productName == "PermissionFlowMediaLibrary")
        #expect(AppleModule.calendar.framework == AppleModule.reminders.framework)
        #expect(
            AppleModule.location.usageDescriptionKeys == [
                "NSLocationWhenInUseUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription",
                "NSLocationTemporaryUsageDescriptionDictionary",
            ])
    }

    @Test func theRouterSendsEachKindToItsModuleAndRefusesTheOthers() async throws {
        let photos = FakeModule(.photos)
        let camera = FakeModule(.camera)
        let access = ModularFrameworkAccess(modules: [photos, camera]) { _ in .returned }
        let system = FrameworkPermissionSystem(access: access, usageDescriptions: nil)
        #expect(access.linkedModules == [.photos, .camera])
        #expect(try await system.status(of: .photosAddOnly) == .authorized)
        #expect(try await system.isAvailable(.frontCamera))
        #expect(await photos.calls == ["status photosAddOnly"])
        #expect(await camera.calls == ["capability frontCamera"])
        await #expect(throws: FrameworkPermissionError.moduleNotLinked("microphone", module: .microphone)) {
            try await system.status(of: .microphone)
        }
        await #expect(throws: FrameworkPermissionError.moduleNotLinked("capability biometry", module: .faceID)) {
            try await system.isAvailable(.biometry)
        }
        #expect(
            FrameworkPermissionError.moduleNotLinked("microphone", module: .microphone).description
                == "microphone needs the PermissionFlowMicrophone module: link it and add .microphone to ApplePermissionSystem(modules:)"
        )
    }

    @Test func theSystemReportsWhatItsAccessDoesNotLink() throws {
        let sources = MarkedSources(
            """
            flow f {
              uses 1️⃣tracking2️⃣
              start -> s
              state s { status tracking { authorized -> done granted  else -> done denied } }
            }

            """)
        let load = Loader(reader: MemoryReader([:])).load(text: sources.entryText, path: "main.flow")
        let program = try #require(load.program)
        let system = FrameworkPermissionSystem(
            access: ModularFrameworkAccess(modules: [FakeModule(.camera)]) { _ in .returned },
            usageDescriptions: nil)
        let problems = system.unlinkedUses(in: program, flow: try #require(program.flow(named: "f")))
        #expect(
            sources.render(problems, fileNames: ["main.flow"]) == [
                "1️⃣-2️⃣ FL2108 error: flow 'f' uses tracking, whose module is not registered; "
                    + "link PermissionFlowTracking and add .tracking to ApplePermissionSystem(modules:)"
            ])
        #expect(
            UnlinkedKindsError(program: program, diagnostics: problems).description.hasPrefix(
                "main.flow:2:8: error: flow 'f' uses tracking"))
    }
}

/// The modules come from the one spec per kind: each kind is served by the module whose product its
/// spec names (`PermissionSpec.product`), and every module serves a kind.
@Suite struct ModuleProductTests {
    @Test func eachKindsModuleIsTheProductItsSpecNames() {
        for kind in PermissionKind.allCases {
            #expect(AppleModule.serving(kind).productName == kind.spec.product, "\(kind)")
        }
        for capability in Capability.allCases {
            #expect(AppleModule.serving(capability).productName == capability.product, "\(capability)")
        }
        for module in AppleModule.allCases { #expect(!module.kinds.isEmpty, "\(module)") }
        #expect(AppleModule.serving(.photosAddOnly) == .photos)
        #expect(AppleModule.serving(.locationAccuracy) == .location)
        #expect(AppleModule.serving(.biometry) == .faceID)
    }
}
