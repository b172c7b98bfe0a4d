import VocabCLI

JoinCommand.main()
