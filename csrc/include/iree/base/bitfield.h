// Bitfield formatting: flag values to text (iree_bitfield_format).
#ifndef IREE_BASE_BITFIELD_H_
#define IREE_BASE_BITFIELD_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/base/bitfield.h"
#include "ireec/decls_end.h"

#include "iree/base/attributes.h"
#include "iree/base/string_builder.h"
#include "iree/base/string_view.h"

#endif  // IREE_BASE_BITFIELD_H_
