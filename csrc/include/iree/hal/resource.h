// The header every HAL object starts with: a reference count and a vtable.
#ifndef IREE_HAL_RESOURCE_H_
#define IREE_HAL_RESOURCE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/resource.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/base/internal/atomics.h"

#endif  // IREE_HAL_RESOURCE_H_
