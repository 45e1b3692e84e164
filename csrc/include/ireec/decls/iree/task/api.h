// Declarations of IREE's iree/task/api.h: task executors and topologies
// configured from IREE's --task_* command-line flags (their defaults unless a
// program parsed flags into IREE's flag registry).
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_TASK_API_H_
#define IREEC_DECLS_IREE_TASK_API_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/task/executor.h"
#include "ireec/decls/iree/task/topology.h"

iree_status_t iree_task_executor_options_initialize_from_flags(
    iree_task_executor_options_t* out_options);
iree_status_t iree_task_topology_initialize_from_flags(
    iree_task_topology_node_id_t node_id, iree_task_topology_t* out_topology);
// Creates one executor per topology the flags select, retained into
// |executors|; OUT_OF_RANGE when |executor_capacity| is too small.
iree_status_t iree_task_executors_create_from_flags(
    iree_allocator_t host_allocator, iree_host_size_t executor_capacity,
    iree_task_executor_t** executors, iree_host_size_t* out_executor_count);

#endif  // IREEC_DECLS_IREE_TASK_API_H_
