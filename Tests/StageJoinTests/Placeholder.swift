import Testing

@Test func placeholderStageJoinTests() { #expect(Bool(true)) }
