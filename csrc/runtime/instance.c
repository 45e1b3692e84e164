// iree_runtime_instance_t: the root object of the high-level runtime API.
//
// An instance owns nothing heavy itself: it points at a HAL driver registry
// (used to create devices) and at the VM instance that every session's context
// is created from. See iree_runtime_shared_vm_instance_acquire for why that VM
// instance is one object for the whole process.

#include <pthread.h>
#include <string.h>

#include "iree/base/internal/synchronization.h"
#include "iree/hal/drivers/init.h"
#include "iree/modules/hal/module.h"
#include "runtime_internal.h"

//===----------------------------------------------------------------------===//
// iree_runtime_instance_options_t
//===----------------------------------------------------------------------===//

IREE_API_EXPORT void iree_runtime_instance_options_initialize(
    iree_runtime_instance_options_t* out_options) {
  if (!out_options) return;
  memset(out_options, 0, sizeof(*out_options));
}

IREE_API_EXPORT void iree_runtime_instance_options_use_all_available_drivers(
    iree_runtime_instance_options_t* options) {
  if (!options) return;
  options->driver_registry = iree_hal_driver_registry_default();
  // Every set of options initialized this way runs this, so the second and
  // later calls find the factories already registered: ALREADY_EXISTS is the
  // expected outcome then, not a failure. This function has no status result
  // (IREE's signature), so any other failure has nowhere to go either and is
  // dropped as well; it surfaces later, as NOT_FOUND from
  // iree_runtime_instance_try_create_default_device for the missing driver.
  iree_status_ignore(
      iree_hal_register_all_available_drivers(options->driver_registry));
}

//===----------------------------------------------------------------------===//
// Process-wide VM instance
//===----------------------------------------------------------------------===//
// The HAL module's type registration (iree_hal_module_register_all_types)
// writes the resulting type ids into process-wide variables of the runtime
// library (iree_hal_buffer_view_registration and friends), which every user of
// the HAL types then reads. With one VM instance per runtime instance, each new
// instance would rewrite those variables behind the back of contexts created
// from another, and each would keep its own registration table. So all
// runtime instances share one VM instance, created on first use.
//
// What happens when the last runtime instance lets go of it: destroying a VM
// instance frees only its own type table; it does not unregister anything and
// does not reset the process-wide variables, which hold addresses of static
// descriptors inside the runtime library and so stay valid. Destroying it
// would therefore be safe for those variables. We still keep it for the rest of
// the process, because other objects outlive runtime instances and keep using
// the VM instance: a vm context retained by the caller (through
// iree_runtime_session_context) retains it, and types the caller registered on
// it through iree_runtime_instance_vm_instance stay registered only as long as
// it lives. If we dropped our reference and a later runtime instance created a
// fresh VM instance, such a context would keep the old one alive and two VM
// instances would be live at once, the very situation this sharing avoids. The
// cost of keeping it is one small allocation (the instance and its type table,
// well under a kilobyte) made once per process.
//
// It is allocated with the system allocator rather than with the host
// allocator of whichever runtime instance happened to come first: that
// allocator may belong to a caller that goes away long before the process.

// Initialized when the library is loaded (below), before anything can use it.
static iree_slim_mutex_t iree_runtime_shared_vm_instance_mutex;

// Guarded by iree_runtime_shared_vm_instance_mutex. Holds the process's own
// reference, which is never released.
static iree_vm_instance_t* iree_runtime_shared_vm_instance = NULL;

// fork() copies the mutex in whatever state it is: taken by another thread
// at that moment, it would stay taken for ever in the child, whose first
// runtime instance would then wait on it. Held across fork (prepare) and
// released on both sides, it is always free in the child.
static void iree_runtime_shared_vm_instance_fork_prepare(void) {
  iree_slim_mutex_lock(&iree_runtime_shared_vm_instance_mutex);
}
static void iree_runtime_shared_vm_instance_fork_done(void) {
  iree_slim_mutex_unlock(&iree_runtime_shared_vm_instance_mutex);
}
__attribute__((constructor)) static void
iree_runtime_shared_vm_instance_initialize_mutex(void) {
  iree_slim_mutex_initialize(&iree_runtime_shared_vm_instance_mutex);
  pthread_atfork(iree_runtime_shared_vm_instance_fork_prepare,
                 iree_runtime_shared_vm_instance_fork_done,
                 iree_runtime_shared_vm_instance_fork_done);
}

// Returns the process-wide VM instance in |out_vm_instance|, retained for the
// caller, creating it (with the HAL types registered) on first use. A failed
// creation leaves nothing behind, so a later call tries again.
static iree_status_t iree_runtime_shared_vm_instance_acquire(
    iree_vm_instance_t** out_vm_instance) {
  *out_vm_instance = NULL;
  iree_status_t status = iree_ok_status();
  iree_slim_mutex_lock(&iree_runtime_shared_vm_instance_mutex);
  if (!iree_runtime_shared_vm_instance) {
    iree_vm_instance_t* vm_instance = NULL;
    status = iree_vm_instance_create(IREE_VM_TYPE_CAPACITY_DEFAULT,
                                     iree_allocator_system(), &vm_instance);
    if (iree_status_is_ok(status)) {
      // Registered exactly once: registering again on the same instance would
      // only bump per-type counts that nothing ever unregisters.
      status = iree_hal_module_register_all_types(vm_instance);
    }
    if (iree_status_is_ok(status)) {
      iree_runtime_shared_vm_instance = vm_instance;
    } else {
      iree_vm_instance_release(vm_instance);
    }
  }
  if (iree_status_is_ok(status)) {
    iree_vm_instance_retain(iree_runtime_shared_vm_instance);
    *out_vm_instance = iree_runtime_shared_vm_instance;
  }
  iree_slim_mutex_unlock(&iree_runtime_shared_vm_instance_mutex);
  return status;
}

//===----------------------------------------------------------------------===//
// iree_runtime_instance_t
//===----------------------------------------------------------------------===//

struct iree_runtime_instance_t {
  ireec_runtime_ref_count_t ref_count;

  // Allocates the instance itself and is what sessions and devices created
  // through the instance are handed unless the caller passes another.
  iree_allocator_t host_allocator;

  // Where iree_runtime_instance_try_create_default_device finds drivers; may
  // be NULL (then devices must be created by the caller). Not owned: the
  // default registry lives for the whole process and a caller-provided one
  // must outlive the instance, as in IREE.
  iree_hal_driver_registry_t* driver_registry;

  // The process-wide VM instance, retained.
  iree_vm_instance_t* vm_instance;
};

IREE_API_EXPORT iree_status_t iree_runtime_instance_create(
    const iree_runtime_instance_options_t* options,
    iree_allocator_t host_allocator, iree_runtime_instance_t** out_instance) {
  if (!out_instance) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "out_instance must not be NULL");
  }
  *out_instance = NULL;
  if (!options) {
    return iree_make_status(
        IREE_STATUS_INVALID_ARGUMENT,
        "options must not be NULL (initialize them with "
        "iree_runtime_instance_options_initialize)");
  }

  iree_runtime_instance_t* instance = NULL;
  IREE_RETURN_IF_ERROR(iree_allocator_malloc(host_allocator, sizeof(*instance),
                                             (void**)&instance));
  memset(instance, 0, sizeof(*instance));
  ireec_runtime_ref_count_init(&instance->ref_count);
  instance->host_allocator = host_allocator;
  instance->driver_registry = options->driver_registry;

  iree_status_t status =
      iree_runtime_shared_vm_instance_acquire(&instance->vm_instance);
  if (iree_status_is_ok(status)) {
    *out_instance = instance;
  } else {
    iree_runtime_instance_release(instance);
  }
  return status;
}

static void iree_runtime_instance_destroy(iree_runtime_instance_t* instance) {
  // Drops this instance's reference only; the process keeps its own (see the
  // note on the process-wide VM instance above).
  iree_vm_instance_release(instance->vm_instance);
  iree_allocator_t host_allocator = instance->host_allocator;
  iree_allocator_free(host_allocator, instance);
}

IREE_API_EXPORT void iree_runtime_instance_retain(
    iree_runtime_instance_t* instance) {
  if (instance) ireec_runtime_ref_count_inc(&instance->ref_count);
}

IREE_API_EXPORT void iree_runtime_instance_release(
    iree_runtime_instance_t* instance) {
  if (instance && ireec_runtime_ref_count_dec(&instance->ref_count)) {
    iree_runtime_instance_destroy(instance);
  }
}

IREE_API_EXPORT iree_allocator_t
iree_runtime_instance_host_allocator(const iree_runtime_instance_t* instance) {
  if (!instance) return iree_allocator_null();
  return instance->host_allocator;
}

IREE_API_EXPORT iree_vm_instance_t* iree_runtime_instance_vm_instance(
    const iree_runtime_instance_t* instance) {
  if (!instance) return NULL;
  return instance->vm_instance;
}

IREE_API_EXPORT iree_hal_driver_registry_t*
iree_runtime_instance_driver_registry(const iree_runtime_instance_t* instance) {
  if (!instance) return NULL;
  return instance->driver_registry;
}

IREE_API_EXPORT iree_status_t iree_runtime_instance_try_create_default_device(
    iree_runtime_instance_t* instance, iree_string_view_t driver_name,
    iree_hal_device_t** out_device) {
  if (!out_device) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "out_device must not be NULL");
  }
  *out_device = NULL;
  if (!instance) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "instance must not be NULL");
  }
  if (!instance->driver_registry) {
    return iree_make_status(
        IREE_STATUS_FAILED_PRECONDITION,
        "the instance has no driver registry (its options were not given "
        "one, e.g. by iree_runtime_instance_options_use_all_available_drivers)"
        " so it cannot create devices by driver name");
  }

  // The driver is only needed to make the device: the device keeps whatever
  // it needs of the driver alive on its own.
  iree_hal_driver_t* driver = NULL;
  IREE_RETURN_IF_ERROR(iree_hal_driver_registry_try_create(
      instance->driver_registry, driver_name, instance->host_allocator,
      &driver));
  iree_status_t status = iree_hal_driver_create_default_device(
      driver, instance->host_allocator, out_device);
  iree_hal_driver_release(driver);
  return status;
}

//===----------------------------------------------------------------------===//
// ireec_runtime_shared_vm_instance
//===----------------------------------------------------------------------===//

IREE_API_EXPORT iree_status_t ireec_runtime_shared_vm_instance(
    iree_vm_instance_t** out_vm_instance) {
  if (!out_vm_instance) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "out_vm_instance must not be NULL");
  }
  return iree_runtime_shared_vm_instance_acquire(out_vm_instance);
}
