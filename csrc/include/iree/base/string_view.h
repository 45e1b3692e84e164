// String view macros.
#ifndef IREE_BASE_STRING_VIEW_H_
#define IREE_BASE_STRING_VIEW_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls_end.h"

#include "iree/base/attributes.h"
#include "iree/base/config.h"
// IREE_ARRAYSIZE, which iree_string_view_literal uses.
#include "iree/base/alignment.h"

// A macro (not a function) because IREE callers pass struct rvalues and rely
// on a NULL-data view counting as empty.
#define iree_string_view_is_empty(sv) (((sv).data == NULL) || ((sv).size == 0))

// A brace initializer, usable in static tables, for a string literal's view.
#define iree_string_view_literal(str) \
  { .data = (str), .size = IREE_ARRAYSIZE(str) - 1 }

#define IREE_SV(cstr) iree_make_cstring_view(cstr)
#define IREE_SVL(cstr) iree_string_view_literal(cstr)

#endif  // IREE_BASE_STRING_VIEW_H_
