import Testing
@testable import VocabCore

/// A list of strings keeps each once, in the order first added, short (compared in place) or
/// long (through a set).
@Suite struct UniqueStringsTests {
    @Test(arguments: [1, 15, 16, 17, 50])
    func eachStringOnceInFirstOrder(count: Int) {
        let strings = (0..<count).map { "s\($0)" }
        var list = UniqueStrings()
        var added: [Bool] = []
        // Each string, then all of them again in reverse, then the first again.
        for string in strings + strings.reversed() + [strings[0]] { added.append(list.append(string)) }
        #expect(list.items == strings)
        #expect(added == Array(repeating: true, count: count) + Array(repeating: false, count: count + 1))
        let addedNew = list.append("new")
        #expect(addedNew)
        #expect(list.items.last == "new")
    }

    @Test func anExcludedStringIsNeverAdded() {
        var list = UniqueStrings(excluding: "dog")
        let addedFirst = [list.append("dog"), list.append("hound")]
        for index in 0..<20 { list.append("s\(index)") }
        let addedLater = list.append("dog")
        #expect(addedFirst == [false, true])
        #expect(!addedLater)
        #expect(list.items.first == "hound")
        #expect(!list.items.contains("dog"))
    }
}
