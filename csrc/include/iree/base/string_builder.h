// String builders: growable text buffers.
// Its declarations come with the header(s) it includes.
#ifndef IREE_BASE_STRING_BUILDER_H_
#define IREE_BASE_STRING_BUILDER_H_

#include "iree/base/api.h"

#endif  // IREE_BASE_STRING_BUILDER_H_
