// Time points, durations and timeouts.
#ifndef IREE_BASE_TIME_H_
#define IREE_BASE_TIME_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/base/time.h"
#include "ireec/decls_end.h"

#include "iree/base/attributes.h"
#include "iree/base/config.h"

#endif  // IREE_BASE_TIME_H_
