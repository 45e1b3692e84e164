// IREE base API: allocators, statuses, string views, spans, time, loops and
// wait sources, as IREE's iree/base/api.h includes them.
//
// Each header includes its declarations (ireec/decls/iree/base/..., shared
// with the Python binding's cdef, so they are plain C) and adds IREE's
// function-like macros on top. The helpers IREE defines as static inline
// functions are real exported functions of libireec_runtime.
#ifndef IREE_BASE_API_H_
#define IREE_BASE_API_H_

#include "iree/base/alignment.h"
#include "iree/base/allocator.h"
#include "iree/base/assert.h"
#include "iree/base/attributes.h"
#include "iree/base/bitfield.h"
#include "iree/base/config.h"
#include "iree/base/loop.h"
#include "iree/base/loop_inline.h"
#include "iree/base/status.h"
#include "iree/base/string_builder.h"
#include "iree/base/string_view.h"
#include "iree/base/time.h"
#include "iree/base/tracing.h"
#include "iree/base/wait_source.h"

#endif  // IREE_BASE_API_H_
