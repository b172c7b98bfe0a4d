import Testing
import VocabCore
import VocabJSON

/// `VocabJSON`'s syntax error is a `LocatedError` (conformed in `VocabCore`): the command line
/// renders it as it renders every other error.
@Suite struct JSONSyntaxErrorLocationTests {
    @Test func aSyntaxErrorIsALocatedError() {
        #expect {
            try JSONValue.parse("{\"a\": 1,\n \"b\": tru}", file: "x.json")
        } throws: { error in
            guard let located = error as? any LocatedError else { return false }
            return located.location == ErrorLocation(file: "x.json", line: 2, column: 10)
                && located.errorLine == "error: x.json:2:10: not valid JSON: unexpected '}' (expected true)"
                && "\(located)" == "x.json:2:10: not valid JSON: unexpected '}' (expected true)"
        }
    }
}
