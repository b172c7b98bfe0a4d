import Testing

@Test func placeholderWNLMFTests() { #expect(Bool(true)) }
