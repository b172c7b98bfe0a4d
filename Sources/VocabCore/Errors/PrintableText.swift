extension String {
    /// The text made safe to print on one line of a terminal or a log: control characters
    /// (C0, DEL, C1) are written as escapes (`\n`, `\t`, `\u{1B}`), so an echoed value can
    /// neither break the line, forge another line, nor send an escape sequence to the terminal;
    /// beyond `limit` characters the rest is cut and counted.
    package func printable(limit: Int = 300) -> String {
        var out = ""
        var count = 0
        for scalar in unicodeScalars {
            if count >= limit {
                let rest = unicodeScalars.count - count
                return out + "… (\(rest) more characters)"
            }
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0..<0x20, 0x7F...0x9F: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }
}

extension LocatedError {
    /// The one line the command line prints, `error: file:line:column: item: message`, each part
    /// made ``Swift/String/printable(limit:)`` (the file and item capped at 300 characters, the
    /// message at 1000).
    package var errorLine: String {
        var location = self.location
        location.file = location.file?.printable()
        location.item = location.item?.printable()
        let place = location.description
        let text = message.printable(limit: 1000)
        return "error: " + (place.isEmpty ? text : "\(place): \(text)")
    }
}
