// Inferring the format of CPU executable data (ELF, DLL, Mach-O, WebAssembly).
#ifndef IREE_HAL_LOCAL_EXECUTABLE_FORMAT_H_
#define IREE_HAL_LOCAL_EXECUTABLE_FORMAT_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/local/executable_format.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"

#endif  // IREE_HAL_LOCAL_EXECUTABLE_FORMAT_H_
