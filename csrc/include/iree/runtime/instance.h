// iree_runtime_instance_t: the root object of the high-level runtime API.
#ifndef IREE_RUNTIME_INSTANCE_H_
#define IREE_RUNTIME_INSTANCE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/runtime/instance.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/vm/api.h"

#endif  // IREE_RUNTIME_INSTANCE_H_
