// Parameter providers: what serves a scope's parameters to devices.
#ifndef IREE_IO_PARAMETER_PROVIDER_H_
#define IREE_IO_PARAMETER_PROVIDER_H_

#include "iree/io/file_contents.h"
#include "iree/modules/hal/module.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "ireec/decls/io_parameters.h"

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // IREE_IO_PARAMETER_PROVIDER_H_
