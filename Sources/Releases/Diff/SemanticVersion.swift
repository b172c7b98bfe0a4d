/// The version change a diff calls for: schema change → major, words added or removed → minor,
/// content only → patch, nothing → none.
public enum VersionBump: String, Sendable, Codable, Comparable, CaseIterable {
    case none, patch, minor, major

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// `MAJOR.MINOR.PATCH`; a pre-release or build suffix (`-rc.1`, `+x`) is ignored when comparing.
public struct SemanticVersion: Sendable, Equatable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int

    public init(major: Int, minor: Int, patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    public init?(_ text: String) {
        let core = text.split(whereSeparator: { $0 == "-" || $0 == "+" }).first.map(String.init) ?? ""
        let parts = core.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
              let major = Int(parts[0]), let minor = Int(parts[1]), let patch = Int(parts[2]),
              major >= 0, minor >= 0, patch >= 0
        else { return nil }
        self.init(major: major, minor: minor, patch: patch)
    }

    /// The smallest version after `self` that the bump allows (`self` itself for `.none`).
    public func bumped(_ bump: VersionBump) -> SemanticVersion {
        switch bump {
        case .none: self
        case .patch: SemanticVersion(major: major, minor: minor, patch: patch + 1)
        case .minor: SemanticVersion(major: major, minor: minor + 1, patch: 0)
        case .major: SemanticVersion(major: major + 1, minor: 0, patch: 0)
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    public var description: String { "\(major).\(minor).\(patch)" }
}
