// Private to csrc/hal/drivers: the few Vulkan types and entry points ireec
// uses to list physical devices (vulkan_devices.c), spelled here so that the
// build needs no Vulkan headers. Vulkan's ABI is stable; the sizes and
// offsets below are those of <vulkan/vulkan_core.h> on 64-bit Linux, checked
// against Vulkan's own header by tests/hal/test_vulkan_abi.py.
#ifndef IREEC_HAL_DRIVERS_VULKAN_ABI_H_
#define IREEC_HAL_DRIVERS_VULKAN_ABI_H_

#include <stddef.h>
#include <stdint.h>

typedef int32_t ireec_vk_result_t;  // VkResult: VK_SUCCESS is 0
typedef struct ireec_vk_instance_s* ireec_vk_instance_t;                // VkInstance
typedef struct ireec_vk_physical_device_s* ireec_vk_physical_device_t;  // VkPhysicalDevice

// VkStructureType values.
#define IREEC_VK_STRUCTURE_TYPE_APPLICATION_INFO 0
#define IREEC_VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO 1
#define IREEC_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2 1000059001
#define IREEC_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES 1000071004
// VK_API_VERSION_1_1: vkGetPhysicalDeviceProperties2 is core from 1.1.
#define IREEC_VK_API_VERSION_1_1 ((1u << 22) | (1u << 12))
// VK_MAX_PHYSICAL_DEVICE_NAME_SIZE and VK_UUID_SIZE.
#define IREEC_VK_MAX_PHYSICAL_DEVICE_NAME_SIZE 256
#define IREEC_VK_UUID_SIZE 16

// VkApplicationInfo.
typedef struct ireec_vk_application_info_t {
  int32_t s_type;
  const void* next;
  const char* application_name;
  uint32_t application_version;
  const char* engine_name;
  uint32_t engine_version;
  uint32_t api_version;
} ireec_vk_application_info_t;

// VkInstanceCreateInfo.
typedef struct ireec_vk_instance_create_info_t {
  int32_t s_type;
  const void* next;
  uint32_t flags;
  const ireec_vk_application_info_t* application_info;
  uint32_t enabled_layer_count;
  const char* const* enabled_layer_names;
  uint32_t enabled_extension_count;
  const char* const* enabled_extension_names;
} ireec_vk_instance_create_info_t;

// VkPhysicalDeviceProperties: the leading members ireec reads, then the rest
// (pipelineCacheUUID, VkPhysicalDeviceLimits, VkPhysicalDeviceSparseProperties)
// as opaque storage of the same size and alignment.
typedef struct ireec_vk_physical_device_properties_t {
  uint32_t api_version;
  uint32_t driver_version;
  uint32_t vendor_id;
  uint32_t device_id;
  int32_t device_type;
  char device_name[IREEC_VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
  uint8_t pipeline_cache_uuid[IREEC_VK_UUID_SIZE];
  uint64_t limits_and_sparse_properties[66];
} ireec_vk_physical_device_properties_t;

// VkPhysicalDeviceProperties2.
typedef struct ireec_vk_physical_device_properties2_t {
  int32_t s_type;
  void* next;
  ireec_vk_physical_device_properties_t properties;
} ireec_vk_physical_device_properties2_t;

// VkPhysicalDeviceIDProperties.
typedef struct ireec_vk_physical_device_id_properties_t {
  int32_t s_type;
  void* next;
  uint8_t device_uuid[IREEC_VK_UUID_SIZE];
  uint8_t driver_uuid[IREEC_VK_UUID_SIZE];
  uint8_t device_luid[8];
  uint32_t device_node_mask;
  uint32_t device_luid_valid;
} ireec_vk_physical_device_id_properties_t;

_Static_assert(sizeof(ireec_vk_application_info_t) == 48, "VkApplicationInfo");
_Static_assert(sizeof(ireec_vk_instance_create_info_t) == 64, "VkInstanceCreateInfo");
_Static_assert(offsetof(ireec_vk_physical_device_properties_t, device_name) == 20,
               "VkPhysicalDeviceProperties.deviceName");
_Static_assert(sizeof(ireec_vk_physical_device_properties_t) == 824,
               "VkPhysicalDeviceProperties");
_Static_assert(offsetof(ireec_vk_physical_device_properties2_t, properties) == 16,
               "VkPhysicalDeviceProperties2.properties");
_Static_assert(sizeof(ireec_vk_physical_device_properties2_t) == 840,
               "VkPhysicalDeviceProperties2");
_Static_assert(offsetof(ireec_vk_physical_device_id_properties_t, device_uuid) == 16,
               "VkPhysicalDeviceIDProperties.deviceUUID");
_Static_assert(sizeof(ireec_vk_physical_device_id_properties_t) == 64,
               "VkPhysicalDeviceIDProperties");

// The entry points, as vkGetInstanceProcAddr returns them.
typedef void (*ireec_vk_void_function_t)(void);
typedef ireec_vk_void_function_t (*ireec_vk_get_instance_proc_addr_fn_t)(
    ireec_vk_instance_t instance, const char* name);
typedef ireec_vk_result_t (*ireec_vk_create_instance_fn_t)(
    const ireec_vk_instance_create_info_t* create_info, const void* allocator,
    ireec_vk_instance_t* out_instance);
typedef void (*ireec_vk_destroy_instance_fn_t)(ireec_vk_instance_t instance,
                                               const void* allocator);
typedef ireec_vk_result_t (*ireec_vk_enumerate_physical_devices_fn_t)(
    ireec_vk_instance_t instance, uint32_t* count,
    ireec_vk_physical_device_t* devices);
typedef void (*ireec_vk_get_physical_device_properties2_fn_t)(
    ireec_vk_physical_device_t device,
    ireec_vk_physical_device_properties2_t* properties);

#endif  // IREEC_HAL_DRIVERS_VULKAN_ABI_H_
