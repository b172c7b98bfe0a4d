import Testing

@Test func placeholderBadInputTests() { #expect(Bool(true)) }
