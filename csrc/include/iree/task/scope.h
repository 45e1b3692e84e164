// Task scope flags.
#ifndef IREE_TASK_SCOPE_H_
#define IREE_TASK_SCOPE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/task/scope.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/base/internal/atomics.h"
#include "iree/base/internal/synchronization.h"

#endif  // IREE_TASK_SCOPE_H_
