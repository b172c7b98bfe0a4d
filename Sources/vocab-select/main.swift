import VocabCLI

SelectCommand.main()
