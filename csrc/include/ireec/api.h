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
#include "iree/hal/local/loaders/embedded_elf_loader.h"
#include "iree/hal/local/loaders/vmvx_module_loader.h"
#include "iree/io/file_contents.h"
#include "iree/io/file_handle.h"
#include "iree/io/formats/parser_registry.h"
#include "iree/io/formats/gguf/gguf_parser.h"
#include "iree/io/formats/irpa/irpa_parser.h"
#include "iree/io/formats/safetensors/safetensors_parser.h"
#include "iree/io/parameter_index.h"
#include "iree/io/parameter_index_provider.h"
#include "iree/io/parameter_provider.h"
#include "iree/modules/io/parameters/module.h"
#include "iree/task/api.h"

#endif  // IREEC_API_H_
