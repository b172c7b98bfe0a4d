import Foundation

// Public initialisers, so that a diff can be computed (and unit-tested) from in-memory bundles
// without a database on disk. The stored properties are those of `Reading/ReleaseBundle.swift`.

extension ReleaseBundle {
    /// A bundle held in memory (labels in another order than the stored properties', so that
    /// it never clashes with the memberwise initialiser).
    public init(
        words: [BundleWord], exclusions: [Exclusion] = [], metadata: [String: String] = [:],
        userVersion: Int32 = 1, schema: [String] = [], applicationID: Int32 = 0x566F_6361,
        database: URL = URL(fileURLWithPath: "/dev/null"), folder: URL? = nil
    ) {
        self.folder = folder
        self.database = database
        self.applicationID = applicationID
        self.userVersion = userVersion
        self.metadata = metadata
        self.schema = schema
        self.words = words
        self.exclusions = exclusions
    }

    /// `metadata["name"]`, `metadata["version"]`.
    public var datasetName: String? { metadata["name"] }
    public var datasetVersion: String? { metadata["version"] }
}

extension ReleaseBundle.Exclusion {
    public init(_ sourceLemma: String, _ partOfSpeech: String?, reason: String, tag: String = "") {
        self.sourceLemma = sourceLemma
        self.partOfSpeech = partOfSpeech
        self.tag = tag
        self.reason = reason
    }
}

extension BundleWord {
    public init(
        lemma: String, partOfSpeech: String, id: Int, sourceLemma: String? = nil,
        frequency: Int64? = nil, rank: Int? = nil, band: Int = 1, senseRank: Int = 1,
        lexicon: String = "test:1", entryId: String? = nil, senseId: String? = nil,
        synsetId: String, ili: String? = nil, definition: String? = nil,
        synonyms: [String] = [], examples: [String] = [], translations: [String: [String]] = [:]
    ) {
        self.id = id
        self.lemma = lemma
        self.sourceLemma = sourceLemma ?? lemma
        self.partOfSpeech = partOfSpeech
        self.frequency = frequency
        self.rank = rank
        self.band = band
        self.senseRank = senseRank
        self.lexicon = lexicon
        self.entryId = entryId ?? "\(lemma)-\(partOfSpeech)"
        self.senseId = senseId ?? "\(lemma)-\(partOfSpeech)-\(synsetId)"
        self.synsetId = synsetId
        self.ili = ili
        self.definition = definition
        self.synonyms = synonyms
        self.examples = examples
        self.translations = translations
    }
}
