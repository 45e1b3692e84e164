// The HAL driver registry: a mutex-guarded list of driver factories that
// drivers are looked up in by name.
//
// The runtime we bind ships the drivers but not the registry, so this is our
// own implementation of IREE's registry API with IREE's semantics:
// - registration order is kept and lookups prefer the most recent factory, so
//   a later registration can override a driver name;
// - factories are borrowed, never copied or freed (they usually live in
//   static storage);
// - every entry point takes the registry lock, and factory callbacks run with
//   it held, so a factory never sees concurrent calls from one registry.

#include "iree/hal/driver_registry.h"

#include <pthread.h>
#include <string.h>

#include "iree/base/internal/synchronization.h"

// A fixed capacity keeps registration allocation-free, which is what lets the
// process-wide registry exist before any allocator is chosen. IREE uses the
// same bound.
#define IREE_HAL_MAX_DRIVER_FACTORY_COUNT 16

struct iree_hal_driver_registry_t {
  // Allocator the registry itself came from; unused by the default registry,
  // which is static storage.
  iree_allocator_t host_allocator;
  iree_slim_mutex_t mutex;
  // Dense, in registration order; unregistering shifts later entries down.
  iree_host_size_t factory_count;
  const iree_hal_driver_factory_t* factories[IREE_HAL_MAX_DRIVER_FACTORY_COUNT];
};

//===----------------------------------------------------------------------===//
// Process-wide default registry
//===----------------------------------------------------------------------===//

static iree_hal_driver_registry_t iree_hal_driver_registry_default_storage;
static pthread_once_t iree_hal_driver_registry_default_once = PTHREAD_ONCE_INIT;

static void iree_hal_driver_registry_default_initialize(void) {
  memset(&iree_hal_driver_registry_default_storage, 0,
         sizeof(iree_hal_driver_registry_default_storage));
  iree_hal_driver_registry_default_storage.host_allocator =
      iree_allocator_null();
  iree_slim_mutex_initialize(&iree_hal_driver_registry_default_storage.mutex);
}

// pthread_once makes the first use from any thread race-free without
// requiring callers to initialize anything up front.
IREE_API_EXPORT iree_hal_driver_registry_t* iree_hal_driver_registry_default(
    void) {
  pthread_once(&iree_hal_driver_registry_default_once,
               iree_hal_driver_registry_default_initialize);
  return &iree_hal_driver_registry_default_storage;
}

//===----------------------------------------------------------------------===//
// Lifetime
//===----------------------------------------------------------------------===//

IREE_API_EXPORT iree_status_t
iree_hal_driver_registry_allocate(iree_allocator_t host_allocator,
                                  iree_hal_driver_registry_t** out_registry) {
  if (!out_registry) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "out_registry must not be NULL");
  }
  *out_registry = NULL;

  // iree_allocator_malloc zero-fills, so the factory list starts empty.
  iree_hal_driver_registry_t* registry = NULL;
  IREE_RETURN_IF_ERROR(iree_allocator_malloc(host_allocator, sizeof(*registry),
                                             (void**)&registry));
  registry->host_allocator = host_allocator;
  iree_slim_mutex_initialize(&registry->mutex);

  *out_registry = registry;
  return iree_ok_status();
}

IREE_API_EXPORT void iree_hal_driver_registry_free(
    iree_hal_driver_registry_t* registry) {
  if (!registry) return;
  // The default registry is static storage that lives as long as the process;
  // freeing it would hand non-heap memory to an allocator, so ignore that.
  if (registry == &iree_hal_driver_registry_default_storage) return;
  // Factories are borrowed: dropping the list is all the unregistering there
  // is to do. Drivers created earlier keep working; they do not refer back to
  // the registry.
  iree_allocator_t host_allocator = registry->host_allocator;
  iree_slim_mutex_deinitialize(&registry->mutex);
  iree_allocator_free(host_allocator, registry);
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

IREE_API_EXPORT iree_status_t iree_hal_driver_registry_register_factory(
    iree_hal_driver_registry_t* registry,
    const iree_hal_driver_factory_t* factory) {
  if (!registry || !factory) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "registry and factory must not be NULL");
  }
  if (!factory->enumerate || !factory->try_create) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "factory must provide enumerate and try_create");
  }

  iree_status_t status = iree_ok_status();
  iree_slim_mutex_lock(&registry->mutex);

  // A duplicate is an error (as in IREE) rather than a no-op so that every
  // successful register is matched by exactly one successful unregister.
  for (iree_host_size_t i = 0; i < registry->factory_count; ++i) {
    if (registry->factories[i] == factory) {
      status = iree_make_status(IREE_STATUS_ALREADY_EXISTS,
                                "this driver factory is already registered");
      break;
    }
  }

  // Checked after the duplicate scan so a repeated registration is reported
  // as what it is rather than as the registry being full.
  if (iree_status_is_ok(status) &&
      registry->factory_count >= IREE_HAL_MAX_DRIVER_FACTORY_COUNT) {
    status = iree_make_status(IREE_STATUS_RESOURCE_EXHAUSTED,
                              "the driver registry is full (%d factories)",
                              IREE_HAL_MAX_DRIVER_FACTORY_COUNT);
  }

  if (iree_status_is_ok(status)) {
    registry->factories[registry->factory_count++] = factory;
  }

  iree_slim_mutex_unlock(&registry->mutex);
  return status;
}

IREE_API_EXPORT iree_status_t iree_hal_driver_registry_unregister_factory(
    iree_hal_driver_registry_t* registry,
    const iree_hal_driver_factory_t* factory) {
  if (!registry || !factory) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "registry and factory must not be NULL");
  }

  iree_status_t status = iree_ok_status();
  iree_slim_mutex_lock(&registry->mutex);

  iree_host_size_t index = registry->factory_count;
  for (iree_host_size_t i = 0; i < registry->factory_count; ++i) {
    if (registry->factories[i] == factory) {
      index = i;
      break;
    }
  }

  if (index == registry->factory_count) {
    status = iree_make_status(IREE_STATUS_NOT_FOUND,
                              "this driver factory is not registered");
  } else {
    // Shift the tail down so registration order (and with it lookup
    // precedence) of the remaining factories is unchanged.
    iree_host_size_t tail_count = registry->factory_count - index - 1;
    memmove((void*)&registry->factories[index],
            (const void*)&registry->factories[index + 1],
            tail_count * sizeof(registry->factories[0]));
    registry->factories[--registry->factory_count] = NULL;
  }

  iree_slim_mutex_unlock(&registry->mutex);
  return status;
}

//===----------------------------------------------------------------------===//
// Enumeration
//===----------------------------------------------------------------------===//

// Bytes needed to hold copies of the strings |driver_info| refers to.
static iree_host_size_t iree_hal_driver_info_string_size(
    const iree_hal_driver_info_t* driver_info) {
  return driver_info->driver_name.size + driver_info->full_name.size;
}

// Copies |source| to |target| with its strings copied into |string_storage|,
// so the copy does not depend on the factory's memory. Returns the number of
// string bytes used.
static iree_host_size_t iree_hal_driver_info_copy_to(
    const iree_hal_driver_info_t* source, iree_hal_driver_info_t* target,
    char* string_storage) {
  iree_host_size_t offset = 0;
  offset += iree_string_view_append_to_buffer(
      source->driver_name, &target->driver_name, string_storage + offset);
  offset += iree_string_view_append_to_buffer(
      source->full_name, &target->full_name, string_storage + offset);
  return offset;
}

// The result is one allocation from |host_allocator|: the info array followed
// by the strings it points at. The caller frees it with that allocator and
// may keep it after factories are unregistered.
IREE_API_EXPORT iree_status_t iree_hal_driver_registry_enumerate(
    iree_hal_driver_registry_t* registry, iree_allocator_t host_allocator,
    iree_host_size_t* out_driver_info_count,
    iree_hal_driver_info_t** out_driver_infos) {
  if (out_driver_info_count) *out_driver_info_count = 0;
  if (out_driver_infos) *out_driver_infos = NULL;
  if (!registry || !out_driver_info_count || !out_driver_infos) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "registry, out_driver_info_count and "
                            "out_driver_infos must not be NULL");
  }

  iree_status_t status = iree_ok_status();
  iree_slim_mutex_lock(&registry->mutex);

  // First pass sizes the allocation. Factories must return the same infos
  // while registered, and the lock keeps the factory list fixed, so the
  // second pass sees exactly what this one measured.
  iree_host_size_t total_count = 0;
  iree_host_size_t total_string_size = 0;
  for (iree_host_size_t i = 0;
       i < registry->factory_count && iree_status_is_ok(status); ++i) {
    const iree_hal_driver_factory_t* factory = registry->factories[i];
    iree_host_size_t count = 0;
    const iree_hal_driver_info_t* infos = NULL;
    status = factory->enumerate(factory->self, &count, &infos);
    if (!iree_status_is_ok(status)) break;
    total_count += count;
    for (iree_host_size_t j = 0; j < count; ++j) {
      total_string_size += iree_hal_driver_info_string_size(&infos[j]);
    }
  }

  iree_hal_driver_info_t* result = NULL;
  iree_host_size_t infos_size = total_count * sizeof(iree_hal_driver_info_t);
  if (iree_status_is_ok(status) && total_count > 0) {
    status = iree_allocator_malloc(host_allocator,
                                   infos_size + total_string_size,
                                   (void**)&result);
  }

  if (iree_status_is_ok(status) && result) {
    iree_hal_driver_info_t* next_info = result;
    char* next_string = (char*)result + infos_size;
    for (iree_host_size_t i = 0; i < registry->factory_count; ++i) {
      const iree_hal_driver_factory_t* factory = registry->factories[i];
      iree_host_size_t count = 0;
      const iree_hal_driver_info_t* infos = NULL;
      status = factory->enumerate(factory->self, &count, &infos);
      if (!iree_status_is_ok(status)) break;
      for (iree_host_size_t j = 0; j < count; ++j) {
        next_string +=
            iree_hal_driver_info_copy_to(&infos[j], next_info++, next_string);
      }
    }
  }

  iree_slim_mutex_unlock(&registry->mutex);

  if (iree_status_is_ok(status)) {
    *out_driver_info_count = total_count;
    *out_driver_infos = result;
  } else {
    iree_allocator_free(host_allocator, result);
  }
  return status;
}

//===----------------------------------------------------------------------===//
// Driver creation
//===----------------------------------------------------------------------===//

// Builds the NOT_FOUND status for an unknown |driver_name|, naming every
// driver the registry does offer so the caller can see what to ask for
// instead. Called with the registry lock held.
static iree_status_t iree_hal_driver_registry_make_not_found_status(
    iree_hal_driver_registry_t* registry, iree_string_view_t driver_name,
    iree_allocator_t host_allocator) {
  // A factory that fails to enumerate, or running out of memory while
  // listing, only shortens the list: the caller wants to know about the
  // missing driver, not about an unrelated failure.
  iree_string_builder_t names;
  iree_string_builder_initialize(host_allocator, &names);
  iree_status_t list_status = iree_ok_status();
  for (iree_host_size_t i = 0;
       i < registry->factory_count && iree_status_is_ok(list_status); ++i) {
    const iree_hal_driver_factory_t* factory = registry->factories[i];
    iree_host_size_t count = 0;
    const iree_hal_driver_info_t* infos = NULL;
    iree_status_t status = factory->enumerate(factory->self, &count, &infos);
    if (!iree_status_is_ok(status)) {
      iree_status_ignore(status);
      continue;
    }
    for (iree_host_size_t j = 0; j < count && iree_status_is_ok(list_status);
         ++j) {
      if (iree_string_builder_size(&names) > 0) {
        list_status = iree_string_builder_append_cstring(&names, ", ");
      }
      if (iree_status_is_ok(list_status)) {
        list_status = iree_string_builder_append_string(
            &names, infos[j].driver_name);
      }
    }
  }
  iree_status_ignore(list_status);

  // The status copies the formatted message, so the list can go right away.
  iree_string_view_t list = iree_string_builder_view(&names);
  if (list.size == 0) list = iree_make_cstring_view("(none)");
  iree_status_t status = iree_make_status(
      IREE_STATUS_NOT_FOUND,
      "no HAL driver '%.*s' is registered; available drivers: %.*s",
      (int)driver_name.size, driver_name.data, (int)list.size, list.data);
  iree_string_builder_deinitialize(&names);
  return status;
}

IREE_API_EXPORT iree_status_t iree_hal_driver_registry_try_create(
    iree_hal_driver_registry_t* registry, iree_string_view_t driver_name,
    iree_allocator_t host_allocator, iree_hal_driver_t** out_driver) {
  if (!out_driver) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "out_driver must not be NULL");
  }
  *out_driver = NULL;
  if (!registry) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "registry must not be NULL");
  }

  // The lock is held across creation as well as the search: it keeps the
  // chosen factory registered (and so alive) while it works, at the cost of
  // serializing driver creation per registry.
  iree_status_t status = iree_ok_status();
  iree_slim_mutex_lock(&registry->mutex);

  // Newest factory first, and within a factory the last matching entry, so
  // the most recent registration of a name wins.
  const iree_hal_driver_factory_t* hit_factory = NULL;
  for (iree_host_size_t i = registry->factory_count; i > 0 && !hit_factory;
       --i) {
    const iree_hal_driver_factory_t* factory = registry->factories[i - 1];
    iree_host_size_t count = 0;
    const iree_hal_driver_info_t* infos = NULL;
    status = factory->enumerate(factory->self, &count, &infos);
    if (!iree_status_is_ok(status)) break;
    for (iree_host_size_t j = count; j > 0; --j) {
      if (iree_string_view_equal(driver_name, infos[j - 1].driver_name)) {
        hit_factory = factory;
        break;
      }
    }
  }

  if (iree_status_is_ok(status)) {
    if (hit_factory) {
      status = hit_factory->try_create(hit_factory->self, driver_name,
                                       host_allocator, out_driver);
    } else {
      status = iree_hal_driver_registry_make_not_found_status(
          registry, driver_name, host_allocator);
    }
  }

  iree_slim_mutex_unlock(&registry->mutex);
  return status;
}
