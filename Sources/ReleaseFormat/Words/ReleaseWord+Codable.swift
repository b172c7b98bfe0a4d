import VocabCore

/// The JSON record of a word (see ``ReleaseWord``), field by field from ``CardField``: the
/// record's keys in field order, the provenance fields in a nested `provenance` object.
/// Decoding leaves ``ReleaseWord/id`` at 0: a record's id is its position, which
/// ``BundleDocument`` sets; a record without `pinned` (schema 2) is not pinned.
extension ReleaseWord: Codable {
    /// Writes the record's keys in the documented order, `null` for absent values, translations
    /// as an object keyed by language.
    package func encode(to encoder: any Encoder) throws {
        var record = ContainerCardJSON(container: encoder.container(keyedBy: JSONKey.self))
        var provenance: ContainerCardJSON?
        for field in CardField.bundleFields {
            switch field.bundlePlacement {
            case .provenance?:
                var nested = provenance ?? ContainerCardJSON(
                    container: record.container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey(CardField.provenanceKey)))
                try field.encode(self, into: &nested)
                provenance = nested
            default:
                try field.encode(self, into: &record)
            }
        }
    }

    /// Decodes a record; translation languages come sorted (JSON objects have no order): the
    /// reader puts them in the release's target-language order.
    package init(from decoder: any Decoder) throws {
        let record = try decoder.container(keyedBy: JSONKey.self)
        let provenance = try record.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey(CardField.provenanceKey))
        var word = ReleaseWord.blank
        for field in CardField.bundleFields {
            try field.decode(from: field.bundlePlacement == .provenance ? provenance : record, into: &word)
        }
        self = word
    }
}
