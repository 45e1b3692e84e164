// Declarations of IREE's iree/vm/module.h: VM modules: the module interface,
// functions and signatures.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_VM_MODULE_H_
#define IREEC_DECLS_IREE_VM_MODULE_H_

#include <stdbool.h>
#include <stdint.h>

#include "ireec/decls/iree/base/allocator.h"
#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/internal/atomics.h"
#include "ireec/decls/iree/base/string_builder.h"
#include "ireec/decls/iree/base/string_view.h"

typedef struct iree_vm_module_t iree_vm_module_t;
typedef struct iree_vm_stack_t iree_vm_stack_t;

typedef enum iree_vm_function_linkage_e {
  IREE_VM_FUNCTION_LINKAGE_INTERNAL = 0,
  IREE_VM_FUNCTION_LINKAGE_IMPORT = 1,
  IREE_VM_FUNCTION_LINKAGE_EXPORT = 2,
  IREE_VM_FUNCTION_LINKAGE_IMPORT_OPTIONAL = 3,
  IREE_VM_FUNCTION_LINKAGE_EXPORT_OPTIONAL = 4,
} iree_vm_function_linkage_t;

typedef struct iree_vm_function_t iree_vm_function_t;

struct iree_vm_function_t {
  iree_vm_module_t* module;
  uint16_t linkage;
  uint16_t ordinal;
};

bool iree_vm_function_is_null(iree_vm_function_t function);

typedef struct iree_vm_function_signature_t iree_vm_function_signature_t;

struct iree_vm_function_signature_t {
  iree_string_view_t calling_convention;
};

typedef struct iree_vm_module_signature_t iree_vm_module_signature_t;

struct iree_vm_module_signature_t {
  uint32_t version;
  iree_host_size_t attr_count;
  iree_host_size_t import_function_count;
  iree_host_size_t export_function_count;
  iree_host_size_t internal_function_count;
};

enum iree_vm_module_dependency_flag_bits_t {
  IREE_VM_MODULE_DEPENDENCY_FLAG_NONE = 0x0,
  IREE_VM_MODULE_DEPENDENCY_FLAG_REQUIRED = 0x1,
  IREE_VM_MODULE_DEPENDENCY_FLAG_OPTIONAL = 0x2,
};

typedef uint32_t iree_vm_module_dependency_flags_t;

typedef struct iree_vm_module_dependency_t iree_vm_module_dependency_t;

struct iree_vm_module_dependency_t {
  iree_string_view_t name;
  uint32_t minimum_version;
  iree_vm_module_dependency_flags_t flags;
};

typedef struct iree_status_handle_t* (*iree_vm_module_dependency_callback_t)(void*, const iree_vm_module_dependency_t*);
typedef struct iree_vm_module_state_t iree_vm_module_state_t;
typedef struct iree_vm_register_list_t iree_vm_register_list_t;

struct iree_vm_register_list_t {
  uint16_t size;
  uint16_t registers[];
};

typedef struct iree_vm_function_call_t iree_vm_function_call_t;

struct iree_vm_function_call_t {
  iree_vm_function_t function;
  iree_byte_span_t arguments;
  iree_byte_span_t results;
};

#define IREE_VM_CCONV_TYPE_VOID 118
#define IREE_VM_CCONV_TYPE_I32 105
#define IREE_VM_CCONV_TYPE_I64 73
#define IREE_VM_CCONV_TYPE_F32 102
#define IREE_VM_CCONV_TYPE_F64 70
#define IREE_VM_CCONV_TYPE_REF 114
#define IREE_VM_CCONV_TYPE_SPAN_START 67
#define IREE_VM_CCONV_TYPE_SPAN_END 68

iree_status_t iree_vm_function_call_get_cconv_fragments(
    const iree_vm_function_signature_t* signature,
    iree_string_view_t* out_arguments,
    iree_string_view_t* out_results);
bool iree_vm_function_call_is_variadic_cconv(iree_string_view_t cconv);
iree_status_t iree_vm_function_call_count_arguments_and_results(
    const iree_vm_function_signature_t* signature,
    iree_host_size_t* out_argument_count,
    iree_host_size_t* out_result_count);
iree_status_t iree_vm_function_call_compute_cconv_fragment_size(
    iree_string_view_t cconv_fragment,
    const iree_vm_register_list_t* segment_size_list,
    iree_host_size_t* out_required_size);

typedef int64_t iree_vm_source_offset_t;

enum iree_vm_source_location_format_flag_bits_e {
  IREE_VM_SOURCE_LOCATION_FORMAT_FLAG_NONE = 0x0,
  IREE_VM_SOURCE_LOCATION_FORMAT_FLAG_SINGLE_LINE = 0x1,
};

typedef uint32_t iree_vm_source_location_format_flags_t;

typedef struct iree_vm_source_location_t iree_vm_source_location_t;

struct iree_vm_source_location_t {
  void* self;
  uint64_t data[2];
  iree_status_t (*format)(void*, uint64_t*, iree_vm_source_location_format_flags_t, iree_string_builder_t*);
};

iree_status_t iree_vm_source_location_format(
    iree_vm_source_location_t* source_location,
    iree_vm_source_location_format_flags_t flags,
    iree_string_builder_t* builder);

typedef enum iree_vm_signal_e {
  IREE_VM_SIGNAL_RESUME = 0,
  IREE_VM_SIGNAL_SUSPEND = 1,
  IREE_VM_SIGNAL_LOW_MEMORY = 2,
  IREE_VM_SIGNAL_FORK = 3,
} iree_vm_signal_t;

struct iree_vm_module_t {
  void* self;
  iree_atomic_ref_count_t ref_count;
  void (*destroy)(void*);
  iree_string_view_t (*name)(void*);
  iree_vm_module_signature_t (*signature)(void*);
  iree_status_t (*enumerate_dependencies)(void*, iree_vm_module_dependency_callback_t, void*);
  iree_status_t (*get_module_attr)(void*, iree_host_size_t, iree_string_pair_t*);
  iree_status_t (*lookup_function)(void*, iree_vm_function_linkage_t, iree_string_view_t, const iree_vm_function_signature_t*, iree_vm_function_t*);
  iree_status_t (*get_function)(void*, iree_vm_function_linkage_t, iree_host_size_t, iree_vm_function_t*, iree_string_view_t*, iree_vm_function_signature_t*);
  iree_status_t (*get_function_attr)(void*, iree_vm_function_linkage_t, iree_host_size_t, iree_host_size_t, iree_string_pair_t*);
  iree_status_t (*resolve_source_location)(void*, iree_vm_function_t, iree_vm_source_offset_t, iree_vm_source_location_t*);
  iree_status_t (*alloc_state)(void*, iree_allocator_t, iree_vm_module_state_t**);
  void (*free_state)(void*, iree_vm_module_state_t*);
  iree_status_t (*fork_state)(void*, iree_vm_module_state_t*, iree_allocator_t, iree_vm_module_state_t**);
  iree_status_t (*resolve_import)(void*, iree_vm_module_state_t*, iree_host_size_t, const iree_vm_function_t*, const iree_vm_function_signature_t*);
  iree_status_t (*notify)(void*, iree_vm_module_state_t*, iree_vm_signal_t);
  iree_status_t (*begin_call)(void*, iree_vm_stack_t*, iree_vm_function_call_t);
  iree_status_t (*resume_call)(void*, iree_vm_stack_t*, iree_byte_span_t);
};

// Sets up the common fields of a module interface (zeroes it, sets |self|
// and a reference count of 1).
iree_status_t iree_vm_module_initialize(iree_vm_module_t* module, void* self);

void iree_vm_module_retain(iree_vm_module_t* module);
void iree_vm_module_release(iree_vm_module_t* module);
iree_string_view_t iree_vm_module_name(const iree_vm_module_t* module);
iree_vm_module_signature_t iree_vm_module_signature(
    const iree_vm_module_t* module);
iree_string_view_t iree_vm_module_lookup_attr_by_name(
    const iree_vm_module_t* module,
    iree_string_view_t key);
iree_status_t iree_vm_module_get_attr(
    const iree_vm_module_t* module,
    iree_host_size_t index,
    iree_string_pair_t* out_attr);
iree_status_t iree_vm_module_enumerate_dependencies(
    iree_vm_module_t* module,
    iree_vm_module_dependency_callback_t callback,
    void* user_data);
iree_status_t iree_vm_module_lookup_function_by_name(
    const iree_vm_module_t* module,
    iree_vm_function_linkage_t linkage,
    iree_string_view_t name,
    iree_vm_function_t* out_function);
iree_status_t iree_vm_module_lookup_function_by_ordinal(
    const iree_vm_module_t* module,
    iree_vm_function_linkage_t linkage,
    iree_host_size_t ordinal,
    iree_vm_function_t* out_function);
iree_status_t iree_vm_module_resolve_source_location(
    const iree_vm_module_t* module,
    iree_vm_function_t function,
    iree_vm_source_offset_t pc,
    iree_vm_source_location_t* out_source_location);
iree_string_view_t iree_vm_function_name(const iree_vm_function_t* function);
iree_vm_function_signature_t iree_vm_function_signature(
    const iree_vm_function_t* function);
iree_string_view_t iree_vm_function_lookup_attr_by_name(
    const iree_vm_function_t* function,
    iree_string_view_t key);
iree_status_t iree_vm_function_get_attr(
    iree_vm_function_t function,
    iree_host_size_t index,
    iree_string_pair_t* out_attr);

#endif  // IREEC_DECLS_IREE_VM_MODULE_H_
