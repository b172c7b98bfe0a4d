/// What every libFuzzer target shares: the hand-over to libFuzzer's driver, and the message a
/// plain build's stub prints. `Tests/Fuzz/run.sh` builds the targets with `-DFUZZING`.
public enum FuzzDriver {
    /// The message of a target built without `-DFUZZING`.
    public static func stubMessage(_ target: String) -> String {
        "\(target): a libFuzzer target; build and run it with Tests/Fuzz/run.sh"
    }
}

#if FUZZING
// SwiftPM links executables with `--defsym main=<module>_main`, so libFuzzer's own `main` is
// never linked in: each target's `<module>_main` calls `FuzzDriver.run`, which hands over to
// libFuzzer's driver.
@_extern(c, "LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

extension FuzzDriver {
    /// Runs libFuzzer with the process's arguments, calling `callback` on every input.
    public static func run(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt {
        var argc = argc
        var argv = argv
        return LLVMFuzzerRunDriver(&argc, &argv, callback)
    }
}
#endif
