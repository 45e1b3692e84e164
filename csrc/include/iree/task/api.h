// The task system: topologies of CPU cores and the executors that run on them.
#ifndef IREE_TASK_API_H_
#define IREE_TASK_API_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/task/api.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/task/executor.h"
#include "iree/task/topology.h"

#endif  // IREE_TASK_API_H_
