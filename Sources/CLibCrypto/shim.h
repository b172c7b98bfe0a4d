#ifndef VOCAB_CLIBCRYPTO_SHIM_H
#define VOCAB_CLIBCRYPTO_SHIM_H
/* The system's OpenSSL libcrypto (Debian: libssl-dev), for SHA-256 (VocabCore's SHA256) and MD5
   (only to compare a file with the sum dpkg recorded for it, `DpkgDatabase.recordedMD5`), through
   the low-level SHA256_* and MD5 functions: deprecated since OpenSSL 3.0 in favour of EVP, whose
   first use sets up OpenSSL's provider machinery (about 2 MB of every process's memory, for one
   digest). They are the same implementation, still built in OpenSSL 3. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/md5.h>
#include <openssl/sha.h>
#endif
