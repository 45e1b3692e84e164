// Private to csrc/hal/drivers: what the driver modules share, and the two
// IREE layouts needed to implement a HAL driver object here.
//
// ireec's public declarations describe HAL objects only as opaque handles;
// the local-sync driver, though, is a HAL driver of our own (it wraps a task
// driver), so it has to lay out the common resource header and fill in the
// driver vtable the runtime dispatches through. Both are IREE's at the commit
// we bind; the resource header is pinned below with static assertions
// against IREE's ABI facts so a mismatch fails the build instead of
// corrupting memory.
#ifndef IREEC_HAL_DRIVERS_DRIVER_SUPPORT_H_
#define IREEC_HAL_DRIVERS_DRIVER_SUPPORT_H_

#include <stddef.h>
#include <stdint.h>

#include "iree/hal/api.h"
#include "iree/hal/driver_registry.h"
#include "iree/hal/drivers/local_task/task_driver.h"
#include "iree/task/api.h"

// Cross-file helpers of the driver modules stay out of libireec_runtime's
// exported symbols: they are not IREE API and must not collide with it.
#define IREE_HAL_DRIVER_SUPPORT_INTERNAL __attribute__((visibility("hidden")))

//===----------------------------------------------------------------------===//
// The HAL object layout, for drivers implemented here
//===----------------------------------------------------------------------===//

// iree_hal_resource_t (iree/hal/resource.h): the header of every HAL object.
// The runtime's iree_hal_driver_retain/release count references in
// |ref_count| with atomic operations and, when the count reaches zero, call
// the destroy function at the start of |vtable|.
typedef struct iree_hal_resource_layout_t {
  int ref_count;  // iree_atomic_ref_count_t as the runtime was compiled (GCC)
  const void* vtable;
} iree_hal_resource_layout_t;

_Static_assert(sizeof(iree_hal_resource_layout_t) == 16,
               "iree_hal_resource_t is 16 bytes");
_Static_assert(offsetof(iree_hal_resource_layout_t, vtable) == 8,
               "iree_hal_resource_t.vtable");

// iree_hal_driver_vtable_t (iree/hal/driver.h): the functions the runtime's
// iree_hal_driver_* entry points dispatch to, in IREE's order. IREE's ABI
// facts do not cover vtables; this order is IREE's at the commit we bind.
typedef struct iree_hal_driver_vtable_t {
  void (*destroy)(iree_hal_driver_t* driver);
  iree_status_t (*query_available_devices)(
      iree_hal_driver_t* driver, iree_allocator_t host_allocator,
      iree_host_size_t* out_device_info_count,
      iree_hal_device_info_t** out_device_infos);
  iree_status_t (*dump_device_info)(iree_hal_driver_t* driver,
                                    iree_hal_device_id_t device_id,
                                    iree_string_builder_t* builder);
  iree_status_t (*create_device_by_id)(iree_hal_driver_t* driver,
                                       iree_hal_device_id_t device_id,
                                       iree_host_size_t param_count,
                                       const iree_string_pair_t* params,
                                       iree_allocator_t host_allocator,
                                       iree_hal_device_t** out_device);
  iree_status_t (*create_device_by_path)(
      iree_hal_driver_t* driver, iree_string_view_t driver_name,
      iree_string_view_t device_path, iree_host_size_t param_count,
      const iree_string_pair_t* params, iree_allocator_t host_allocator,
      iree_hal_device_t** out_device);
} iree_hal_driver_vtable_t;

//===----------------------------------------------------------------------===//
// Shared by the local-task and local-sync driver modules
//===----------------------------------------------------------------------===//

// Creates a task driver named |identifier| with one queue, served by a new
// executor whose workers follow |topology|. Its devices load executables with
// the embedded-ELF and (isolated) VMVX loaders and allocate from the host
// heap. The driver retains everything it uses; the caller still owns (and
// deinitializes) |topology|.
IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t
iree_hal_local_task_driver_create_from_topology(
    iree_string_view_t identifier, const iree_task_topology_t* topology,
    iree_allocator_t host_allocator, iree_hal_driver_t** out_driver);

// Creates a task driver named |identifier| with one queue per executor in
// |executors| (each retained) and the same loaders and heap as above.
IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t
iree_hal_local_task_driver_create_from_executors(
    iree_string_view_t identifier, const iree_hal_task_device_params_t* params,
    iree_host_size_t executor_count, iree_task_executor_t* const* executors,
    iree_allocator_t host_allocator, iree_hal_driver_t** out_driver);

#endif  // IREEC_HAL_DRIVERS_DRIVER_SUPPORT_H_
