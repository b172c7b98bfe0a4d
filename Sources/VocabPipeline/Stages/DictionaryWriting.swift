import Foundation
import ReleaseFormat
import StageEmit
import VocabCore

/// The dictionary database written on a thread of its own (``DictionaryStage/start(_:source:translations:glosses:order:ordering:)``):
/// the cards made and counted on two others, SQLite's inserts, then, once the stage has
/// returned, the search index, the commit and the forms.
final class DictionaryWriting: @unchecked Sendable {
    /// The forms of the entries (by entry id, from 1, the `entries` table's) and each entry's
    /// senses, worked out on another thread from the lexicon and the analyzer while the cards are
    /// written (``DictionaryStage``).
    struct Forms: Sendable {
        var rows: [FormTables.Row]
        var senses: [Int]
    }

    /// What the stage knows once every card is in.
    struct Written {
        var figures: DictionaryFigures
    }

    /// Makes the card of the entry at a position; let go once every card is in, and with it the
    /// lexicons it reads. Written on the writer's thread only after the last call (every card is
    /// made before its batch reaches the writer).
    private var makeCard: ((Int) throws -> WordCard)?
    /// The cards' figures, added up batch by batch on the writer's thread; read once every card is in.
    private var figures: DictionaryFigures
    private let none: DictionaryFigures
    /// Set on the writer's thread before it signals that every card is in.
    private var rowsAreIn = false

    init(figures: DictionaryFigures, card: @escaping (Int) throws -> WordCard) {
        self.figures = figures
        none = figures
        makeCard = card
    }

    /// Moves an earlier build's database at `url` (a regular file) aside and deletes it on
    /// another thread, which the returned group waits for: freeing its tens of megabytes took
    /// 80 ms when the new database was renamed over it, at the end of the stage, on one core.
    private static func moveAside(_ url: URL) -> DispatchGroup {
        let group = DispatchGroup()
        var status = stat()
        guard lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return group }
        let aside = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).earlier-\(getpid())")
        guard rename(url.path, aside.path) == 0 else { return group }
        DispatchQueue.global().async(group: group) { unlink(aside.path) }
        return group
    }

    /// Starts the writer's thread and returns once every card is in and counted; `finishing` is
    /// told when the rest is written (the seconds since this returned) or fails. An error before
    /// every card is in (a card that cannot be made, SQLite's) is thrown here, as it is.
    func start(
        count: Int, targetLanguages: [String], folding: SearchFolding, to url: URL, forms: BackgroundResult<Forms>,
        finishing: BackgroundResult<Double>
    ) throws -> Written {
        let rowsIn = DispatchSemaphore(value: 0)
        let earlier = Self.moveAside(url)
        let thread = Thread { [self] in
            var lastSteps: UInt64 = 0
            let outcome = Result { () throws -> Double in
                try DictionaryDatabase.writeEntries(
                    count: count, targetLanguages: targetLanguages, folding: folding, to: url, tally: none,
                    card: { [self] index in try makeCard!(index) },
                    counting: { $0.count($1) }, written: { figures.add($0) },
                    rowsIn: {
                        self.makeCard = nil
                        self.rowsAreIn = true
                        lastSteps = DispatchTime.now().uptimeNanoseconds
                        rowsIn.signal()
                    })
                let forms = try forms.wait()
                try DictionaryForms.write(forms.rows, senses: { forms.senses[$0 - 1] }, into: url)
                return Double(DispatchTime.now().uptimeNanoseconds - lastSteps) / 1e9
            }
            if !rowsAreIn { rowsIn.signal() }
            earlier.wait()
            finishing.finish(outcome)
        }
        // SQLite and the writer's closures run on it: the size of a main thread's stack.
        thread.stackSize = 8 << 20
        thread.start()
        rowsIn.wait()
        guard rowsAreIn else {
            _ = try finishing.wait()
            preconditionFailure("the dictionary's writer ended without its rows")
        }
        return Written(figures: figures)
    }
}
