import CLibCrypto
import Foundation

/// Incremental SHA-256 over the system's libcrypto (OpenSSL's EVP interface): the one digest of
/// the project (input identities, stage keys, artifact and manifest hashes, downloads).
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
    /// The EVP context, freed with its owner. Copies of a hasher share it: none is made here.
    private final class Context {
        let pointer: OpaquePointer

        init() {
            // Only an allocation of a few hundred bytes can fail here: nothing sensible is left to do.
            guard let pointer = EVP_MD_CTX_new(), EVP_DigestInit_ex(pointer, EVP_sha256(), nil) == 1 else {
                fatalError("libcrypto could not set up a SHA-256 context")
            }
            self.pointer = pointer
        }

        deinit { EVP_MD_CTX_free(pointer) }
    }

    private let context = Context()

    /// A hasher with nothing hashed yet.
    package init() {}

    /// Adds `data` (a `Data`, a byte array) to what is hashed.
    package mutating func update<Bytes: ContiguousBytes>(data: Bytes) {
        data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            EVP_DigestUpdate(context.pointer, base, bytes.count)
        }
    }

    /// The 32-byte digest of everything added so far (the hasher is left as it was).
    package func finalize() -> [UInt8] {
        let copy = Context()
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_MD_CTX_copy_ex(copy.pointer, context.pointer) == 1,
              EVP_DigestFinal_ex(copy.pointer, &digest, &length) == 1, length == 32
        else { fatalError("libcrypto could not finish a SHA-256 digest") }
        return Array(digest.prefix(32))
    }

    /// The digest of `data` at once.
    package static func hash<Bytes: ContiguousBytes>(data: Bytes) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(data: data)
        return hasher.finalize()
    }
}
