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

// The rest of IREE's public headers that the ones above do not include.
#include "iree/base/loop_sync.h"
#include "iree/base/status_payload.h"
#include "iree/hal/local/executable_environment.h"
#include "iree/hal/local/executable_format.h"
#include "iree/hal/local/executable_library.h"
#include "iree/hal/local/executable_library_util.h"
#include "iree/hal/local/executable_loader.h"
#include "iree/hal/local/executable_plugin_manager.h"
#include "iree/hal/local/loaders/registration/init.h"
#include "iree/hal/local/loaders/static_library_loader.h"
#include "iree/hal/local/loaders/system_library_loader.h"
#include "iree/hal/local/local_executable.h"
#include "iree/hal/local/local_executable_cache.h"
#include "iree/hal/utils/allocators.h"
#include "iree/hal/utils/caching_allocator.h"
#include "iree/hal/utils/debug_allocator.h"
#include "iree/hal/utils/executable_header.h"
#include "iree/hal/utils/fd_file.h"
#include "iree/hal/utils/file_cache.h"
#include "iree/modules/hal/debugging.h"
#include "iree/modules/hal/utils/buffer_diagnostics.h"
#include "iree/modules/vmvx/module.h"
#include "iree/vm/bytecode/archive.h"
#include "iree/vm/bytecode/utils/features.h"
#include "iree/vm/bytecode/verifier.h"
// Initializers of HAL objects implemented outside the runtime.
#include "ireec/decls_begin.h"
#include "ireec/decls/hal_object_init.h"
#include "ireec/decls_end.h"

#endif  // IREEC_API_H_
