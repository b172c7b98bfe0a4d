import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A frequency list mapped read-only into memory. Pages the parse has passed are given back to
/// the system (`MADV_DONTNEED`): for a private read-only file mapping that only drops them from
/// memory, and touching them again reads them from the file, so nothing can be lost.
final class MappedList {
    let bytes: UnsafeBufferPointer<UInt8>
    private let base: UnsafeMutableRawPointer
    private let length: Int
    private let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Maps the regular, non-empty file at `url`; nil when it cannot be mapped (the caller then
    /// reads it the ordinary way, which reports why).
    init?(_ url: URL) {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0 else { return nil }
        let length = Int(status.st_size)
        guard let mapped = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else { return nil }
        base = mapped
        self.length = length
        bytes = UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: length)
    }

    /// Gives back the whole pages before `offset`.
    func release(upTo offset: Int) {
        let end = min(offset, length) / pageSize * pageSize
        if end > 0 { _ = madvise(base, end, Int32(MADV_DONTNEED)) }
    }

    func unmap() {
        munmap(base, length)
    }
}
