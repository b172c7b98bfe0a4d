import Foundation
import VocabCore

/// Why a release's licence cannot be computed: two sources whose data reaches the release are
/// under share-alike licences that no one licence honours. The location names the config.
package typealias LicenseError = Located<LicenseProblem>

/// What is wrong with the sources' licences.
package enum LicenseProblem: ErrorProblem {
    /// Two share-alike licences, each requiring adaptations under its own terms (or under terms
    /// the other does not allow): `first` and `second` name the sources (`id:version` or path).
    case incompatibleShareAlike(first: String, firstLicense: String, second: String, secondLicense: String)

    package var message: String {
        switch self {
        case let .incompatibleShareAlike(first, firstLicense, second, secondLicense):
            "the share-alike licences of \(first) (\(firstLicense)) and \(second) (\(secondLicense)) are incompatible: "
                + "no licence honours both; leave one of the two sources out"
        }
    }
}

/// One input of the build as the licence sees it: its file, and whether any of its data is in
/// the release (a source none of whose data reached it does not count).
package struct LicenseInput: Sendable, Equatable {
    /// The source file, with its licence as the config or the lexicon gives it.
    package var source: SourceFile
    /// True when some of its data is shipped: words' or entries' text, translations, glosses,
    /// exact frequencies. A frequency list that is not redistributable ships none (only which
    /// words were chosen, and bands), nor do the stop list, the sense pins or the lemmatizer's files.
    package var shipped: Bool
    /// Why a source is not counted, for ATTRIBUTION.md (`not redistributed: ...`).
    package var note: String?

    /// An input, counted when `shipped`.
    package init(source: SourceFile, shipped: Bool, note: String? = nil) {
        self.source = source
        self.shipped = shipped
        self.note = note
    }

    /// How messages name the source: its lexicon's `id:version`, else its path.
    package var name: String { source.lexicon ?? source.path }

    /// The SPDX id of its licence: the config's `license.name`, else the id of its licence URL;
    /// `LicenseRef-unknown-<name>` when neither is known.
    package var spdx: String {
        if let name = source.license?.name, !name.isEmpty { return name }
        if let id = source.license?.path.flatMap(DataPackage.License.spdxIdentifier) { return id }
        let safe = String(name.map { $0.isLetter && $0.isASCII || $0.isNumber && $0.isASCII || $0 == "." || $0 == "-" ? $0 : "-" })
        return "LicenseRef-unknown-\(safe)"
    }
}

/// The release's licence, computed from the licences of the sources whose data it ships: an
/// SPDX expression, the licences it names (for `datapackage.json`'s `licenses`) and every
/// attribution the release owes.
///
/// The rule: a share-alike licence binds the whole release (an adaptation of share-alike data
/// must be shared under the same terms), so with share-alike sources the release is under one
/// share-alike licence that every share-alike source allows: their highest version, raised to the
/// highest version of the Creative Commons attribution licences among the sources when every
/// share-alike source allows later versions (CC BY-SA 2.0 and later do; CC BY 4.0 material goes
/// into CC BY-SA 4.0 adaptations). Attribution-only and public-domain sources are honoured by
/// their attributions. Two share-alike licences of different families (CC BY-SA and GFDL, ODbL,
/// CC BY-NC-SA), or a lower version that does not allow later ones, are an error. Without
/// share-alike sources the release is under all of its sources' licences (`A AND B`). Licences
/// the table does not know are kept in the expression as they are (`AND`).
package struct ReleaseLicense: Sendable, Equatable {
    /// The SPDX expression (`CC-BY-SA-4.0`, `CC-BY-4.0 AND CC-BY-3.0`).
    package var expression: String
    /// The licences the expression names, in its order, with their URL and title when known.
    package var licenses: [DataPackage.License]
    /// Why the release has this licence, in one sentence.
    package var reason: String
    /// The sources the licence counts (data shipped), in source order.
    package var counted: [LicenseInput]
    /// The sources it does not count, in source order.
    package var notCounted: [LicenseInput]

    /// The licence of a release whose inputs are `inputs`.
    package static func compute(_ inputs: [LicenseInput], configFile: String? = nil) throws(LicenseError) -> ReleaseLicense {
        let counted = inputs.filter(\.shipped)
        let notCounted = inputs.filter { !$0.shipped }
        var ids: [String] = []
        for input in counted where !ids.contains(input.spdx) { ids.append(input.spdx) }

        let shareAlike = counted.compactMap { input in LicenseTerms(input.spdx).shareAlike.map { (input, $0) } }
        var expressionIds: [String]
        let reason: String
        if let (firstInput, first) = shareAlike.first {
            // One family: CC BY-SA, GFDL, ODbL ... (the first share-alike source's).
            if let (other, _) = shareAlike.first(where: { $0.1.family != first.family }) {
                throw LicenseError(file: configFile, item: other.name, .incompatibleShareAlike(
                    first: firstInput.name, firstLicense: firstInput.spdx, second: other.name, secondLicense: other.spdx))
            }
            let highest = shareAlike.max { $0.1.version < $1.1.version }!
            for (input, terms) in shareAlike where terms.version < highest.1.version && !terms.allowsLaterVersions {
                throw LicenseError(file: configFile, item: input.name, .incompatibleShareAlike(
                    first: input.name, firstLicense: input.spdx, second: highest.0.name, secondLicense: highest.0.spdx))
            }
            var version = highest.1.version
            var raisedBy: String?
            if first.family == LicenseTerms.ccBySA, shareAlike.allSatisfy({ $0.1.allowsLaterVersions || $0.1.version == version }) {
                let attribution = counted.compactMap { input in LicenseTerms(input.spdx).ccAttributionVersion.map { (input, $0) } }
                if let newest = attribution.max(by: { $0.1 < $1.1 }), newest.1 > version,
                   LicenseTerms.ccBySAVersions.contains(newest.1), shareAlike.allSatisfy({ $0.1.allowsLaterVersions }) {
                    version = newest.1
                    raisedBy = "\(newest.0.name) (\(newest.0.spdx))"
                }
            }
            let chosen = first.family == LicenseTerms.ccBySA ? "CC-BY-SA-\(version)" : highest.0.spdx
            let others = ids.filter { LicenseTerms($0).isOther }
            expressionIds = [chosen] + others
            let sharers = shareAlike.map { "\($0.0.name) (\($0.0.spdx))" }
            reason = "share-alike: \(sharers.joined(separator: ", ")) require\(sharers.count == 1 ? "s" : "") the release to be shared alike"
                + (raisedBy.map { "; \(chosen), the later version the share-alike licence allows, also covers \($0)" } ?? "")
                + "; the other sources' terms are met by their attributions"
        } else {
            expressionIds = ids.filter { !LicenseTerms($0).isPublicDomain }
            if expressionIds.isEmpty { expressionIds = ids }
            reason = expressionIds.count > 1
                ? "no share-alike source: the release is under every source's licence"
                : "one licence covers every source whose data the release ships"
        }
        if expressionIds.isEmpty { expressionIds = ["NOASSERTION"] }
        return ReleaseLicense(
            expression: expressionIds.joined(separator: " AND "),
            licenses: expressionIds.map { id in
                DataPackage.License(name: id, path: LicenseTerms.url(of: id), title: LicenseTerms.title(of: id))
            },
            reason: reason, counted: counted, notCounted: notCounted)
    }

    /// The SPDX ids of the counted sources not among `allowed`, each with the sources under it
    /// (the `gates.allowedLicenses` gate).
    package func disallowed(by allowed: [String]) -> [LicenseInput] {
        counted.filter { !allowed.contains($0.spdx) }
    }

    /// `ATTRIBUTION.md`: the release's licence and why, then every counted source with its
    /// licence and attribution, then the sources not counted and why.
    package func attributionDocument(release: String) -> String {
        var lines = [
            "# Attribution: \(release)", "",
            "This release is licensed under **\(expression)** (SPDX expression).", "",
            "Why: \(reason).", "",
            "## Sources whose data the release contains", "",
        ]
        for input in counted {
            let source = input.source
            var line = "- **\(source.title ?? input.name)**"
            if let lexicon = source.lexicon { line += " (`\(lexicon)`)" }
            line += ", `\(source.path)`: \(input.spdx)"
            if let url = source.license?.path ?? LicenseTerms.url(of: input.spdx) { line += " (<\(url)>)" }
            lines.append(line)
            if let attribution = source.license?.attribution?.trimmingCharacters(in: .whitespacesAndNewlines), !attribution.isEmpty {
                lines.append("  \(attribution.replacingOccurrences(of: "\n", with: " "))")
            }
        }
        if !notCounted.isEmpty {
            lines += ["", "## Sources used without shipping their data (not part of the licence)", ""]
            for input in notCounted {
                let source = input.source
                var line = "- **\(source.title ?? input.name)**, `\(source.path)`"
                if let note = input.note { line += ": \(note)" }
                lines.append(line)
                if let attribution = source.license?.attribution?.trimmingCharacters(in: .whitespacesAndNewlines), !attribution.isEmpty {
                    lines.append("  \(attribution.replacingOccurrences(of: "\n", with: " "))")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// What the licence computation knows of a licence, by SPDX id.
struct LicenseTerms {
    /// A share-alike licence: its family and version, and whether it lets adaptations be shared
    /// under a later version of itself.
    struct ShareAlike {
        var family: String
        var version: String
        var allowsLaterVersions: Bool
    }

    static let ccBySA = "CC-BY-SA"
    /// The CC BY-SA versions there are.
    static let ccBySAVersions = ["1.0", "2.0", "2.5", "3.0", "4.0"]

    var shareAlike: ShareAlike?
    /// The version of a Creative Commons attribution-only licence (`CC-BY-4.0` → `4.0`).
    var ccAttributionVersion: String?
    var isPublicDomain: Bool

    init(_ id: String) {
        shareAlike = nil
        ccAttributionVersion = nil
        isPublicDomain = id == "CC0-1.0" || id == "PDDL-1.0"
        if let version = Self.version(id, prefix: "CC-BY-SA-") {
            // CC BY-SA 1.0 requires adaptations under itself; 2.0 and later also allow a later version.
            shareAlike = ShareAlike(family: Self.ccBySA, version: version, allowsLaterVersions: version != "1.0")
        } else if let version = Self.version(id, prefix: "CC-BY-NC-SA-") {
            shareAlike = ShareAlike(family: "CC-BY-NC-SA", version: version, allowsLaterVersions: version != "1.0")
        } else if id.hasPrefix("GFDL-") {
            shareAlike = ShareAlike(family: "GFDL", version: String(id.dropFirst(5).prefix(3)), allowsLaterVersions: id.hasSuffix("-or-later"))
        } else if id == "ODbL-1.0" {
            shareAlike = ShareAlike(family: "ODbL", version: "1.0", allowsLaterVersions: true)
        } else if let version = Self.version(id, prefix: "CC-BY-") ?? Self.portedVersion(id, prefix: "CC-BY-") {
            ccAttributionVersion = version
        }
    }

    /// `x.y` of a jurisdiction port of a Creative Commons licence (`CC-BY-2.0-FR`, Tatoeba's
    /// licence; `CC-BY-3.0-DE`): a port has its version's terms, in a jurisdiction's wording, and
    /// CC BY material goes into CC BY-SA adaptations whatever its port.
    private static func portedVersion(_ id: String, prefix: String) -> String? {
        guard id.hasPrefix(prefix) else { return nil }
        let parts = id.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, ccBySAVersions.contains(String(parts[0])), (2...3).contains(parts[1].count),
              parts[1].allSatisfy({ $0.isASCII && $0.isUppercase }) else { return nil }
        return String(parts[0])
    }

    /// Neither share-alike, Creative Commons attribution nor public domain: kept in the expression.
    var isOther: Bool { shareAlike == nil && ccAttributionVersion == nil && !isPublicDomain }

    /// `x.y` after `prefix` when `id` is exactly `prefix` and a version.
    private static func version(_ id: String, prefix: String) -> String? {
        guard id.hasPrefix(prefix) else { return nil }
        let rest = String(id.dropFirst(prefix.count))
        return ccBySAVersions.contains(rest) ? rest : nil
    }

    /// The legal code's URL of a Creative Commons licence.
    static func url(of id: String) -> String? {
        if id == "CC0-1.0" { return "https://creativecommons.org/publicdomain/zero/1.0/" }
        for (prefix, path) in [("CC-BY-NC-SA-", "by-nc-sa"), ("CC-BY-SA-", "by-sa"), ("CC-BY-", "by")] {
            if let version = version(id, prefix: prefix) { return "https://creativecommons.org/licenses/\(path)/\(version)/" }
        }
        if let version = portedVersion(id, prefix: "CC-BY-"), let port = id.split(separator: "-").last {
            return "https://creativecommons.org/licenses/by/\(version)/\(port.lowercased())/"
        }
        return nil
    }

    /// The title of a Creative Commons licence.
    static func title(of id: String) -> String? {
        if id == "CC0-1.0" { return "CC0 1.0 Universal" }
        for (prefix, name) in [("CC-BY-NC-SA-", "Attribution-NonCommercial-ShareAlike"), ("CC-BY-SA-", "Attribution-ShareAlike"), ("CC-BY-", "Attribution")] {
            if let version = version(id, prefix: prefix) { return "Creative Commons \(name) \(version)" + (version == "4.0" ? " International" : version == "3.0" ? " Unported" : " Generic") }
        }
        if let version = portedVersion(id, prefix: "CC-BY-"), let port = id.split(separator: "-").last {
            return "Creative Commons Attribution \(version) (\(port) port)"
        }
        return nil
    }
}
