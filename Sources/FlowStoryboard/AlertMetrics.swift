import FlowRuntime
import Foundation

/// How iOS lays out a `UIAlertController` alert, estimated without UIKit: whether its buttons sit
/// side by side or stacked, in which order, and which labels are too long for a button.
///
/// Sources and what is an estimate (see the storyboard article of the documentation):
/// - The alert is 270 pt wide (widely measured; Apple does not document it, and alerts drawn by
///   iOS 26 differ). Title 17 pt semibold, message 13 pt, buttons 17 pt, 44 pt tall.
/// - Two buttons share one row when both labels fit; otherwise, and with three or more buttons,
///   they are stacked. Apple does not document the threshold (developer forums thread 771761 asks
///   and gets "avoid long titles"), so "fits" is an estimate: a label up to `halfButtonLabelWidth`.
/// - With two buttons side by side the cancel-style button is on the left; stacked, it is last.
/// - Text widths are Arial's advance widths, not SF Pro's (whose metrics are not published as a
///   table, and which no Linux machine has): the storyboard page names Arial first and then its
///   metric-compatible Liberation Sans, so the widths the layout is decided on are the widths the
///   browser draws, on every platform. SF Pro at the same size is some percent wider or narrower
///   per word, which is the estimate's error for iOS.
public enum AlertMetrics {
    public static let alertWidth = 270.0
    public static let buttonFontSize = 17.0
    /// The widest label that still lets two buttons share a row: half the alert minus 8 pt
    /// padding on each side (an estimate).
    public static let halfButtonLabelWidth = alertWidth / 2 - 16
    /// The widest label a full-width button shows on one line before UIKit shrinks or truncates
    /// it: the alert minus 16 pt padding on each side (an estimate).
    public static let fullButtonLabelWidth = alertWidth - 32
    /// The storyboard's font stack: Arial where it is installed (macOS, Windows), else Liberation
    /// Sans (Debian's `fonts-liberation`, metric-compatible with Arial), then CJK and emoji fonts
    /// whose CJK advance is one em, as `width(of:size:bold:)` assumes.
    public static let fontStack =
        #"Arial, "Liberation Sans", Helvetica, "WenQuanYi Zen Hei", "Noto Color Emoji", sans-serif"#

    /// The estimated width in points of `text` at `size` points (`bold`: semibold or bold).
    public static func width(of text: String, size: Double, bold: Bool = false) -> Double {
        var units = 0
        // Accented Latin letters are measured as their base letter (the marks have no advance).
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            units += advance(of: scalar.value, bold: bold)
        }
        return Double(units) / 2048 * size
    }

    /// The advance of one scalar in 1/2048 em: Arial's, as Liberation Sans 1.07 gives them
    /// (measured in Chromium's canvas at 2048 px); one em for CJK, kana and Hangul.
    static func advance(of v: UInt32, bold: Bool) -> Int {
        switch v {
        case 0x20...0x7E: return Int((bold ? boldASCII : regularASCII)[Int(v) - 0x20])
        case 0x300...0x36F, 0x200B...0x200D: return 0  // combining marks, zero-width
        case 0x2018, 0x2019, 0x142: return bold ? 569 : 455  // ‘ ’ ł
        case 0x201C, 0x201D: return bold ? 1024 : 682  // “ ”
        case 0x2026, 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2048  // … and CJK
        default: return bold ? 1251 : 1139  // other Latin, Cyrillic, Greek: about a lowercase letter
        }
    }

    /// Arial's advances of U+0020 through U+007E, regular.
    static let regularASCII: [Int16] = [
        569, 569, 727, 1139, 1139, 1821, 1366, 391, 682, 682, 797, 1196, 569, 682, 569, 569,
        1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 569, 569, 1196, 1196, 1196, 1139,
        2079, 1366, 1366, 1479, 1479, 1366, 1251, 1593, 1479, 569, 1024, 1366, 1139, 1706, 1479, 1593,
        1366, 1593, 1479, 1366, 1251, 1479, 1366, 1933, 1366, 1366, 1251, 569, 569, 569, 961, 1139,
        682, 1139, 1139, 1024, 1139, 1139, 569, 1139, 1139, 455, 455, 1024, 455, 1706, 1139, 1139,
        1139, 1139, 682, 1024, 569, 1139, 1024, 1479, 1024, 1024, 1024, 684, 532, 684, 1196,
    ]

    /// Arial's advances of U+0020 through U+007E, bold.
    static let boldASCII: [Int16] = [
        569, 682, 971, 1139, 1139, 1821, 1479, 487, 682, 682, 797, 1196, 569, 682, 569, 569,
        1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 682, 682, 1196, 1196, 1196, 1251,
        1997, 1479, 1479, 1479, 1479, 1366, 1251, 1593, 1479, 569, 1139, 1479, 1251, 1706, 1479, 1593,
        1366, 1593, 1479, 1366, 1251, 1479, 1366, 1933, 1366, 1366, 1251, 682, 569, 682, 1196, 1139,
        682, 1139, 1251, 1139, 1251, 1139, 682, 1251, 1251, 569, 569, 1139, 569, 1821, 1251, 1251,
        1251, 1251, 797, 1139, 682, 1251, 1139, 1593, 1139, 1139, 1024, 797, 573, 797, 1196,
    ]

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
