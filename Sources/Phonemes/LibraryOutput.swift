import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// libespeak-ng's own messages kept off the process's standard error, where a failed build
/// prints its one error line: the library writes to `stderr` itself (an MBROLA voice it cannot
/// load, eight lines; a voice without its dictionary, `Can't read dictionary file`). While it
/// runs, file descriptor 2 points at an unlinked temporary file, and what the library wrote is
/// read back, for the error it explains.
///
/// Why not check the voices first: which voices print (MBROLA's, a damaged data folder's) is
/// the library's business and changes with its data; capturing keeps any of its messages off
/// the contract, whatever the voice. The cost: a few system calls a call. Another thread's
/// writes to standard error in that window would be captured too (and dropped): the build's
/// threads report through the build report, not standard error, while pronunciations are made.
enum LibraryOutput {
    /// The capture file, made once (guarded by `EspeakLibrary`'s lock, as every call here is).
    nonisolated(unsafe) private static var file: Int32 = -1

    /// Runs `body` with standard error captured; its result and the text the library wrote
    /// (empty when none, or when no capture file could be made: then the text goes where it
    /// always went). The caller holds `EspeakLibrary`'s lock.
    static func capturing<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> (result: T, printed: String) {
        if file < 0 {
            var template = Array((NSTemporaryDirectory() + "/vocab-espeak-XXXXXX").utf8CString)
            file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            if file >= 0 { template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
        }
        fflush(nil)
        let saved = dup(2)
        guard file >= 0, saved >= 0, dup2(file, 2) >= 0 else {
            if saved >= 0 { close(saved) }
            return (try body(), "")
        }
        let outcome: Result<T, E>
        do throws(E) {
            outcome = .success(try body())
        } catch {
            outcome = .failure(error)
        }
        fflush(nil)
        dup2(saved, 2)
        close(saved)
        return (try outcome.get(), takeText())
    }

    /// What the capture file holds (its first 64 KiB), emptied for the next call.
    private static func takeText() -> String {
        let size = lseek(file, 0, SEEK_CUR)
        guard size > 0 else { return "" }
        var bytes = [UInt8](repeating: 0, count: min(Int(size), 1 << 16))
        let read = bytes.withUnsafeMutableBytes { pread(file, $0.baseAddress, $0.count, 0) }
        _ = ftruncate(file, 0)
        lseek(file, 0, SEEK_SET)
        return String(decoding: bytes.prefix(max(read, 0)), as: UTF8.self)
    }

    /// The first line of `text` that is not blank, trimmed; nil when there is none.
    static func firstLine(_ text: String) -> String? {
        text.split(whereSeparator: \.isNewline).lazy.map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
    }
}
