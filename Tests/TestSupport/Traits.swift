import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

extension Trait where Self == ConditionTrait {
    /// Runs the test only where the real corpus is (`../shared/corpus`); elsewhere Swift Testing
    /// reports it as skipped, with the reason.
    package static var needsRealCorpus: Self {
        .enabled(if: TestProject.hasRealCorpus, "no real corpus at \(TestProject.sharedCorpus.path)")
    }

    /// Runs the test only as root (to mount a filesystem); elsewhere it is reported as skipped.
    package static var needsRoot: Self {
        .enabled(if: getuid() == 0, "needs root (to mount a small tmpfs)")
    }
}
