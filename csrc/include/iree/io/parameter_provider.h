// Parameter providers: what serves a scope's parameters to devices.
#ifndef IREE_IO_PARAMETER_PROVIDER_H_
#define IREE_IO_PARAMETER_PROVIDER_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/io/parameter_provider.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"

#endif  // IREE_IO_PARAMETER_PROVIDER_H_
