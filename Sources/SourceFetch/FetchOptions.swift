import Foundation

/// How `vocab fetch` fetches: where its cache is, how long it waits, where else it may look.
package struct FetchOptions: Sendable {
    /// The content-addressed cache: `<cache>/sha256/<hex>`, downloads in progress beside them
    /// (`<hex>.partial`). Must lie outside the release and work folders.
    package var cache: URL
    /// Seconds without any data (before the answer or during the body) after which a download
    /// gives up on its location; a slow but steady transfer is never cut.
    package var timeout: Double
    /// Content-addressed mirrors (`<mirror>/sha256/<hex>`, the cache's own layout, so a served
    /// or copied cache folder is one) tried in order *instead of* each source's `url` and
    /// `mirrors`; empty to use the config's locations.
    package var mirrors: [URL]
    /// How many times one location is tried when its transfer is cut after some data arrived
    /// (each retry resumes where the last stopped); a time-out or an HTTP error is not retried.
    package var attemptsPerLocation: Int

    /// The default cache folder, `.vocab-cache` in the current folder (the project root when run
    /// as docs/cli.md shows).
    package static let defaultCacheName = ".vocab-cache"

    /// Options; by default a 30 s time-out, the config's locations and three attempts each.
    package init(cache: URL, timeout: Double = 30, mirrors: [URL] = [], attemptsPerLocation: Int = 3) {
        self.cache = cache
        self.timeout = timeout
        self.mirrors = mirrors
        self.attemptsPerLocation = attemptsPerLocation
    }
}
