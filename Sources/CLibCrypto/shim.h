#ifndef VOCAB_CLIBCRYPTO_SHIM_H
#define VOCAB_CLIBCRYPTO_SHIM_H
/* The system's OpenSSL libcrypto (Debian: libssl-dev), for SHA-256 only (VocabCore's SHA256). */
#include <openssl/evp.h>
#endif
