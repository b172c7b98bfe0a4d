#ifndef VOCAB_CLIBXML2_SHIM_H
#define VOCAB_CLIBXML2_SHIM_H
/* Debian's libxml2 is built with ICU, and libxml/encoding.h then includes the system ICU
   headers, whose UErrorCode clashes with Foundation's bundled ICU in the same Swift module.
   Nothing here needs the ICU fields, so hide them. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <zlib.h>
/* mallopt, for the reader's memory (see WNLMF's XMLInput.swift). */
#if defined(__linux__)
#include <malloc.h>
#endif
#endif
