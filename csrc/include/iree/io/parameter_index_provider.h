// A parameter provider serving one scope from a parameter index.
#ifndef IREE_IO_PARAMETER_INDEX_PROVIDER_H_
#define IREE_IO_PARAMETER_INDEX_PROVIDER_H_

#include "iree/io/file_contents.h"
#include "iree/modules/hal/module.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "ireec/decls/io_parameters.h"

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // IREE_IO_PARAMETER_INDEX_PROVIDER_H_
