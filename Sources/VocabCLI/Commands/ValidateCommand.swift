import ArgumentParser
import Foundation

/// `vocab validate BUNDLE`: check a built release the way the app and CI would.
public struct ValidateCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "validate", abstract: "Check a built release (to be written).")
    @Argument(help: "A release folder.") var bundle: String
    public init() {}
    public func run() throws { throw ValidationError("not implemented yet") }
}
