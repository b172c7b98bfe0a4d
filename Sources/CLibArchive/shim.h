#ifndef VOCAB_CLIBARCHIVE_SHIM_H
#define VOCAB_CLIBARCHIVE_SHIM_H
/* The system's libarchive (Debian: libarchive-dev), for the archives publishers ship their
   sources in (.tar, .tar.gz, .tar.xz, .tar.bz2, .zip): SourceFetch reads one member of an
   archive through archive_read_next_header and archive_read_data, never extracting to disk. */
#include <archive.h>
#include <archive_entry.h>
#endif
