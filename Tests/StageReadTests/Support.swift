import Foundation
import StageRead
import Testing
import VocabCore

/// Fixtures and helpers: every input is read twice, from memory and from a temporary file,
/// and both ways must agree (same result or same error).
enum Fixture {
    static let displayPath = "test/list.csv"

    /// COCA's one-letter tags: n v j r map to their part of speech, the rest to `other`.
    static let cocaTags: [String: PartOfSpeech] = {
        var tags: [String: PartOfSpeech] = ["n": .noun, "v": .verb, "j": .adjective, "r": .adverb]
        for tag in ["i", "p", "c", "d", "m", "u", "a", "x", "t", "e"] { tags[tag] = .other }
        return tags
    }()

    static func config(
        delimiter: Delimiter = .character(","), header: Bool = true,
        lemma: ColumnRef = .name("lemma"), partOfSpeech: ColumnRef = .name("PoS"), frequency: ColumnRef = .name("freq"),
        tags: [String: PartOfSpeech] = cocaTags, unknownTags: UnknownTagPolicy = .error
    ) -> FrequencySourceConfig {
        FrequencySourceConfig(
            path: "list.csv", columns: FrequencyColumns(lemma: lemma, partOfSpeech: partOfSpeech, frequency: frequency), tags: tags,
            delimiter: delimiter, header: header, unknownTags: unknownTags)
    }

    /// A headerless config with 1-based column numbers.
    static func indexed(
        _ delimiter: Delimiter, lemma: Int, partOfSpeech: Int, frequency: Int,
        tags: [String: PartOfSpeech] = cocaTags, unknownTags: UnknownTagPolicy = .error
    ) -> FrequencySourceConfig {
        config(delimiter: delimiter, header: false, lemma: .index(lemma), partOfSpeech: .index(partOfSpeech),
               frequency: .index(frequency), tags: tags, unknownTags: unknownTags)
    }

    static func temporaryFile(_ data: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("stage-read-\(UUID().uuidString).csv")
        try data.write(to: url)
        return url
    }

    /// Reads `data` from memory and from a file; they must agree. Throws what reading threw.
    static func read(_ data: Data, _ config: FrequencySourceConfig,
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> FrequencyReadResult {
        let reader = FrequencyListReader(config: config)
        let fromMemory = Result { () throws(FrequencyListError) in try reader.read(data: data, displayPath: displayPath) }
        let url = try temporaryFile(data)
        defer { try? FileManager.default.removeItem(at: url) }
        let fromFile = Result { () throws(FrequencyListError) in try reader.read(url, displayPath: displayPath) }
        switch (fromMemory, fromFile) {
        case (.success(let a), .success(let b)):
            #expect(a == b, "memory and file reads differ", sourceLocation: sourceLocation)
        case (.failure(let a), .failure(let b)):
            #expect(a == b, "memory and file errors differ", sourceLocation: sourceLocation)
        default:
            Issue.record("memory read \(fromMemory) but file read \(fromFile)", sourceLocation: sourceLocation)
        }
        return try fromMemory.get()
    }

    static func read(_ text: String, _ config: FrequencySourceConfig,
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> FrequencyReadResult {
        try read(Data(text.utf8), config, sourceLocation: sourceLocation)
    }

    /// Reads `data` expecting a `FrequencyListError` with `problem` at `line` and field
    /// `column` of the list (or at the config key `configKey`, for problems of the config).
    /// Returns the error.
    @discardableResult
    static func expectError(
        _ data: Data, _ config: FrequencySourceConfig,
        line: Int?, column: Int? = nil, configKey: String? = nil, _ problem: FrequencyListProblem,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> FrequencyListError? {
        do {
            let result = try read(data, config, sourceLocation: sourceLocation)
            Issue.record("expected \(problem), got \(result.rows.count) rows", sourceLocation: sourceLocation)
            return nil
        } catch let error as FrequencyListError {
            let expected = ErrorLocation(file: displayPath, line: line, column: column, item: configKey)
            #expect(error.location == expected, "\(error)", sourceLocation: sourceLocation)
            #expect(error.problem == problem, "\(error)", sourceLocation: sourceLocation)
            return error
        } catch {
            Issue.record("expected a FrequencyListError, got \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    @discardableResult
    static func expectError(
        _ text: String, _ config: FrequencySourceConfig,
        line: Int?, column: Int? = nil, configKey: String? = nil, _ problem: FrequencyListProblem,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> FrequencyListError? {
        expectError(Data(text.utf8), config, line: line, column: column, configKey: configKey, problem,
                    sourceLocation: sourceLocation)
    }
}

extension FrequencyRow {
    /// Compact view for assertions: lemma, tag, frequency, line.
    var summary: String { "\(lemma)/\(tag)/\(frequency)@\(line)" }
}
