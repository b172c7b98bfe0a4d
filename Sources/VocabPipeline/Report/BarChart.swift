import Foundation

/// Escaping for the report pages: every value that comes from an input (lemmas, definitions,
/// paths, config keys) goes through it before it enters HTML or SVG.
enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as character references.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// A whole number with thin-space thousands (`12 345`), the same on every machine and locale.
    static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "\u{2009}" }
            out.append(digit)
        }
        return (value < 0 ? "-" : "") + out
    }

    /// A percentage with one decimal (`86.1 %`).
    static func percent(_ value: Double) -> String { String(format: "%.1f\u{00A0}%%", value) }
}

/// A horizontal bar chart as inline SVG: one row per label, each bar made of stacked segments,
/// a note at the end of each row (the figures in words, so the chart reads without colour and
/// prints), an optional threshold marker per row. No script, no external file.
struct BarChart {
    /// A part of a bar.
    struct Segment {
        /// Its length, in the chart's unit.
        var value: Double
        /// The CSS class that colours it (`kept`, `dropped`, ...).
        var style: String
        /// What it is, shown as the segment's tooltip.
        var label: String
    }

    /// One bar.
    struct Row {
        /// The label left of the bar.
        var label: String
        /// The bar's segments, left to right.
        var segments: [Segment]
        /// The text right of the bar.
        var note: String
        /// A threshold to mark across the bar (a gate), in the chart's unit.
        var marker: Double? = nil
    }

    /// What the chart shows, for screen readers and the tooltip.
    var title: String
    /// The bars, top to bottom.
    var rows: [Row]
    /// The value of a full-length bar; the longest bar when nil.
    var maximum: Double? = nil
    /// The segment styles and what they mean, shown under the chart when there are several.
    var legend: [(style: String, label: String)] = []

    static let width = 800.0, labelWidth = 120.0, barWidth = 360.0, rowHeight = 24.0, barHeight = 16.0

    /// The `<svg>` element.
    var svg: String {
        let longest = rows.map { $0.segments.reduce(0) { $0 + $1.value } }.max() ?? 0
        let scale = (maximum ?? longest) > 0 ? Self.barWidth / (maximum ?? longest) : 0
        let legendHeight = legend.count > 1 ? Self.rowHeight : 0
        let height = Double(rows.count) * Self.rowHeight + legendHeight + 4
        var out = #"<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" viewBox="0 0 \#(Self.number(Self.width)) \#(Self.number(height))" width="100%">"#
        out += "<title>\(HTMLText.escape(title))</title>"
        for (index, row) in rows.enumerated() {
            let y = Double(index) * Self.rowHeight + 2
            out += #"<text class="label" x="\#(Self.number(Self.labelWidth - 8))" y="\#(Self.number(y + Self.barHeight - 3))" text-anchor="end">\#(HTMLText.escape(row.label))</text>"#
            out += #"<rect class="track" x="\#(Self.number(Self.labelWidth))" y="\#(Self.number(y))" width="\#(Self.number(Self.barWidth))" height="\#(Self.number(Self.barHeight))"/>"#
            var x = Self.labelWidth
            for segment in row.segments where segment.value > 0 {
                let length = max(segment.value * scale, 1)
                out += #"<rect class="\#(HTMLText.escape(segment.style))" x="\#(Self.number(x))" y="\#(Self.number(y))" width="\#(Self.number(length))" height="\#(Self.number(Self.barHeight))"><title>\#(HTMLText.escape(segment.label))</title></rect>"#
                x += length
            }
            if let marker = row.marker {
                let markerX = Self.labelWidth + min(marker * scale, Self.barWidth)
                out += #"<line class="marker" x1="\#(Self.number(markerX))" x2="\#(Self.number(markerX))" y1="\#(Self.number(y - 2))" y2="\#(Self.number(y + Self.barHeight + 2))"/>"#
            }
            out += #"<text class="note" x="\#(Self.number(Self.labelWidth + Self.barWidth + 8))" y="\#(Self.number(y + Self.barHeight - 3))">\#(HTMLText.escape(row.note))</text>"#
        }
        if legend.count > 1 {
            var x = Self.labelWidth
            let y = Double(rows.count) * Self.rowHeight + 6
            for item in legend {
                out += #"<rect class="\#(HTMLText.escape(item.style))" x="\#(Self.number(x))" y="\#(Self.number(y))" width="12" height="12"/>"#
                out += #"<text class="legend" x="\#(Self.number(x + 16))" y="\#(Self.number(y + 10))">\#(HTMLText.escape(item.label))</text>"#
                x += 26 + Double(item.label.count) * 7
            }
        }
        return out + "</svg>"
    }

    /// A coordinate with at most one decimal, the same text on every machine.
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }
}
