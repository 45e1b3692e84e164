// Private to csrc/hal/drivers: what the driver modules share. (HAL object
// layouts and vtables, for the drivers implemented here, are declared in
// IREE's public headers, iree/hal/resource.h and each object's header, and
// checked against IREE's ABI facts.)
#ifndef IREEC_HAL_DRIVERS_DRIVER_SUPPORT_H_
#define IREEC_HAL_DRIVERS_DRIVER_SUPPORT_H_

#include <stddef.h>
#include <stdint.h>

#include "iree/hal/api.h"
#include "iree/hal/driver_registry.h"
#include "iree/hal/drivers/local_task/task_driver.h"
#include "iree/hal/local/executable_loader.h"
#include "iree/task/api.h"

// Cross-file helpers of the driver modules stay out of libireec_runtime's
// exported symbols: they are not IREE API and must not collide with it.
#define IREE_HAL_DRIVER_SUPPORT_INTERNAL __attribute__((visibility("hidden")))

//===----------------------------------------------------------------------===//
// Driver factories (single_driver_factory.c)
//===----------------------------------------------------------------------===//

// The enumerate of a factory providing one driver, whose |self| is that
// driver's static const iree_hal_driver_info_t.
IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t
ireec_single_driver_factory_enumerate(
    void* self, iree_host_size_t* out_driver_info_count,
    const iree_hal_driver_info_t** out_driver_infos);

// What such a factory's try_create checks first: OK when |driver_name| is
// its driver's, UNAVAILABLE naming both otherwise.
IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t
ireec_single_driver_factory_check_name(void* self,
                                       iree_string_view_t driver_name);

//===----------------------------------------------------------------------===//
// Local-task driver construction
//===----------------------------------------------------------------------===//

// Room for every CPU executable loader IREE can be built with.
#define IREEC_HAL_CPU_LOADER_CAPACITY 4

// The CPU executable loaders both CPU drivers use, in |loaders| (room for
// IREEC_HAL_CPU_LOADER_CAPACITY), |*out_count| of them, each a reference
// the caller releases: every loader this runtime was built with, as IREE's
// tools create them (iree_hal_create_all_available_executable_loaders).
IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t
ireec_hal_create_cpu_executable_loaders(
    iree_allocator_t host_allocator,
    iree_hal_executable_loader_t** loaders,
    iree_host_size_t* out_count);

// Creates a task driver named |identifier| with one queue, served by a new
// executor whose workers follow |topology|. Its devices load executables with
// ireec_hal_create_cpu_executable_loaders' loaders and allocate from the host
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

//===----------------------------------------------------------------------===//
// Local-task devices waiting on other drivers' semaphores
//===----------------------------------------------------------------------===//

// Wraps the task device |inner| (taking its reference, released when
// failing: _move) in a device able to wait in its queues on semaphores of
// other drivers (local-sync's), which IREE's task queue cannot: each such wait
// becomes a wait on a task semaphore that a timepoint on the foreign
// semaphore signals (or fails). See task_foreign_waits.c. With
// |inline_small_work|, small command buffers whose waits are reached run on
// the submitting thread while the queue is idle (task_inline_execution.c).
IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t ireec_task_device_wrap_move(
    iree_hal_device_t* inner, bool inline_small_work,
    iree_allocator_t host_allocator, iree_hal_device_t** out_device);

// ABORTED (as IREE reports a failure it passes on) with |what| and the text
// of |failure| (the root cause), which it consumes; |failure| itself when it
// is ABORTED already.
IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t ireec_status_aborted_by(
    const char* what, iree_status_t failure);


#endif  // IREEC_HAL_DRIVERS_DRIVER_SUPPORT_H_
