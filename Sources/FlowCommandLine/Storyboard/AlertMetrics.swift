import FlowRuntime

/// How iOS lays out a `UIAlertController` alert, estimated without UIKit: whether its buttons sit
/// side by side or stacked, in which order, and which labels are too long for a button.
///
/// Sources and what is an estimate (see README "Storyboards"):
/// - The alert is 270 pt wide (widely measured; Apple does not document it, and alerts drawn by
///   iOS 26 differ). Title 17 pt semibold, message 13 pt, buttons 17 pt, 44 pt tall.
/// - Two buttons share one row when both labels fit; otherwise, and with three or more buttons,
///   they are stacked. Apple does not document the threshold (developer forums thread 771761 asks
///   and gets "avoid long titles"), so "fits" is an estimate: a label up to `halfButtonLabelWidth`.
/// - With two buttons side by side the cancel-style button is on the left; stacked, it is last.
/// - Text widths are estimated per Unicode scalar from average advance widths of SF Pro (CJK,
///   kana and Hangul one em), not measured: real widths differ by some percent.
public enum AlertMetrics {
    public static let alertWidth = 270.0
    public static let buttonFontSize = 17.0
    /// The widest label that still lets two buttons share a row: half the alert minus 8 pt
    /// padding on each side (an estimate).
    public static let halfButtonLabelWidth = alertWidth / 2 - 16
    /// The widest label a full-width button shows before UIKit shrinks or truncates it: the
    /// alert minus 16 pt padding on each side (an estimate).
    public static let fullButtonLabelWidth = alertWidth - 32

    /// The estimated width in points of `text` at `size` points (`bold`: semibold or bold).
    public static func width(of text: String, size: Double, bold: Bool = false) -> Double {
        var ems = 0.0
        for scalar in text.unicodeScalars { ems += advance(of: scalar.value) }
        return ems * size * (bold ? 1.06 : 1.0)
    }

    /// Average advance of one scalar in ems (SF Pro Text, estimated).
    static func advance(of v: UInt32) -> Double {
        switch v {
        case 0x20: return 0.26
        case 0x69, 0x6C, 0x6A, 0x49, 0x2E, 0x2C, 0x3A, 0x3B, 0x21, 0x7C, 0x27: return 0.25  // i l j I . , : ; ! | '
        case 0x66, 0x74, 0x72: return 0.34  // f t r
        case 0x6D, 0x77: return 0.82  // m w
        case 0x4D, 0x57: return 0.86  // M W
        case 0x41...0x5A: return 0.64
        case 0x61...0x7A: return 0.53
        case 0x30...0x39: return 0.58
        case 0x21...0x7E: return 0.40
        case 0x300...0x36F, 0x200B...0x200D: return 0  // combining marks, zero-width
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 1.0
        default: return 0.58  // accented Latin, Cyrillic, Greek, typographic punctuation
        }
    }

    /// The layout iOS gives an alert's buttons.
    public struct Layout: Hashable, Sendable {
        public var sideBySide: Bool
        /// Indices into the alert's buttons, in the order iOS draws them (left to right or top to bottom).
        public var order: [Int]
        /// Buttons whose label is wider than a full-width button (UIKit shrinks or truncates it).
        public var truncated: Set<Int>
        /// Why two buttons are stacked, when a label is what stacks them.
        public var stackedBy: Int?
        /// The estimated width of each label, in points.
        public var widths: [Double]
    }

    /// How iOS lays out `buttons`.
    public static func layout(_ buttons: [AlertButton]) -> Layout {
        let widths = buttons.map { width(of: $0.label, size: buttonFontSize, bold: $0.role == .cancel) }
        let truncated = Set(widths.indices.filter { widths[$0] > fullButtonLabelWidth })
        var stackedBy: Int?
        var sideBySide = false
        if buttons.count == 2 {
            stackedBy = widths.indices.first { widths[$0] > halfButtonLabelWidth }
            sideBySide = stackedBy == nil
        }
        var order = Array(buttons.indices)
        if let cancel = buttons.firstIndex(where: { $0.role == .cancel }) {
            order.removeAll { $0 == cancel }
            if sideBySide { order.insert(cancel, at: 0) } else { order.append(cancel) }
        }
        return Layout(sideBySide: sideBySide, order: order, truncated: truncated, stackedBy: stackedBy, widths: widths)
    }
}
