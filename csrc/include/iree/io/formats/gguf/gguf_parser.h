// Indexing a GGUF file (.gguf).
#ifndef IREE_IO_FORMATS_GGUF_GGUF_PARSER_H_
#define IREE_IO_FORMATS_GGUF_GGUF_PARSER_H_

#include "iree/io/file_contents.h"
#include "iree/modules/hal/module.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/io_parameters.h"
#include "ireec/decls_end.h"

#endif  // IREE_IO_FORMATS_GGUF_GGUF_PARSER_H_
