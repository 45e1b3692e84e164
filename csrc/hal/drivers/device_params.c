// CPU device URI parameters (see device_params.h): parsing, validation and
// the device they describe.
//
// The task system settings mean what iree-run-module's `--task_*` flags mean
// (IREE's runtime/src/iree/task/api.c and the local-task driver module), and
// a device given any of them gets executors built the way
// iree_task_executors_create_from_flags builds them. Values are checked more
// strictly than IREE's flags are (IREE reads `abc` as the integer 0): a bad
// one is INVALID_ARGUMENT naming the parameter.

#include "device_params.h"

#include <stdint.h>
#include <string.h>

#include "../discrete.h"
#include "../staging.h"

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

typedef iree_status_t (*ireec_cpu_device_param_parse_fn_t)(
    iree_string_view_t name, iree_string_view_t value,
    ireec_cpu_device_params_t* params);

typedef struct ireec_cpu_device_param_info_t {
  // What ireec_hal_cpu_device_params_query tells (the CLI builds its
  // `--task_*` flags from it).
  ireec_hal_cpu_device_param_t param;
  ireec_cpu_device_param_set_t sets;
  ireec_cpu_device_param_parse_fn_t parse;
} ireec_cpu_device_param_info_t;

static iree_status_t ireec_cpu_device_bad_value(iree_string_view_t name,
                                                iree_string_view_t value,
                                                const char* expected) {
  return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                          "device parameter '%.*s' is '%.*s'; expected %s",
                          (int)name.size, name.data, (int)value.size,
                          value.data, expected);
}

// IREE's string flags drop one pair of surrounding double quotes.
static iree_string_view_t ireec_cpu_device_unquote(iree_string_view_t value) {
  if (value.size > 2 && value.data[0] == '"' &&
      value.data[value.size - 1] == '"') {
    return iree_make_string_view(value.data + 1, value.size - 2);
  }
  return value;
}

// |value| as a plain decimal number of at most |max| in |*out_value|: only
// digits, at least one; no sign, space or base prefix, and nothing past
// |max| (IREE's own atoi helpers take "+0", " 0" and "0x1", and wrap
// 4294967296 to 0). False for anything else.
static bool ireec_cpu_device_parse_decimal(iree_string_view_t value, uint64_t max,
                                           uint64_t* out_value) {
  if (iree_string_view_is_empty(value)) return false;
  uint64_t parsed = 0;
  for (iree_host_size_t i = 0; i < value.size; ++i) {
    char c = value.data[i];
    if (c < '0' || c > '9') return false;
    uint64_t digit = (uint64_t)(c - '0');
    if (parsed > (max - digit) / 10) return false;
    parsed = parsed * 10 + digit;
  }
  *out_value = parsed;
  return true;
}

// A non-negative int32, as IREE's int32 flags are written.
static iree_status_t ireec_cpu_device_parse_count(iree_string_view_t name,
                                                  iree_string_view_t value,
                                                  int32_t* out_value) {
  uint64_t parsed = 0;
  if (!ireec_cpu_device_parse_decimal(value, INT32_MAX, &parsed)) {
    return ireec_cpu_device_bad_value(name, value,
                                      "a non-negative integer (int32)");
  }
  *out_value = (int32_t)parsed;
  return iree_ok_status();
}

static iree_status_t ireec_cpu_device_parse_one_of(
    iree_string_view_t name, iree_string_view_t value, const char* const* allowed,
    const char* expected, iree_string_view_t* out_value) {
  value = ireec_cpu_device_unquote(value);
  for (const char* const* it = allowed; *it; ++it) {
    if (iree_string_view_equal(value, iree_make_cstring_view(*it))) {
      *out_value = value;
      return iree_ok_status();
    }
  }
  return ireec_cpu_device_bad_value(name, value, expected);
}

static iree_status_t ireec_cpu_device_parse_memory(
    iree_string_view_t name, iree_string_view_t value,
    ireec_cpu_device_params_t* params) {
  if (iree_string_view_equal(value, IREE_SV("discrete"))) {
    params->memory = IREEC_CPU_DEVICE_MEMORY_DISCRETE;
  } else if (iree_string_view_equal(value, IREE_SV("host"))) {
    params->memory = IREEC_CPU_DEVICE_MEMORY_HOST;
  } else {
    return ireec_cpu_device_bad_value(name, value,
                                      "'host' (the default) or 'discrete'");
  }
  return iree_ok_status();
}

static iree_status_t ireec_cpu_device_parse_worker_spin_us(
    iree_string_view_t name, iree_string_view_t value,
    ireec_cpu_device_params_t* params) {
  return ireec_cpu_device_parse_count(name, value,
                                      &params->task.worker_spin_us);
}

static iree_status_t ireec_cpu_device_parse_worker_stack_size(
    iree_string_view_t name, iree_string_view_t value,
    ireec_cpu_device_params_t* params) {
  return ireec_cpu_device_parse_count(name, value,
                                      &params->task.worker_stack_size);
}

static iree_status_t ireec_cpu_device_parse_worker_local_memory(
    iree_string_view_t name, iree_string_view_t value,
    ireec_cpu_device_params_t* params) {
  return ireec_cpu_device_parse_count(name, value,
                                      &params->task.worker_local_memory);
}

static iree_status_t ireec_cpu_device_parse_topology_mode(
    iree_string_view_t name, iree_string_view_t value,
    ireec_cpu_device_params_t* params) {
  static const char* const allowed[] = {"physical_cores", NULL};
  return ireec_cpu_device_parse_one_of(name, value, allowed,
                                       "'physical_cores' (the only mode)",
                                       &params->task.topology_mode);
}

static iree_status_t ireec_cpu_device_parse_topology_group_count(
    iree_string_view_t name, iree_string_view_t value,
    ireec_cpu_device_params_t* params) {
  return ireec_cpu_device_parse_count(name, value,
                                      &params->task.topology_group_count);
}

// Repeatable, as the flag is: one executor per occurrence. Checked in full
// when the topology is built (iree_task_topology_initialize_from_logical_cpu_
// set_string); here its shape: decimal CPU ids (IREE's parser would take
// signs, spaces and hex, and wrap ids past 32 bits to small ones).
static iree_status_t ireec_cpu_device_parse_topology_cpu_ids(
    iree_string_view_t name, iree_string_view_t value,
    ireec_cpu_device_params_t* params) {
  value = ireec_cpu_device_unquote(value);
  if (iree_string_view_is_empty(value)) {
    return ireec_cpu_device_bad_value(
        name, value, "a comma-separated list of logical CPU ids, e.g. '0,1'");
  }
  iree_string_view_t remaining = value;
  while (!iree_string_view_is_empty(remaining)) {
    iree_string_view_t cpu_id;
    iree_string_view_split(remaining, ',', &cpu_id, &remaining);
    uint64_t parsed = 0;
    if (!ireec_cpu_device_parse_decimal(cpu_id, UINT32_MAX, &parsed)) {
      return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                              "'%.*s' not a valid CPU ID; device parameter "
                              "'%.*s' is '%.*s'; expected decimal CPU ids, "
                              "e.g. '0,1'",
                              (int)cpu_id.size, cpu_id.data, (int)name.size,
                              name.data, (int)value.size, value.data);
    }
  }
  ireec_cpu_task_settings_t* task = &params->task;
  if (task->topology_cpu_ids_count == IREEC_CPU_DEVICE_MAX_TOPOLOGIES) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "device parameter '%.*s' given more than %d times",
                            (int)name.size, name.data,
                            IREEC_CPU_DEVICE_MAX_TOPOLOGIES);
  }
  task->topology_cpu_ids[task->topology_cpu_ids_count++] = value;
  return iree_ok_status();
}

static iree_status_t ireec_cpu_device_parse_topology_nodes(
    iree_string_view_t name, iree_string_view_t value,
    ireec_cpu_device_params_t* params) {
  // Checked against the machine's nodes when the executors are made.
  params->task.topology_nodes = ireec_cpu_device_unquote(value);
  return iree_ok_status();
}

static iree_status_t ireec_cpu_device_parse_topology_max_group_count(
    iree_string_view_t name, iree_string_view_t value,
    ireec_cpu_device_params_t* params) {
  return ireec_cpu_device_parse_count(name, value,
                                      &params->task.topology_max_group_count);
}

static iree_status_t ireec_cpu_device_parse_topology_performance_level(
    iree_string_view_t name, iree_string_view_t value,
    ireec_cpu_device_params_t* params) {
  static const char* const allowed[] = {"any",  "low",         "efficiency",
                                        "high", "performance", NULL};
  return ireec_cpu_device_parse_one_of(
      name, value, allowed, "one of any, low/efficiency, high/performance",
      &params->task.topology_performance_level);
}

static iree_status_t ireec_cpu_device_parse_topology_distribution(
    iree_string_view_t name, iree_string_view_t value,
    ireec_cpu_device_params_t* params) {
  static const char* const allowed[] = {"compact", "scatter", NULL};
  return ireec_cpu_device_parse_one_of(name, value, allowed,
                                       "one of compact, scatter",
                                       &params->task.topology_distribution);
}

static iree_status_t ireec_cpu_device_parse_topology_favor(
    iree_string_view_t name, iree_string_view_t value,
    ireec_cpu_device_params_t* params) {
  static const char* const allowed[] = {"", "latency", "throughput",
                                        "efficiency", NULL};
  return ireec_cpu_device_parse_one_of(
      name, value, allowed, "one of latency, throughput, efficiency (or empty)",
      &params->task.topology_favor);
}

// As IREE's bool flags: empty, `true` or `1` is true; `false` and `0` false.
static bool ireec_cpu_device_parse_bool(iree_string_view_t value,
                                        bool* out_value) {
  if (iree_string_view_is_empty(value) ||
      iree_string_view_equal(value, IREE_SV("true")) ||
      iree_string_view_equal(value, IREE_SV("1"))) {
    *out_value = true;
  } else if (iree_string_view_equal(value, IREE_SV("false")) ||
             iree_string_view_equal(value, IREE_SV("0"))) {
    *out_value = false;
  } else {
    return false;
  }
  return true;
}

static iree_status_t ireec_cpu_device_parse_abort_on_failure(
    iree_string_view_t name, iree_string_view_t value,
    ireec_cpu_device_params_t* params) {
  if (!ireec_cpu_device_parse_bool(value, &params->task.abort_on_failure)) {
    return ireec_cpu_device_bad_value(name, value, "true, false, 1 or 0");
  }
  return iree_ok_status();
}

static iree_status_t ireec_cpu_device_parse_inline_small_work(
    iree_string_view_t name, iree_string_view_t value,
    ireec_cpu_device_params_t* params) {
  if (iree_string_view_equal(value, IREE_SV("auto"))) {
    params->inline_small_work = IREEC_CPU_DEVICE_INLINE_SMALL_WORK_AUTO;
    return iree_ok_status();
  }
  bool enabled = false;
  if (!ireec_cpu_device_parse_bool(value, &enabled)) {
    return ireec_cpu_device_bad_value(name, value, "true, false, 1, 0 or auto");
  }
  params->inline_small_work = enabled ? IREEC_CPU_DEVICE_INLINE_SMALL_WORK_ON
                                      : IREEC_CPU_DEVICE_INLINE_SMALL_WORK_OFF;
  return iree_ok_status();
}

#define IREEC_TASK IREEC_CPU_DEVICE_PARAMS_TASK
#define IREEC_ALL (IREEC_CPU_DEVICE_PARAMS_MEMORY | IREEC_CPU_DEVICE_PARAMS_TASK)
#define IREEC_INT IREEC_HAL_CPU_DEVICE_PARAM_KIND_INT
#define IREEC_STRING IREEC_HAL_CPU_DEVICE_PARAM_KIND_STRING
#define IREEC_BOOL IREEC_HAL_CPU_DEVICE_PARAM_KIND_BOOL
#define IREEC_LIST IREEC_HAL_CPU_DEVICE_PARAM_KIND_LIST

// Every parameter, in the order error messages list them: the one source of
// their names, kinds, defaults (IREE's, for the task settings; each parsed
// into a device's settings before its URI's parameters) and descriptions.
static const ireec_cpu_device_param_info_t ireec_cpu_device_param_infos[] = {
    {{"memory", IREEC_STRING, false, "host",
      "host (mappable) or discrete (DEVICE_LOCAL, not host-visible) memory"},
     IREEC_ALL, ireec_cpu_device_parse_memory},
    {{"topology_mode", IREEC_STRING, true, "physical_cores",
      "how workers are laid out when topology_group_count=0: physical_cores"},
     IREEC_TASK, ireec_cpu_device_parse_topology_mode},
    {{"topology_group_count", IREEC_INT, true, "0",
      "total number of workers, unpinned (0: chosen by topology_mode)"},
     IREEC_TASK, ireec_cpu_device_parse_topology_group_count},
    {{"topology_cpu_ids", IREEC_LIST, true, "",
      "logical CPU IDs of one topology (0,1,2); repeat for one executor per "
      "set"},
     IREEC_TASK, ireec_cpu_device_parse_topology_cpu_ids},
    {{"topology_nodes", IREEC_STRING, true, "current",
      "NUMA nodes to define topologies for: current, all, or a list"},
     IREEC_TASK, ireec_cpu_device_parse_topology_nodes},
    {{"topology_max_group_count", IREEC_INT, true, "64",
      "most workers chosen automatically when topology_group_count=0"},
     IREEC_TASK, ireec_cpu_device_parse_topology_max_group_count},
    {{"topology_performance_level", IREEC_STRING, true, "any",
      "cores of this performance level only: any, low/efficiency, "
      "high/performance"},
     IREEC_TASK, ireec_cpu_device_parse_topology_performance_level},
    {{"topology_distribution", IREEC_STRING, true, "scatter",
      "how cores are spread across cache domains: compact or scatter"},
     IREEC_TASK, ireec_cpu_device_parse_topology_distribution},
    {{"topology_favor", IREEC_STRING, true, "",
      "a preset: latency, throughput or efficiency"},
     IREEC_TASK, ireec_cpu_device_parse_topology_favor},
    {{"worker_spin_us", IREEC_INT, true, "0",
      "microseconds each worker spins waiting for more work before sleeping"},
     IREEC_TASK, ireec_cpu_device_parse_worker_spin_us},
    {{"worker_stack_size", IREEC_INT, true, "131072",
      "minimum size in bytes of each worker thread's stack"},
     IREEC_TASK, ireec_cpu_device_parse_worker_stack_size},
    {{"worker_local_memory", IREEC_INT, true, "0",
      "bytes of per-worker local memory for dispatched tiles (0: the CPU's "
      "L2 cache size)"},
     IREEC_TASK, ireec_cpu_device_parse_worker_local_memory},
    {{"abort_on_failure", IREEC_BOOL, true, "false",
      "abort the program on the first failure within a task system queue"},
     IREEC_TASK, ireec_cpu_device_parse_abort_on_failure},
    {{"inline_small_work", IREEC_BOOL, false, "auto",
      "run small ready work on the submitting thread instead of waking a "
      "worker (auto: on unless other parameters are given)"},
     IREEC_TASK, ireec_cpu_device_parse_inline_small_work},
};

IREE_API_EXPORT iree_status_t ireec_hal_cpu_device_params_query(
    iree_host_size_t capacity, ireec_hal_cpu_device_param_t* out_params,
    iree_host_size_t* out_count) {
  const iree_host_size_t count = IREE_ARRAYSIZE(ireec_cpu_device_param_infos);
  if (!out_count) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "out_count must not be NULL");
  }
  *out_count = count;
  if (capacity < count) {
    return iree_make_status(IREE_STATUS_OUT_OF_RANGE,
                            "%zu CPU device parameters; capacity %zu",
                            (size_t)count, (size_t)capacity);
  }
  if (!out_params) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "out_params must not be NULL");
  }
  for (iree_host_size_t i = 0; i < count; ++i) {
    out_params[i] = ireec_cpu_device_param_infos[i].param;
  }
  return iree_ok_status();
}

// "a, b, c": the parameters a driver taking |param_set| knows.
static iree_status_t ireec_cpu_device_append_known_params(
    ireec_cpu_device_param_set_t param_set, iree_string_builder_t* builder) {
  bool first = true;
  for (iree_host_size_t i = 0; i < IREE_ARRAYSIZE(ireec_cpu_device_param_infos);
       ++i) {
    if (!(ireec_cpu_device_param_infos[i].sets & param_set)) continue;
    IREE_RETURN_IF_ERROR(iree_string_builder_append_format(
        builder, "%s%s", first ? "" : ", ",
        ireec_cpu_device_param_infos[i].param.name));
    first = false;
  }
  return iree_ok_status();
}

static iree_status_t ireec_cpu_device_unknown_param(
    iree_string_view_t driver_name, ireec_cpu_device_param_set_t param_set,
    iree_string_view_t key) {
  iree_string_builder_t known;
  iree_string_builder_initialize(iree_allocator_system(), &known);
  iree_status_t status =
      ireec_cpu_device_append_known_params(param_set, &known);
  if (iree_status_is_ok(status)) {
    status = iree_make_status(
        IREE_STATUS_INVALID_ARGUMENT,
        "unknown %.*s device parameter '%.*s'; known parameters: %.*s",
        (int)driver_name.size, driver_name.data, (int)key.size, key.data,
        (int)iree_string_builder_size(&known),
        iree_string_builder_buffer(&known));
  }
  iree_string_builder_deinitialize(&known);
  return status;
}

IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t ireec_cpu_device_params_parse(
    iree_string_view_t driver_name, ireec_cpu_device_param_set_t param_set,
    iree_host_size_t param_count, const iree_string_pair_t* params,
    ireec_cpu_device_params_t* out_params) {
  memset(out_params, 0, sizeof(*out_params));
  // Every parameter starts at its table default (for the task settings,
  // those of IREE's --task_* flags); a list's default is empty.
  for (iree_host_size_t j = 0; j < IREE_ARRAYSIZE(ireec_cpu_device_param_infos);
       ++j) {
    const ireec_cpu_device_param_info_t* info = &ireec_cpu_device_param_infos[j];
    if (info->param.kind == IREEC_HAL_CPU_DEVICE_PARAM_KIND_LIST) continue;
    IREE_RETURN_IF_ERROR(
        info->parse(iree_make_cstring_view(info->param.name),
                    iree_make_cstring_view(info->param.default_value),
                    out_params));
  }
  ireec_cpu_task_settings_t* task = &out_params->task;

  for (iree_host_size_t i = 0; i < param_count; ++i) {
    iree_string_view_t key = params[i].key;
    const ireec_cpu_device_param_info_t* info = NULL;
    for (iree_host_size_t j = 0;
         j < IREE_ARRAYSIZE(ireec_cpu_device_param_infos); ++j) {
      if ((ireec_cpu_device_param_infos[j].sets & param_set) &&
          iree_string_view_equal(
              key, iree_make_cstring_view(
                       ireec_cpu_device_param_infos[j].param.name))) {
        info = &ireec_cpu_device_param_infos[j];
        break;
      }
    }
    if (!info) return ireec_cpu_device_unknown_param(driver_name, param_set, key);
    IREE_RETURN_IF_ERROR(info->parse(key, params[i].value, out_params));
    if (info->param.task_setting) task->any = true;
  }
  return iree_ok_status();
}

//===----------------------------------------------------------------------===//
// Executors from task settings (as iree_task_executors_create_from_flags)
//===----------------------------------------------------------------------===//

// The NUMA nodes `topology_nodes` selects, as a bit mask.
static iree_status_t ireec_cpu_task_select_nodes(
    const ireec_cpu_task_settings_t* task, uint64_t* out_node_mask) {
  *out_node_mask = 0;
  iree_host_size_t available = iree_task_topology_query_node_count();
  if (available < 1) available = 1;
  if (available > 64) available = 64;
  iree_string_view_t nodes = task->topology_nodes;
  if (iree_string_view_is_empty(nodes) ||
      iree_string_view_equal(nodes, IREE_SV("current"))) {
    *out_node_mask = 1ull << iree_task_topology_query_current_node();
  } else if (iree_string_view_equal(nodes, IREE_SV("all"))) {
    *out_node_mask = UINT64_MAX >> (64 - available);
  } else {
    iree_string_view_t remaining = nodes;
    while (!iree_string_view_is_empty(remaining)) {
      iree_string_view_t node;
      iree_string_view_split(remaining, ',', &node, &remaining);
      uint64_t node_id = 0;
      if (!ireec_cpu_device_parse_decimal(node, UINT32_MAX, &node_id)) {
        return ireec_cpu_device_bad_value(
            IREE_SV("topology_nodes"), nodes,
            "current, all, or a comma-separated list of NUMA node ids");
      }
      if (node_id >= available) {
        return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                                "device parameter 'topology_nodes' names NUMA "
                                "node %u; this machine has nodes [0, %d)",
                                (unsigned)node_id, (int)available);
      }
      *out_node_mask |= 1ull << node_id;
    }
  }
  return iree_ok_status();
}

// The topology of one node, as iree_task_topology_initialize_from_flags.
static iree_status_t ireec_cpu_task_topology_for_node(
    const ireec_cpu_task_settings_t* task,
    iree_task_topology_node_id_t node_id, iree_task_topology_t* out_topology) {
  if (task->topology_group_count != 0) {
    // Unpinned workers; the system places them.
    iree_task_topology_initialize_from_group_count(
        (iree_host_size_t)task->topology_group_count, out_topology);
    return iree_ok_status();
  }
  iree_task_topology_performance_level_t level =
      IREE_TASK_TOPOLOGY_PERFORMANCE_LEVEL_ANY;
  iree_task_topology_distribution_t distribution =
      IREE_TASK_TOPOLOGY_DISTRIBUTION_SCATTER;
  iree_string_view_t favor = task->topology_favor;
  if (iree_string_view_equal(favor, IREE_SV("latency"))) {
    level = IREE_TASK_TOPOLOGY_PERFORMANCE_LEVEL_HIGH;
    distribution = IREE_TASK_TOPOLOGY_DISTRIBUTION_COMPACT;
  } else if (iree_string_view_equal(favor, IREE_SV("efficiency"))) {
    level = IREE_TASK_TOPOLOGY_PERFORMANCE_LEVEL_LOW;
    distribution = IREE_TASK_TOPOLOGY_DISTRIBUTION_COMPACT;
  } else if (!iree_string_view_equal(favor, IREE_SV("throughput"))) {
    // No preset: the individual settings.
    iree_string_view_t perf = task->topology_performance_level;
    if (iree_string_view_equal(perf, IREE_SV("low")) ||
        iree_string_view_equal(perf, IREE_SV("efficiency"))) {
      level = IREE_TASK_TOPOLOGY_PERFORMANCE_LEVEL_LOW;
    } else if (iree_string_view_equal(perf, IREE_SV("high")) ||
               iree_string_view_equal(perf, IREE_SV("performance"))) {
      level = IREE_TASK_TOPOLOGY_PERFORMANCE_LEVEL_HIGH;
    }
    if (iree_string_view_equal(task->topology_distribution,
                               IREE_SV("compact"))) {
      distribution = IREE_TASK_TOPOLOGY_DISTRIBUTION_COMPACT;
    }
  }
  return iree_task_topology_initialize_from_physical_cores(
      node_id, level, distribution,
      (iree_host_size_t)task->topology_max_group_count, out_topology);
}

// Creates the executor of |topology| (none for an empty one, as IREE skips
// those) into |executors|[*inout_count].
static iree_status_t ireec_cpu_task_add_executor(
    iree_task_executor_options_t options, const iree_task_topology_t* topology,
    iree_allocator_t host_allocator, iree_task_executor_t** executors,
    iree_host_size_t* inout_count) {
  if (iree_task_topology_group_count(topology) == 0) return iree_ok_status();
  IREE_RETURN_IF_ERROR(iree_task_executor_create(
      options, topology, host_allocator, &executors[*inout_count]));
  ++*inout_count;
  return iree_ok_status();
}

static iree_status_t ireec_cpu_task_create_executors(
    const ireec_cpu_task_settings_t* task, iree_allocator_t host_allocator,
    iree_task_executor_t** executors, iree_host_size_t* out_count) {
  *out_count = 0;
  iree_task_executor_options_t options;
  iree_task_executor_options_initialize(&options);
  options.worker_spin_ns = (iree_duration_t)task->worker_spin_us * 1000;
  options.worker_stack_size = (iree_host_size_t)task->worker_stack_size;
  options.worker_local_memory_size =
      (iree_host_size_t)task->worker_local_memory;

  iree_status_t status = iree_ok_status();
  if (task->topology_cpu_ids_count > 0) {
    for (iree_host_size_t i = 0;
         i < task->topology_cpu_ids_count && iree_status_is_ok(status); ++i) {
      iree_task_topology_t topology;
      status = iree_task_topology_initialize_from_logical_cpu_set_string(
          task->topology_cpu_ids[i], &topology);
      if (!iree_status_is_ok(status)) {
        status = iree_status_annotate_f(
            status, "device parameter 'topology_cpu_ids' is '%.*s'",
            (int)task->topology_cpu_ids[i].size,
            task->topology_cpu_ids[i].data);
        break;
      }
      status = ireec_cpu_task_add_executor(options, &topology, host_allocator,
                                           executors, out_count);
      iree_task_topology_deinitialize(&topology);
    }
  } else {
    uint64_t node_mask = 0;
    status = ireec_cpu_task_select_nodes(task, &node_mask);
    if (iree_status_is_ok(status) && task->topology_group_count != 0 &&
        __builtin_popcountll(node_mask) > 1) {
      status = iree_make_status(
          IREE_STATUS_INVALID_ARGUMENT,
          "multiple nodes specified with topology_group_count; you probably "
          "meant topology_max_group_count in order to get NUMA-aware "
          "scheduling");
    }
    for (uint32_t node_id = 0; node_id < 64 && iree_status_is_ok(status);
         ++node_id) {
      if (!(node_mask & (1ull << node_id))) continue;
      iree_task_topology_t topology;
      status = ireec_cpu_task_topology_for_node(task, node_id, &topology);
      if (!iree_status_is_ok(status)) break;
      status = ireec_cpu_task_add_executor(options, &topology, host_allocator,
                                           executors, out_count);
      iree_task_topology_deinitialize(&topology);
    }
  }
  if (iree_status_is_ok(status) && *out_count == 0) {
    status = iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                              "the device's topology parameters select no CPU "
                              "this process may run on");
  }
  if (!iree_status_is_ok(status)) {
    for (iree_host_size_t i = 0; i < *out_count; ++i) {
      iree_task_executor_release(executors[i]);
    }
    *out_count = 0;
  }
  return status;
}

// A task driver of its own for a device with task settings.
static iree_status_t ireec_cpu_task_driver_create(
    iree_string_view_t identifier, const ireec_cpu_task_settings_t* task,
    iree_allocator_t host_allocator, iree_hal_driver_t** out_driver) {
  iree_task_executor_t* executors[IREEC_CPU_DEVICE_MAX_TOPOLOGIES] = {NULL};
  iree_host_size_t executor_count = 0;
  IREE_RETURN_IF_ERROR(ireec_cpu_task_create_executors(
      task, host_allocator, executors, &executor_count));
  iree_hal_task_device_params_t params;
  iree_hal_task_device_params_initialize(&params);
  if (task->abort_on_failure) {
    params.queue_scope_flags |= IREE_TASK_SCOPE_FLAG_ABORT_ON_FAILURE;
  }
  iree_status_t status = iree_hal_local_task_driver_create_from_executors(
      identifier, &params, executor_count, executors, host_allocator,
      out_driver);
  for (iree_host_size_t i = 0; i < executor_count; ++i) {
    iree_task_executor_release(executors[i]);
  }
  return status;
}

//===----------------------------------------------------------------------===//
// Devices
//===----------------------------------------------------------------------===//

// Gives a discrete allocator and its wrapper device to |*inout_device|,
// taking its reference (released when failing: _move).
static iree_status_t ireec_cpu_device_make_discrete_move(
    iree_allocator_t host_allocator, iree_hal_device_t** inout_device) {
  iree_hal_device_t* device = *inout_device;
  *inout_device = NULL;
  iree_hal_allocator_t* discrete_allocator = NULL;
  iree_status_t status = ireec_hal_discrete_allocator_create(
      iree_hal_device_allocator(device), host_allocator, &discrete_allocator);
  if (!iree_status_is_ok(status)) {
    iree_hal_device_release(device);
    return status;
  }
  ireec_hal_device_replace_allocator(device, discrete_allocator);
  iree_hal_allocator_release(discrete_allocator);  // the device retains it
  return ireec_hal_discrete_device_wrap_move(device, host_allocator,
                                             inout_device);
}

IREE_HAL_DRIVER_SUPPORT_INTERNAL void ireec_hal_device_uri_format(
    iree_string_view_t driver_name, iree_string_view_t device_path,
    iree_host_size_t param_count, const iree_string_pair_t* params,
    char* buffer, iree_host_size_t capacity) {
  iree_host_size_t length = 0;
  #define IREEC_URI_APPEND(view)                                       \
    do {                                                               \
      iree_string_view_t part = (view);                                \
      for (iree_host_size_t j = 0; j < part.size && length + 1 < capacity; \
           ++j) {                                                      \
        buffer[length++] = part.data[j];                               \
      }                                                                \
    } while (0)
  IREEC_URI_APPEND(driver_name);
  if (device_path.size || param_count) IREEC_URI_APPEND(IREE_SV("://"));
  IREEC_URI_APPEND(device_path);
  for (iree_host_size_t i = 0; i < param_count; ++i) {
    IREEC_URI_APPEND(i == 0 ? IREE_SV("?") : IREE_SV("&"));
    IREEC_URI_APPEND(params[i].key);
    IREEC_URI_APPEND(IREE_SV("="));
    IREEC_URI_APPEND(params[i].value);
  }
  #undef IREEC_URI_APPEND
  buffer[length] = 0;
}

IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t
ireec_cpu_device_apply_memory_move(
    const ireec_cpu_device_params_t* params, iree_string_view_t driver_name,
    iree_host_size_t param_count, const iree_string_pair_t* uri_params,
    iree_allocator_t host_allocator, iree_hal_device_t** inout_device) {
  if (params->memory == IREEC_CPU_DEVICE_MEMORY_DISCRETE) {
    IREE_RETURN_IF_ERROR(
        ireec_cpu_device_make_discrete_move(host_allocator, inout_device));
  }
  char uri[128];
  ireec_hal_device_uri_format(driver_name, iree_string_view_empty(),
                              param_count, uri_params, uri, sizeof(uri));
  iree_hal_device_t* device = *inout_device;
  *inout_device = NULL;
  return ireec_hal_staging_device_wrap_move(
      device, iree_make_cstring_view(uri), IREEC_HAL_STAGING_REACH_HOST_MEMORY,
      host_allocator, inout_device);
}

IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t ireec_cpu_device_create(
    iree_hal_driver_t* task_driver, iree_string_view_t driver_name,
    ireec_cpu_device_param_set_t param_set, bool by_path,
    iree_hal_device_id_t device_id, iree_string_view_t device_path,
    iree_host_size_t param_count, const iree_string_pair_t* params,
    iree_allocator_t host_allocator, iree_hal_device_t** out_device) {
  *out_device = NULL;
  ireec_cpu_device_params_t parsed;
  IREE_RETURN_IF_ERROR(ireec_cpu_device_params_parse(
      driver_name, param_set, param_count, params, &parsed));

  // Task settings: executors of the device's own, in a driver made for it
  // (the device retains what it needs from the driver).
  iree_hal_driver_t* own_driver = NULL;
  if (parsed.task.any) {
    IREE_RETURN_IF_ERROR(ireec_cpu_task_driver_create(
        driver_name, &parsed.task, host_allocator, &own_driver));
    task_driver = own_driver;
  }

  // The task driver ignores parameters; they have all been applied here.
  iree_hal_device_t* device = NULL;
  iree_status_t status;
  if (by_path) {
    status = iree_hal_driver_create_device_by_path(
        task_driver, driver_name, device_path, 0, NULL, host_allocator,
        &device);
  } else {
    status = iree_hal_driver_create_device_by_id(task_driver, device_id, 0,
                                                 NULL, host_allocator, &device);
  }
  iree_hal_driver_release(own_driver);
  IREE_RETURN_IF_ERROR(status);
  // Task devices also wait on other drivers' (local-sync's) semaphores in
  // their queues. Small ready work runs on the caller's thread unless the
  // URI configures the device in any way (IREE's behaviour is then kept) or
  // says otherwise.
  bool inline_small_work = true;
  for (iree_host_size_t i = 0; i < param_count; ++i) {
    if (!iree_string_view_equal(params[i].key, IREE_SV("inline_small_work"))) {
      inline_small_work = false;
    }
  }
  if (parsed.inline_small_work != IREEC_CPU_DEVICE_INLINE_SMALL_WORK_AUTO) {
    inline_small_work =
        parsed.inline_small_work == IREEC_CPU_DEVICE_INLINE_SMALL_WORK_ON;
  }
  IREE_RETURN_IF_ERROR(ireec_task_device_wrap_move(
      device, inline_small_work, host_allocator, &device));
  IREE_RETURN_IF_ERROR(ireec_cpu_device_apply_memory_move(
      &parsed, driver_name, param_count, params, host_allocator, &device));
  *out_device = device;
  return iree_ok_status();
}
