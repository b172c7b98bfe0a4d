import Foundation
import VocabCore

/// What `vocab fetch` did for one source.
package struct FetchedSource: Sendable, Equatable {
    /// How the file at the source's path came to match its pin (or why it was left alone).
    package enum Outcome: Sendable, Equatable {
        /// The source has no pin: its file was left as it is (`present` tells whether there is one).
        case notPinned(present: Bool)
        /// The file at the path already matched its pin: nothing was downloaded or written.
        case inPlace
        /// Installed from the cache; `replaced` when a different file was at the path.
        case fromCache(replaced: Bool)
        /// Downloaded from `url` (continuing a partial download from byte `resumedFrom`, when
        /// it did) and installed; `failures` are the locations tried before it, in order.
        case downloaded(url: URL, resumedFrom: Int64?, replaced: Bool, failures: [FetchProblem])
    }

    /// The source.
    package var source: PipelineSource
    /// What was done.
    package var outcome: Outcome

    /// `, unpacked from the archive's <member>` for a source unpacked from an archive.
    private var unpacked: String {
        source.pin?.archive.map { ", unpacked from the archive's \($0.member)" } ?? ""
    }

    /// One line for the report (with one more per failed location before a download).
    package var text: String {
        let name = "\(source.keyPath) (\(source.path))"
        switch outcome {
        case .notPinned(let present):
            return present ? "\(name): not pinned, left as it is"
                : "\(name): not pinned and missing; vocab build will not find it"
        case .inPlace:
            return "\(name): in place"
        case .fromCache(let replaced):
            return "\(name): installed from the cache" + unpacked + (replaced ? ", replacing a different file" : "")
        case .downloaded(let url, let resumedFrom, let replaced, let failures):
            var line = "\(name): downloaded from \(url.absoluteString)"
            if let resumedFrom { line += ", resumed at byte \(resumedFrom)" }
            line += unpacked
            if replaced { line += ", replacing a different file" }
            return ([line] + failures.map { "  skipped: \($0.message)" }).joined(separator: "\n")
        }
    }
}
