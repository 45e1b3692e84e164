// Declarations of IREE's iree/vm/native_module.h: VM native modules, modules
// written in C, described by static tables of imports, exports and function
// pointers.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_VM_NATIVE_MODULE_H_
#define IREEC_DECLS_IREE_VM_NATIVE_MODULE_H_

#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/vm/module.h"
#include "ireec/decls/iree/vm/ref.h"

enum iree_vm_native_import_flag_bits_e {
  IREE_VM_NATIVE_IMPORT_REQUIRED = 0x1,
  IREE_VM_NATIVE_IMPORT_OPTIONAL = 0x2,
};

typedef uint32_t iree_vm_native_import_flags_t;

// A function the module imports from another module, by its full name
// ("module.function").
typedef struct iree_vm_native_import_descriptor_t {
  iree_vm_native_import_flags_t flags;
  iree_string_view_t full_name;
} iree_vm_native_import_descriptor_t;

// A function the module exports: its name within the module, its calling
// convention string (e.g. "0i_i": takes an i32, returns an i32) and
// reflection attributes.
typedef struct iree_vm_native_export_descriptor_t {
  iree_string_view_t local_name;
  iree_string_view_t calling_convention;
  iree_host_size_t attr_count;
  const iree_string_pair_t* attrs;
} iree_vm_native_export_descriptor_t;

// The implementation of an export; the shim unpacks the arguments and packs
// the results around it.
typedef iree_status_t (*iree_vm_native_function_target_t)(iree_vm_stack_t* stack,
                                                          void* module,
                                                          void* module_state);

enum iree_vm_native_function_flag_bits_t {
  IREE_VM_NATIVE_FUNCTION_CALL_BEGIN = 0x1,
  IREE_VM_NATIVE_FUNCTION_CALL_RESUME = 0x2,
};

typedef uint32_t iree_vm_native_function_flags_t;

typedef iree_status_t (*iree_vm_native_function_shim_t)(
    iree_vm_stack_t* stack, iree_vm_native_function_flags_t flags,
    iree_byte_span_t args_storage, iree_byte_span_t rets_storage,
    iree_vm_native_function_target_t target_fn, void* module,
    void* module_state);

typedef struct iree_vm_native_function_ptr_t {
  iree_vm_native_function_shim_t shim;
  iree_vm_native_function_target_t target;
} iree_vm_native_function_ptr_t;

// The whole module. exports[i] is implemented by functions[i]; exports must
// be sorted by name (lookups are binary searches).
typedef struct iree_vm_native_module_descriptor_t {
  iree_string_view_t name;
  uint32_t version;
  iree_host_size_t attr_count;
  const iree_string_pair_t* attrs;
  iree_host_size_t dependency_count;
  const iree_vm_module_dependency_t* dependencies;
  iree_host_size_t import_count;
  const iree_vm_native_import_descriptor_t* imports;
  iree_host_size_t export_count;
  const iree_vm_native_export_descriptor_t* exports;
  iree_host_size_t function_count;
  const iree_vm_native_function_ptr_t* functions;
} iree_vm_native_module_descriptor_t;

// Bytes a native module needs (callers may allocate more for their own data).
iree_host_size_t iree_vm_native_module_size(void);
// Creates a module from |module_descriptor| (which must outlive it).
// |module_interface|, copied, supplies the state and call functions (alloc_state,
// free_state, resolve_import, ...) and its self pointer; the entries left NULL
// get the native module's defaults.
iree_status_t iree_vm_native_module_create(
    const iree_vm_module_t* module_interface,
    const iree_vm_native_module_descriptor_t* module_descriptor,
    iree_vm_instance_t* instance, iree_allocator_t allocator,
    iree_vm_module_t** out_module);
// As create, in storage of iree_vm_native_module_size() bytes at |module|.
iree_status_t iree_vm_native_module_initialize(
    const iree_vm_module_t* module_interface,
    const iree_vm_native_module_descriptor_t* module_descriptor,
    iree_vm_instance_t* instance, iree_allocator_t allocator,
    iree_vm_module_t* module);

#endif  // IREEC_DECLS_IREE_VM_NATIVE_MODULE_H_
