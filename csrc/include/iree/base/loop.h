// Loops: the (self, ctl) interface asynchronous work is scheduled on.
#ifndef IREE_BASE_LOOP_H_
#define IREE_BASE_LOOP_H_

#include "iree/base/api.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/loop.h"
#include "ireec/decls_end.h"

#endif  // IREE_BASE_LOOP_H_
