import Foundation

/// The reason a file operation of Foundation failed, in the system's own words (`No space left
/// on device`, `Permission denied`): Foundation's messages on Linux are often only "The
/// operation could not be completed" with an `NSCocoaErrorDomain` code.
package enum SystemReason {
    /// The POSIX reason behind `error` when there is one, else Foundation's description without
    /// its boilerplate.
    package static func describe(_ error: any Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        var text = error.localizedDescription
        for boilerplate in ["The operation could not be completed. ", "The operation couldn’t be completed. "] {
            if text.hasPrefix(boilerplate) { text.removeFirst(boilerplate.count) }
        }
        return text
    }
}
