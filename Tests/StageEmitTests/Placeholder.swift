import Testing

@Test func placeholderStageEmitTests() { #expect(Bool(true)) }
