// The executable library ABI: the records a CPU executable compiled by IREE
// exchanges with the runtime. Self-contained (C types only), as IREE's is,
// because compiled executables and static libraries include it too.
#ifndef IREE_HAL_LOCAL_EXECUTABLE_LIBRARY_H_
#define IREE_HAL_LOCAL_EXECUTABLE_LIBRARY_H_

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/local/executable_library.h"
#include "ireec/decls_end.h"

// The symbol a dynamic library exports its query function as.
#define IREE_HAL_EXECUTABLE_LIBRARY_EXPORT_NAME \
  "iree_hal_executable_library_query"

#endif  // IREE_HAL_LOCAL_EXECUTABLE_LIBRARY_H_
