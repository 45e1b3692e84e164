// IREE runtime API: the high-level instance/session/call layer with the base,
// HAL and VM APIs under it, as IREE's iree/runtime/api.h includes them.
#ifndef IREE_RUNTIME_API_H_
#define IREE_RUNTIME_API_H_

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/vm/api.h"

#include "iree/runtime/call.h"
#include "iree/runtime/instance.h"
#include "iree/runtime/session.h"

#endif  // IREE_RUNTIME_API_H_
