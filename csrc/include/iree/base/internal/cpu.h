// What the runtime knows of the host CPU: its feature bits
// (iree/schemas/cpu_feature_bits.inl names them) and the processor a thread
// runs on.
#ifndef IREE_BASE_INTERNAL_CPU_H_
#define IREE_BASE_INTERNAL_CPU_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/base/internal/cpu.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"

#endif  // IREE_BASE_INTERNAL_CPU_H_
