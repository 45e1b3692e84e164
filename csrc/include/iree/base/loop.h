// Loops: the (self, ctl) interface asynchronous work is scheduled on.
#ifndef IREE_BASE_LOOP_H_
#define IREE_BASE_LOOP_H_

// The declarations first: they stand alone, and the headers below may
// include this one back before it is done.
#include "ireec/decls_begin.h"
#include "ireec/decls/loop.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"

#endif  // IREE_BASE_LOOP_H_
