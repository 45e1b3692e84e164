// C++ against IREE's headers, as IREE's own C++ is written: iree::StatusOr
// carrying a device or the failure that prevented it, the C
// IREE_RETURN_IF_ERROR forms propagating both iree_status_t and iree::Status
// out of functions returning iree::Status or iree::StatusOr<T>, and
// IREE_ASSIGN_OR_RETURN.
//
// Usage: status_or

#include <cstdio>
#include <string>
#include <utility>

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/hal/drivers/init.h"

namespace {

// A device by URI through the driver registry, or why there is none.
iree::StatusOr<iree_hal_device_t*> CreateDevice(const char* uri) {
  iree_hal_device_t* device = nullptr;
  IREE_RETURN_IF_ERROR(iree_hal_create_device(iree_hal_driver_registry_default(),
                                              iree_make_cstring_view(uri),
                                              iree_allocator_system(), &device),
                       "creating device '%s'", uri);
  return device;
}

// Fails with the code it is given, from an iree::Status.
iree::Status Check(bool ok) {
  if (ok) return iree::OkStatus();
  return iree::Status(iree::StatusCode::kFailedPrecondition, IREE_LOC,
                      "the check failed");
}

// Fills a 16-byte buffer on |uri|'s device with a pattern and reads back one
// word; every step's failure propagates.
iree::StatusOr<uint32_t> FillAndRead(const char* uri) {
  IREE_ASSIGN_OR_RETURN(iree_hal_device_t* device, CreateDevice(uri));
  iree_hal_buffer_params_t params = {};
  params.type = IREE_HAL_MEMORY_TYPE_HOST_LOCAL | IREE_HAL_MEMORY_TYPE_DEVICE_VISIBLE;
  params.usage = IREE_HAL_BUFFER_USAGE_DEFAULT | IREE_HAL_BUFFER_USAGE_MAPPING;
  params.access = IREE_HAL_MEMORY_ACCESS_ALL;
  iree_hal_buffer_t* buffer = nullptr;
  iree_status_t status = iree_hal_allocator_allocate_buffer(
      iree_hal_device_allocator(device), params, 16, &buffer);
  const uint32_t pattern = 0xCAFEF00Du;
  if (iree_status_is_ok(status)) {
    status = iree_hal_buffer_map_fill(buffer, 0, 16, &pattern, sizeof(pattern));
  }
  uint32_t word = 0;
  if (iree_status_is_ok(status)) {
    status = iree_hal_buffer_map_read(buffer, 8, &word, sizeof(word));
  }
  iree_hal_buffer_release(buffer);
  iree_hal_device_release(device);
  IREE_RETURN_IF_ERROR(status);            // iree_status_t
  IREE_RETURN_IF_ERROR(Check(word == pattern), "after the readback");  // iree::Status
  return word;
}

void Report(const char* what, const iree::StatusOr<uint32_t>& result) {
  if (result.ok()) {
    std::printf("%s: ok 0x%08X\n", what, static_cast<unsigned>(result.value()));
  } else {
    std::printf("%s: %s\n", what,
                iree::StatusCodeToString(result.status().code()));
    std::printf("%s message: %s\n", what, result.status().ToString().c_str());
  }
}

}  // namespace

int main() {
  // iree_hal_driver_registry_default() is empty until drivers register.
  iree_status_t status =
      iree_hal_register_all_available_drivers(iree_hal_driver_registry_default());
  if (!iree_status_is_ok(status)) {
    iree_status_fprint(stderr, status);
    iree_status_ignore(status);
    return 1;
  }

  Report("local-task", FillAndRead("local-task"));
  Report("metal", FillAndRead("metal"));

  // Status values own their storage: moving hands it over, the moved-from
  // keeps the code; IsOk and comparisons look at codes.
  iree::Status failed(iree::StatusCode::kNotFound, "nothing here");
  iree::Status taken = std::move(failed);
  std::printf("moved: %s / %s, equal codes: %d\n",
              iree::StatusCodeToString(taken.code()),
              iree::StatusCodeToString(failed.code()),
              static_cast<int>(taken == failed));
  std::printf("IsOk(OkStatus()): %d, IsOk(taken): %d\n",
              static_cast<int>(iree::IsOk(iree::OkStatus())),
              static_cast<int>(iree::IsOk(taken)));
  iree::StatusOr<std::string> text = std::string("value");
  std::printf("StatusOr<std::string>: %s (%d)\n", text->c_str(),
              static_cast<int>(iree::IsOk(text)));
  iree::StatusOr<int> none = iree::Status(iree::StatusCode::kAborted, "gone");
  std::printf("value_or: %d\n", none.value_or(7));
  return 0;
}
