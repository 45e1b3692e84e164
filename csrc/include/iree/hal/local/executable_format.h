// Inferring the format of CPU executable data (ELF, DLL, Mach-O, WebAssembly).
#ifndef IREE_HAL_LOCAL_EXECUTABLE_FORMAT_H_
#define IREE_HAL_LOCAL_EXECUTABLE_FORMAT_H_

#include "iree/hal/api.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/hal_local.h"
#include "ireec/decls_end.h"

#endif  // IREE_HAL_LOCAL_EXECUTABLE_FORMAT_H_
