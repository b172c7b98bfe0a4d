// TEMPORARY compile stub (replaced by the real emitter on merge).
import Foundation
import VocabCore
public struct EmitInput: Sendable {
    public var records: [WordRecord]
    public var config: PipelineConfig
    public var sourceLanguage: String
    public var targetLanguages: [String]
    public var sources: [SourceFile]
    public var counts: ReleaseCounts
    public var created: Date
    public init(records: [WordRecord], config: PipelineConfig, sourceLanguage: String, targetLanguages: [String], sources: [SourceFile], counts: ReleaseCounts, created: Date) {
        self.records = records; self.config = config; self.sourceLanguage = sourceLanguage; self.targetLanguages = targetLanguages
        self.sources = sources; self.counts = counts; self.created = created
    }
}
public struct EmittedResource: Codable, Sendable, Equatable { public var name: String; public var path: String; public var bytes: Int64; public var sha256: String }
public struct EmitResult: Sendable { public var releaseFolder: URL; public var resources: [EmittedResource] }
public enum BundleSchema { public static let version: Int32 = 1; public static let applicationID: Int32 = 0x566F6361 }
public enum BundleEmitter {
    public static func emit(_ input: EmitInput, to releaseFolder: URL) throws -> EmitResult { fatalError() }
}
