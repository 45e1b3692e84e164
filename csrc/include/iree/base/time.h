// Time points, durations and timeouts.
// Its declarations come with the header(s) it includes.
#ifndef IREE_BASE_TIME_H_
#define IREE_BASE_TIME_H_

#include "iree/base/api.h"

#endif  // IREE_BASE_TIME_H_
