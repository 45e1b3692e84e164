// The io_parameters VM module: parameter providers to compiled programs.
#ifndef IREE_MODULES_IO_PARAMETERS_MODULE_H_
#define IREE_MODULES_IO_PARAMETERS_MODULE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/modules/io/parameters/module.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/io/parameter_provider.h"
#include "iree/vm/api.h"

#endif  // IREE_MODULES_IO_PARAMETERS_MODULE_H_
