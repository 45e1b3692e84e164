// The task system: topologies of CPU cores and the executors that run on them.
#ifndef IREE_TASK_API_H_
#define IREE_TASK_API_H_

#include "iree/hal/api.h"
#include "iree/vm/api.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "ireec/decls/drivers.h"
#include "ireec/decls/modules_extra.h"

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // IREE_TASK_API_H_
