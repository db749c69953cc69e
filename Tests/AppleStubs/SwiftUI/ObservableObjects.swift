// SwiftUI's property wrappers over Combine's ObservableObject, for views on iOS 15 and 16 where
// the session is observed through `objectWillChange` (Observation is iOS 17). Transcribed from
// Apple's documentation as the rest of this stub (View.swift).
//
// SwiftUI code uses ObservableObject with `import SwiftUI` alone: the ObservedObject page's
// constraint names Combine's protocol (its symbol ID, `s:...7Combine16ObservableObject...`), and
// Apple's own examples declare `class DataModel: ObservableObject` under `import SwiftUI`.
// Re-exporting Combine is how this stub gives the same; that SwiftUI's module does it by
// `@_exported import` could not be checked on a page.
@_exported import Combine

// https://developer.apple.com/documentation/swiftui/observedobject
// `@MainActor @propertyWrapper @preconcurrency @frozen struct ObservedObject<ObjectType> where
// ObjectType : ObservableObject`
@available(iOS 13.0, macOS 10.15, *)
@MainActor @preconcurrency @propertyWrapper @frozen
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    // https://developer.apple.com/documentation/swiftui/observedobject/wrapper
    @MainActor @dynamicMemberLookup @preconcurrency @frozen public struct Wrapper: Sendable {
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<
            Subject
        > {
            fatalError("stub")
        }
    }
    // https://developer.apple.com/documentation/swiftui/observedobject/init(wrappedvalue:)
    @MainActor @preconcurrency public init(wrappedValue: ObjectType) {}
    // https://developer.apple.com/documentation/swiftui/observedobject/wrappedvalue
    @MainActor @preconcurrency public var wrappedValue: ObjectType {
        get { fatalError("stub") }
        set {}
    }
    // https://developer.apple.com/documentation/swiftui/observedobject/projectedvalue
    @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper { fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/stateobject
// `@MainActor @frozen @propertyWrapper @preconcurrency struct StateObject<ObjectType> where
// ObjectType : ObservableObject`
@available(iOS 14.0, macOS 11.0, *)
@MainActor @frozen @propertyWrapper @preconcurrency
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    // https://developer.apple.com/documentation/swiftui/stateobject/init(wrappedvalue:)
    // (nonisolated: SwiftUI calls the thunk later, on the main actor, once per view identity)
    nonisolated public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {}
    // https://developer.apple.com/documentation/swiftui/stateobject/wrappedvalue
    @MainActor @preconcurrency public var wrappedValue: ObjectType { fatalError("stub") }
    // https://developer.apple.com/documentation/swiftui/stateobject/projectedvalue
    @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper { fatalError("stub") }
}
