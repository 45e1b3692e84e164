// iree_runtime_session_t: a VM context with a device and the modules loaded into it.
#ifndef IREE_RUNTIME_SESSION_H_
#define IREE_RUNTIME_SESSION_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/runtime/session.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/vm/api.h"

#endif  // IREE_RUNTIME_SESSION_H_
