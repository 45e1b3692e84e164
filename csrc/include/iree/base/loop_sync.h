// The synchronous loop, drained by the thread that waits on it.
#ifndef IREE_BASE_LOOP_SYNC_H_
#define IREE_BASE_LOOP_SYNC_H_

// The declarations first: they stand alone, and the headers below may
// include this one back before it is done.
#include "ireec/decls_begin.h"
#include "ireec/decls/loop.h"
#include "ireec/decls_end.h"

#include "iree/base/loop.h"

#endif  // IREE_BASE_LOOP_SYNC_H_
