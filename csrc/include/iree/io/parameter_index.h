// Parameter indices: named ranges of files (or splat patterns) by key.
#ifndef IREE_IO_PARAMETER_INDEX_H_
#define IREE_IO_PARAMETER_INDEX_H_

#include "iree/io/file_contents.h"
#include "iree/modules/hal/module.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "ireec/decls/io_parameters.h"

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // IREE_IO_PARAMETER_INDEX_H_
