// The local-task driver module: CPU execution on IREE's multithreaded task
// system, configured the way IREE configures it when no flags are given.
//
// IREE builds local-task from its command-line flags. ireec has no flags, so
// the values below are the defaults of those flags:
// - one executor, for the NUMA node of the thread creating the driver;
// - one worker per physical core of that node (at most 64, any performance
//   level, scattered across cache domains);
// - 128 KiB worker stacks, no spinning, per-worker local memory sized by the
//   executor from the CPU's L2 cache;
// - executable loaders: every one this runtime was built with, as IREE's
//   tools create them (system library, embedded ELF, isolated VMVX; no
//   plugins);
// - device memory from the host heap (huge pages for large blocks, see
//   csrc/base/huge_page_allocator.c).
//
// Devices take URI parameters (csrc/hal/drivers/device_params.h): the same
// settings as IREE's --task_* flags, for a device with executors of its own,
// and `memory=discrete`. The registered driver is therefore wrapping_driver.c's
// wrapper around the task driver made here.

#include "iree/hal/drivers/init.h"
#include "iree/hal/drivers/local_task/registration/driver_module.h"
#include "iree/hal/drivers/local_task/task_driver.h"
#include "iree/hal/local/loaders/registration/init.h"
#include "iree/task/api.h"
#include "ireec/decls/ireec/base/huge_page_allocator.h"

#include "wrapping_driver.h"
#include "driver_support.h"

// IREE's --task_worker_stack_size default: enough for generated code, which
// keeps large temporaries in workgroup local memory rather than on the stack.
#define IREE_HAL_LOCAL_TASK_WORKER_STACK_SIZE (128 * 1024)

// IREE's --task_topology_max_group_count default, also the executor's limit.
#define IREE_HAL_LOCAL_TASK_MAX_WORKER_COUNT 64

//===----------------------------------------------------------------------===//
// Shared driver construction (also used by the local-sync module)
//===----------------------------------------------------------------------===//

IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t
ireec_hal_create_cpu_executable_loaders(
    iree_allocator_t host_allocator,
    iree_hal_executable_loader_t** loaders,
    iree_host_size_t* out_count) {
  // IREE's own set, in IREE's order, as its tools create it: the system
  // library loader (what --iree-llvmcpu-link-embedded=false produces: a
  // shared library, written to a temporary file and opened with dlopen),
  // embedded ELF (what llvm-cpu produces by default) and VMVX, the portable
  // reference fallback, isolated (each executable its own VM context). No
  // plugin manager: executables importing plugin functions are not
  // supported here, and every loader accepts NULL for that case.
  return iree_hal_create_all_available_executable_loaders(
      /*plugin_manager=*/NULL, IREEC_HAL_CPU_LOADER_CAPACITY, out_count, loaders,
      host_allocator);
}

IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t
iree_hal_local_task_driver_create_from_executors(
    iree_string_view_t identifier, const iree_hal_task_device_params_t* params,
    iree_host_size_t executor_count, iree_task_executor_t* const* executors,
    iree_allocator_t host_allocator, iree_hal_driver_t** out_driver) {
  *out_driver = NULL;
  iree_hal_executable_loader_t* loaders[IREEC_HAL_CPU_LOADER_CAPACITY] = {NULL};
  iree_host_size_t loader_count = 0;
  iree_hal_allocator_t* device_allocator = NULL;

  iree_status_t status =
      ireec_hal_create_cpu_executable_loaders(host_allocator, loaders, &loader_count);

  // Buffers are plain host memory; "local" is the identifier IREE gives the
  // heap allocator of its local drivers. The system allocator is swapped for
  // its variant that asks for huge pages on large blocks (numpy's arrays get
  // them, so copies between the two run at full speed); a caller's own
  // allocator is used as given. The heap allocator gets the same allocator
  // for buffer storage and metadata: given two different ones, this IREE
  // frees storage it allocated aligned with the unaligned free, corrupting
  // the heap.
  iree_allocator_t buffer_allocator = host_allocator;
  if (host_allocator.ctl == iree_allocator_system().ctl &&
      host_allocator.self == NULL) {
    buffer_allocator = ireec_allocator_system_huge_pages();
  }
  if (iree_status_is_ok(status)) {
    status = iree_hal_allocator_create_heap(iree_make_cstring_view("local"),
                                            buffer_allocator, buffer_allocator,
                                            &device_allocator);
  }

  if (iree_status_is_ok(status)) {
    status = iree_hal_task_driver_create(
        identifier, params, executor_count, (iree_task_executor_t**)executors,
        loader_count, loaders, device_allocator, host_allocator, out_driver);
  }

  // The driver (and every device it creates) retains what it uses, so the
  // references taken above are dropped on success and failure alike.
  iree_hal_allocator_release(device_allocator);
  for (iree_host_size_t i = 0; i < loader_count; ++i) {
    iree_hal_executable_loader_release(loaders[i]);
  }
  return status;
}

IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t
iree_hal_local_task_driver_create_from_topology(
    iree_string_view_t identifier, const iree_task_topology_t* topology,
    iree_allocator_t host_allocator, iree_hal_driver_t** out_driver) {
  *out_driver = NULL;

  iree_task_executor_options_t options;
  iree_task_executor_options_initialize(&options);
  options.worker_spin_ns = 0;
  options.worker_stack_size = IREE_HAL_LOCAL_TASK_WORKER_STACK_SIZE;
  // Zero asks the executor to size local memory from the CPU's caches.
  options.worker_local_memory_size = 0;

  iree_task_executor_t* executor = NULL;
  IREE_RETURN_IF_ERROR(
      iree_task_executor_create(options, topology, host_allocator, &executor));
  iree_hal_task_device_params_t params;
  iree_hal_task_device_params_initialize(&params);
  iree_status_t status = iree_hal_local_task_driver_create_from_executors(
      identifier, &params, 1, &executor, host_allocator, out_driver);
  iree_task_executor_release(executor);
  return status;
}

//===----------------------------------------------------------------------===//
// Factory
//===----------------------------------------------------------------------===//

static const iree_hal_driver_info_t iree_hal_local_task_driver_info = {
    .driver_name = IREE_SVL("local-task"),
    .full_name = IREE_SVL("Local CPU execution on the IREE multithreaded "
                          "task system"),
};

static iree_status_t iree_hal_local_task_driver_factory_try_create(
    void* self, iree_string_view_t driver_name, iree_allocator_t host_allocator,
    iree_hal_driver_t** out_driver) {
  IREE_RETURN_IF_ERROR(
      ireec_single_driver_factory_check_name(self, driver_name));

  iree_task_topology_t topology;
  IREE_RETURN_IF_ERROR(iree_task_topology_initialize_from_physical_cores(
      iree_task_topology_query_current_node(),
      IREE_TASK_TOPOLOGY_PERFORMANCE_LEVEL_ANY,
      IREE_TASK_TOPOLOGY_DISTRIBUTION_SCATTER,
      IREE_HAL_LOCAL_TASK_MAX_WORKER_COUNT, &topology));

  // A node can come back without any cores we may use (a cgroup or affinity
  // mask excluding all of them, say). IREE would then create no executor and
  // the driver could not run anything; one unpinned worker still can.
  if (topology.group_count == 0) {
    iree_task_topology_deinitialize(&topology);
    iree_task_topology_initialize_from_group_count(1, &topology);
  }

  iree_hal_driver_t* task_driver = NULL;
  iree_status_t status = iree_hal_local_task_driver_create_from_topology(
      driver_name, &topology, host_allocator, &task_driver);
  // The executor copied what it needed from the topology.
  iree_task_topology_deinitialize(&topology);
  if (!iree_status_is_ok(status)) return status;
  // Wrapped so that device URI parameters are read (device_params.h).
  return ireec_hal_wrapping_driver_wrap_move(
      task_driver, iree_hal_local_task_driver_info.driver_name,
      IREEC_CPU_DEVICE_PARAMS_TASK, ireec_cpu_device_create,
      /*query_devices=*/NULL, host_allocator,
      out_driver);
}

IREE_API_EXPORT iree_status_t
iree_hal_local_task_driver_module_register(iree_hal_driver_registry_t* registry) {
  // Static so the registry can borrow it for as long as it stays registered.
  static const iree_hal_driver_factory_t factory = {
      .self = (void*)&iree_hal_local_task_driver_info,
      .enumerate = ireec_single_driver_factory_enumerate,
      .try_create = iree_hal_local_task_driver_factory_try_create,
  };
  return iree_hal_driver_registry_register_factory(registry, &factory);
}
