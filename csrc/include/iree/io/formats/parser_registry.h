// Indexing a parameter file by its extension (irpa, gguf, safetensors).
#ifndef IREE_IO_FORMATS_PARSER_REGISTRY_H_
#define IREE_IO_FORMATS_PARSER_REGISTRY_H_

#include "iree/io/file_contents.h"
#include "iree/modules/hal/module.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "ireec/decls/io_parameters.h"

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // IREE_IO_FORMATS_PARSER_REGISTRY_H_
