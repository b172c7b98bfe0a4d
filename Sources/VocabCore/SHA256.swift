import CLibCrypto
import Foundation

/// Incremental SHA-256 over the system's libcrypto (OpenSSL's low-level `SHA256_*` functions:
/// the `CLibCrypto` shim says why not EVP): the one digest of the project (input identities,
/// stage keys, artifact and manifest hashes, downloads).
///
/// The system library replaces swift-crypto, whose BoringSSL sources were most of a first
/// build's compile steps for this one function.
///
/// ```swift
/// var hasher = SHA256()
/// hasher.update(data: Data("abc".utf8))
/// Checksum.hex(hasher.finalize())  // "ba7816bf…"
/// ```
package struct SHA256 {
    /// The running state, a plain value: a copy of the hasher hashes on from the same point.
    private var context = SHA256_CTX()

    /// A hasher with nothing hashed yet.
    package init() {
        SHA256_Init(&context)
    }

    /// Adds `data` (a `Data`, a byte array) to what is hashed.
    package mutating func update<Bytes: ContiguousBytes>(data: Bytes) {
        data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            SHA256_Update(&context, base, bytes.count)
        }
    }

    /// The 32-byte digest of everything added so far (the hasher is left as it was).
    package func finalize() -> [UInt8] {
        var copy = context
        return [UInt8](unsafeUninitializedCapacity: Int(SHA256_DIGEST_LENGTH)) { buffer, count in
            SHA256_Final(buffer.baseAddress, &copy)
            count = Int(SHA256_DIGEST_LENGTH)
        }
    }

    /// The digest of `data` at once.
    package static func hash<Bytes: ContiguousBytes>(data: Bytes) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(data: data)
        return hasher.finalize()
    }
}
