import Testing

@Test func placeholderDiffTests() { #expect(Bool(true)) }
