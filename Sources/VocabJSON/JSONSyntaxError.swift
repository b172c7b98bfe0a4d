/// JSON text that cannot be parsed: where (line and column, counted in characters) and why.
package struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong at the location.
    package enum Problem: Sendable, Equatable, CustomStringConvertible {
        /// No JSON value at all (only white space, or nothing).
        case empty
        /// The text stops inside a value (an open string, array or object).
        case unexpectedEnd
        /// A character that cannot start or continue a value here (`expected` says what could).
        case unexpectedCharacter(Character, expected: String)
        /// A number outside JSON's grammar (`01`, `1.`, `+1`), as written.
        case invalidNumber(String)
        /// A backslash escape JSON does not have, or a `\u` escape that is not a valid scalar or surrogate pair.
        case invalidEscape
        /// A raw control character (a line break, a tab) inside a string.
        case controlCharacterInString
        /// A string whose bytes are not valid UTF-8.
        case invalidUTF8
        /// Arrays and objects nested deeper than ``JSONValue/maximumDepth``.
        case tooDeep
        /// Text after the end of the value.
        case trailingText

        /// What is wrong, in plain words (`unexpected '}' (expected a value)`).
        package var description: String {
            switch self {
            case .empty: "the text is empty"
            case .unexpectedEnd: "the text ends before the value is complete"
            case .unexpectedCharacter(let character, let expected):
                "unexpected \(JSONSyntaxError.describe(character)) (expected \(expected))"
            case .invalidNumber(let text): "\"\(text.prefix(40))\" is not a valid number"
            case .invalidEscape: "invalid escape sequence in a string"
            case .controlCharacterInString: "a raw control character in a string (write it as an escape, such as \\n)"
            case .invalidUTF8: "invalid UTF-8"
            case .tooDeep: "nested more than \(JSONValue.maximumDepth) levels deep"
            case .trailingText: "unexpected text after the end of the value"
            }
        }
    }

    /// The file, as the caller named it (nil when not named).
    package var file: String?
    /// 1-based line.
    package var line: Int
    /// 1-based column, counted in characters (a byte-order mark is not one).
    package var column: Int
    /// What is wrong.
    package var problem: Problem
    /// 0-based byte offset of the problem.
    package var offset: Int

    /// A syntax error at `line` and `column` (1-based) and byte `offset` (0-based).
    package init(file: String?, line: Int, column: Int, offset: Int, problem: Problem) {
        self.file = file
        self.line = line
        self.column = column
        self.offset = offset
        self.problem = problem
    }

    /// `not valid JSON: ` and the problem.
    package var message: String { "not valid JSON: \(problem.description)" }

    /// `file:line:column: message` (without the file when none was named), the shape of the
    /// project's `LocatedError`s, to which `VocabCore` conforms this type.
    package var description: String {
        let place = file.map { "\($0):\(line):\(column)" } ?? ""
        return place.isEmpty ? message : "\(place): \(message)"
    }

    static func describe(_ character: Character) -> String {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return "'\(character)'" }
        if scalar.value < 0x20 || scalar.value == 0x7F { return "control character U+\(String(scalar.value, radix: 16, uppercase: true))" }
        return "'\(character)'"
    }
}
