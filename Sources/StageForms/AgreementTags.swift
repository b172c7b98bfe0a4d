import VocabCore

/// The tags of agreement of an analyzer's format: gender and number, and the tags of a
/// participle (a verb form that agrees like an adjective). What ``FormCollector/addAgreeingForms(_:)``
/// tells apart: Apertium's `m`, `f`, `nt`, `mf`; `sg`, `pl`, `sp`; `pp`. Other formats have none:
/// their words take only the forms that read as them.
package struct AgreementTags: Sendable, Equatable {
    package var genders: Set<String>
    package var numbers: Set<String>
    package var participles: Set<String>

    /// The agreement tags of `format`.
    package init(format: AnalyzerFormat) {
        switch format {
        case .lttoolbox:
            genders = ["m", "f", "nt", "mf", "GD", "ma", "mi", "mp"]
            numbers = ["sg", "pl", "sp", "du", "ND"]
            participles = ["pp"]
        case .mecab, .voikko, .icu:
            genders = []
            numbers = []
            participles = []
        }
    }

    /// `tags` as gender tags, and the rest but number tags, in order; nil without a number tag
    /// (a form that does not agree).
    func split(_ tags: [String]) -> (gender: [String], rest: [String])? {
        guard tags.contains(where: numbers.contains) else { return nil }
        return (tags.filter(genders.contains), tags.filter { !genders.contains($0) && !numbers.contains($0) })
    }
}
