// The VMVX module VMVX executables import their kernels from.
#ifndef IREE_MODULES_VMVX_MODULE_H_
#define IREE_MODULES_VMVX_MODULE_H_

// The declarations first: they stand alone, and the headers below may
// include this one back before it is done.
#include "ireec/decls_begin.h"
#include "ireec/decls/modules_extra.h"
#include "ireec/decls_end.h"

#include "iree/vm/api.h"

#endif  // IREE_MODULES_VMVX_MODULE_H_
