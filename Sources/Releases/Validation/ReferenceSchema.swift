import Foundation
import GRDB
import StageEmit
import VocabCore

/// The SQLite schema the emitter writes, taken from an empty release emitted once per process
/// into a temporary folder, so the validator never keeps a copy of the schema that could drift.
enum ReferenceSchema {
    /// One `sqlite_master` row of a database.
    struct Object: Hashable, Sendable, Comparable {
        var type: String
        var name: String
        var sql: String?

        static func < (lhs: Self, rhs: Self) -> Bool { (lhs.type, lhs.name) < (rhs.type, rhs.name) }

        var label: String { "\(type) \(name)" }
    }

    /// The emitter's `sqlite_master`, or the reason it could not be produced.
    static let objects: Result<[Object], VocabError> = emitReference()

    static func read(_ db: Database) throws -> [Object] {
        try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master").map {
            Object(type: $0["type"], name: $0["name"], sql: $0["sql"])
        }.sorted()
    }

    private static let minimalConfig = """
        {"dataset": {"name": "reference", "version": "1.0.0"},
         "frequency": {"path": "frequency.csv", "columns": {"lemma": 1, "partOfSpeech": 2, "frequency": 3}, "tags": {}},
         "lexicon": {"path": "lexicon.xml"}}
        """

    private static func emitReference() -> Result<[Object], VocabError> {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("vocab-validate-reference-\(UUID().uuidString.lowercased())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let config = try JSONDecoder().decode(PipelineConfig.self, from: Data(minimalConfig.utf8))
            let input = EmitInput(
                records: [], config: config, sourceLanguage: "en", targetLanguages: [], sources: [],
                counts: ReleaseCounts(), created: Date(timeIntervalSince1970: 0))
            let result = try BundleEmitter.emit(input, to: folder.appendingPathComponent("reference-1.0.0"))
            guard let database = result.resources.first(where: { $0.path.hasSuffix(".sqlite") }) else {
                return .failure(VocabError(.validation, "the emitter wrote no SQLite file"))
            }
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(
                path: result.releaseFolder.appendingPathComponent(database.path).path, configuration: configuration)
            defer { try? queue.close() }
            return .success(try queue.read(read))
        } catch let error as VocabError {
            return .failure(error)
        } catch {
            return .failure(VocabError(.validation, "cannot emit the reference schema: \(error)"))
        }
    }
}
