// Arena block pools (fixed-size blocks reused by arenas).
#ifndef IREE_BASE_INTERNAL_ARENA_H_
#define IREE_BASE_INTERNAL_ARENA_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/base/internal/arena.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"

#endif  // IREE_BASE_INTERNAL_ARENA_H_
