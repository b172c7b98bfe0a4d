import Foundation
import VocabPipeline

/// Build progress drawn on standard error, one line redrawn in place (`\r`, erase line):
/// the step, and while the lexicons load, the share of their bytes read. Used only when standard
/// error is a terminal and `--quiet` is off.
final class TerminalProgress: BuildProgress, @unchecked Sendable {
    private let lock = NSLock()

    func started(_ step: BuildStep) {
        draw("\(Self.label(step))…")
    }

    func loading(bytesRead: Int64, of total: Int64) {
        let percent = total > 0 ? Int(bytesRead * 100 / total) : 0
        draw("\(Self.label(.lexicons))… \(percent)% (\(Self.megabytes(bytesRead)) of \(Self.megabytes(total)) MB)")
    }

    func finished() {
        lock.withLock {
            FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        }
    }

    private func draw(_ text: String) {
        lock.withLock {
            FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
        }
    }

    static func label(_ step: BuildStep) -> String {
        switch step {
        case .hash: "hashing the inputs"
        case .lexicons: "loading the lexicons"
        case .pairs: "reading the sentence pairs"
        case .report: "writing the report folder"
        default: step.rawValue
        }
    }

    static func megabytes(_ bytes: Int64) -> String { String(format: "%.1f", Double(bytes) / 1_000_000) }
}
