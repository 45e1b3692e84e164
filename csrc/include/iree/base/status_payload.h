// Status payloads: extra records a status carries beyond its message.
#ifndef IREE_BASE_STATUS_PAYLOAD_H_
#define IREE_BASE_STATUS_PAYLOAD_H_

#include "iree/base/api.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/loop.h"
#include "ireec/decls_end.h"

#endif  // IREE_BASE_STATUS_PAYLOAD_H_
