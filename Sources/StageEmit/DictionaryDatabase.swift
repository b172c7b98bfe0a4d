import Foundation
import SQLiteDatabase
import ReleaseFormat
import VocabCore

/// The dictionary's database (`<name>-dictionary.sqlite`) in two steps. The dictionary stage
/// writes every entry's card, the search index and an empty `metadata` table: its artifact,
/// which depends on the lexicons and the config only, so a build whose frequency list changed
/// reuses it. The emitter then adds the release's metadata and `VACUUM`s it into the release
/// (``ReleaseEmitter``), which gives the bytes writing everything at once would give.
package enum DictionaryDatabase {
    /// The artifact's file name in the dictionary stage's folder.
    package static let fileName = "entries.sqlite"

    /// Writes `cards` in dictionary order (``CardColumns/dictionaryOrder(_:)``) into a database at
    /// `url` with the dictionary's schema and no metadata (see ``writeEntries(targetLanguages:folding:to:cards:)``).
    package static func writeEntries(_ cards: [WordCard], targetLanguages: [String], folding: SearchFolding, to url: URL) throws {
        try writeEntries(targetLanguages: targetLanguages, folding: folding, to: url) { add in
            for card in CardColumns.dictionaryOrder(cards) { try add(card) }
        }
    }

    /// Writes the cards `cards` hands to `add`, one at a time and in the dictionary's order
    /// (``CardColumns/dictionaryOrder(_:lemma:partOfSpeech:entryId:)``), into a database at
    /// `url` with the dictionary's schema and no metadata, replacing any file there in one step
    /// (a temporary file beside it is renamed over it). The cards need not all be in memory;
    /// `folding` folds their search column (``SearchFolding``).
    ///
    /// Throws ``EmitError`` naming `url`, or what `cards` throws, as it is.
    package static func writeEntries(
        targetLanguages: [String], folding: SearchFolding, to url: URL, cards: (_ add: (WordCard) throws -> Void) throws -> Void
    ) throws {
        let columns = DictionarySchema.fields.count
        var id = 0
        try writeRows(to: url) { insert in
            var rows = PackedRows(columns: columns)
            try cards { card in
                id += 1
                rows.append(CardColumns.entryRow(id: id, card, targetLanguages: targetLanguages, folding: folding))
                if rows.count == batchSize {
                    try insert(rows)
                    rows = PackedRows(columns: columns)
                }
            }
            if rows.count > 0 { try insert(rows) }
        }
    }

    /// The cards whose rows are made and handed to SQLite's writer together.
    static let batchSize = 512

    /// Writes the batches of rows (the `entries` table's, in column order) `rows` hands to
    /// `insert` into a new database at `url`, then renames it over `url`.
    static func writeRows(to url: URL, _ rows: (_ insert: @escaping (PackedRows) throws -> Void) throws -> Void) throws {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: temporary)
        } catch {
            throw EmitError(file: folder.path, .cannotCreateOutputFolder(reason: ReleasePublisher.reason(error)))
        }
        defer { try? FileManager.default.removeItem(at: temporary) }
        do {
            try write(to: temporary, rows: rows, naming: url)
        } catch var error as EmitError where error.location.file == temporary.path {
            // The file the reader knows, not the temporary one it never sees.
            error.location.file = url.path
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            throw EmitError(file: url.path, .cannotWrite(reason: String(cString: strerror(errno))))
        }
    }

    /// Writes the database of ``writeRows(to:_:)`` at `temporary`; errors of the rows name `url`.
    private static func write(
        to temporary: URL, rows: (_ insert: @escaping (PackedRows) throws -> Void) throws -> Void, naming url: URL
    ) throws {
        try DatabaseWriter.write(DictionarySchema.database, to: temporary, metadata: [], vacuum: false) { db in
            let insert = try DatabaseWriter.entryInserter(db)
            let checked: (PackedRows) throws -> Void = { rows in
                do {
                    try insert(rows)
                } catch {
                    throw DatabaseWriter.failure(error, writing: url)
                }
            }
            do {
                try rows(checked)
            } catch let error as EmitError {
                throw error
            } catch {
                throw PassedThrough(error: error)
            }
        }
    }

    /// Writes `count` cards, the `index`th made by `card(index)` (from 0, in the dictionary's
    /// order), like ``writeEntries(targetLanguages:folding:to:cards:)``; the cards and their rows are
    /// made in batches on two other threads (one on a one-core machine) while SQLite writes the
    /// previous ones. Each card is also counted into its batch's tally there (`counting`, from
    /// `empty`), and `written` is given each batch's tally, in order, on the calling thread once
    /// the batch is written: the cards themselves never reach the writer's thread. `card` and
    /// `counting` must answer from any thread.
    ///
    /// `rowsIn`, when given, is called on the calling thread once the last row is in, before the
    /// search index is built and the file committed: `card` is not called after it.
    ///
    /// Throws ``EmitError`` naming `url`, or what `card` throws, as it is: the error of the
    /// first card in order that fails, as one thread making every card would.
    package static func writeEntries<Tally: Sendable>(
        count: Int, targetLanguages: [String], folding: SearchFolding, to url: URL, tally empty: Tally,
        card: @escaping @Sendable (_ index: Int) throws -> WordCard,
        counting: @escaping @Sendable (_ tally: inout Tally, _ card: WordCard) -> Void,
        written: (Tally) -> Void, rowsIn: (() -> Void)? = nil
    ) throws {
        // Batch b (cards b × size up to (b + 1) × size) is made by producer b % producers, which
        // hands its batches over in order on its own channel; the writer takes batch b from
        // channel b % producers, so the rows go in in card order.
        let producers = max(1, min(2, ProcessInfo.processInfo.activeProcessorCount)), size = batchSize
        let columns = DictionarySchema.fields.count
        let channels = (0..<producers).map { _ in BatchChannel<(rows: PackedRows, tally: Tally)>(capacity: 2) }
        let group = DispatchGroup()
        for (producer, channel) in channels.enumerated() {
            DispatchQueue.global().async(group: group) {
                do {
                    var start = producer * size
                    // The text of the last batch's rows, to reserve as much for the next.
                    var bytesPerRow = 0
                    while start < count {
                        let end = min(start + size, count)
                        var rows = PackedRows(columns: columns, reservingRows: end - start, bytesPerRow: bytesPerRow)
                        var tally = empty
                        for index in start..<end {
                            let made = try card(index)
                            counting(&tally, made)
                            rows.append(CardColumns.entryRow(id: index + 1, made, targetLanguages: targetLanguages, folding: folding))
                        }
                        bytesPerRow = rows.textBytes / rows.count + 1
                        guard channel.put((rows, tally)) else { return }
                        start += producers * size
                    }
                    channel.finish(nil)
                } catch {
                    channel.finish(error)
                }
            }
        }
        defer {
            for channel in channels { channel.cancel() }
            group.wait()
        }
        try writeRows(to: url) { insert in
            var next = 0
            while let batch = try channels[next % producers].take() {
                try insert(batch.rows)
                written(batch.tally)
                next += 1
            }
            rowsIn?()
        }
    }

    /// The number of entries of the database at `url` (written by
    /// ``writeEntries(_:targetLanguages:folding:to:)``); nil when it cannot be read as one.
    package static func entryCount(at url: URL) -> Int? {
        guard FileManager.default.fileExists(atPath: url.path),
              let db = try? DatabaseWriter.openForReading(url) else { return nil }
        defer { try? db.close() }
        return try? db.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM \(DictionarySchema.cardTable)") }
    }
}
