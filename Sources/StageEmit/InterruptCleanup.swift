import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the release's temporary folder when the build is interrupted (SIGINT, SIGTERM,
/// SIGHUP) instead of leaving it for the next build to clear, then lets the signal end the
/// process as it would have (so the exit status still says "killed by a signal"). SIGKILL cannot
/// be caught: after one, the next build clears what is left.
enum InterruptCleanup {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var folders: Set<String> = []
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
    nonisolated(unsafe) private static var interrupted = false

    private static let installed: Void = {
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            // The default action must not run before the handler: the source delivers instead.
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global(qos: .userInitiated))
            source.setEventHandler { cleanUpAndEnd(with: signalNumber) }
            source.resume()
            sources.append(source)
        }
    }()

    /// Removes `folder` if the process is interrupted before ``forget(_:)``.
    static func remember(_ folder: URL) {
        _ = installed
        lock.withLock { _ = folders.insert(folder.path) }
    }

    /// `folder` is published or removed: nothing to clean up for it any more.
    static func forget(_ folder: URL) {
        lock.withLock { _ = folders.remove(folder.path) }
    }

    /// Called where writing fails: when the failure comes from an interruption (its cleanup
    /// removed the folder being written), waits for the signal to end the process, so that the
    /// exit status says "interrupted" rather than reporting the folder's disappearance.
    static func waitIfInterrupted() {
        guard lock.withLock({ interrupted }) else { return }
        while true { pause() }
    }

    private static func cleanUpAndEnd(with signalNumber: Int32) {
        let paths = lock.withLock {
            interrupted = true
            return folders
        }
        for path in paths {
            // Renamed first: threads still writing (the dictionary is finished on another core)
            // can then create nothing more inside it, so the removal cannot race with them.
            let doomed = path + ".interrupted"
            try? FileManager.default.removeItem(atPath: rename(path, doomed) == 0 ? doomed : path)
        }
        // libdispatch keeps the signal blocked (it reads it from a signalfd): unblock it on this
        // thread and raise it here, where the default action now ends the process.
        signal(signalNumber, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signalNumber)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(signalNumber)
    }
}
