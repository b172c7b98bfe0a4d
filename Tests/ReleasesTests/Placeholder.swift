import Testing

@Test func placeholderReleasesTests() { #expect(Bool(true)) }
