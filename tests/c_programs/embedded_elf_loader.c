// simple_embedding's shape: an embedded-ELF executable loader made directly,
// a local-task device built on it, an executable cache of that device asked
// about the format, and simple_mul run through a session on the device.
//
// Usage: embedded_elf_loader SIMPLE_MUL_VMFB

#include "iree/hal/local/executable_loader.h"
#include "iree/hal/local/loaders/embedded_elf_loader.h"
#include "sample_support.h"

static iree_status_t run(const char* vmfb_path) {
  iree_allocator_t host_allocator = iree_allocator_system();
  iree_hal_executable_loader_t* loader = NULL;
  IREE_RETURN_IF_ERROR(
      iree_hal_embedded_elf_loader_create(NULL, host_allocator, &loader));
  printf("loader supports embedded-elf-" IREE_ARCH ": %d\n",
         (int)iree_hal_executable_loader_query_support(
             loader, 0, IREE_SV("embedded-elf-" IREE_ARCH)));
  printf("loader supports static: %d\n",
         (int)iree_hal_executable_loader_query_support(loader, 0,
                                                       IREE_SV("static")));

  iree_hal_device_t* device = NULL;
  iree_status_t status =
      sample_create_task_device(1, &loader, host_allocator, &device);
  iree_hal_executable_loader_release(loader);

  // The device's executable cache asks the same loader.
  iree_hal_executable_cache_t* cache = NULL;
  iree_status_t loop_status = iree_ok_status();
  if (iree_status_is_ok(status)) {
    status = iree_hal_executable_cache_create(
        device, IREE_SV("sample"), iree_loop_inline(&loop_status), &cache);
  }
  if (iree_status_is_ok(status)) {
    printf("cache can prepare embedded-elf-" IREE_ARCH ": %d\n",
           (int)iree_hal_executable_cache_can_prepare_format(
               cache, 0, IREE_SV("embedded-elf-" IREE_ARCH)));
  }
  iree_hal_executable_cache_release(cache);
  iree_status_ignore(loop_status);

  if (iree_status_is_ok(status)) status = sample_run_simple_mul(device, vmfb_path);
  iree_hal_device_release(device);
  return status;
}

int main(int argc, char** argv) {
  return sample_main(argc, argv, "SIMPLE_MUL_VMFB", run);
}
