import Testing

@Test func placeholderStageSelectTests() { #expect(Bool(true)) }
