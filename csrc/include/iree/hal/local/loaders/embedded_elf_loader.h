// Executable loader for IREE's embedded (platform-independent) ELF format.
#ifndef IREE_HAL_LOCAL_LOADERS_EMBEDDED_ELF_LOADER_H_
#define IREE_HAL_LOCAL_LOADERS_EMBEDDED_ELF_LOADER_H_

#include "iree/hal/api.h"
#include "iree/vm/api.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "ireec/decls/drivers.h"

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // IREE_HAL_LOCAL_LOADERS_EMBEDDED_ELF_LOADER_H_
