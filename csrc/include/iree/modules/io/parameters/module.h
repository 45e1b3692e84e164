// The io_parameters VM module: parameter providers to compiled programs.
#ifndef IREE_MODULES_IO_PARAMETERS_MODULE_H_
#define IREE_MODULES_IO_PARAMETERS_MODULE_H_

#include "iree/io/file_contents.h"
#include "iree/modules/hal/module.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "ireec/decls/io_parameters.h"

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // IREE_MODULES_IO_PARAMETERS_MODULE_H_
