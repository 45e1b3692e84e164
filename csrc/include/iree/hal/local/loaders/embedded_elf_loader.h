// Executable loader for IREE's embedded (platform-independent) ELF format.
#ifndef IREE_HAL_LOCAL_LOADERS_EMBEDDED_ELF_LOADER_H_
#define IREE_HAL_LOCAL_LOADERS_EMBEDDED_ELF_LOADER_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/local/loaders/embedded_elf_loader.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/local/executable_loader.h"

#endif  // IREE_HAL_LOCAL_LOADERS_EMBEDDED_ELF_LOADER_H_
