// Wait sources: things a thread or a loop can wait on, and platform wait primitives.
#ifndef IREE_BASE_WAIT_SOURCE_H_
#define IREE_BASE_WAIT_SOURCE_H_

#include "iree/base/api.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/loop.h"
#include "ireec/decls_end.h"

#endif  // IREE_BASE_WAIT_SOURCE_H_
