import Testing

@Test func placeholderVocabCoreTests() { #expect(Bool(true)) }
