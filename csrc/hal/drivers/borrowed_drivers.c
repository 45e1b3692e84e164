// IREE's cuda and vulkan drivers, borrowed from another build of IREE in the
// process (ireec/hal/drivers/borrowed_drivers.h).
//
// The runtime ireec binds has neither. IREE's official runtime wheel has
// both, built from the same IREE ABI, but exports no C symbol: its Python
// objects hold the drivers. ireec's Python package is the lender here (it
// checks the wheel's build and each driver's code with
// ireec_hal_driver_check_image before lending it). A borrowed driver is
// wrapped like every driver of ireec's: its devices are wrapped in staging
// devices reaching only their own memory (wrapping_driver.h), and the
// vulkan driver also lists the devices IREE's hides (vulkan_devices.h).
// HAL objects dispatch through their vtables, so everything a borrowed
// driver's devices do runs that build's own driver code.

#include <dlfcn.h>
#include <inttypes.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "driver_support.h"
#include "ireec/api.h"
#include "vulkan_devices.h"
#include "wrapping_driver.h"

//===----------------------------------------------------------------------===//
// The lender
//===----------------------------------------------------------------------===//

// Set once when ireec's Python package is imported, and cleared at exit;
// read by any thread creating a driver.
typedef struct ireec_hal_driver_lender_t {
  ireec_hal_driver_lender_fn_t fn;
  void* user_data;
} ireec_hal_driver_lender_t;
static ireec_hal_driver_lender_t* _Atomic ireec_hal_driver_lender_current;
static ireec_hal_driver_lender_t ireec_hal_driver_lender_storage[2];
static atomic_uint ireec_hal_driver_lender_generation;

IREE_API_EXPORT void ireec_hal_driver_lender_set(ireec_hal_driver_lender_fn_t lender,
                                                 void* user_data) {
  if (!lender) {
    atomic_store(&ireec_hal_driver_lender_current, NULL);
    return;
  }
  // Two slots, alternated: a reader holding the previous one still reads a
  // whole (old) lender, never half of a new one.
  unsigned slot = atomic_fetch_add(&ireec_hal_driver_lender_generation, 1) & 1;
  ireec_hal_driver_lender_storage[slot].fn = lender;
  ireec_hal_driver_lender_storage[slot].user_data = user_data;
  atomic_store(&ireec_hal_driver_lender_current, &ireec_hal_driver_lender_storage[slot]);
}

//===----------------------------------------------------------------------===//
// Checking what is lent
//===----------------------------------------------------------------------===//

// Whether |address| lies in the loaded file whose real path is |image|.
static bool ireec_address_in_image(const void* address, const char* image) {
  Dl_info info;
  if (!address || !dladdr(address, &info) || !info.dli_fname) return false;
  char resolved[PATH_MAX];
  if (!realpath(info.dli_fname, resolved)) return false;
  return strcmp(resolved, image) == 0;
}

IREE_API_EXPORT iree_status_t ireec_hal_driver_check_image(
    iree_hal_driver_t* driver, iree_string_view_t image_path) {
  if (!driver || ((uintptr_t)driver % iree_alignof(iree_hal_resource_t)) != 0) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "not a driver pointer: %p", (void*)driver);
  }
  char path[PATH_MAX];
  if (image_path.size == 0 || image_path.size >= sizeof(path)) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "an image path of %" PRIhsz " bytes", image_path.size);
  }
  memcpy(path, image_path.data, image_path.size);
  path[image_path.size] = 0;
  char image[PATH_MAX];
  if (!realpath(path, image)) {
    return iree_make_status(IREE_STATUS_NOT_FOUND, "no file %s", path);
  }
  const iree_hal_resource_t* resource = (const iree_hal_resource_t*)driver;
  const iree_hal_driver_vtable_t* vtable =
      (const iree_hal_driver_vtable_t*)resource->vtable;
  if (!ireec_address_in_image(vtable, image)) {
    return iree_make_status(IREE_STATUS_FAILED_PRECONDITION,
                            "the driver's vtable %p is not in %s",
                            (const void*)vtable, image);
  }
  const void* functions[] = {
      (const void*)vtable->destroy,
      (const void*)vtable->query_available_devices,
      (const void*)vtable->dump_device_info,
      (const void*)vtable->create_device_by_id,
      (const void*)vtable->create_device_by_path,
  };
  for (iree_host_size_t i = 0; i < IREE_ARRAYSIZE(functions); ++i) {
    if (!ireec_address_in_image(functions[i], image)) {
      return iree_make_status(IREE_STATUS_FAILED_PRECONDITION,
                              "the driver's function %" PRIhsz
                              " (%p) is not in %s",
                              i, functions[i], image);
    }
  }
  if (__atomic_load_n(&resource->ref_count, __ATOMIC_ACQUIRE) <= 0) {
    return iree_make_status(IREE_STATUS_FAILED_PRECONDITION,
                            "the driver's reference count is not positive");
  }
  return iree_ok_status();
}

//===----------------------------------------------------------------------===//
// vulkan: the devices IREE's driver hides, listed and created
//===----------------------------------------------------------------------===//

// Device ids IREE's Vulkan driver hands out are VkPhysicalDevice handles
// (pointers, even); the devices listed here beyond IREE's get odd ids:
// 2 * (index in ireec_vulkan_physical_devices_list's order) + 1.
static bool ireec_vulkan_device_id_is_listed_here(iree_hal_device_id_t device_id) {
  return (device_id & 1) != 0;
}

// Whether |infos| names |uuid_text| as a path.
static bool ireec_vulkan_infos_have_path(iree_host_size_t count,
                                         const iree_hal_device_info_t* infos,
                                         const char* uuid_text) {
  for (iree_host_size_t i = 0; i < count; ++i) {
    if (iree_string_view_equal(infos[i].path, iree_make_cstring_view(uuid_text))) {
      return true;
    }
  }
  return false;
}

// IREE's list, then every physical device it leaves out.
static iree_status_t ireec_vulkan_devices_query(
    iree_hal_driver_t* inner_driver, iree_allocator_t host_allocator,
    iree_host_size_t* out_device_info_count,
    iree_hal_device_info_t** out_device_infos) {
  *out_device_info_count = 0;
  *out_device_infos = NULL;
  iree_host_size_t inner_count = 0;
  iree_hal_device_info_t* inner_infos = NULL;
  IREE_RETURN_IF_ERROR(iree_hal_driver_query_available_devices(
      inner_driver, host_allocator, &inner_count, &inner_infos));
  iree_host_size_t all_count = 0;
  ireec_vulkan_physical_device_t* all = NULL;
  iree_status_t status =
      ireec_vulkan_physical_devices_list(host_allocator, &all_count, &all);
  if (!iree_status_is_ok(status)) {
    // IREE's driver reached the loader; if this listing cannot, IREE's list
    // is still right as far as it goes.
    iree_status_ignore(status);
    *out_device_info_count = inner_count;
    *out_device_infos = inner_infos;
    return iree_ok_status();
  }

  // One allocation, as IREE's: the infos, then their strings.
  iree_host_size_t count = inner_count;
  iree_host_size_t string_size = 0;
  for (iree_host_size_t i = 0; i < inner_count; ++i) {
    string_size += inner_infos[i].path.size + inner_infos[i].name.size;
  }
  for (iree_host_size_t i = 0; i < all_count; ++i) {
    if (ireec_vulkan_infos_have_path(inner_count, inner_infos, all[i].uuid_text)) continue;
    ++count;
    string_size += strlen(all[i].uuid_text) + strlen(all[i].name);
  }
  iree_hal_device_info_t* infos = NULL;
  status = iree_allocator_malloc(
      host_allocator, count * sizeof(*infos) + string_size, (void**)&infos);
  if (iree_status_is_ok(status)) {
    char* strings = (char*)(infos + count);
    iree_host_size_t next = 0;
    for (iree_host_size_t i = 0; i < inner_count; ++i, ++next) {
      infos[next].device_id = inner_infos[i].device_id;
      strings += iree_string_view_append_to_buffer(inner_infos[i].path,
                                                   &infos[next].path, strings);
      strings += iree_string_view_append_to_buffer(inner_infos[i].name,
                                                   &infos[next].name, strings);
    }
    for (iree_host_size_t i = 0; i < all_count; ++i) {
      if (ireec_vulkan_infos_have_path(inner_count, inner_infos, all[i].uuid_text)) continue;
      infos[next].device_id = (iree_hal_device_id_t)(2 * i + 1);
      strings += iree_string_view_append_to_buffer(
          iree_make_cstring_view(all[i].uuid_text), &infos[next].path, strings);
      strings += iree_string_view_append_to_buffer(
          iree_make_cstring_view(all[i].name), &infos[next].name, strings);
      ++next;
    }
    *out_device_info_count = count;
    *out_device_infos = infos;
  }
  iree_allocator_free(host_allocator, all);
  iree_allocator_free(host_allocator, inner_infos);
  return status;
}

// Adds to a failure to create a device the URIs of the devices there are,
// when IREE's driver hides some (IREE's text says "0 visible").
static iree_status_t ireec_vulkan_annotate_devices(iree_status_t status,
                                                   iree_allocator_t host_allocator) {
  if (iree_status_is_ok(status)) return status;
  iree_host_size_t count = 0;
  ireec_vulkan_physical_device_t* all = NULL;
  iree_status_t list_status =
      ireec_vulkan_physical_devices_list(host_allocator, &count, &all);
  if (!iree_status_is_ok(list_status)) {
    return iree_status_annotate_f(status, "; %s",
                                  "no Vulkan devices could be listed either");
  }
  if (count == 0) {
    status = iree_status_annotate(
        status, IREE_SV("the Vulkan loader reports no physical device (is a "
                        "Vulkan driver installed? Debian: apt install "
                        "mesa-vulkan-drivers)"));
  }
  for (iree_host_size_t i = 0; i < count; ++i) {
    status = iree_status_annotate_f(status, "a device there is: vulkan://%s (%s)",
                                    all[i].uuid_text, all[i].name);
  }
  iree_allocator_free(host_allocator, all);
  return status;
}

static iree_status_t ireec_vulkan_device_create(
    iree_hal_driver_t* inner_driver, iree_string_view_t driver_name,
    ireec_cpu_device_param_set_t param_set, bool by_path,
    iree_hal_device_id_t device_id, iree_string_view_t device_path,
    iree_host_size_t param_count, const iree_string_pair_t* params,
    iree_allocator_t host_allocator, iree_hal_device_t** out_device) {
  char uuid_text[IREEC_VULKAN_UUID_TEXT_LENGTH + 1];
  if (!by_path && ireec_vulkan_device_id_is_listed_here(device_id)) {
    // A device this driver's listing added: created by its UUID.
    iree_host_size_t count = 0;
    ireec_vulkan_physical_device_t* all = NULL;
    IREE_RETURN_IF_ERROR(
        ireec_vulkan_physical_devices_list(host_allocator, &count, &all));
    iree_host_size_t index = (iree_host_size_t)(device_id / 2);
    if (index < count) memcpy(uuid_text, all[index].uuid_text, sizeof(uuid_text));
    iree_allocator_free(host_allocator, all);
    if (index >= count) {
      return iree_make_status(IREE_STATUS_NOT_FOUND,
                              "no Vulkan device has id %" PRIu64
                              " (listed: %" PRIhsz ")",
                              (uint64_t)device_id, count);
    }
    by_path = true;
    device_path = iree_make_cstring_view(uuid_text);
  }
  return ireec_vulkan_annotate_devices(
      ireec_accelerator_device_create(inner_driver, driver_name, param_set,
                                      by_path, device_id, device_path,
                                      param_count, params, host_allocator,
                                      out_device),
      host_allocator);
}

//===----------------------------------------------------------------------===//
// The factories
//===----------------------------------------------------------------------===//

static const iree_hal_driver_info_t ireec_hal_borrowed_cuda_driver_info = {
    .driver_name = IREE_SVL("cuda"),
    .full_name = IREE_SVL("NVIDIA CUDA HAL driver (IREE's own, lent by "
                          "iree-base-runtime 3.9.0: ireec's gpu extra)"),
};

static const iree_hal_driver_info_t ireec_hal_borrowed_vulkan_driver_info = {
    .driver_name = IREE_SVL("vulkan"),
    .full_name = IREE_SVL("Vulkan 1.x (dynamic) (IREE's own, lent by "
                          "iree-base-runtime 3.9.0: ireec's gpu extra)"),
};

static iree_status_t ireec_hal_borrowed_driver_factory_try_create(
    void* self, iree_string_view_t driver_name, iree_allocator_t host_allocator,
    iree_hal_driver_t** out_driver) {
  *out_driver = NULL;
  IREE_RETURN_IF_ERROR(ireec_single_driver_factory_check_name(self, driver_name));
  const iree_hal_driver_info_t* info = (const iree_hal_driver_info_t*)self;
  ireec_hal_driver_lender_t* lender = atomic_load(&ireec_hal_driver_lender_current);
  if (!lender) {
    return iree_make_status(
        IREE_STATUS_UNAVAILABLE,
        "IREE's %.*s driver is not in the runtime ireec binds; ireec's Python "
        "package lends it from IREE's official runtime (iree-base-runtime "
        "3.9.0, ireec's gpu extra), and nothing lends it in this process",
        (int)info->driver_name.size, info->driver_name.data);
  }
  iree_hal_driver_t* inner_driver = NULL;
  IREE_RETURN_IF_ERROR(lender->fn(lender->user_data, info->driver_name, &inner_driver));
  if (!inner_driver) {
    return iree_make_status(IREE_STATUS_INTERNAL,
                            "the lender of the %.*s driver handed over nothing",
                            (int)info->driver_name.size, info->driver_name.data);
  }
  bool vulkan = info == &ireec_hal_borrowed_vulkan_driver_info;
  return ireec_hal_wrapping_driver_wrap_move(
      inner_driver, info->driver_name, IREEC_CPU_DEVICE_PARAMS_NONE,
      vulkan ? ireec_vulkan_device_create : ireec_accelerator_device_create,
      vulkan ? ireec_vulkan_devices_query : NULL, host_allocator, out_driver);
}

IREE_API_EXPORT iree_status_t
iree_hal_cuda_driver_module_register(iree_hal_driver_registry_t* registry) {
  // Static so the registry can borrow it for as long as it stays registered.
  static const iree_hal_driver_factory_t factory = {
      .self = (void*)&ireec_hal_borrowed_cuda_driver_info,
      .enumerate = ireec_single_driver_factory_enumerate,
      .try_create = ireec_hal_borrowed_driver_factory_try_create,
  };
  return iree_hal_driver_registry_register_factory(registry, &factory);
}

IREE_API_EXPORT iree_status_t
iree_hal_vulkan_driver_module_register(iree_hal_driver_registry_t* registry) {
  static const iree_hal_driver_factory_t factory = {
      .self = (void*)&ireec_hal_borrowed_vulkan_driver_info,
      .enumerate = ireec_single_driver_factory_enumerate,
      .try_create = ireec_hal_borrowed_driver_factory_try_create,
  };
  return iree_hal_driver_registry_register_factory(registry, &factory);
}
