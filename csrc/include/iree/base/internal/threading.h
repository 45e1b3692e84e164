// Thread affinities.
#ifndef IREE_BASE_INTERNAL_THREADING_H_
#define IREE_BASE_INTERNAL_THREADING_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/base/internal/threading.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"

#endif  // IREE_BASE_INTERNAL_THREADING_H_
