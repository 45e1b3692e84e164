// Task executors: the worker threads CPU work is scheduled on.
#ifndef IREE_TASK_EXECUTOR_H_
#define IREE_TASK_EXECUTOR_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/task/executor.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/base/internal/atomics.h"
#include "iree/task/scope.h"
#include "iree/task/topology.h"

#endif  // IREE_TASK_EXECUTOR_H_
