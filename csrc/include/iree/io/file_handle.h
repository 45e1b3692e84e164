// File handles (a host allocation or a file descriptor) and their mappings.
#ifndef IREE_IO_FILE_HANDLE_H_
#define IREE_IO_FILE_HANDLE_H_

#include "iree/io/file_contents.h"
#include "iree/modules/hal/module.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "ireec/decls/io_parameters.h"

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // IREE_IO_FILE_HANDLE_H_
