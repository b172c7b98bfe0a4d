import Testing

@Test func placeholderIntegrationTests() { #expect(Bool(true)) }
