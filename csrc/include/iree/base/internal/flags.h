// The runtime's command-line flag parser.
#ifndef IREE_BASE_INTERNAL_FLAGS_H_
#define IREE_BASE_INTERNAL_FLAGS_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/base/internal/flags.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"

#endif  // IREE_BASE_INTERNAL_FLAGS_H_
