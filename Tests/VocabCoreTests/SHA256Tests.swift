import Foundation
import Testing
import VocabCore

/// SHA-256 over libcrypto against the published test vectors (FIPS 180-2 and the empty
/// message), fed whole and in pieces, and its value semantics: finishing leaves a hasher as it
/// was, and a copy hashes on alone.
@Suite struct SHA256Tests {
    static let vectors: [(message: String, digest: String)] = [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ]

    @Test func publishedVectors() {
        for (message, digest) in Self.vectors {
            #expect(Checksum.hex(SHA256.hash(data: Data(message.utf8))) == digest, "\(message)")
            var hasher = SHA256()
            for byte in message.utf8 { hasher.update(data: [byte]) }
            #expect(Checksum.hex(hasher.finalize()) == digest, "\(message), byte by byte")
        }
    }

    @Test func aMillionLettersInUnevenPieces() {
        var hasher = SHA256()
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 997)
        var left = 1_000_000
        while left > 0 {
            let count = min(left, piece.count)
            hasher.update(data: piece[0..<count])
            left -= count
        }
        #expect(Checksum.hex(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func finishingLeavesTheHasherAndCopiesAreApart() {
        var hasher = SHA256()
        hasher.update(data: Data("ab".utf8))
        let early = hasher.finalize()
        #expect(hasher.finalize() == early)
        var copy = hasher
        copy.update(data: Data("c".utf8))
        #expect(Checksum.hex(copy.finalize()) == Self.vectors[1].digest)
        #expect(hasher.finalize() == early)
        #expect(early == SHA256.hash(data: Data("ab".utf8)))
    }
}

/// A file's digest, read a megabyte at a time into one buffer, is its bytes' digest, with its size;
/// a folder or a missing file is an error naming it.
@Suite struct FileChecksumTests {
    @Test(arguments: [0, 1, 1 << 20, (1 << 20) + 1, 3 * (1 << 20) + 12_345])
    func aFilesDigestIsItsBytesDigest(size: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("checksum-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) })
        let file = folder.appendingPathComponent("f")
        try bytes.write(to: file)
        let digest = try Checksum.sha256(of: file)
        #expect(digest.bytes == Int64(size))
        #expect(digest.hex == Checksum.hex(SHA256.hash(data: bytes)))

        let missing = try #require(throws: FileReadError.self) { try Checksum.sha256(of: folder.appendingPathComponent("missing")) }
        #expect(missing.problem == .cannotOpen && missing.location.file == folder.appendingPathComponent("missing").path)
        let directory = try #require(throws: FileReadError.self) { try Checksum.sha256(of: folder) }
        #expect(directory.problem == .notARegularFile)
    }

    /// A file of `/proc` is regular by `stat`, with a size of 0, yet reads on and on
    /// (`/proc/self/pagemap`: 8 bytes for each page of the address space): it is read no further
    /// than its size, not hashed for minutes (issue 47). A pipe is refused without waiting for a
    /// writer.
    @Test(.enabled(if: FileManager.default.isReadableFile(atPath: "/proc/self/pagemap"), "no /proc/self/pagemap here"))
    func aSpecialFileIsReadNoFurtherThanItsSize() throws {
        let start = ContinuousClock.now
        for path in ["/proc/self/pagemap", "/proc/self/status", "/proc/self/maps"] {
            let error = try #require(throws: FileReadError.self) { try Checksum.sha256(of: URL(fileURLWithPath: path)) }
            #expect(error.problem == .largerThanItsSize(0) && error.location.file == path, "\(error)")
        }
        #expect(ContinuousClock.now - start < .seconds(2))

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("checksum-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = folder.appendingPathComponent("pipe")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        let error = try #require(throws: FileReadError.self) { try Checksum.sha256(of: pipe) }
        #expect(error.problem == .notARegularFile)
    }
}
