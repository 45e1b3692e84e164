// Creating the CPU executable loaders this runtime was built with, all or by name.
#ifndef IREE_HAL_LOCAL_LOADERS_REGISTRATION_INIT_H_
#define IREE_HAL_LOCAL_LOADERS_REGISTRATION_INIT_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/hal/local/loaders/registration/init.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/hal/local/executable_loader.h"

#endif  // IREE_HAL_LOCAL_LOADERS_REGISTRATION_INIT_H_
