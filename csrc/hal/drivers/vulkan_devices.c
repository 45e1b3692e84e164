// The machine's Vulkan physical devices (vulkan_devices.h), through the
// Vulkan loader opened at run time (libvulkan.so.1), with an instance of our
// own that lives only for the listing.

#include "vulkan_devices.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "vulkan_abi.h"

// What the listing needs of the loader.
typedef struct ireec_vulkan_entry_points_t {
  ireec_vk_destroy_instance_fn_t destroy_instance;
  ireec_vk_enumerate_physical_devices_fn_t enumerate_physical_devices;
  ireec_vk_get_physical_device_properties2_fn_t get_physical_device_properties2;
} ireec_vulkan_entry_points_t;

static void ireec_vulkan_uuid_format(const uint8_t uuid[IREEC_VK_UUID_SIZE],
                                     char out_text[IREEC_VULKAN_UUID_TEXT_LENGTH + 1]) {
  // IREE's device path form (and the one it parses back): 8-4-4-4-12.
  snprintf(out_text, IREEC_VULKAN_UUID_TEXT_LENGTH + 1,
           "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
           "%02x%02x%02x%02x%02x%02x",
           uuid[0], uuid[1], uuid[2], uuid[3], uuid[4], uuid[5], uuid[6],
           uuid[7], uuid[8], uuid[9], uuid[10], uuid[11], uuid[12], uuid[13],
           uuid[14], uuid[15]);
}

// Lists the devices of |instance| into a new array.
static iree_status_t ireec_vulkan_instance_list(
    const ireec_vulkan_entry_points_t* vk, ireec_vk_instance_t instance,
    iree_allocator_t host_allocator, iree_host_size_t* out_count,
    ireec_vulkan_physical_device_t** out_devices) {
  uint32_t count = 0;
  ireec_vk_result_t result = vk->enumerate_physical_devices(instance, &count, NULL);
  if (result != 0) {
    return iree_make_status(IREE_STATUS_UNAVAILABLE,
                            "vkEnumeratePhysicalDevices failed (VkResult %d)",
                            (int)result);
  }
  if (count == 0) return iree_ok_status();
  ireec_vk_physical_device_t* handles = NULL;
  IREE_RETURN_IF_ERROR(iree_allocator_malloc(
      host_allocator, count * sizeof(*handles), (void**)&handles));
  ireec_vulkan_physical_device_t* devices = NULL;
  iree_status_t status = iree_allocator_malloc(
      host_allocator, count * sizeof(*devices), (void**)&devices);
  if (iree_status_is_ok(status)) {
    // VK_INCOMPLETE (5) if a device went away in between: list those left.
    result = vk->enumerate_physical_devices(instance, &count, handles);
    if (result != 0 && result != 5) {
      status = iree_make_status(IREE_STATUS_UNAVAILABLE,
                                "vkEnumeratePhysicalDevices failed (VkResult %d)",
                                (int)result);
    }
  }
  for (uint32_t i = 0; iree_status_is_ok(status) && i < count; ++i) {
    ireec_vk_physical_device_id_properties_t id_properties;
    memset(&id_properties, 0, sizeof(id_properties));
    id_properties.s_type = IREEC_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES;
    ireec_vk_physical_device_properties2_t properties;
    memset(&properties, 0, sizeof(properties));
    properties.s_type = IREEC_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2;
    properties.next = &id_properties;
    vk->get_physical_device_properties2(handles[i], &properties);
    ireec_vulkan_uuid_format(id_properties.device_uuid, devices[i].uuid_text);
    memcpy(devices[i].name, properties.properties.device_name,
           sizeof(devices[i].name));
    devices[i].name[sizeof(devices[i].name) - 1] = 0;
  }
  iree_allocator_free(host_allocator, handles);
  if (!iree_status_is_ok(status)) {
    iree_allocator_free(host_allocator, devices);
    return status;
  }
  *out_count = count;
  *out_devices = devices;
  return iree_ok_status();
}

IREE_HAL_DRIVER_SUPPORT_INTERNAL iree_status_t ireec_vulkan_physical_devices_list(
    iree_allocator_t host_allocator, iree_host_size_t* out_count,
    ireec_vulkan_physical_device_t** out_devices) {
  *out_count = 0;
  *out_devices = NULL;
  // The loader IREE's Vulkan driver opens too (by the same name), so this
  // lists what that driver sees.
  void* loader = dlopen("libvulkan.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!loader) {
    return iree_make_status(IREE_STATUS_UNAVAILABLE,
                            "the Vulkan loader libvulkan.so.1 could not be "
                            "opened (Debian: apt install libvulkan1): %s",
                            dlerror());
  }
  ireec_vk_get_instance_proc_addr_fn_t get_proc_addr =
      (ireec_vk_get_instance_proc_addr_fn_t)dlsym(loader, "vkGetInstanceProcAddr");
  ireec_vk_create_instance_fn_t create_instance =
      get_proc_addr
          ? (ireec_vk_create_instance_fn_t)get_proc_addr(NULL, "vkCreateInstance")
          : NULL;
  if (!create_instance) {
    dlclose(loader);
    return iree_make_status(IREE_STATUS_UNAVAILABLE,
                            "libvulkan.so.1 has no vkCreateInstance");
  }

  ireec_vk_application_info_t application_info;
  memset(&application_info, 0, sizeof(application_info));
  application_info.s_type = IREEC_VK_STRUCTURE_TYPE_APPLICATION_INFO;
  application_info.application_name = "ireec";
  application_info.api_version = IREEC_VK_API_VERSION_1_1;
  ireec_vk_instance_create_info_t create_info;
  memset(&create_info, 0, sizeof(create_info));
  create_info.s_type = IREEC_VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO;
  create_info.application_info = &application_info;
  ireec_vk_instance_t instance = NULL;
  ireec_vk_result_t result = create_instance(&create_info, NULL, &instance);
  if (result != 0) {
    dlclose(loader);
    return iree_make_status(IREE_STATUS_UNAVAILABLE,
                            "no Vulkan 1.1 instance could be created "
                            "(vkCreateInstance: VkResult %d); is a Vulkan "
                            "driver installed (Debian: apt install "
                            "mesa-vulkan-drivers)?",
                            (int)result);
  }

  ireec_vulkan_entry_points_t vk = {
      .destroy_instance = (ireec_vk_destroy_instance_fn_t)get_proc_addr(
          instance, "vkDestroyInstance"),
      .enumerate_physical_devices =
          (ireec_vk_enumerate_physical_devices_fn_t)get_proc_addr(
              instance, "vkEnumeratePhysicalDevices"),
      .get_physical_device_properties2 =
          (ireec_vk_get_physical_device_properties2_fn_t)get_proc_addr(
              instance, "vkGetPhysicalDeviceProperties2"),
  };
  iree_status_t status = iree_ok_status();
  if (!vk.destroy_instance || !vk.enumerate_physical_devices ||
      !vk.get_physical_device_properties2) {
    status = iree_make_status(IREE_STATUS_UNAVAILABLE,
                              "the Vulkan loader lacks a Vulkan 1.1 entry point");
  } else {
    status = ireec_vulkan_instance_list(&vk, instance, host_allocator, out_count,
                                        out_devices);
  }
  if (vk.destroy_instance) vk.destroy_instance(instance, NULL);
  dlclose(loader);
  return status;
}
