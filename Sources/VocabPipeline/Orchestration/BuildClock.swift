import Foundation
import VocabCore

/// The `created` time of a release: `SOURCE_DATE_EPOCH` when set (reproducible builds), else
/// the clock, in whole seconds.
///
/// As the reproducible-builds.org specification asks, a set but malformed `SOURCE_DATE_EPOCH`
/// stops the build instead of falling back to the clock: it must be decimal digits only (an
/// integer count of seconds since 1970-01-01T00:00:00Z, as `date +%s` prints it) and name a
/// time the release's timestamps can hold (at most 9999-12-31T23:59:59Z).
package enum BuildClock {
    /// The name of the variable.
    package static let variable = "SOURCE_DATE_EPOCH"
    /// 9999-12-31T23:59:59Z: the last second a four-digit year can write.
    package static let latest: Int64 = 253_402_300_799

    /// The release's creation time; throws when `SOURCE_DATE_EPOCH` is set but malformed.
    package static func created(environment: [String: String] = ProcessInfo.processInfo.environment) throws(BuildClockError) -> Date {
        guard let text = environment[variable] else {
            return Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        }
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            throw BuildClockError(item: variable, .notDigits(text))
        }
        guard let seconds = Int64(text), seconds <= latest else { throw BuildClockError(item: variable, .tooLate(text)) }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}

/// A `SOURCE_DATE_EPOCH` the build cannot use (located by the variable's name).
package typealias BuildClockError = Located<BuildClockProblem>

/// What is wrong with `SOURCE_DATE_EPOCH`.
package enum BuildClockProblem: ErrorProblem {
    /// Not decimal digits only (empty, a sign, a fraction, an exponent, `nan`, `inf`, text).
    case notDigits(String)
    /// Beyond 9999-12-31T23:59:59Z (253402300799).
    case tooLate(String)

    /// The problem in plain words.
    package var message: String {
        switch self {
        case .notDigits(let text):
            "must be a whole number of seconds since 1970-01-01T00:00:00Z, in decimal digits only, got \"\(text.printable(limit: 60))\""
        case .tooLate(let text):
            "\(text.printable(limit: 60)) is after 9999-12-31T23:59:59Z (\(BuildClock.latest)), the last time a release can record"
        }
    }
}
