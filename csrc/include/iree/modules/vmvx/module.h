// The VMVX module VMVX executables import their kernels from.
#ifndef IREE_MODULES_VMVX_MODULE_H_
#define IREE_MODULES_VMVX_MODULE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/modules/vmvx/module.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/vm/api.h"

#endif  // IREE_MODULES_VMVX_MODULE_H_
