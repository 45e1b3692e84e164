// The synchronization primitives drivers use: slim mutexes and notifications.
#ifndef IREE_BASE_INTERNAL_SYNCHRONIZATION_H_
#define IREE_BASE_INTERNAL_SYNCHRONIZATION_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/base/internal/synchronization.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/base/internal/atomics.h"

#endif  // IREE_BASE_INTERNAL_SYNCHRONIZATION_H_
