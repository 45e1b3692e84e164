// A parameter provider serving one scope from a parameter index.
#ifndef IREE_IO_PARAMETER_INDEX_PROVIDER_H_
#define IREE_IO_PARAMETER_INDEX_PROVIDER_H_

#include "iree/io/file_contents.h"
#include "iree/modules/hal/module.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/io_parameters.h"
#include "ireec/decls_end.h"

#endif  // IREE_IO_PARAMETER_INDEX_PROVIDER_H_
