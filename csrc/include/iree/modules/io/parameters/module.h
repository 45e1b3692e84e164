// The io_parameters VM module: parameter providers to compiled programs.
#ifndef IREE_MODULES_IO_PARAMETERS_MODULE_H_
#define IREE_MODULES_IO_PARAMETERS_MODULE_H_

#include "iree/io/file_contents.h"
#include "iree/modules/hal/module.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/io_parameters.h"
#include "ireec/decls_end.h"

#endif  // IREE_MODULES_IO_PARAMETERS_MODULE_H_
