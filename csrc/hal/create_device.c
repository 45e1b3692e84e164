// iree_hal_create_device: one call from a device URI to a device.
//
// A device URI is `driver[:[//]path][?key=value[&key=value...]]`. Only the
// driver name matters here: it is everything before the first ':' (the whole
// URI when there is none) and picks the factory. The full URI then goes to the
// driver, whose iree_hal_driver_create_device_by_uri (exported by the runtime)
// splits off the path and parameters exactly as IREE does.

#include "iree/hal/driver_registry.h"

#include <string.h>

// The scheme part of |device_uri|, split the way IREE splits URIs so that the
// driver name chosen here agrees with what the driver itself parses.
static iree_string_view_t iree_hal_device_uri_driver_name(
    iree_string_view_t device_uri) {
  const char* colon =
      (const char*)memchr(device_uri.data, ':', device_uri.size);
  if (!colon) return device_uri;
  return iree_make_string_view(device_uri.data,
                               (iree_host_size_t)(colon - device_uri.data));
}

IREE_API_EXPORT iree_status_t iree_hal_create_device(
    iree_hal_driver_registry_t* registry, iree_string_view_t device_uri,
    iree_allocator_t host_allocator, iree_hal_device_t** out_device) {
  // IREE only asserts on these; from Python a NULL is a plain mistake that
  // deserves a status rather than a crash.
  if (!out_device) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "out_device must not be NULL");
  }
  *out_device = NULL;
  if (!registry) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "no driver registry given to create device '%.*s' "
                            "from",
                            device_uri.data ? (int)device_uri.size : 0,
                            device_uri.data ? device_uri.data : "");
  }
  if (!device_uri.data || device_uri.size == 0) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "empty device URI; expected "
                            "'driver[:[//]path][?params]', e.g. 'local-task'");
  }
  iree_string_view_t driver_name = iree_hal_device_uri_driver_name(device_uri);
  if (driver_name.size == 0) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "device URI '%.*s' does not start with a driver "
                            "name; expected 'driver[:[//]path][?params]'",
                            (int)device_uri.size, device_uri.data);
  }

  // A driver is created per call: the registry does not cache drivers, and
  // the device retains everything it needs from it (executors, loaders,
  // allocators, or the driver itself), so the reference taken here is dropped
  // before returning whether or not device creation worked.
  iree_hal_driver_t* driver = NULL;
  IREE_RETURN_IF_ERROR(
      iree_hal_driver_registry_try_create(registry, driver_name,
                                          host_allocator, &driver),
      "creating driver '%.*s' for device '%.*s'", (int)driver_name.size,
      driver_name.data, (int)device_uri.size, device_uri.data);

  iree_status_t status = iree_hal_driver_create_device_by_uri(
      driver, device_uri, host_allocator, out_device);

  iree_hal_driver_release(driver);
  return status;
}
