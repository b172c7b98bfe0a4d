import VocabCLI

EmitCommand.main()
