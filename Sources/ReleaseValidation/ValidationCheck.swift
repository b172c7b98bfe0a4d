/// One named check of a release folder: its id, what it verifies, and the function that runs it.
///
/// The checks are a registry (``all``), in the order they run: the validator runs each once
/// and reports one ``ValidationFinding`` per check. A check reads what it needs through the
/// ``ValidationContext``; when something it needs is missing or unreadable it is skipped, and
/// that problem is the failure of the check that looks at it.
package struct ValidationCheck: Sendable, Identifiable, CustomStringConvertible {
    /// Stable id, `area.what` (`resources.checksums`).
    package let id: String
    /// What the check verifies, in one line (for `--help` and the documentation).
    package let summary: String
    let run: @Sendable (ValidationContext) -> CheckResult

    init(_ id: String, _ summary: String, _ run: @escaping @Sendable (ValidationContext) -> CheckResult) {
        self.id = id
        self.summary = summary
        self.run = run
    }

    /// A check of the release database's content: `check` gets the file and its name when the
    /// file can be read, else the check is skipped, saying why (``DatabaseFile/whenReadable(_:)``).
    static func ofDatabase(
        _ id: String, _ summary: String, _ check: @escaping @Sendable (_ file: DatabaseFile, _ name: String) -> CheckResult
    ) -> ValidationCheck {
        ValidationCheck(id, summary) { context in context.release.whenReadable { check(context.release, $0) } }
    }

    /// The same of the dictionary's content; a release without a dictionary passes.
    static func ofDictionary(
        _ id: String, _ summary: String, _ check: @escaping @Sendable (_ file: DatabaseFile, _ name: String) -> CheckResult
    ) -> ValidationCheck {
        ValidationCheck(id, summary) { context in
            guard let dictionary = context.dictionary else { return .ok(".", noDictionary) }
            return dictionary.whenReadable { check(dictionary, $0) }
        }
    }

    /// The check's id.
    package var description: String { id }

    /// Every check, in the order they run.
    package static let all: [ValidationCheck] = [
        .manifestExists, .manifestJSON, .manifestSchema, .manifestTables, .manifestLocationFree, .resourcesExist, .resourcesChecksums,
        .folderUnlisted, .sqliteFile, .sqliteApplicationID, .sqliteUserVersion, .sqliteJournalMode, .sqliteTables,
        .sqliteIntegrity, .sqliteForeignKeys, .sqliteMetadata, .sqliteSearch, .sqliteTranslations, .sqliteForms, .jsonValid,
        .jsonSchema, .jsonHeader, .recordsMatch, .recordsSentences, .recordsOrder, .countsMatch, .dictionaryFile, .dictionaryTables,
        .dictionaryMetadata, .dictionaryEntries, .dictionaryForms, .datasetteMetadata,
    ]
}

/// What one check found about one file of the release.
struct CheckResult {
    enum Outcome {
        /// Passed; what was verified.
        case ok(String)
        /// Failed; each problem found (at least one).
        case fail([String])
        /// Could not run; why.
        case skip(String)
    }

    /// The file the check is about, relative to the release folder (`.` for the folder).
    var file: String
    var outcome: Outcome

    static func ok(_ file: String, _ reason: String) -> CheckResult { CheckResult(file: file, outcome: .ok(reason)) }
    static func skip(_ file: String, _ reason: String) -> CheckResult { CheckResult(file: file, outcome: .skip(reason)) }

    /// Passes with `ok` when `problems` is empty, else fails with them.
    static func result(_ file: String, problems: [String], ok: @autoclosure () -> String) -> CheckResult {
        CheckResult(file: file, outcome: problems.isEmpty ? .ok(ok()) : .fail(problems))
    }
}
