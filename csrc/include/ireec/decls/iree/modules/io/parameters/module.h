// Declarations of IREE's iree/modules/io/parameters/module.h: the io_parameters
// VM module, which compiled programs import to read `#flow.parameter.named`
// values from parameter providers.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_MODULES_IO_PARAMETERS_MODULE_H_
#define IREEC_DECLS_IREE_MODULES_IO_PARAMETERS_MODULE_H_

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/io/parameter_provider.h"
#include "ireec/decls/iree/vm/module.h"
#include "ireec/decls/iree/vm/ref.h"

iree_status_t iree_io_parameters_module_create(
    iree_vm_instance_t* instance,
    iree_host_size_t provider_count,
    iree_io_parameter_provider_t* const* providers,
    iree_allocator_t host_allocator,
    iree_vm_module_t** restrict out_module);

#endif  // IREEC_DECLS_IREE_MODULES_IO_PARAMETERS_MODULE_H_
