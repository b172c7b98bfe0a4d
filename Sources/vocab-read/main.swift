import VocabCLI

ReadCommand.main()
