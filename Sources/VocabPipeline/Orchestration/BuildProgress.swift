import Dispatch
import Foundation

/// What a build tells while it runs, for a person watching: the command line draws it on a
/// terminal (and nothing when the output is not a terminal, or with `--quiet`).
package protocol BuildProgress: Sendable {
    /// A step starts.
    func started(_ step: BuildStep)
    /// While the lexicons load: bytes of the lexicon files read so far (as stored, compressed
    /// for `.gz`), of `total`.
    func loading(bytesRead: Int64, of total: Int64)
    /// The build is over (successfully or not): clear what was drawn.
    func finished()
}

/// How far a process has read a set of files, seen from outside the reader: the file offset of
/// every descriptor open on one of them (`/proc/self/fdinfo`, Linux), polled on a timer. The
/// lexicon reader needs no hook for it; where `/proc` is missing it reports nothing.
final class FileReadProgress: @unchecked Sendable {
    private let paths: Set<String>
    private let total: Int64
    private let report: @Sendable (Int64, Int64) -> Void
    private let timer: DispatchSourceTimer
    /// The largest offset seen per file (a file closed after it was read counts as read).
    private var finished: [String: Int64] = [:]
    private let lock = NSLock()

    /// Polls every `interval` seconds until ``stop()``, calling `report(read, total)`.
    init(files: [URL], interval: Double = 0.1, report: @escaping @Sendable (Int64, Int64) -> Void) {
        paths = Set(files.map { $0.resolvingSymlinksInPath().path })
        total = files.reduce(Int64(0)) { sum, url in
            sum + ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value ?? 0)
        }
        self.report = report
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "vocab.progress"))
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in self?.poll() }
        timer.resume()
    }

    func stop() { timer.cancel() }

    private func poll() {
        guard total > 0, let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
        var positions: [String: Int64] = [:]
        for descriptor in descriptors {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)"),
                  paths.contains(target),
                  let info = try? String(contentsOfFile: "/proc/self/fdinfo/\(descriptor)", encoding: .utf8),
                  let line = info.split(separator: "\n").first(where: { $0.hasPrefix("pos:") }),
                  let position = Int64(line.dropFirst(4).trimmingCharacters(in: .whitespaces))
            else { continue }
            positions[target] = max(positions[target] ?? 0, position)
        }
        let read: Int64 = lock.withLock {
            for (path, position) in positions { finished[path] = max(finished[path] ?? 0, position) }
            return finished.values.reduce(0, +)
        }
        report(min(read, total), total)
    }
}
