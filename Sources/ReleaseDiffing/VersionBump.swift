import VocabCore

/// The version change a diff calls for: schema change → major, words added or removed → minor,
/// content only → patch, nothing → none. The dictionary's entries and the forms a learner reads
/// are reported beside, never weighed: what changes them (the words, the sources, the schema) is.
package enum VersionBump: String, Sendable, Codable, Comparable, CaseIterable {
    /// `none`: nothing differs; `patch`: text, provenance or metadata only; `minor`: words added or
    /// removed; `major`: the schema changed.
    case none, patch, minor, major

    /// Declaration order: `none` < `patch` < `minor` < `major`.
    package static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

extension SemanticVersion {
    /// The smallest version after `self` that the bump allows (`self` itself for `.none`).
    package func bumped(_ bump: VersionBump) -> SemanticVersion {
        switch bump {
        case .none: self
        case .patch: SemanticVersion(major: major, minor: minor, patch: patch + 1)
        case .minor: SemanticVersion(major: major, minor: minor + 1, patch: 0)
        case .major: SemanticVersion(major: major + 1, minor: 0, patch: 0)
        }
    }
}
