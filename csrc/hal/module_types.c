// iree_hal_<object>_type/isa/deref: the inline halves of the HAL module's VM
// ref type adapters, exported here under their IREE names.
//
// The other halves (retain_ref, move_ref, check_deref) and the registration
// variables are in the runtime library. The variables are zero until
// iree_hal_module_register_all_types (or the inline/loader subsets) runs on a
// VM instance, so before that isa is true only for null refs and deref
// returns NULL, exactly as with IREE's inline versions.

#include "iree/modules/hal/types.h"

// Expands to the three helpers for one HAL object type; |registration| is
// the variable the type id is read from at each call, never cached, because
// registering the types on a VM instance rewrites it.
#define IREEC_HAL_DEFINE_REF_TYPE_HELPERS(name, T, registration)      \
  IREE_API_EXPORT iree_vm_ref_type_t name##_type(void) {              \
    return (registration);                                            \
  }                                                                   \
  IREE_API_EXPORT bool name##_isa(const iree_vm_ref_t ref) {          \
    return ref.type == (registration);                                \
  }                                                                   \
  IREE_API_EXPORT T* name##_deref(const iree_vm_ref_t ref) {          \
    return IREE_LIKELY(name##_isa(ref)) ? (T*)ref.ptr : NULL;         \
  }

IREEC_HAL_DEFINE_REF_TYPE_HELPERS(iree_hal_allocator, iree_hal_allocator_t,
                                  iree_hal_allocator_registration)
IREEC_HAL_DEFINE_REF_TYPE_HELPERS(iree_hal_buffer, iree_hal_buffer_t,
                                  iree_hal_buffer_registration)
IREEC_HAL_DEFINE_REF_TYPE_HELPERS(iree_hal_buffer_view, iree_hal_buffer_view_t,
                                  iree_hal_buffer_view_registration)
IREEC_HAL_DEFINE_REF_TYPE_HELPERS(iree_hal_channel, iree_hal_channel_t,
                                  iree_hal_channel_registration)
IREEC_HAL_DEFINE_REF_TYPE_HELPERS(iree_hal_command_buffer,
                                  iree_hal_command_buffer_t,
                                  iree_hal_command_buffer_registration)
IREEC_HAL_DEFINE_REF_TYPE_HELPERS(iree_hal_device, iree_hal_device_t,
                                  iree_hal_device_registration)
IREEC_HAL_DEFINE_REF_TYPE_HELPERS(iree_hal_event, iree_hal_event_t,
                                  iree_hal_event_registration)
IREEC_HAL_DEFINE_REF_TYPE_HELPERS(iree_hal_executable, iree_hal_executable_t,
                                  iree_hal_executable_registration)
IREEC_HAL_DEFINE_REF_TYPE_HELPERS(iree_hal_fence, iree_hal_fence_t,
                                  iree_hal_fence_registration)
IREEC_HAL_DEFINE_REF_TYPE_HELPERS(iree_hal_file, iree_hal_file_t,
                                  iree_hal_file_registration)
IREEC_HAL_DEFINE_REF_TYPE_HELPERS(iree_hal_semaphore, iree_hal_semaphore_t,
                                  iree_hal_semaphore_registration)

// IREE declares the executable cache adapters but never defines a
// registration variable for them, and no HAL module registration function
// registers the type. Its type id is therefore permanently zero: the same
// answers IREE's inline helpers would give if the variable existed.
IREEC_HAL_DEFINE_REF_TYPE_HELPERS(iree_hal_executable_cache,
                                  iree_hal_executable_cache_t,
                                  IREE_VM_REF_TYPE_NULL)
