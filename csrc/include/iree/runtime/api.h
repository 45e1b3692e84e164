// IREE runtime API: the high-level instance/session/call layer and every
// lower-level API a runtime user needs alongside it.
#ifndef IREE_RUNTIME_API_H_
#define IREE_RUNTIME_API_H_

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/hal/driver_registry.h"
#include "iree/hal/drivers/init.h"
#include "iree/modules/hal/module.h"
#include "iree/modules/hal/types.h"
#include "iree/vm/api.h"
#include "iree/vm/bytecode/module.h"

#include "iree/runtime/call.h"
#include "iree/runtime/instance.h"
#include "iree/runtime/session.h"

#endif  // IREE_RUNTIME_API_H_
