// Status payloads: extra records a status carries beyond its message.
#ifndef IREE_BASE_STATUS_PAYLOAD_H_
#define IREE_BASE_STATUS_PAYLOAD_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/base/status_payload.h"
#include "ireec/decls_end.h"

#include "iree/base/allocator.h"
#include "iree/base/status.h"

#endif  // IREE_BASE_STATUS_PAYLOAD_H_
