import CLibXML2
import Foundation

/// The bytes of a lexicon after decompression, from a file (read with `read(2)`) or from bytes
/// held in memory: as they are, or inflated by zlib when they start with the gzip magic bytes.
///
/// One decoder for both origins, so a file and the same bytes in memory always give the same
/// bytes and the same errors. A gzip stream may hold several members one after another (as
/// `gzip -d` reads them); anything after the last member that does not start another member is
/// an error, as `gzip -t` says (zlib's `gzread` silently ignores it).
final class UncompressedInput {
    /// Why the bytes cannot be had.
    enum Failure: Error, Equatable {
        /// The file cannot be read (an I/O error).
        case unreadable
        /// The gzip stream ends before its end.
        case truncated
        /// The gzip stream is corrupt; zlib's reason.
        case corrupt(String)
        /// Bytes after the last gzip member that start no other member.
        case trailingData
        /// zlib ran out of memory.
        case memory
    }

    private enum Origin {
        case file(Int32)
        case memory(UnsafeMutablePointer<UInt8>, count: Int)
    }

    private let origin: Origin
    /// Next byte of the memory origin not yet taken.
    @exclusivity(unchecked) private var memoryOffset = 0
    /// Compressed (or not yet classified) bytes read from the origin.
    private let raw: UnsafeMutablePointer<UInt8>
    private static let rawCapacity = 1 << 17
    /// Where the unread raw bytes start and how many there are.
    @exclusivity(unchecked) private var rawStart = 0
    @exclusivity(unchecked) private var rawCount = 0
    @exclusivity(unchecked) private var rawEnded = false
    @exclusivity(unchecked) private var classified = false
    @exclusivity(unchecked) private var gzip = false
    @exclusivity(unchecked) private var stream = z_stream()
    @exclusivity(unchecked) private var streamInitialized = false
    /// Inside a gzip member (between its header and its trailer).
    @exclusivity(unchecked) private var inMember = false
    @exclusivity(unchecked) private var finished = false
    /// An error found after some output was handed over: reported by the next read.
    @exclusivity(unchecked) private var pending: Failure?

    /// Opens `path`; nil with `errno` set when it cannot be opened.
    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        origin = .file(fd)
        raw = .allocate(capacity: Self.rawCapacity)
    }

    /// Reads `data` (copied).
    init(data: Data) {
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(data.count, 1))
        data.copyBytes(to: copy, count: data.count)
        origin = .memory(copy, count: data.count)
        raw = .allocate(capacity: Self.rawCapacity)
    }

    deinit {
        if streamInitialized { inflateEnd(&stream) }
        raw.deallocate()
        switch origin {
        case .file(let fd): close(fd)
        case .memory(let bytes, _): bytes.deallocate()
        }
    }

    /// Reads up to `count` bytes from the origin, straight into `buffer`; 0 at its end.
    private func readOrigin(_ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) throws(Failure) -> Int {
        switch origin {
        case .file(let fd):
            while true {
                let n = Foundation.read(fd, buffer, count)
                if n >= 0 { return n }
                if errno != EINTR { throw .unreadable }
            }
        case .memory(let bytes, let total):
            let n = min(count, total - memoryOffset)
            if n > 0 { buffer.update(from: bytes + memoryOffset, count: n) }
            memoryOffset += n
            return n
        }
    }

    /// Reads more raw bytes after the unread ones, until at least `minimum` are there or the
    /// origin ends.
    private func fillRaw(minimum: Int) throws(Failure) {
        if rawStart > 0 {
            if rawCount > 0 { raw.update(from: raw + rawStart, count: rawCount) }
            rawStart = 0
        }
        while rawCount < minimum && !rawEnded {
            let n = try readOrigin(raw + rawCount, Self.rawCapacity - rawCount)
            if n == 0 { rawEnded = true } else { rawCount += n }
        }
    }

    /// Fills `buffer` with up to `count` uncompressed bytes; 0 at the end.
    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(Failure) -> Int {
        if let pending { throw pending }
        guard count > 0, !finished else { return 0 }
        if !classified {
            try fillRaw(minimum: 2)
            classified = true
            gzip = rawCount >= 2 && raw[0] == 0x1F && raw[1] == 0x8B
        }
        if !gzip {
            if rawCount > 0 {
                let n = min(count, rawCount)
                buffer.update(from: raw + rawStart, count: n)
                rawStart += n
                rawCount -= n
                return n
            }
            if rawEnded { return 0 }
            let n = try readOrigin(buffer, count)
            if n == 0 { rawEnded = true }
            return n
        }
        return try inflate(into: buffer, count: count)
    }

    private func inflate(into out: UnsafeMutablePointer<UInt8>, count: Int) throws(Failure) -> Int {
        var produced = 0
        func fail(_ failure: Failure) throws(Failure) -> Int {
            pending = failure
            if produced > 0 { return produced }
            throw failure
        }
        while produced < count {
            if !inMember {
                // A member starts here, or the input ends.
                if rawCount < 2 { try fillRaw(minimum: 2) }
                if rawCount == 0 {
                    finished = true
                    break
                }
                guard rawCount >= 2, raw[rawStart] == 0x1F, raw[rawStart + 1] == 0x8B else { return try fail(.trailingData) }
                if streamInitialized {
                    guard inflateReset(&stream) == Z_OK else { return try fail(.memory) }
                } else {
                    stream = z_stream()
                    guard inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
                    else { return try fail(.memory) }
                    streamInitialized = true
                }
                inMember = true
            }
            if rawCount == 0 {
                try fillRaw(minimum: 1)
                if rawCount == 0 { return try fail(.truncated) }
            }
            stream.next_in = raw + rawStart
            stream.avail_in = UInt32(rawCount)
            stream.next_out = out + produced
            stream.avail_out = UInt32(clamping: count - produced)
            let status = CLibXML2.inflate(&stream, Z_NO_FLUSH)
            let used = rawCount - Int(stream.avail_in)
            rawStart += used
            rawCount -= used
            produced = count - Int(stream.avail_out)
            switch status {
            case Z_OK:
                continue
            case Z_STREAM_END:
                inMember = false
            case Z_BUF_ERROR:
                // No progress: more input is needed (the loop reads it, or finds the end).
                if rawCount == 0 && rawEnded { return try fail(.truncated) }
                if used == 0 && rawCount > 0 { return try fail(.corrupt("no progress")) }
            case Z_MEM_ERROR:
                return try fail(.memory)
            case Z_NEED_DICT:
                return try fail(.corrupt("need dictionary"))
            default:
                return try fail(.corrupt(stream.msg.map { String(cString: $0) } ?? "compressed data error"))
            }
        }
        return produced
    }
}
