// Status payloads: extra records a status carries beyond its message.
#ifndef IREE_BASE_STATUS_PAYLOAD_H_
#define IREE_BASE_STATUS_PAYLOAD_H_

// The declarations first: they stand alone, and the headers below may
// include this one back before it is done.
#include "ireec/decls_begin.h"
#include "ireec/decls/loop.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"

#endif  // IREE_BASE_STATUS_PAYLOAD_H_
