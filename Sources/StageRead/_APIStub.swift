// TEMPORARY compile stub (replaced by the real reader on merge).
import Foundation
import VocabCore
public struct FrequencyReadResult: Sendable, Equatable {
    public var rows: [FrequencyRow]
    public var dropped: [DroppedWord]
    public var dataRows: Int
}
public struct FrequencyListReader: Sendable {
    public init(config: FrequencySourceConfig) {}
    public func read(_ url: URL, displayPath: String) throws -> FrequencyReadResult { fatalError() }
    public func read(data: Data, displayPath: String) throws -> FrequencyReadResult { fatalError() }
}
