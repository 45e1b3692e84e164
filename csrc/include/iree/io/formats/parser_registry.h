// Indexing a parameter file by its extension (irpa, gguf, safetensors).
#ifndef IREE_IO_FORMATS_PARSER_REGISTRY_H_
#define IREE_IO_FORMATS_PARSER_REGISTRY_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/io/formats/parser_registry.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/io/file_handle.h"
#include "iree/io/parameter_index.h"

#endif  // IREE_IO_FORMATS_PARSER_REGISTRY_H_
