// Wait sources: things a thread or a loop can wait on, and platform wait primitives.
#ifndef IREE_BASE_WAIT_SOURCE_H_
#define IREE_BASE_WAIT_SOURCE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/base/wait_source.h"
#include "ireec/decls_end.h"

#include "iree/base/attributes.h"
#include "iree/base/status.h"
#include "iree/base/target_platform.h"
#include "iree/base/time.h"

#endif  // IREE_BASE_WAIT_SOURCE_H_
