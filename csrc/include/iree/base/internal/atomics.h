// The atomic integer types (plain integers of the same layout here).
#ifndef IREE_BASE_INTERNAL_ATOMICS_H_
#define IREE_BASE_INTERNAL_ATOMICS_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/base/internal/atomics.h"
#include "ireec/decls_end.h"

#include "iree/base/assert.h"
#include "iree/base/config.h"
#include "iree/base/target_platform.h"

// The initializer of an atomic variable (`counter = IREE_ATOMIC_VAR_INIT(1)`),
// as IREE spells it on every compiler it supports.
#define IREE_ATOMIC_VAR_INIT(value) (value)

#endif  // IREE_BASE_INTERNAL_ATOMICS_H_
