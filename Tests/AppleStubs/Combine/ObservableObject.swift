// Combine symbols the session uses on Apple platforms (FlowSession+ObservableObject.swift).
// Transcribed from Apple's documentation: availability and signatures as declared there. None of
// these is marked Sendable on its page, so none is here. Bodies only satisfy the compiler.

// https://developer.apple.com/documentation/combine/publisher
// `protocol Publisher<Output, Failure>`; its `receive(subscriber:)` requirement is left out:
// nothing here conforms to Publisher but ObservableObjectPublisher, and nothing subscribes.
@available(iOS 13.0, macOS 10.15, *)
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
}

// https://developer.apple.com/documentation/combine/observableobjectpublisher
// `final class ObservableObjectPublisher`, with `init()` and `final func send()`.
@available(iOS 13.0, macOS 10.15, *)
public final class ObservableObjectPublisher: Publisher {
    public typealias Output = Void
    public typealias Failure = Never
    // https://developer.apple.com/documentation/combine/observableobjectpublisher/init()
    public init() {}
    // https://developer.apple.com/documentation/combine/observableobjectpublisher/send()
    public final func send() {}
}

// https://developer.apple.com/documentation/combine/observableobject
// `protocol ObservableObject : AnyObject`, not isolated to any actor.
@available(iOS 13.0, macOS 10.15, *)
public protocol ObservableObject: AnyObject {
    // https://developer.apple.com/documentation/combine/observableobject/objectwillchangepublisher
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
    where ObjectWillChangePublisher.Failure == Never
    // https://developer.apple.com/documentation/combine/observableobject/objectwillchange-2oa5v
    var objectWillChange: ObjectWillChangePublisher { get }
}

// https://developer.apple.com/documentation/combine/observableobject/objectwillchange-5gopl
// The default, synthesized from `@Published` properties.
@available(iOS 13.0, macOS 10.15, *)
extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    public var objectWillChange: ObservableObjectPublisher { fatalError("stub") }
}
