import Foundation

/// Decoding errors in words for a finding or a message.
package enum RecordDecoding {
    /// `key.path: what is wrong`, from a `DecodingError`; any other error as it describes itself.
    package static func describe(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        case .keyNotFound(let key, _):
            return "\(key.stringValue) is missing"
        @unknown default:
            return "\(error)"
        }
    }
}
