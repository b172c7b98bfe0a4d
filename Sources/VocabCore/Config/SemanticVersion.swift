/// A semantic version, as `dataset.version` must be.
/// `MAJOR.MINOR.PATCH[-pre][+build]`.
package struct SemanticVersion: Sendable, Equatable, Comparable, CustomStringConvertible {
    /// `MAJOR`: bumped for an incompatible change (a new schema).
    package var major: Int
    /// `MINOR`: bumped when words are added or removed.
    package var minor: Int
    /// `PATCH`: bumped when only text changes.
    package var patch: Int
    /// `-pre.release` and/or `+build`, as written; empty for a plain version.
    package var suffix: String

    /// A version from its parts; `suffix` as written, with its leading `-` or `+`.
    package init(major: Int, minor: Int, patch: Int, suffix: String = "") {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.suffix = suffix
    }

    /// Parses `MAJOR.MINOR.PATCH[-pre][+build]`: numbers without leading zeros, suffix identifiers
    /// of ASCII letters, digits and `-` (the version names a folder); nil for anything else.
    package init?(_ text: String) {
        let core = text.prefix { $0 != "-" && $0 != "+" }
        let numbers = core.split(separator: ".", omittingEmptySubsequences: false)
        guard numbers.count == 3,
              numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) && ($0 == "0" || !$0.hasPrefix("0")) }),
              let major = Int(numbers[0]), let minor = Int(numbers[1]), let patch = Int(numbers[2])
        else { return nil }
        self.major = major
        self.minor = minor
        self.patch = patch
        self.suffix = String(text.dropFirst(core.count))
        // `-pre.release` then `+build.data`: dot-separated, non-empty ASCII letters, digits and
        // hyphens (the version names the release folder: no '/', no "..").
        var rest = Substring(suffix)
        if rest.hasPrefix("-") {
            let pre = rest.dropFirst().prefix { $0 != "+" }
            guard Self.identifiersAreValid(pre) else { return nil }
            rest = rest.dropFirst(1 + pre.count)
        }
        if rest.hasPrefix("+") {
            guard Self.identifiersAreValid(rest.dropFirst()) else { return nil }
            rest = ""
        }
        if !rest.isEmpty { return nil }
    }

    private static func identifiersAreValid(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.allSatisfy { part in
            !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }

    /// The version as written (`1.2.3-rc.1`).
    package var description: String { "\(major).\(minor).\(patch)\(suffix)" }

    /// Ordering looks at the numbers only; a pre-release or build suffix is not compared.
    /// By `MAJOR`, `MINOR`, `PATCH`: `1.0.0-rc.1` is neither below nor above `1.0.0`, yet the
    /// two are not `==`.
    package static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
}
