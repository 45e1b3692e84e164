// Parameter indices: named ranges of files (or splat patterns) by key.
#ifndef IREE_IO_PARAMETER_INDEX_H_
#define IREE_IO_PARAMETER_INDEX_H_

#include "iree/io/file_contents.h"
#include "iree/modules/hal/module.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/io_parameters.h"
#include "ireec/decls_end.h"

#endif  // IREE_IO_PARAMETER_INDEX_H_
