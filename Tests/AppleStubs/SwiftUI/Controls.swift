// SwiftUI views and data types the presenters and the example app use (see View.swift). Where a
// declaration has defaulted parameters nothing here passes, they are left out. The priming
// screen's view and presentation are in Screens.swift.
import Foundation

// https://developer.apple.com/documentation/swiftui/text
@available(iOS 13.0, macOS 10.15, *)
public struct Text: View, Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/text/init(verbatim:)
    public init(verbatim content: String) {}
    // https://developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4
    public init<S: StringProtocol>(_ content: S) {}
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/buttonrole
@available(iOS 15.0, macOS 12.0, *)
public struct ButtonRole: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/buttonrole/destructive
    public static let destructive = ButtonRole()
    // https://developer.apple.com/documentation/swiftui/buttonrole/cancel
    public static let cancel = ButtonRole()
}

// https://developer.apple.com/documentation/swiftui/button
@available(iOS 13.0, macOS 10.15, *)
@MainActor @preconcurrency public struct Button<Label: View>: View {
    // https://developer.apple.com/documentation/swiftui/button/init(action:label:)
    @preconcurrency public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

@available(iOS 13.0, macOS 10.15, *)
extension Button where Label == Text {
    // https://developer.apple.com/documentation/swiftui/button/init(_:action:)-lpm7
    @preconcurrency public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
        fatalError("stub")
    }
    // https://developer.apple.com/documentation/swiftui/button/init(_:role:action:)-8y5yk
    @available(iOS 15.0, macOS 12.0, *)
    @preconcurrency public init<S: StringProtocol>(
        _ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void
    ) {
        fatalError("stub")
    }
}

// https://developer.apple.com/documentation/swiftui/foreach
@available(iOS 13.0, macOS 10.15, *)
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    // Not part of the interface: only so the stub's initializer has something to set.
    var data: Data
    var content: (Data.Element) -> Content
}

@available(iOS 13.0, macOS 10.15, *)
extension ForEach: View where Content: View {
    // https://developer.apple.com/documentation/swiftui/foreach/init(_:id:content:)-6bnlh
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)
    {
        self.data = data
        self.content = content
    }
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/vstack
@available(iOS 13.0, macOS 10.15, *)
public struct VStack<Content: View>: View {
    // https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)
    public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
    ) {}
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/binding
@available(iOS 13.0, macOS 10.15, *)
@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    // https://developer.apple.com/documentation/swiftui/binding/init(get:set:)-7ufcp
    // (both closures @isolated(any) @Sendable, as the page declares them)
    @preconcurrency public init(
        get: @escaping @isolated(any) @Sendable () -> Value,
        set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) {}
    // https://developer.apple.com/documentation/swiftui/binding/wrappedvalue
    public var wrappedValue: Value {
        get { fatalError("stub") }
        nonmutating set {}
    }
    // https://developer.apple.com/documentation/swiftui/binding/subscript(dynamicmember:)
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError("stub")
    }
}

// https://developer.apple.com/documentation/swiftui/state
@available(iOS 13.0, macOS 10.15, *)
@propertyWrapper public struct State<Value>: DynamicProperty {
    // https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)
    public init(wrappedValue value: Value) {}
    // https://developer.apple.com/documentation/swiftui/state/wrappedvalue
    public var wrappedValue: Value {
        get { fatalError("stub") }
        nonmutating set {}
    }
}

// https://developer.apple.com/documentation/swiftui/dynamicproperty
@available(iOS 13.0, macOS 10.15, *)
public protocol DynamicProperty {}

@available(iOS 13.0, macOS 10.15, *)
extension View {
    // https://developer.apple.com/documentation/swiftui/view/alert(_:ispresented:presenting:actions:message:)-8584l
    @available(iOS 15.0, macOS 12.0, *)
    nonisolated public func alert<S: StringProtocol, A: View, M: View, T>(
        _ title: S, isPresented: Binding<Bool>, presenting data: T?,
        @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View {
        fatalError("stub")
    }

    // https://developer.apple.com/documentation/swiftui/view/task(priority:_:)
    // (as the iOS 18 SDK declares it: the action inherits the caller's actor; later SDKs add
    // defaulted name/file/line parameters)
    @available(iOS 15.0, macOS 12.0, *)
    nonisolated public func task(
        priority: TaskPriority = .userInitiated,
        @_inheritActorContext _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View {
        fatalError("stub")
    }

    // https://developer.apple.com/documentation/swiftui/view/onappear(perform:)
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { fatalError("stub") }

    // https://developer.apple.com/documentation/swiftui/view/ondisappear(perform:)
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View { fatalError("stub") }

    // https://developer.apple.com/documentation/swiftui/view/padding(_:)-68shk
    nonisolated public func padding(_ length: CGFloat) -> some View { fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/app
@available(iOS 14.0, macOS 11.0, *)
@MainActor @preconcurrency public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    @MainActor @preconcurrency init()
}

@available(iOS 14.0, macOS 11.0, *)
extension App {
    // https://developer.apple.com/documentation/swiftui/app/main()
    @MainActor @preconcurrency public static func main() {}
}

// https://developer.apple.com/documentation/swiftui/scene
@available(iOS 14.0, macOS 11.0, *)
@MainActor @preconcurrency public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// https://developer.apple.com/documentation/swiftui/scenebuilder
@available(iOS 14.0, macOS 11.0, *)
@resultBuilder public struct SceneBuilder {
    // https://developer.apple.com/documentation/swiftui/scenebuilder/buildblock(_:)
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

// https://developer.apple.com/documentation/swiftui/windowgroup
@available(iOS 14.0, macOS 11.0, *)
public struct WindowGroup<Content: View>: Scene {
    // https://developer.apple.com/documentation/swiftui/windowgroup/init(content:)
    public init(@ViewBuilder content: () -> Content) {}
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

@available(iOS 14.0, macOS 11.0, *)
extension Never: Scene {}
