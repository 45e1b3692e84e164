// The local-sync driver module, as a stand-in.
//
// IREE's local-sync driver runs work inline on the calling thread. The runtime
// we bind does not include it, so programs asking for "local-sync" get the
// closest thing it does have: a local-task device whose executor has exactly
// one worker thread. Results are the same; the execution model is not (work
// runs on that worker, asynchronously to the caller), so the driver says what
// it is wherever it describes itself: in its registry entry, in the device
// list it reports and in its device dump. Its devices keep the identifier
// "local-sync", the name they were asked for, which compiled programs
// targeting "local" devices match.
//
// The driver is a thin HAL driver object of its own around a task driver: it
// forwards device creation unchanged and only replaces the descriptions.

#include "iree/hal/drivers/init.h"
#include "iree/hal/drivers/local_task/task_driver.h"
#include "iree/task/api.h"

#include "device_params.h"
#include "driver_support.h"

static const iree_hal_driver_info_t iree_hal_local_sync_driver_infos[1] = {
    {
        .driver_name = IREE_SVL("local-sync"),
        .full_name = IREE_SVL("Stand-in for local-sync: a single-worker "
                              "local-task device (this runtime has no "
                              "synchronous inline driver)"),
    },
};

// What the driver reports as the name of its one device.
static const char iree_hal_local_sync_device_name[] =
    "single-worker local-task device standing in for local-sync";

//===----------------------------------------------------------------------===//
// iree_hal_local_sync_driver_t
//===----------------------------------------------------------------------===//

typedef struct iree_hal_local_sync_driver_t {
  // Must come first: the runtime's retain/release and dispatch see the
  // driver as an iree_hal_resource_t.
  iree_hal_resource_layout_t resource;
  iree_allocator_t host_allocator;
  // The task driver doing the work; owned (one reference).
  iree_hal_driver_t* task_driver;
} iree_hal_local_sync_driver_t;

static const iree_hal_driver_vtable_t iree_hal_local_sync_driver_vtable;

static iree_hal_local_sync_driver_t* iree_hal_local_sync_driver_cast(
    iree_hal_driver_t* base_driver) {
  return (iree_hal_local_sync_driver_t*)base_driver;
}

// Takes ownership of |task_driver| (also when failing).
static iree_status_t iree_hal_local_sync_driver_wrap(
    iree_hal_driver_t* task_driver, iree_allocator_t host_allocator,
    iree_hal_driver_t** out_driver) {
  iree_hal_local_sync_driver_t* driver = NULL;
  iree_status_t status =
      iree_allocator_malloc(host_allocator, sizeof(*driver), (void**)&driver);
  if (!iree_status_is_ok(status)) {
    iree_hal_driver_release(task_driver);
    return status;
  }
  // One reference, owned by the caller. Nothing else can see the object yet,
  // so a plain store is enough before it is handed out.
  driver->resource.ref_count = 1;
  driver->resource.vtable = &iree_hal_local_sync_driver_vtable;
  driver->host_allocator = host_allocator;
  driver->task_driver = task_driver;
  *out_driver = (iree_hal_driver_t*)driver;
  return iree_ok_status();
}

static void iree_hal_local_sync_driver_destroy(iree_hal_driver_t* base_driver) {
  iree_hal_local_sync_driver_t* driver =
      iree_hal_local_sync_driver_cast(base_driver);
  iree_allocator_t host_allocator = driver->host_allocator;
  iree_hal_driver_release(driver->task_driver);
  iree_allocator_free(host_allocator, driver);
}

// The task driver's list with each device renamed; the ids are kept, as
// device creation by id goes to the task driver.
static iree_status_t iree_hal_local_sync_driver_query_available_devices(
    iree_hal_driver_t* base_driver, iree_allocator_t host_allocator,
    iree_host_size_t* out_device_info_count,
    iree_hal_device_info_t** out_device_infos) {
  iree_hal_local_sync_driver_t* driver =
      iree_hal_local_sync_driver_cast(base_driver);
  IREE_RETURN_IF_ERROR(iree_hal_driver_query_available_devices(
      driver->task_driver, host_allocator, out_device_info_count,
      out_device_infos));
  // The list is one block the caller frees; pointing names at static storage
  // leaves that unchanged.
  iree_hal_device_info_t* infos = *out_device_infos;
  for (iree_host_size_t i = 0; i < *out_device_info_count; ++i) {
    infos[i].name = iree_make_cstring_view(iree_hal_local_sync_device_name);
  }
  return iree_ok_status();
}

static iree_status_t iree_hal_local_sync_driver_dump_device_info(
    iree_hal_driver_t* base_driver, iree_hal_device_id_t device_id,
    iree_string_builder_t* builder) {
  iree_hal_local_sync_driver_t* driver =
      iree_hal_local_sync_driver_cast(base_driver);
  IREE_RETURN_IF_ERROR(iree_string_builder_append_format(
      builder, "- %s: one worker thread; work runs asynchronously to the "
               "caller\n",
      iree_hal_local_sync_device_name));
  return iree_hal_driver_dump_device_info(driver->task_driver, device_id,
                                          builder);
}

static iree_status_t iree_hal_local_sync_driver_create_device_by_id(
    iree_hal_driver_t* base_driver, iree_hal_device_id_t device_id,
    iree_host_size_t param_count, const iree_string_pair_t* params,
    iree_allocator_t host_allocator, iree_hal_device_t** out_device) {
  iree_hal_local_sync_driver_t* driver =
      iree_hal_local_sync_driver_cast(base_driver);
  return ireec_cpu_device_create(
      driver->task_driver, iree_hal_local_sync_driver_infos[0].driver_name,
      IREEC_CPU_DEVICE_PARAMS_MEMORY, /*by_path=*/false, device_id,
      iree_string_view_empty(), param_count, params, host_allocator,
      out_device);
}

static iree_status_t iree_hal_local_sync_driver_create_device_by_path(
    iree_hal_driver_t* base_driver, iree_string_view_t driver_name,
    iree_string_view_t device_path, iree_host_size_t param_count,
    const iree_string_pair_t* params, iree_allocator_t host_allocator,
    iree_hal_device_t** out_device) {
  iree_hal_local_sync_driver_t* driver =
      iree_hal_local_sync_driver_cast(base_driver);
  return ireec_cpu_device_create(
      driver->task_driver, driver_name, IREEC_CPU_DEVICE_PARAMS_MEMORY,
      /*by_path=*/true, 0, device_path, param_count, params, host_allocator,
      out_device);
}

static const iree_hal_driver_vtable_t iree_hal_local_sync_driver_vtable = {
    .destroy = iree_hal_local_sync_driver_destroy,
    .query_available_devices =
        iree_hal_local_sync_driver_query_available_devices,
    .dump_device_info = iree_hal_local_sync_driver_dump_device_info,
    .create_device_by_id = iree_hal_local_sync_driver_create_device_by_id,
    .create_device_by_path = iree_hal_local_sync_driver_create_device_by_path,
};

//===----------------------------------------------------------------------===//
// Factory
//===----------------------------------------------------------------------===//

static iree_status_t iree_hal_local_sync_driver_factory_enumerate(
    void* self, iree_host_size_t* out_driver_info_count,
    const iree_hal_driver_info_t** out_driver_infos) {
  *out_driver_info_count = IREE_ARRAYSIZE(iree_hal_local_sync_driver_infos);
  *out_driver_infos = iree_hal_local_sync_driver_infos;
  return iree_ok_status();
}

static iree_status_t iree_hal_local_sync_driver_factory_try_create(
    void* self, iree_string_view_t driver_name, iree_allocator_t host_allocator,
    iree_hal_driver_t** out_driver) {
  if (!iree_string_view_equal(driver_name,
                              iree_hal_local_sync_driver_infos[0].driver_name)) {
    return iree_make_status(IREE_STATUS_UNAVAILABLE,
                            "the local-sync factory does not provide driver "
                            "'%.*s'",
                            (int)driver_name.size, driver_name.data);
  }

  // One group, not pinned to any core: a single worker is the nearest the
  // task system comes to running everything in order on one thread.
  iree_task_topology_t topology;
  iree_task_topology_initialize_from_group_count(1, &topology);

  iree_hal_driver_t* task_driver = NULL;
  iree_status_t status = iree_hal_local_task_driver_create_from_topology(
      driver_name, &topology, host_allocator, &task_driver);
  iree_task_topology_deinitialize(&topology);
  if (!iree_status_is_ok(status)) return status;

  return iree_hal_local_sync_driver_wrap(task_driver, host_allocator,
                                         out_driver);
}

IREE_API_EXPORT iree_status_t
iree_hal_local_sync_driver_module_register(iree_hal_driver_registry_t* registry) {
  // Static so the registry can borrow it for as long as it stays registered.
  static const iree_hal_driver_factory_t factory = {
      .self = NULL,
      .enumerate = iree_hal_local_sync_driver_factory_enumerate,
      .try_create = iree_hal_local_sync_driver_factory_try_create,
  };
  return iree_hal_driver_registry_register_factory(registry, &factory);
}
