// iree_runtime_instance_t: the root object of the high-level runtime API.
#ifndef IREE_RUNTIME_INSTANCE_H_
#define IREE_RUNTIME_INSTANCE_H_

#include "iree/hal/api.h"
#include "iree/vm/api.h"
#include "iree/hal/driver_registry.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "ireec/decls/runtime.h"

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // IREE_RUNTIME_INSTANCE_H_
