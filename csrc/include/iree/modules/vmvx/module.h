// The VMVX module VMVX executables import their kernels from.
#ifndef IREE_MODULES_VMVX_MODULE_H_
#define IREE_MODULES_VMVX_MODULE_H_

#include "iree/vm/api.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/modules_extra.h"
#include "ireec/decls_end.h"

#endif  // IREE_MODULES_VMVX_MODULE_H_
