// Declarations of IREE's iree/task/executor.h: task executors: the worker
// threads CPU work is scheduled on.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_TASK_EXECUTOR_H_
#define IREEC_DECLS_IREE_TASK_EXECUTOR_H_

#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/base/time.h"
#include "ireec/decls/iree/task/topology.h"

enum iree_task_scheduling_mode_bits_t {
  IREE_TASK_SCHEDULING_MODE_RESERVED = 0x0,
};

typedef uint32_t iree_task_scheduling_mode_t;

typedef struct iree_task_executor_options_t iree_task_executor_options_t;

struct iree_task_executor_options_t {
  iree_task_scheduling_mode_t scheduling_mode;
  iree_host_size_t worker_base_index;
  iree_duration_t worker_spin_ns;
  iree_host_size_t worker_stack_size;
  iree_host_size_t worker_local_memory_size;
};

void iree_task_executor_options_initialize(
    iree_task_executor_options_t* out_options);

typedef struct iree_task_executor_t iree_task_executor_t;

iree_status_t iree_task_executor_create(
    iree_task_executor_options_t options,
    const iree_task_topology_t* topology,
    iree_allocator_t allocator,
    iree_task_executor_t**out_executor);
void iree_task_executor_retain(iree_task_executor_t* executor);
void iree_task_executor_release(iree_task_executor_t* executor);
void iree_task_executor_trim(iree_task_executor_t* executor);
iree_host_size_t iree_task_executor_worker_count(
    iree_task_executor_t* executor);

#endif  // IREEC_DECLS_IREE_TASK_EXECUTOR_H_
