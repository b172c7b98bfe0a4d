import ArgumentParser
import VocabCore

/// `vocab`: the driver. `build` runs everything; each stage is also a subcommand.
package struct VocabCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "vocab",
        abstract: "Build the seed word database of the Vocabulary app from a frequency list and WN-LMF lexicons.",
        version: ToolInfo.version,
        subcommands: [
            FetchCommand.self, BuildCommand.self, ReadCommand.self, LemmatizeCommand.self, SelectCommand.self, JoinCommand.self,
            ExamplesCommand.self, FormsCommand.self, DictionaryCommand.self, EmitCommand.self, ValidateCommand.self, DiffCommand.self, LookupCommand.self,
        ],
        defaultSubcommand: nil)
    package init() {}
}
