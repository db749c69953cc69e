#if canImport(Combine)
    import Combine

    /// On Apple platforms a session is an `ObservableObject`, so a SwiftUI view on iOS 15 or 16
    /// (where Observation does not exist) re-renders when it changes: hold it in `@StateObject`
    /// or `@ObservedObject`. `objectWillChange` fires before each change of `activity`, `result`
    /// or `discardedCheckpoint` (`SessionObservation`), on the main actor.
    ///
    /// https://developer.apple.com/documentation/combine/observableobject (iOS 13.0):
    /// `protocol ObservableObject : AnyObject`, `objectWillChange` a publisher whose failure is
    /// `Never`; https://developer.apple.com/documentation/combine/observableobjectpublisher
    /// (iOS 13.0): `final class`, `init()`, `send()`. The default `objectWillChange` is synthesized
    /// from `@Published` properties, which the session has none of, so it keeps its own.
    extension FlowSession: ObservableObject {
        public nonisolated var objectWillChange: ObservableObjectPublisher { willChangePublisher }
    }
#endif
