// File handles (a host allocation or a file descriptor) and their mappings.
#ifndef IREE_IO_FILE_HANDLE_H_
#define IREE_IO_FILE_HANDLE_H_

#include "iree/io/file_contents.h"
#include "iree/modules/hal/module.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/io_parameters.h"
#include "ireec/decls_end.h"

#endif  // IREE_IO_FILE_HANDLE_H_
