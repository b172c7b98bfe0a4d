import SQLiteDatabase
import Foundation
import ReleaseFormat
import VocabCore
import VocabJSON

/// A published release read back from disk: what `vocab diff` compares and `vocab validate`
/// checks against the manifest.
package struct PublishedRelease: Sendable {
    /// The release folder, when a folder was opened (not a bare SQLite file).
    package var folder: URL?
    /// The SQLite file read (inside ``folder`` when a folder was opened).
    package var database: URL
    /// `PRAGMA application_id` (`ReleaseSchema.applicationID`, "Voca", for a release of this format).
    package var applicationID: Int32
    /// `PRAGMA user_version`: the schema version (`schemaVersion` in the JSON files).
    package var userVersion: Int32
    /// The `metadata` table.
    package var metadata: [String: String]
    /// `sqlite_master` rows as `type name: sql`, sorted: the schema, to tell schema changes.
    package var schema: [String]
    /// Words in id order.
    package var words: [ReleaseWord]
    /// Frequency-list words left out, with the reason: from the report folder beside the release
    /// (`<release>.report/exclusions.json`), or a schema-1 database's `exclusions` table.
    package var exclusions: [Exclusion]
    /// Where ``exclusions`` come from.
    package var exclusionsSource: ExclusionsSource
    /// Not-reached words the report folder does not list (see `ExclusionList.notReachedLimit`).
    package var notReachedOmitted: Int
    /// The dictionary database, when the release has one.
    package var dictionary: URL?

    /// Where a release's exclusions were read from.
    package enum ExclusionsSource: Sendable, Equatable {
        /// The report folder beside the release.
        case reportFolder(URL)
        /// The `exclusions` table of a schema-1 database.
        case databaseTable
        /// Nowhere: the release has no report folder beside it (the path it was looked for at).
        case missing(URL?)
    }

    /// A frequency-list word the release leaves out, and why (the report folder's record).
    package typealias Exclusion = ExclusionList.Exclusion

    /// A release from its parts (the reader fills them in from the database).
    package init(
        folder: URL?, database: URL, applicationID: Int32, userVersion: Int32, metadata: [String: String],
        schema: [String], words: [ReleaseWord], exclusions: [Exclusion],
        exclusionsSource: ExclusionsSource = .databaseTable, notReachedOmitted: Int = 0, dictionary: URL? = nil
    ) {
        self.exclusionsSource = exclusionsSource
        self.notReachedOmitted = notReachedOmitted
        self.dictionary = dictionary
        self.folder = folder
        self.database = database
        self.applicationID = applicationID
        self.userVersion = userVersion
        self.metadata = metadata
        self.schema = schema
        self.words = words
        self.exclusions = exclusions
    }

    /// The target languages the metadata lists, in order (empty when it lists none).
    package var targetLanguages: [String] { Self.targetLanguages(metadata) }

    /// `metadata["name"]`: the dataset name.
    package var datasetName: String? { metadata["name"] }
    /// `metadata["version"]`: the dataset's version as written, semantic or not.
    package var datasetVersion: String? { metadata["version"] }

    package static func targetLanguages(_ metadata: [String: String]) -> [String] {
        guard let json = metadata["targetLanguages"] ?? metadata["target_languages"], let value = try? JSONValue.parse(json) else { return [] }
        return value.stringsValue ?? []
    }

    /// The source language the metadata names (`en` when it names none).
    package var sourceLanguage: String { metadata["sourceLanguage"] ?? metadata["source_language"] ?? "en" }

    /// Opens a release folder (its database is the file of the `words` table's resource in
    /// `datapackage.json`, or the folder's only `.sqlite` file but the dictionary) or a SQLite
    /// file, read-only, with the exclusions of the report folder beside it.
    package static func open(_ url: URL) throws -> PublishedRelease {
        try ReleaseReader.open(url)
    }
}

extension PublishedRelease {
    /// The dictionary's cards in order; nil when the release has no dictionary.
    package func readDictionary() throws -> [WordCard]? {
        guard let dictionary else { return nil }
        let languages = targetLanguages
        // The dictionary is of the release's schema (an older release's has fewer columns).
        let fields = DictionarySchema.fields(schemaVersion: max(2, userVersion))
        do {
            return try ReleaseReader.readOnly(dictionary) { db in
                // Row by row: the rows are never all held beside their cards.
                var cards: [WordCard] = []
                try ReleaseReader.forEachCardRow(db, table: DictionarySchema.cardTable, fields: fields, file: dictionary.path) {
                    cards.append(try ReleaseReader.entry($0, fields: fields, targetLanguages: languages))
                }
                return cards
            }
        } catch let error as ReleaseReadError {
            throw error
        } catch let error as SQLiteError {
            throw ReleaseReadError(file: dictionary.path, .unreadableDatabase(error.message))
        }
    }
}

extension PublishedRelease {
    /// The dictionaries of two releases (``readDictionary()``), read at once on two cores; the
    /// first error (OLD's) is thrown, as reading them one after the other would.
    package static func readDictionaries(old: PublishedRelease, new: PublishedRelease) throws -> (old: [WordCard]?, new: [WordCard]?) {
        let releases = [old, new]
        let dictionaries = ResultBox<[WordCard]?>(count: 2)
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            dictionaries.set(index, Result { try releases[index].readDictionary() })
        }
        let read = try dictionaries.values()
        return (read[0], read[1])
    }
}
