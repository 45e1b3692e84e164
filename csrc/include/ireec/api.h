// Everything ireec declares, in one include: IREE's public runtime headers as
// ireec provides them, plus the driver pieces. The cffi extension is compiled
// against this file, so every cdef prototype is checked against it.
#ifndef IREEC_API_H_
#define IREEC_API_H_

#include "iree/runtime/api.h"
#include "iree/hal/driver_registry.h"
#include "iree/hal/drivers/init.h"
#include "iree/hal/drivers/local_task/task_driver.h"
#include "iree/hal/drivers/local_task/task_device.h"
#include "iree/hal/drivers/hip/api.h"
#include "iree/hal/drivers/local_sync/sync_device.h"
#include "iree/hal/drivers/local_sync/sync_driver.h"
#include "ireec/decls/hal_driver_api.h"
#include "iree/hal/local/loaders/embedded_elf_loader.h"
#include "iree/hal/local/loaders/vmvx_module_loader.h"
#include "iree/io/file_contents.h"
#include "iree/task/api.h"

#endif  // IREEC_API_H_
