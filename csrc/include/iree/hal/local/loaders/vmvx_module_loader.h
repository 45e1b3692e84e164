// Executable loader for VMVX executables (VM bytecode run by the VMVX module).
#ifndef IREE_HAL_LOCAL_LOADERS_VMVX_MODULE_LOADER_H_
#define IREE_HAL_LOCAL_LOADERS_VMVX_MODULE_LOADER_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/local/loaders/vmvx_module_loader.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/local/executable_loader.h"
#include "iree/vm/api.h"

#endif  // IREE_HAL_LOCAL_LOADERS_VMVX_MODULE_LOADER_H_
