// String builders: growable text buffers.
#ifndef IREE_BASE_STRING_BUILDER_H_
#define IREE_BASE_STRING_BUILDER_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/base/string_builder.h"
#include "ireec/decls_end.h"

#include "iree/base/allocator.h"
#include "iree/base/attributes.h"
#include "iree/base/status.h"
#include "iree/base/string_view.h"

#endif  // IREE_BASE_STRING_BUILDER_H_
