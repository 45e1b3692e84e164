// The synchronous loop, drained by the thread that waits on it.
#ifndef IREE_BASE_LOOP_SYNC_H_
#define IREE_BASE_LOOP_SYNC_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/base/loop_sync.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"

#endif  // IREE_BASE_LOOP_SYNC_H_
