import Foundation
import VocabCore

/// The structural check of a Voikko transducer (`mor.vfst`, `autocorr.vfst`) before libvoikko
/// maps it: libvoikko 4.3 (`fst/UnweightedTransducer.cpp`) reads the header, the symbol table
/// and then follows transitions by the indices they hold, checking none of them against the
/// file's length. So this walks every state libvoikko can reach from state 0, as it does, and
/// refuses a file where any read would fall outside the bytes, one `MorphologyError` naming the
/// file: an empty file (which crashes libvoikko), a cut one (which it reads past), a random one.
///
/// The format, as libvoikko reads it on a little-endian machine: 16 bytes of header (magic
/// numbers `0x00013A6E`, `0x000351FA`; byte 8 is 1 for a weighted transducer); a 16-bit symbol
/// count and as many NUL-terminated symbols (flag diacritics `@P.FEATURE.VALUE@` first, then
/// the characters and multi-character tags); padding to 8 bytes; then 8-byte transitions: input
/// and output symbol (16 bits each), target state (24 bits) and, in a state's first transition,
/// how many more follow (8 bits; 255 means the next cell holds the count). A state is the index
/// of its first transition; an input symbol of `0xFFFF` marks it final.
///
/// voikko-fi 2.5's `mor.vfst` has 288 symbols and 497,004 cells, all walked in a few
/// milliseconds (opening the whole dictionary, this check included, took 10 to 20 ms before the
/// comparison with dpkg's sums was added; see `VoikkoAnalyzer`).
enum VoikkoTransducerCheck {
    /// Reads and checks the transducer at `path`.
    ///
    /// - throws: `MorphologyError` naming `path`: `.cannotOpen`, `.notAFile`, `.tooLarge`,
    ///   `.empty`, or `.voikko(…)` (``check(_:path:)``).
    static func check(path: String) throws(MorphologyError) {
        let data = try MorphologyFileRead.bytes(path)
        let result: Result<Void, MorphologyError> = data.withUnsafeBytes { bytes in
            do throws(MorphologyError) {
                return .success(try check(bytes, path: path))
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// The file's magic numbers, as libvoikko compares them (native byte order).
    private static let cookies: (UInt32, UInt32) = (0x0001_3A6E, 0x0003_51FA)

    /// Checks a transducer's bytes, as ``check(path:)`` does.
    ///
    /// - throws: `MorphologyError` naming `path`: `.empty`, or `.voikko(…)`: `.notVFST`,
    ///   `.otherByteOrder`, `.weighted`, `.cutShort`, `.noSymbols`, `.symbolNotUTF8`, `.badFlagSymbol`,
    ///   `.symbolOutOfRange`, `.stateOutOfRange` (the transition at fault as the error's item).
    static func check(_ bytes: UnsafeRawBufferPointer, path: String) throws(MorphologyError) {
        func fail(_ problem: VoikkoProblem, item: String? = nil) -> MorphologyError {
            MorphologyError(file: path, item: item, .voikko(problem))
        }
        guard !bytes.isEmpty else { throw MorphologyError(file: path, .empty) }
        guard bytes.count >= 18 else { throw fail(.cutShort(reading: "the header")) }
        let first = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
        let second = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
        guard first == cookies.0, second == cookies.1 else {
            throw fail(first.byteSwapped == cookies.0 && second.byteSwapped == cookies.1 ? .otherByteOrder : .notVFST)
        }
        guard bytes[8] != 1 else { throw fail(.weighted) }

        // The symbols: each NUL-terminated; libvoikko reads a two-character flag diacritic
        // (`@P`) past its end (`substr(3)` throws), and writes symbol 0 for epsilon outputs.
        let symbolCount = Int(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: 16, as: UInt16.self)))
        guard symbolCount > 0 else { throw fail(.noSymbols) }
        var offset = 18
        var inFlags = true
        for index in 0..<symbolCount {
            guard let end = bytes[offset...].firstIndex(of: 0) else {
                throw fail(.cutShort(reading: "symbol \(index)"), item: "byte \(offset)")
            }
            let symbol = bytes[offset..<end]
            // libvoikko converts every symbol to UCS-4 as it loads, and reads the null pointer a
            // symbol that is not UTF-8 gives (measured: it crashes in voikkoInit).
            guard String(validating: symbol, as: UTF8.self) != nil else {
                throw fail(.symbolNotUTF8(index), item: "byte \(offset)")
            }
            if index > 0, inFlags, symbol.first != UInt8(ascii: "@") { inFlags = false }
            if index > 0, inFlags, symbol.count == 2, "PCURD".utf8.contains(symbol[offset + 1]) {
                throw fail(.badFlagSymbol(String(decoding: symbol, as: UTF8.self)), item: "byte \(offset)")
            }
            offset = end + 1
        }
        offset = (offset + 7) / 8 * 8
        let cells = offset < bytes.count ? (bytes.count - offset) / 8 : 0
        guard cells > 0 else { throw fail(.cutShort(reading: "the transitions")) }
        try walk(bytes, start: offset, cells: cells, symbols: symbolCount, fail: fail)
    }

    /// Follows every state reachable from state 0 as libvoikko's `nextPrefix` reads it: a state's
    /// cells `state ... state + count` (the overflow cell skipped), each transition's target.
    private static func walk(
        _ bytes: UnsafeRawBufferPointer, start: Int, cells: Int, symbols: Int,
        fail: (VoikkoProblem, String?) -> MorphologyError
    ) throws(MorphologyError) {
        func word(_ cell: Int, _ at: Int) -> UInt32 {
            UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: start + cell * 8 + at, as: UInt32.self))
        }
        var visited = [Bool](repeating: false, count: cells)
        var pending = [0]
        visited[0] = true
        while let state = pending.popLast() {
            let more = word(state, 4) >> 24
            var count = more
            if more == 255 {
                guard state + 1 < cells else { throw fail(.stateOutOfRange(state: state, transitions: cells), "transition \(state)") }
                // libvoikko's uint32 sum: a count of 0xFFFFFFFF wraps to 0.
                count = word(state + 1, 0) &+ 1
            }
            guard Int(count) < cells - state else { throw fail(.stateOutOfRange(state: state, transitions: cells), "transition \(state)") }
            var cell = state
            var number: UInt32 = 0
            while number <= count {
                if number == 1, count >= 255 {
                    number += 1
                    cell += 1
                }
                let labels = word(cell, 0)
                if labels & 0xFFFF != 0xFFFF {
                    let output = Int(labels >> 16)
                    guard output < symbols else { throw fail(.symbolOutOfRange(symbol: output, symbols: symbols), "transition \(cell)") }
                    let target = Int(word(cell, 4) & 0xFF_FFFF)
                    guard target < cells else { throw fail(.stateOutOfRange(state: target, transitions: cells), "transition \(cell)") }
                    if !visited[target] {
                        visited[target] = true
                        pending.append(target)
                    }
                }
                cell += 1
                number += 1
            }
        }
    }
}
