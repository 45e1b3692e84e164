// iree_runtime_call_t: a stateful helper for invoking one function of a session.
#ifndef IREE_RUNTIME_CALL_H_
#define IREE_RUNTIME_CALL_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/runtime/call.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/vm/api.h"

#endif  // IREE_RUNTIME_CALL_H_
