// Task topologies: groups of CPU cores and the caches they share.
#ifndef IREE_TASK_TOPOLOGY_H_
#define IREE_TASK_TOPOLOGY_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/task/topology.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/base/internal/threading.h"

#endif  // IREE_TASK_TOPOLOGY_H_
