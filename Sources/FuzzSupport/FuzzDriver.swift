import VocabCore

/// What every libFuzzer target shares: the hand-over to libFuzzer's driver and the checks on a
/// reader's error. Only `Tests/Fuzz/run.sh` builds the targets (`VOCAB_FUZZ=1`, with
/// `-sanitize=fuzzer`).
package enum FuzzDriver {
    /// Runs libFuzzer with the process's arguments, calling `callback` on every input.
    package static func run(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt {
        var argc = argc
        var argv = argv
        return LLVMFuzzerRunDriver(&argc, &argv, callback)
    }

    /// Aborts unless `error` names `file` (never another) and, when it has them, a line within
    /// `1...lines` and a column from 1.
    package static func requireLocated(_ error: any LocatedError, in file: String, lines: Int = .max) {
        let location = error.location
        precondition(location.file == file, "error names another file: \(error)")
        if let line = location.line { precondition(line >= 1 && line <= lines, "error line outside 1...\(lines): \(error)") }
        if let column = location.column { precondition(column >= 1, "error column < 1: \(error)") }
    }
}

// SwiftPM links executables with `--defsym main=<module>_main`, so libFuzzer's own `main` is
// never linked in: each target's `<module>_main` calls `FuzzDriver.run`, which hands over to
// libFuzzer's driver.
@_extern(c, "LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
