import Foundation
import ReleaseFormat
import VocabCore

/// Everything the emit stage writes into a release: its description, its words and, when the
/// release carries one, the dictionary stage's database.
package struct EmitInput: Sendable {
    /// What the release is (name, version, languages, bands, sources, counts), from the config and
    /// the earlier stages.
    package var release: ReleaseDescription
    /// The joined words, in rank order (ranks strictly increasing from 1).
    package var records: [WordRecord]
    /// Every entry of the source lexicon as a card, as the dictionary stage wrote them
    /// (``DictionaryDatabase/writeEntries(_:targetLanguages:to:)``): `<name>-dictionary.sqlite`
    /// without its metadata; nil for no dictionary.
    package var dictionary: URL?
    /// Waits until ``dictionary`` is written (its search index may still be being built when
    /// the emit starts) and throws what stopped it; nil when it is.
    package var dictionaryWritten: (@Sendable () throws -> Void)?
    /// The forms a learner may read of the words (the forms stage's), by word name and part of
    /// speech: the database's `forms` and `inflections`. A form of no word of the release is left out.
    package var forms: [WordForm]

    /// The input of one emit.
    package init(
        release: ReleaseDescription, records: [WordRecord], dictionary: URL? = nil,
        dictionaryWritten: (@Sendable () throws -> Void)? = nil, forms: [WordForm] = []
    ) {
        self.release = release
        self.records = records
        self.forms = forms
        self.dictionary = dictionary
        self.dictionaryWritten = dictionaryWritten
    }

    /// The words as the release publishes them (bands, and counts only when allowed).
    package var publishedWords: [ReleaseWord] {
        FrequencyBands.publish(
            records, publishesCounts: release.publishesCounts, bands: release.bands,
            collation: SourceCollation(language: release.sourceLanguage))
    }
}

/// What ``ReleaseEmitter/emit(_:to:beforePublishing:)`` published.
package struct EmitResult: Sendable {
    /// The published release folder.
    package var releaseFolder: URL
    /// Its manifest, as written.
    package var manifest: DataPackage

    /// Every file of the release: the distinct resource files, then `datapackage.json`.
    package var fileCount: Int { Set(manifest.resources.map(\.path)).count + 1 }
}
