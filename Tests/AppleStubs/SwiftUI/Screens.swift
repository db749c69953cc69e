// SwiftUI symbols the priming-screen view (`FlowScreenView`) and its presentation use, transcribed
// from Apple's documentation like the rest of this stub: availability and signatures as declared
// there, bodies only for the compiler. Defaulted parameters nothing passes are kept where the
// call sites rely on the default.
import Foundation
import UIKit

// https://developer.apple.com/documentation/swiftui/horizontalalignment
@available(iOS 13.0, macOS 10.15, *)
public struct HorizontalAlignment: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/horizontalalignment/leading
    public static let leading = HorizontalAlignment()
    // https://developer.apple.com/documentation/swiftui/horizontalalignment/center
    public static let center = HorizontalAlignment()
}

// https://developer.apple.com/documentation/swiftui/verticalalignment
@available(iOS 13.0, macOS 10.15, *)
public struct VerticalAlignment: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/verticalalignment/center
    public static let center = VerticalAlignment()
    // https://developer.apple.com/documentation/swiftui/verticalalignment/firsttextbaseline
    public static let firstTextBaseline = VerticalAlignment()
}

// https://developer.apple.com/documentation/swiftui/alignment
@available(iOS 13.0, macOS 10.15, *)
public struct Alignment: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/alignment/center
    public static let center = Alignment()
}

// https://developer.apple.com/documentation/swiftui/textalignment
@available(iOS 13.0, macOS 10.15, *)
public enum TextAlignment: Hashable, Sendable, CaseIterable {
    case leading, center, trailing
}

// https://developer.apple.com/documentation/swiftui/hstack
@available(iOS 13.0, macOS 10.15, *)
public struct HStack<Content: View>: View {
    // https://developer.apple.com/documentation/swiftui/hstack/init(alignment:spacing:content:)
    public init(
        alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
    ) {}
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/spacer
@available(iOS 13.0, macOS 10.15, *)
public struct Spacer: View {
    // https://developer.apple.com/documentation/swiftui/spacer/init(minlength:)
    public init(minLength: CGFloat? = nil) {}
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/image
@available(iOS 13.0, macOS 10.15, *)
public struct Image: View, Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/image/init(systemname:)
    public init(systemName: String) {}
    // https://developer.apple.com/documentation/swiftui/image/init(_:bundle:)
    public init(_ name: String, bundle: Bundle? = nil) {}
    // https://developer.apple.com/documentation/swiftui/image/resizable(capinsets:resizingmode:)
    // (its defaulted parameters left out: nothing here passes them)
    public func resizable() -> Image { self }
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/font
@available(iOS 13.0, macOS 10.15, *)
public struct Font: Hashable, Sendable {
    // https://developer.apple.com/documentation/swiftui/font/title
    public static let title = Font()
    // https://developer.apple.com/documentation/swiftui/font/body
    public static let body = Font()
    // https://developer.apple.com/documentation/swiftui/font/bold()
    public func bold() -> Font { self }
    // https://developer.apple.com/documentation/swiftui/font/weight
    public struct Weight: Hashable, Sendable {}
    // https://developer.apple.com/documentation/swiftui/font/design
    public enum Design: Hashable, Sendable { case `default`, serif, rounded, monospaced }
    // https://developer.apple.com/documentation/swiftui/font/system(size:weight:design:)
    @available(iOS 16.0, macOS 13.0, *)
    public static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil) -> Font {
        Font()
    }
}

// https://developer.apple.com/documentation/swiftui/shapestyle
@available(iOS 13.0, macOS 10.15, *)
public protocol ShapeStyle: Sendable {}

// https://developer.apple.com/documentation/swiftui/tintshapestyle
@available(iOS 15.0, macOS 12.0, *)
public struct TintShapeStyle: ShapeStyle {
    public init() {}
}

@available(iOS 15.0, macOS 12.0, *)
extension ShapeStyle where Self == TintShapeStyle {
    // https://developer.apple.com/documentation/swiftui/shapestyle/tint
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

// https://developer.apple.com/documentation/swiftui/primitivebuttonstyle
// (its makeBody requirement left out: nothing here conforms to it)
@available(iOS 13.0, macOS 10.15, *)
public protocol PrimitiveButtonStyle {}

// https://developer.apple.com/documentation/swiftui/borderedprominentbuttonstyle
@available(iOS 15.0, macOS 12.0, *)
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    public init() {}
}

// https://developer.apple.com/documentation/swiftui/borderlessbuttonstyle
@available(iOS 13.0, macOS 10.15, *)
public struct BorderlessButtonStyle: PrimitiveButtonStyle {
    public init() {}
}

@available(iOS 15.0, macOS 12.0, *)
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    // https://developer.apple.com/documentation/swiftui/primitivebuttonstyle/borderedprominent
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

@available(iOS 15.0, macOS 12.0, *)
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
    // https://developer.apple.com/documentation/swiftui/primitivebuttonstyle/borderless
    public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

// https://developer.apple.com/documentation/swiftui/controlsize
@available(iOS 15.0, macOS 10.15, *)
public enum ControlSize: Hashable, Sendable {
    case mini, small, regular
    // https://developer.apple.com/documentation/swiftui/controlsize/large
    @available(iOS 15.0, macOS 11.0, *)
    case large
}

@available(iOS 13.0, macOS 10.15, *)
extension Button {
    // https://developer.apple.com/documentation/swiftui/button/init(role:action:label:)
    @available(iOS 15.0, macOS 12.0, *)
    @preconcurrency public init(
        role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
    ) {
        fatalError("stub")
    }
}

@available(iOS 13.0, macOS 10.15, *)
extension View {
    // https://developer.apple.com/documentation/swiftui/view/font(_:)
    nonisolated public func font(_ font: Font?) -> some View { self }

    // https://developer.apple.com/documentation/swiftui/view/foregroundstyle(_:)
    @available(iOS 15.0, macOS 12.0, *)
    nonisolated public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { self }

    // https://developer.apple.com/documentation/swiftui/view/multilinetextalignment(_:)
    nonisolated public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { self }

    // https://developer.apple.com/documentation/swiftui/view/scaledtofit()
    nonisolated public func scaledToFit() -> some View { self }

    // https://developer.apple.com/documentation/swiftui/view/frame(minwidth:idealwidth:maxwidth:minheight:idealheight:maxheight:alignment:)
    nonisolated public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> some View { self }

    // https://developer.apple.com/documentation/swiftui/view/buttonstyle(_:)-9ff2k
    nonisolated public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { self }

    // https://developer.apple.com/documentation/swiftui/view/controlsize(_:)
    @available(iOS 15.0, macOS 10.15, *)
    nonisolated public func controlSize(_ controlSize: ControlSize) -> some View { self }

    // https://developer.apple.com/documentation/swiftui/view/sheet(item:ondismiss:content:)
    nonisolated public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View { self }

    // https://developer.apple.com/documentation/swiftui/view/fullscreencover(item:ondismiss:content:)
    @available(iOS 14.0, *)
    @available(macOS, unavailable)
    nonisolated public func fullScreenCover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View { self }

    // https://developer.apple.com/documentation/swiftui/view/interactivedismissdisabled(_:)
    @available(iOS 15.0, macOS 12.0, *)
    nonisolated public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View { self }
}

// https://developer.apple.com/documentation/swiftui/uihostingcontroller
@available(iOS 13.0, *)
@MainActor @preconcurrency open class UIHostingController<Content: View>: UIViewController {
    // https://developer.apple.com/documentation/swiftui/uihostingcontroller/init(rootview:)
    public init(rootView: Content) { fatalError("stub") }
}
