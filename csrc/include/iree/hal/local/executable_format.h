// Inferring the format of CPU executable data (ELF, DLL, Mach-O, WebAssembly).
#ifndef IREE_HAL_LOCAL_EXECUTABLE_FORMAT_H_
#define IREE_HAL_LOCAL_EXECUTABLE_FORMAT_H_

// The declarations first: they stand alone, and the headers below may
// include this one back before it is done.
#include "ireec/decls_begin.h"
#include "ireec/decls/hal_local.h"
#include "ireec/decls_end.h"

#include "iree/hal/api.h"

#endif  // IREE_HAL_LOCAL_EXECUTABLE_FORMAT_H_
