/// The `lexicon` section, and the lexicon part of each `translations` item: a WN-LMF file and
/// how to read it.
package struct LexiconSourceConfig: Codable, Sendable, Equatable {
    /// A WN-LMF `.xml` or `.xml.gz` file.
    package var path: String
    /// Which `Lexicon` of the file to use; required only when the file holds several.
    package var id: String?
    /// Attribution line for the bundle (the lexicon's own `citation` is kept too).
    package var attribution: String?
    /// Upper bound on the uncompressed size read from the file (guards against gzip bombs).
    package var maxBytes: Int64 = LexiconSourceConfig.defaultMaxBytes
    /// What the order of an entry's senses says (``SenseOrder``); nil: decided from the lexicon's
    /// id (``SenseOrder/resolved(_:lexiconId:)``). Encoded only when given, so a config without it
    /// embeds and keys as before.
    package var senseOrder: SenseOrder?
    /// The file's pin (`sha256`, `bytes`, `url`, `mirrors`); nil when the config gives none.
    /// Not encoded (see ``SourcePin``).
    package var pin: SourcePin?

    /// 2 GiB, the default ``maxBytes``.
    package static let defaultMaxBytes: Int64 = 2 << 30

    enum CodingKeys: String, CodingKey, CaseIterable { case path, id, attribution, maxBytes, senseOrder }

    /// The sense order of the lexicon read with this config, whose `<Lexicon id>` is `lexiconId`:
    /// ``senseOrder`` when given, else decided from the id (``SenseOrder/resolved(_:lexiconId:)``).
    package func senseOrder(lexiconId: String) -> SenseOrder { SenseOrder.resolved(senseOrder, lexiconId: lexiconId) }

    /// The licence of the lexicon read with this config, as the release names it: the lexicon's
    /// `license` URL, and the config's attribution, else the lexicon's `citation`.
    package func license(url: String?, citation: String?) -> SourceLicense {
        SourceLicense(path: url, attribution: attribution ?? citation)
    }
}

extension LexiconSourceConfig {
    /// Decodes the section, rejecting unknown keys; `path` is required.
    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self, SourcePin.CodingKeys.self)
        try self.init(fields: decoder)
    }

    /// Decodes the lexicon's keys and its pin from an object that may hold others (a
    /// translation's `language`).
    init(fields decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        path = try c.decode(String.self, forKey: .path)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        attribution = try c.decodeIfPresent(String.self, forKey: .attribution)
        maxBytes = try c.decodeIfPresent(Int64.self, forKey: .maxBytes) ?? Self.defaultMaxBytes
        senseOrder = try c.decodeIfPresent(SenseOrder.self, forKey: .senseOrder)
        pin = try SourcePin.decode(from: decoder)
    }
}
