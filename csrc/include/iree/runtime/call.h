// iree_runtime_call_t: a stateful helper for invoking one function of a session.
#ifndef IREE_RUNTIME_CALL_H_
#define IREE_RUNTIME_CALL_H_

#include "iree/runtime/session.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "ireec/decls/runtime.h"

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // IREE_RUNTIME_CALL_H_
