// Parameter providers: what serves a scope's parameters to devices.
#ifndef IREE_IO_PARAMETER_PROVIDER_H_
#define IREE_IO_PARAMETER_PROVIDER_H_

#include "iree/io/file_contents.h"
#include "iree/modules/hal/module.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/io_parameters.h"
#include "ireec/decls_end.h"

#endif  // IREE_IO_PARAMETER_PROVIDER_H_
