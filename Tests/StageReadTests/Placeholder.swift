import Testing

@Test func placeholderStageReadTests() { #expect(Bool(true)) }
