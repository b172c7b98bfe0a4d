import ArgumentParser
import Foundation

/// `vocab diff OLD NEW`: what changed between two releases, word by word.
public struct DiffCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "diff", abstract: "Compare two releases (to be written).")
    @Argument(help: "The old release (folder or SQLite file).") var old: String
    @Argument(help: "The new release (folder or SQLite file).") var new: String
    public init() {}
    public func run() throws { throw ValidationError("not implemented yet") }
}
