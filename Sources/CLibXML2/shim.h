#ifndef VOCAB_CLIBXML2_SHIM_H
#define VOCAB_CLIBXML2_SHIM_H
#include <libxml/xmlreader.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <zlib.h>
#endif
