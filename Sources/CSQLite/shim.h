#include <sqlite3.h>

// sqlite3_db_config is variadic, so Swift cannot call it: these wrappers turn off double-quoted
// string literals ("x" as a string where an identifier is meant), as GRDB did on every
// connection it opened (SQLite 3.29 and later).
static inline void csqlite_disable_double_quoted_strings(sqlite3 *db) {
#if SQLITE_VERSION_NUMBER >= 3029000
    sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DDL, 0, (void *)0);
    sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DML, 0, (void *)0);
#endif
}

// SQLITE_TRANSIENT is a macro Swift does not import: SQLite copies the bound bytes.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

// SQLITE_STATIC likewise: SQLite reads the bound bytes where they are, until they are rebound or
// cleared.
static inline sqlite3_destructor_type csqlite_static(void) { return SQLITE_STATIC; }

// Text of no bytes that outlives any binding (a null pointer would bind NULL).
static inline const char *csqlite_empty_text(void) { return ""; }
