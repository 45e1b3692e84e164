// File handles (a host allocation or a file descriptor) and their mappings.
#ifndef IREE_IO_FILE_HANDLE_H_
#define IREE_IO_FILE_HANDLE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/io/file_handle.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"

#endif  // IREE_IO_FILE_HANDLE_H_
