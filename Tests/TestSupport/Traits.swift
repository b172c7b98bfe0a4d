import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

extension Trait where Self == ConditionTrait {
    /// Runs the test only where the real corpus is (`../shared/corpus`) with the Debian files the
    /// release configs name (Apertium's analyzers of the sentence pairs); elsewhere Swift Testing
    /// reports it as skipped, with the reason.
    package static var needsRealCorpus: Self {
        .enabled(if: TestProject.realCorpusMissing == nil, Comment(rawValue: TestProject.realCorpusMissing ?? ""))
    }

    /// Runs the test only where Debian's Spanish analyzer and Hunspell dictionary are installed
    /// (`apertium-eng-spa`, `hunspell-es`: the Spanish release config names their files);
    /// elsewhere it is reported as skipped, with the packages to install.
    package static var needsSpanishMorphology: Self {
        needsSystemFiles(TestProject.spanishMorphology)
    }

    /// Runs the test only where every one of `files` (of Debian packages) exists; elsewhere it is
    /// reported as skipped, naming the missing files' packages.
    package static func needsSystemFiles(_ files: [(package: String, path: String)]) -> Self {
        let missing = files.filter { !FileManager.default.fileExists(atPath: $0.path) }
        return .enabled(if: missing.isEmpty,
                        "not installed: \(Set(missing.map(\.package)).sorted().joined(separator: ", ")) (\(missing.map(\.path).joined(separator: ", ")))")
    }

    /// Runs the test only as root (to mount a filesystem); elsewhere it is reported as skipped.
    package static var needsRoot: Self {
        .enabled(if: getuid() == 0, "needs root (to mount a small tmpfs)")
    }
}
