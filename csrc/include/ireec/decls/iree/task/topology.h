// Declarations of IREE's iree/task/topology.h: task topologies: groups of CPU
// cores and the caches they share.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_TASK_TOPOLOGY_H_
#define IREEC_DECLS_IREE_TASK_TOPOLOGY_H_

#include <stdbool.h>
#include <stdint.h>

#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/internal/threading.h"
#include "ireec/decls/iree/base/string_view.h"

typedef uint32_t iree_task_topology_node_id_t;

#define IREE_TASK_TOPOLOGY_NODE_ID_ANY 0xffffffffu

iree_host_size_t iree_task_topology_query_node_count(void);
iree_task_topology_node_id_t iree_task_topology_query_current_node(void);

typedef uint64_t iree_task_topology_group_mask_t;

#define IREE_TASK_TOPOLOGY_GROUP_MASK_ALL 0xffffffffffffffffull
#define IREE_TASK_TOPOLOGY_GROUP_BIT_COUNT 64

typedef struct iree_task_topology_caches_t iree_task_topology_caches_t;

struct iree_task_topology_caches_t {
  uint32_t l1_data;
  uint32_t l2_data;
  uint32_t l3_data;
};

typedef struct iree_task_topology_group_t iree_task_topology_group_t;

struct iree_task_topology_group_t {
  uint8_t group_index;
  char name[31];
  uint32_t processor_index;
  iree_task_topology_caches_t caches;
  iree_thread_affinity_t ideal_thread_affinity;
  iree_task_topology_group_mask_t constructive_sharing_mask;
};

typedef struct iree_task_topology_t iree_task_topology_t;

struct iree_task_topology_t {
  iree_host_size_t group_count;
  iree_task_topology_group_t groups[64];
};

void iree_task_topology_initialize(iree_task_topology_t* out_topology);
void iree_task_topology_deinitialize(iree_task_topology_t* topology);
iree_status_t iree_task_topology_parse(
    iree_string_view_t value,
    iree_task_topology_t* out_topology);
bool iree_task_topology_format(
    const iree_task_topology_t* topology,
    iree_host_size_t buffer_capacity,
    char* buffer,
    iree_host_size_t* out_buffer_length);
iree_host_size_t iree_task_topology_group_capacity(
    const iree_task_topology_t* topology);
iree_host_size_t iree_task_topology_group_count(
    const iree_task_topology_t* topology);
void iree_task_topology_initialize_from_group_count(
    iree_host_size_t group_count,
    iree_task_topology_t* out_topology);
iree_status_t iree_task_topology_initialize_from_logical_cpu_set(
    iree_host_size_t cpu_count,
    const uint32_t* cpu_ids,
    iree_task_topology_t* out_topology);
iree_status_t iree_task_topology_initialize_from_logical_cpu_set_string(
    iree_string_view_t cpu_id_set,
    iree_task_topology_t* out_topology);

typedef enum iree_task_topology_performance_level_e {
  IREE_TASK_TOPOLOGY_PERFORMANCE_LEVEL_ANY = 0,
  IREE_TASK_TOPOLOGY_PERFORMANCE_LEVEL_LOW = 1,
  IREE_TASK_TOPOLOGY_PERFORMANCE_LEVEL_HIGH = 2,
} iree_task_topology_performance_level_t;

typedef enum iree_task_topology_distribution_e {
  IREE_TASK_TOPOLOGY_DISTRIBUTION_COMPACT = 0,
  IREE_TASK_TOPOLOGY_DISTRIBUTION_SCATTER = 1,
} iree_task_topology_distribution_t;

iree_status_t iree_task_topology_initialize_from_physical_cores(
    iree_task_topology_node_id_t node_id,
    iree_task_topology_performance_level_t performance_level,
    iree_task_topology_distribution_t distribution,
    iree_host_size_t max_core_count,
    iree_task_topology_t* out_topology);

#endif  // IREEC_DECLS_IREE_TASK_TOPOLOGY_H_
