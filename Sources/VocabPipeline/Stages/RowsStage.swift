import VocabCore

/// A stage whose artifacts hold rows of the frequency list's size in `rows.jsonl` (the read
/// stage's rows, the lemmatize stage's lemmas). A reused one is read back without them: they are
/// read only when the select stage has to run (``StageRunner/rows()``,
/// ``StageRunner/lemmaRows()``), so a no-change rebuild of a list of millions of rows never reads them.
package protocol RowsStage: PipelineStage {}

extension RowsStage {
    /// The rows' file in the stage's folder.
    static var rowsFile: String { "rows.jsonl" }

    /// Reads back the rows only (`<stage>/rows.jsonl`), checked against the stage's `stage.json`.
    package static func loadRows(_ pipeline: Pipeline) throws -> [FrequencyRow] {
        try StageFolder(pipeline, name).read(FrequencyRow.self, rowsFile)
    }

    /// The rows in `folder` when `rows`, else none; the file is checked even when it is not read:
    /// a stage whose files are not the ones it wrote is not reused.
    static func rows(in folder: StageFolder, if rows: Bool) throws -> [FrequencyRow] {
        guard rows else {
            _ = try folder.recordedDigest(of: rowsFile)
            return []
        }
        return try folder.read(FrequencyRow.self, rowsFile)
    }
}
