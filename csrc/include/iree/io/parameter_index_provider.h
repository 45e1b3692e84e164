// A parameter provider serving one scope from a parameter index.
#ifndef IREE_IO_PARAMETER_INDEX_PROVIDER_H_
#define IREE_IO_PARAMETER_INDEX_PROVIDER_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/io/parameter_index_provider.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/io/parameter_index.h"
#include "iree/io/parameter_provider.h"

#endif  // IREE_IO_PARAMETER_INDEX_PROVIDER_H_
