// iree_runtime_session_t: a VM context with a device and the modules loaded into it.
#ifndef IREE_RUNTIME_SESSION_H_
#define IREE_RUNTIME_SESSION_H_

#include "iree/runtime/instance.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "ireec/decls/runtime.h"

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // IREE_RUNTIME_SESSION_H_
