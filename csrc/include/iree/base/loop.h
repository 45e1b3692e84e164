// Loops: the (self, ctl) interface asynchronous work is scheduled on.
#ifndef IREE_BASE_LOOP_H_
#define IREE_BASE_LOOP_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/base/loop.h"
#include "ireec/decls_end.h"

#include "iree/base/allocator.h"
#include "iree/base/attributes.h"
#include "iree/base/status.h"
#include "iree/base/time.h"
#include "iree/base/wait_source.h"

#endif  // IREE_BASE_LOOP_H_
