// Bitfield formatting: flag values to text (iree_bitfield_format).
// Its declarations come with the header(s) it includes.
#ifndef IREE_BASE_BITFIELD_H_
#define IREE_BASE_BITFIELD_H_

#include "iree/base/api.h"

#endif  // IREE_BASE_BITFIELD_H_
