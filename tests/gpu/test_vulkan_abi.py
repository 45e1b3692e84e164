"""The few Vulkan types ireec spells itself to list physical devices
(csrc/hal/drivers/vulkan_abi.h), checked against Vulkan's own header
(<vulkan/vulkan_core.h>, Debian's libvulkan-dev, which scripts/run-tests
installs): a program holding both compiles only if every size and offset
ireec uses is Vulkan's, and prints the constants from both."""

from __future__ import annotations

from pathlib import Path

import pytest

from locations import REPO_ROOT

VULKAN_HEADER = Path("/usr/include/vulkan/vulkan_core.h")
DRIVERS_DIR = REPO_ROOT / "csrc" / "hal" / "drivers"

PROGRAM = r"""
#include <stddef.h>
#include <stdio.h>
#include <vulkan/vulkan_core.h>
#include "vulkan_abi.h"

#define SAME_SIZE(ours, theirs) \
  _Static_assert(sizeof(ours) == sizeof(theirs), #theirs)
#define SAME_FIELD(ours, a, theirs, b) \
  _Static_assert(offsetof(ours, a) == offsetof(theirs, b), #theirs "." #b)

SAME_SIZE(ireec_vk_application_info_t, VkApplicationInfo);
SAME_FIELD(ireec_vk_application_info_t, next, VkApplicationInfo, pNext);
SAME_FIELD(ireec_vk_application_info_t, application_name, VkApplicationInfo, pApplicationName);
SAME_FIELD(ireec_vk_application_info_t, api_version, VkApplicationInfo, apiVersion);
SAME_SIZE(ireec_vk_instance_create_info_t, VkInstanceCreateInfo);
SAME_FIELD(ireec_vk_instance_create_info_t, application_info, VkInstanceCreateInfo, pApplicationInfo);
SAME_FIELD(ireec_vk_instance_create_info_t, enabled_extension_names, VkInstanceCreateInfo, ppEnabledExtensionNames);
SAME_SIZE(ireec_vk_physical_device_properties_t, VkPhysicalDeviceProperties);
SAME_FIELD(ireec_vk_physical_device_properties_t, device_type, VkPhysicalDeviceProperties, deviceType);
SAME_FIELD(ireec_vk_physical_device_properties_t, device_name, VkPhysicalDeviceProperties, deviceName);
SAME_FIELD(ireec_vk_physical_device_properties_t, pipeline_cache_uuid, VkPhysicalDeviceProperties, pipelineCacheUUID);
SAME_SIZE(ireec_vk_physical_device_properties2_t, VkPhysicalDeviceProperties2);
SAME_FIELD(ireec_vk_physical_device_properties2_t, next, VkPhysicalDeviceProperties2, pNext);
SAME_FIELD(ireec_vk_physical_device_properties2_t, properties, VkPhysicalDeviceProperties2, properties);
SAME_SIZE(ireec_vk_physical_device_id_properties_t, VkPhysicalDeviceIDProperties);
SAME_FIELD(ireec_vk_physical_device_id_properties_t, device_uuid, VkPhysicalDeviceIDProperties, deviceUUID);

int main(void) {
  printf("%d %d\n", IREEC_VK_STRUCTURE_TYPE_APPLICATION_INFO, VK_STRUCTURE_TYPE_APPLICATION_INFO);
  printf("%d %d\n", IREEC_VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO);
  printf("%d %d\n", IREEC_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
         VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2);
  printf("%d %d\n", IREEC_VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES,
         VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES);
  printf("%u %u\n", IREEC_VK_API_VERSION_1_1, VK_API_VERSION_1_1);
  printf("%d %d\n", IREEC_VK_MAX_PHYSICAL_DEVICE_NAME_SIZE, VK_MAX_PHYSICAL_DEVICE_NAME_SIZE);
  printf("%d %d\n", IREEC_VK_UUID_SIZE, VK_UUID_SIZE);
  return 0;
}
"""


def test_ireec_spells_vulkans_types_as_vulkan_does(build_c_program):
    if not VULKAN_HEADER.is_file():
        pytest.fail(f"{VULKAN_HEADER} not installed (Debian: libvulkan-dev; "
                    "scripts/run-tests installs it when run as root)")
    program = build_c_program(PROGRAM, "vulkan_abi", extra_flags=(f"-I{DRIVERS_DIR}",))
    pairs = [line.split() for line in program.output().splitlines()]
    assert len(pairs) == 7
    for ours, theirs in pairs:
        assert ours == theirs
