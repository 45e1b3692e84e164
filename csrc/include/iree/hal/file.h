// HAL files: storage queue reads and writes go through.
#ifndef IREE_HAL_FILE_H_
#define IREE_HAL_FILE_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/file.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/buffer.h"
#include "iree/hal/queue.h"
#include "iree/hal/resource.h"
#include "iree/io/file_handle.h"

#endif  // IREE_HAL_FILE_H_
