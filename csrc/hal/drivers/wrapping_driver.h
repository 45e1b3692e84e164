// Private to csrc/hal/drivers: a HAL driver of ireec's own around one of
// IREE's, whose devices it makes itself (wrapping_driver.c): the CPU drivers'
// devices read URI parameters (device_params.h) that IREE's task driver
// ignores; every device is wrapped to take buffers of devices whose memory it
// cannot reach (../staging.h); the borrowed Vulkan driver lists devices
// IREE's hides (borrowed_drivers.c).
#ifndef IREEC_HAL_DRIVERS_WRAPPING_DRIVER_H_
#define IREEC_HAL_DRIVERS_WRAPPING_DRIVER_H_

#include "device_params.h"

// Makes the device the wrapping driver is asked for, from |inner_driver|:
// by |device_path| when |by_path|, else by |device_id|, with the URI's
// |params| (ireec_cpu_device_create's signature).
typedef iree_status_t (*ireec_hal_wrapped_device_create_fn_t)(
    iree_hal_driver_t* inner_driver, iree_string_view_t driver_name,
    ireec_cpu_device_param_set_t param_set, bool by_path,
    iree_hal_device_id_t device_id, iree_string_view_t device_path,
    iree_host_size_t param_count, const iree_string_pair_t* params,
    iree_allocator_t host_allocator, iree_hal_device_t** out_device);

// Lists the devices the wrapping driver offers, from |inner_driver|
// (iree_hal_driver_query_available_devices' contract: one allocation from
// |host_allocator| holding the infos and their strings).
typedef iree_status_t (*ireec_hal_wrapped_devices_query_fn_t)(
    iree_hal_driver_t* inner_driver, iree_allocator_t host_allocator,
    iree_host_size_t* out_device_info_count,
    iree_hal_device_info_t** out_device_infos);

// Wraps |inner_driver| in a driver named |name| (static storage) whose
// devices |create_device| makes (|param_set|: the URI parameters it takes)
// and |query_devices| lists (NULL: the inner driver's list as it is).
// Takes |inner_driver|'s reference (released when failing: _move).
IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t
ireec_hal_wrapping_driver_wrap_move(
    iree_hal_driver_t* inner_driver, iree_string_view_t name,
    ireec_cpu_device_param_set_t param_set,
    ireec_hal_wrapped_device_create_fn_t create_device,
    ireec_hal_wrapped_devices_query_fn_t query_devices,
    iree_allocator_t host_allocator, iree_hal_driver_t** out_driver);

// The device constructor of accelerator drivers (HIP, CUDA, Vulkan): the
// inner driver's device (URI parameters are its own), wrapped in a staging
// device reaching only its own memory and named by its URI.
IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t ireec_accelerator_device_create(
    iree_hal_driver_t* inner_driver, iree_string_view_t driver_name,
    ireec_cpu_device_param_set_t unused_param_set, bool by_path,
    iree_hal_device_id_t device_id, iree_string_view_t device_path,
    iree_host_size_t param_count, const iree_string_pair_t* params,
    iree_allocator_t host_allocator, iree_hal_device_t** out_device);

#endif  // IREEC_HAL_DRIVERS_WRAPPING_DRIVER_H_
