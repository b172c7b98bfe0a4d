import VocabCLI

VocabCommand.main()
