// Indexing a GGUF file (.gguf).
#ifndef IREE_IO_FORMATS_GGUF_GGUF_PARSER_H_
#define IREE_IO_FORMATS_GGUF_GGUF_PARSER_H_

#include "iree/io/file_contents.h"
#include "iree/modules/hal/module.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "ireec/decls/io_parameters.h"

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // IREE_IO_FORMATS_GGUF_GGUF_PARSER_H_
