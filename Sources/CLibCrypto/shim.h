#ifndef VOCAB_CLIBCRYPTO_SHIM_H
#define VOCAB_CLIBCRYPTO_SHIM_H
/* The system's OpenSSL libcrypto (Debian: libssl-dev), for SHA-256 only (VocabCore's SHA256),
   through its low-level SHA256_* functions: deprecated since OpenSSL 3.0 in favour of EVP, whose
   first use sets up OpenSSL's provider machinery (about 2 MB of every process's memory, for one
   digest). They are the same implementation, still built in OpenSSL 3. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>
#endif
