// Parameter indices: named ranges of files (or splat patterns) by key.
#ifndef IREE_IO_PARAMETER_INDEX_H_
#define IREE_IO_PARAMETER_INDEX_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/io/parameter_index.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/io/file_handle.h"

#endif  // IREE_IO_PARAMETER_INDEX_H_
