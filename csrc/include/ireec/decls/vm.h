// IREE VM: instances, contexts, modules and functions, lists, refs, buffers and invocation.
//
// Plain C declarations (no macros with arguments, no inline bodies) so that the
// same text is both C and the cffi cdef. Layouts and signatures are those of
// IREE at commit 0f64f41a0ae3; tests/test_abi_facts.py checks them.
#ifndef IREEC_DECLS_VM_H_
#define IREEC_DECLS_VM_H_

#include "ireec/decls/base.h"

#define IREE_VM_TYPE_CAPACITY_DEFAULT 32
#define IREE_VM_CCONV_TYPE_VOID 118
#define IREE_VM_CCONV_TYPE_I32 105
#define IREE_VM_CCONV_TYPE_I64 73
#define IREE_VM_CCONV_TYPE_F32 102
#define IREE_VM_CCONV_TYPE_F64 70
#define IREE_VM_CCONV_TYPE_REF 114
#define IREE_VM_CCONV_TYPE_SPAN_START 67
#define IREE_VM_CCONV_TYPE_SPAN_END 68
#define IREE_VM_REF_TYPE_TAG_BITS 3
#define IREE_VM_REF_TYPE_TAG_BIT_MASK 7
#define IREE_VM_REF_TYPE_PTR_BIT_MASK (-8)
#define IREE_VM_VALUE_STORAGE_SIZE 8
#define IREE_VM_STACK_DEFAULT_SIZE 8192

enum iree_vm_buffer_access_bits_t {
  IREE_VM_BUFFER_ACCESS_MUTABLE = 0x1,
  IREE_VM_BUFFER_ACCESS_ORIGIN_MODULE = 0x2,
  IREE_VM_BUFFER_ACCESS_ORIGIN_GUEST = 0x4,
  IREE_VM_BUFFER_ACCESS_ORIGIN_HOST = 0x8,
};

enum iree_vm_context_flag_bits_t {
  IREE_VM_CONTEXT_FLAG_NONE = 0x0,
  IREE_VM_CONTEXT_FLAG_TRACE_EXECUTION = 0x1,
  IREE_VM_CONTEXT_FLAG_CONCURRENT = 0x2,
};

typedef enum iree_vm_function_linkage_e {
  IREE_VM_FUNCTION_LINKAGE_INTERNAL = 0,
  IREE_VM_FUNCTION_LINKAGE_IMPORT = 1,
  IREE_VM_FUNCTION_LINKAGE_EXPORT = 2,
  IREE_VM_FUNCTION_LINKAGE_IMPORT_OPTIONAL = 3,
  IREE_VM_FUNCTION_LINKAGE_EXPORT_OPTIONAL = 4,
} iree_vm_function_linkage_t;

enum iree_vm_invocation_flag_bits_t {
  IREE_VM_INVOCATION_FLAG_NONE = 0x0,
  IREE_VM_INVOCATION_FLAG_TRACE_EXECUTION = 0x1,
  IREE_VM_INVOCATION_FLAG_TRACE_INLINE = 0x2,
};

enum iree_vm_module_dependency_flag_bits_t {
  IREE_VM_MODULE_DEPENDENCY_FLAG_NONE = 0x0,
  IREE_VM_MODULE_DEPENDENCY_FLAG_REQUIRED = 0x1,
  IREE_VM_MODULE_DEPENDENCY_FLAG_OPTIONAL = 0x2,
};

enum iree_vm_native_function_flag_bits_t {
  IREE_VM_NATIVE_FUNCTION_CALL_BEGIN = 0x1,
  IREE_VM_NATIVE_FUNCTION_CALL_RESUME = 0x2,
};

enum iree_vm_native_import_flag_bits_e {
  IREE_VM_NATIVE_IMPORT_REQUIRED = 0x1,
  IREE_VM_NATIVE_IMPORT_OPTIONAL = 0x2,
};

enum iree_vm_ref_type_bits_t {
  IREE_VM_REF_TYPE_NULL = 0x0,
  IREE_VM_REF_TYPE_ANY = 0xfffffffffffffff8ull,
};

typedef enum iree_vm_signal_e {
  IREE_VM_SIGNAL_RESUME = 0,
  IREE_VM_SIGNAL_SUSPEND = 1,
  IREE_VM_SIGNAL_LOW_MEMORY = 2,
  IREE_VM_SIGNAL_FORK = 3,
} iree_vm_signal_t;

enum iree_vm_source_location_format_flag_bits_e {
  IREE_VM_SOURCE_LOCATION_FORMAT_FLAG_NONE = 0x0,
  IREE_VM_SOURCE_LOCATION_FORMAT_FLAG_SINGLE_LINE = 0x1,
};

typedef enum iree_vm_stack_frame_type_e {
  IREE_VM_STACK_FRAME_EXTERNAL = 0,
  IREE_VM_STACK_FRAME_NATIVE = 1,
  IREE_VM_STACK_FRAME_BYTECODE = 2,
  IREE_VM_STACK_FRAME_WAIT = 3,
} iree_vm_stack_frame_type_t;

typedef enum iree_vm_value_type_e {
  IREE_VM_VALUE_TYPE_NONE = 0,
  IREE_VM_VALUE_TYPE_I8 = 1,
  IREE_VM_VALUE_TYPE_I16 = 2,
  IREE_VM_VALUE_TYPE_I32 = 3,
  IREE_VM_VALUE_TYPE_I64 = 4,
  IREE_VM_VALUE_TYPE_F32 = 5,
  IREE_VM_VALUE_TYPE_F64 = 6,
  IREE_VM_VALUE_TYPE_MAX = 6,
  IREE_VM_VALUE_TYPE_COUNT = 7,
} iree_vm_value_type_t;

enum iree_vm_wait_type_e {
  IREE_VM_WAIT_UNTIL = 0,
  IREE_VM_WAIT_ANY = 1,
  IREE_VM_WAIT_ALL = 2,
};

typedef uint32_t iree_vm_buffer_access_t;
typedef uint32_t iree_vm_context_flags_t;
typedef int64_t iree_vm_context_id_t;
typedef uint32_t iree_vm_invocation_flags_t;
typedef uint64_t iree_vm_ref_type_t;
typedef uint32_t iree_vm_source_location_format_flags_t;
typedef int64_t iree_vm_source_offset_t;

typedef struct iree_vm_buffer_t iree_vm_buffer_t;
typedef struct iree_vm_context_t iree_vm_context_t;
typedef struct iree_vm_function_signature_t iree_vm_function_signature_t;
typedef struct iree_vm_function_t iree_vm_function_t;
typedef struct iree_vm_instance_t iree_vm_instance_t;
typedef struct iree_vm_invocation_policy_t iree_vm_invocation_policy_t;
typedef struct iree_vm_list_t iree_vm_list_t;
typedef struct iree_vm_module_dependency_t iree_vm_module_dependency_t;
typedef struct iree_vm_module_signature_t iree_vm_module_signature_t;
typedef struct iree_vm_module_t iree_vm_module_t;
typedef struct iree_vm_ref_t iree_vm_ref_t;
typedef struct iree_vm_ref_type_descriptor_t iree_vm_ref_type_descriptor_t;
typedef struct iree_vm_register_list_t iree_vm_register_list_t;
typedef struct iree_vm_source_location_t iree_vm_source_location_t;
typedef struct iree_vm_type_def_t iree_vm_type_def_t;
typedef struct iree_vm_value_t iree_vm_value_t;
typedef struct iree_vm_variant_t iree_vm_variant_t;

typedef struct iree_status_handle_t* (*iree_vm_module_dependency_callback_t)(void*, const iree_vm_module_dependency_t*);

struct iree_vm_ref_t {
  void* ptr;
  iree_vm_ref_type_t type;
};

struct iree_vm_function_t {
  iree_vm_module_t* module;
  uint16_t linkage;
  uint16_t ordinal;
};

struct iree_vm_function_signature_t {
  iree_string_view_t calling_convention;
};

struct iree_vm_type_def_t {
  uintptr_t value_type_bits : 3;
  uintptr_t ref_type_bits : 61;
};

struct iree_vm_module_signature_t {
  uint32_t version;
  iree_host_size_t attr_count;
  iree_host_size_t import_function_count;
  iree_host_size_t export_function_count;
  iree_host_size_t internal_function_count;
};

struct iree_vm_value_t {
  iree_vm_value_type_t type;
  union {
    int8_t i8;
    int16_t i16;
    int32_t i32;
    int64_t i64;
    float f32;
    double f64;
    uint8_t value_storage[8];
  };
};

struct iree_vm_variant_t {
  iree_vm_type_def_t type;
  union {
    int8_t i8;
    int16_t i16;
    int32_t i32;
    int64_t i64;
    float f32;
    double f64;
    iree_vm_ref_t ref;
    uint8_t value_storage[8];
  };
};

// Value types callers place on their own stack (layouts from the facts).

typedef uint32_t iree_vm_module_dependency_flags_t;

typedef void (*iree_vm_ref_destroy_t)(void*);

struct iree_vm_module_dependency_t {
  iree_string_view_t name;
  uint32_t minimum_version;
  iree_vm_module_dependency_flags_t flags;
};

struct iree_vm_register_list_t {
  uint16_t size;
  uint16_t registers[];
};

struct iree_vm_source_location_t {
  void* self;
  uint64_t data[2];
  iree_status_t (*format)(void*, uint64_t*, iree_vm_source_location_format_flags_t, iree_string_builder_t*);
};

struct iree_vm_ref_type_descriptor_t {
  iree_vm_ref_destroy_t destroy;
  iree_string_view_t type_name;
  uintptr_t offsetof_counter : 3;
  uintptr_t reserved : 61;
};

// A module's entry points (what native modules implement and what
// iree_runtime_session_call_direct enters), and the state a VM stack uses.
typedef int32_t iree_atomic_ref_count_t;

typedef struct iree_vm_stack_t iree_vm_stack_t;
typedef struct iree_vm_module_state_t iree_vm_module_state_t;
typedef struct iree_vm_state_resolver_t iree_vm_state_resolver_t;
typedef struct iree_vm_function_call_t iree_vm_function_call_t;

struct iree_vm_function_call_t {
  iree_vm_function_t function;
  iree_byte_span_t arguments;
  iree_byte_span_t results;
};

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

struct iree_vm_state_resolver_t {
  void* self;
  iree_status_t (*query_module_state)(void*, iree_vm_module_t*, iree_vm_module_state_t**);
};

iree_status_t iree_vm_buffer_check_deref(
    const iree_vm_ref_t ref,
    iree_vm_buffer_t**out_ptr);
iree_status_t iree_vm_buffer_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_vm_buffer_t**out_ptr);
iree_status_t iree_vm_buffer_clone(
    iree_vm_buffer_access_t access,
    const iree_vm_buffer_t* source_buffer,
    iree_host_size_t source_offset,
    iree_host_size_t length,
    iree_host_size_t alignment,
    iree_allocator_t allocator,
    iree_vm_buffer_t**out_buffer);
iree_status_t iree_vm_buffer_compare_bytes(
    const iree_vm_buffer_t* lhs_buffer,
    iree_host_size_t lhs_offset,
    const iree_vm_buffer_t* rhs_buffer,
    iree_host_size_t rhs_offset,
    iree_host_size_t length,
    bool* out_result);
iree_const_byte_span_t iree_vm_buffer_const_contents(
    const iree_vm_buffer_t* buffer);
iree_byte_span_t iree_vm_buffer_contents(const iree_vm_buffer_t* buffer);
iree_status_t iree_vm_buffer_copy_bytes(
    const iree_vm_buffer_t* source_buffer,
    iree_host_size_t source_offset,
    const iree_vm_buffer_t* target_buffer,
    iree_host_size_t target_offset,
    iree_host_size_t length);
iree_status_t iree_vm_buffer_create(
    iree_vm_buffer_access_t access,
    iree_host_size_t length,
    iree_host_size_t alignment,
    iree_allocator_t allocator,
    iree_vm_buffer_t**out_buffer);
uint8_t* iree_vm_buffer_data(const iree_vm_buffer_t* buffer);
iree_status_t iree_vm_buffer_fill_bytes(
    const iree_vm_buffer_t* target_buffer,
    iree_host_size_t target_offset,
    iree_host_size_t length,
    uint8_t value);
iree_status_t iree_vm_buffer_fill_elements(
    const iree_vm_buffer_t* target_buffer,
    iree_host_size_t target_offset,
    iree_host_size_t element_count,
    iree_host_size_t element_length,
    const void* value);
iree_status_t iree_vm_buffer_hash(
    const iree_vm_buffer_t* source_buffer,
    iree_host_size_t source_offset,
    iree_host_size_t length,
    int64_t* result);
iree_host_size_t iree_vm_buffer_length(const iree_vm_buffer_t* buffer);
iree_status_t iree_vm_buffer_map_ro(
    const iree_vm_buffer_t* buffer,
    iree_host_size_t offset,
    iree_host_size_t length,
    iree_host_size_t alignment,
    iree_const_byte_span_t* out_span);
iree_status_t iree_vm_buffer_map_rw(
    const iree_vm_buffer_t* buffer,
    iree_host_size_t offset,
    iree_host_size_t length,
    iree_host_size_t alignment,
    iree_byte_span_t* out_span);
iree_vm_ref_t iree_vm_buffer_move_ref(iree_vm_buffer_t* value);
iree_status_t iree_vm_buffer_read_elements(
    const iree_vm_buffer_t* source_buffer,
    iree_host_size_t source_offset,
    void* target_ptr,
    iree_host_size_t element_count,
    iree_host_size_t element_length);
void iree_vm_buffer_release(iree_vm_buffer_t* buffer);
void iree_vm_buffer_retain(iree_vm_buffer_t* buffer);
iree_vm_ref_t iree_vm_buffer_retain_ref(iree_vm_buffer_t* value);
iree_status_t iree_vm_buffer_write_elements(
    const void* source_ptr,
    const iree_vm_buffer_t* target_buffer,
    iree_host_size_t target_offset,
    iree_host_size_t element_count,
    iree_host_size_t element_length);
iree_status_t iree_vm_context_create(
    iree_vm_instance_t* instance,
    iree_vm_context_flags_t flags,
    iree_allocator_t allocator,
    iree_vm_context_t**out_context);
iree_status_t iree_vm_context_create_with_modules(
    iree_vm_instance_t* instance,
    iree_vm_context_flags_t flags,
    iree_host_size_t module_count,
    iree_vm_module_t**modules,
    iree_allocator_t allocator,
    iree_vm_context_t**out_context);
iree_vm_context_flags_t iree_vm_context_flags(const iree_vm_context_t* context);
iree_status_t iree_vm_context_fork(
    const iree_vm_context_t* parent_context,
    iree_allocator_t allocator,
    iree_vm_context_t**out_child_context);
iree_status_t iree_vm_context_freeze(iree_vm_context_t* context);
iree_vm_context_id_t iree_vm_context_id(const iree_vm_context_t* context);
iree_vm_instance_t* iree_vm_context_instance(const iree_vm_context_t* context);
iree_vm_module_t* iree_vm_context_module_at(
    const iree_vm_context_t* context,
    iree_host_size_t i);
iree_host_size_t iree_vm_context_module_count(const iree_vm_context_t* context);
iree_status_t iree_vm_context_notify(
    iree_vm_context_t* context,
    iree_vm_signal_t signal);
iree_status_t iree_vm_context_register_modules(
    iree_vm_context_t* context,
    iree_host_size_t module_count,
    iree_vm_module_t**modules);
void iree_vm_context_release(iree_vm_context_t* context);
iree_status_t iree_vm_context_resolve_function(
    const iree_vm_context_t* context,
    iree_string_view_t full_name,
    iree_vm_function_t* out_function);
void iree_vm_context_retain(iree_vm_context_t* context);
iree_status_t iree_vm_function_call_compute_cconv_fragment_size(
    iree_string_view_t cconv_fragment,
    const iree_vm_register_list_t* segment_size_list,
    iree_host_size_t* out_required_size);
iree_status_t iree_vm_function_call_count_arguments_and_results(
    const iree_vm_function_signature_t* signature,
    iree_host_size_t* out_argument_count,
    iree_host_size_t* out_result_count);
bool iree_vm_function_call_is_variadic_cconv(iree_string_view_t cconv);
iree_status_t iree_vm_function_get_attr(
    iree_vm_function_t function,
    iree_host_size_t index,
    iree_string_pair_t* out_attr);
iree_string_view_t iree_vm_function_lookup_attr_by_name(
    const iree_vm_function_t* function,
    iree_string_view_t key);
iree_string_view_t iree_vm_function_name(const iree_vm_function_t* function);
iree_vm_function_signature_t iree_vm_function_signature(
    const iree_vm_function_t* function);
iree_allocator_t iree_vm_instance_allocator(iree_vm_instance_t* instance);
iree_status_t iree_vm_instance_create(
    iree_host_size_t type_capacity,
    iree_allocator_t allocator,
    iree_vm_instance_t**out_instance);
iree_vm_ref_type_t iree_vm_instance_lookup_type(
    iree_vm_instance_t* instance,
    iree_string_view_t full_name);
iree_status_t iree_vm_instance_register_type(
    iree_vm_instance_t* instance,
    const iree_vm_ref_type_descriptor_t* descriptor,
    iree_vm_ref_type_t* out_registration);
void iree_vm_instance_release(iree_vm_instance_t* instance);
void iree_vm_instance_retain(iree_vm_instance_t* instance);
void iree_vm_instance_unregister_type(
    iree_vm_instance_t* instance,
    const iree_vm_ref_type_descriptor_t* descriptor);
iree_status_t iree_vm_invoke(
    iree_vm_context_t* context,
    iree_vm_function_t function,
    iree_vm_invocation_flags_t flags,
    const iree_vm_invocation_policy_t* policy,
    const iree_vm_list_t* inputs,
    iree_vm_list_t* outputs,
    iree_allocator_t host_allocator);
iree_host_size_t iree_vm_list_capacity(const iree_vm_list_t* list);
iree_status_t iree_vm_list_check_deref(
    const iree_vm_ref_t ref,
    iree_vm_list_t**out_ptr);
iree_status_t iree_vm_list_check_deref_or_null(
    const iree_vm_ref_t ref,
    iree_vm_list_t**out_ptr);
void iree_vm_list_clear(iree_vm_list_t* list);
iree_status_t iree_vm_list_clone(
    iree_vm_list_t* source,
    iree_allocator_t host_allocator,
    iree_vm_list_t**out_target);
iree_status_t iree_vm_list_copy(
    iree_vm_list_t* src_list,
    iree_host_size_t src_i,
    iree_vm_list_t* dst_list,
    iree_host_size_t dst_i,
    iree_host_size_t count);
iree_status_t iree_vm_list_create(
    const iree_vm_type_def_t element_type,
    iree_host_size_t initial_capacity,
    iree_allocator_t allocator,
    iree_vm_list_t**out_list);
iree_vm_type_def_t iree_vm_list_element_type(const iree_vm_list_t* list);
iree_status_t iree_vm_list_get_ref_assign(
    const iree_vm_list_t* list,
    iree_host_size_t i,
    iree_vm_ref_t* out_value);
void* iree_vm_list_get_ref_deref(
    const iree_vm_list_t* list,
    iree_host_size_t i,
    iree_vm_ref_type_t type);
iree_status_t iree_vm_list_get_ref_retain(
    const iree_vm_list_t* list,
    iree_host_size_t i,
    iree_vm_ref_t* out_value);
iree_status_t iree_vm_list_get_value(
    const iree_vm_list_t* list,
    iree_host_size_t i,
    iree_vm_value_t* out_value);
iree_status_t iree_vm_list_get_value_as(
    const iree_vm_list_t* list,
    iree_host_size_t i,
    iree_vm_value_type_t value_type,
    iree_vm_value_t* out_value);
iree_status_t iree_vm_list_get_variant_assign(
    const iree_vm_list_t* list,
    iree_host_size_t i,
    iree_vm_variant_t* out_variant);
iree_status_t iree_vm_list_get_variant_move(
    const iree_vm_list_t* list,
    iree_host_size_t i,
    iree_vm_variant_t* out_variant);
iree_status_t iree_vm_list_get_variant_retain(
    const iree_vm_list_t* list,
    iree_host_size_t i,
    iree_vm_variant_t* out_variant);
iree_vm_ref_t iree_vm_list_move_ref(iree_vm_list_t* value);
iree_status_t iree_vm_list_pop_front_ref_move(
    iree_vm_list_t* list,
    iree_vm_ref_t* out_value);
iree_status_t iree_vm_list_push_ref_move(
    iree_vm_list_t* list,
    iree_vm_ref_t* value);
iree_status_t iree_vm_list_push_ref_retain(
    iree_vm_list_t* list,
    const iree_vm_ref_t* value);
iree_status_t iree_vm_list_push_value(
    iree_vm_list_t* list,
    const iree_vm_value_t* value);
iree_status_t iree_vm_list_push_variant_move(
    iree_vm_list_t* list,
    iree_vm_variant_t* variant);
iree_status_t iree_vm_list_push_variant_retain(
    iree_vm_list_t* list,
    const iree_vm_variant_t* variant);
void iree_vm_list_release(iree_vm_list_t* list);
iree_status_t iree_vm_list_reserve(
    iree_vm_list_t* list,
    iree_host_size_t minimum_capacity);
iree_status_t iree_vm_list_resize(
    iree_vm_list_t* list,
    iree_host_size_t new_size);
void iree_vm_list_retain(iree_vm_list_t* list);
iree_vm_ref_t iree_vm_list_retain_ref(iree_vm_list_t* value);
iree_status_t iree_vm_list_set_ref_move(
    iree_vm_list_t* list,
    iree_host_size_t i,
    iree_vm_ref_t* value);
iree_status_t iree_vm_list_set_ref_retain(
    iree_vm_list_t* list,
    iree_host_size_t i,
    const iree_vm_ref_t* value);
iree_status_t iree_vm_list_set_value(
    iree_vm_list_t* list,
    iree_host_size_t i,
    const iree_vm_value_t* value);
iree_status_t iree_vm_list_set_variant_move(
    iree_vm_list_t* list,
    iree_host_size_t i,
    iree_vm_variant_t* variant);
iree_status_t iree_vm_list_set_variant_retain(
    iree_vm_list_t* list,
    iree_host_size_t i,
    const iree_vm_variant_t* variant);
iree_host_size_t iree_vm_list_size(const iree_vm_list_t* list);
iree_status_t iree_vm_module_enumerate_dependencies(
    iree_vm_module_t* module,
    iree_vm_module_dependency_callback_t callback,
    void* user_data);
iree_status_t iree_vm_module_get_attr(
    const iree_vm_module_t* module,
    iree_host_size_t index,
    iree_string_pair_t* out_attr);
iree_string_view_t iree_vm_module_lookup_attr_by_name(
    const iree_vm_module_t* module,
    iree_string_view_t key);
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
iree_string_view_t iree_vm_module_name(const iree_vm_module_t* module);
void iree_vm_module_release(iree_vm_module_t* module);
iree_status_t iree_vm_module_resolve_source_location(
    const iree_vm_module_t* module,
    iree_vm_function_t function,
    iree_vm_source_offset_t pc,
    iree_vm_source_location_t* out_source_location);
void iree_vm_module_retain(iree_vm_module_t* module);
iree_vm_module_signature_t iree_vm_module_signature(
    const iree_vm_module_t* module);
void iree_vm_ref_assign(iree_vm_ref_t* ref, iree_vm_ref_t* out_ref);
bool iree_vm_ref_equal(const iree_vm_ref_t* lhs, const iree_vm_ref_t* rhs);
bool iree_vm_ref_is_null(const iree_vm_ref_t* ref);
void iree_vm_ref_move(iree_vm_ref_t* ref, iree_vm_ref_t* out_ref);
void iree_vm_ref_object_release(void* ptr, iree_vm_ref_type_t type);
void iree_vm_ref_object_retain(void* ptr, iree_vm_ref_type_t type);
void iree_vm_ref_release(iree_vm_ref_t* ref);
void iree_vm_ref_retain(iree_vm_ref_t* ref, iree_vm_ref_t* out_ref);
iree_status_t iree_vm_ref_retain_checked(
    iree_vm_ref_t* ref,
    iree_vm_ref_type_t type,
    iree_vm_ref_t* out_ref);
void iree_vm_ref_retain_inplace(iree_vm_ref_t* ref);
void iree_vm_ref_retain_or_move(
    int is_move,
    iree_vm_ref_t* ref,
    iree_vm_ref_t* out_ref);
iree_status_t iree_vm_ref_retain_or_move_checked(
    int is_move,
    iree_vm_ref_t* ref,
    iree_vm_ref_type_t type,
    iree_vm_ref_t* out_ref);
iree_string_view_t iree_vm_ref_type_name(iree_vm_ref_type_t type);
iree_status_t iree_vm_ref_wrap_assign(
    void* ptr,
    iree_vm_ref_type_t type,
    iree_vm_ref_t* out_ref);
iree_status_t iree_vm_ref_wrap_retain(
    void* ptr,
    iree_vm_ref_type_t type,
    iree_vm_ref_t* out_ref);
iree_status_t iree_vm_source_location_format(
    iree_vm_source_location_t* source_location,
    iree_vm_source_location_format_flags_t flags,
    iree_string_builder_t* builder);
extern iree_vm_ref_type_t iree_vm_buffer_registration;
extern iree_vm_ref_type_t iree_vm_list_registration;
iree_vm_type_def_t iree_vm_make_undefined_type_def(void);
iree_vm_type_def_t iree_vm_make_value_type_def(iree_vm_value_type_t value_type);
iree_vm_type_def_t iree_vm_make_ref_type_def(iree_vm_ref_type_t ref_type);
bool iree_vm_type_def_equal(iree_vm_type_def_t a, iree_vm_type_def_t b);
iree_vm_ref_t iree_vm_ref_null(void);
iree_vm_value_t iree_vm_value_make_none(void);
iree_vm_value_t iree_vm_value_make_i8(int8_t value);
iree_vm_value_t iree_vm_value_make_i16(int16_t value);
iree_vm_value_t iree_vm_value_make_i32(int32_t value);
iree_vm_value_t iree_vm_value_make_i64(int64_t value);
iree_vm_value_t iree_vm_value_make_f32(float value);
iree_vm_value_t iree_vm_value_make_f64(double value);
int32_t iree_vm_value_get_i32(iree_vm_value_t* value);
int64_t iree_vm_value_get_i64(iree_vm_value_t* value);
float iree_vm_value_get_f32(iree_vm_value_t* value);
double iree_vm_value_get_f64(iree_vm_value_t* value);
iree_vm_variant_t iree_vm_variant_empty(void);
bool iree_vm_variant_is_value(iree_vm_variant_t variant);
bool iree_vm_variant_is_ref(iree_vm_variant_t variant);
bool iree_vm_variant_is_empty(iree_vm_variant_t variant);
bool iree_vm_function_is_null(iree_vm_function_t function);
iree_vm_ref_type_t iree_vm_list_type(void);
bool iree_vm_list_isa(const iree_vm_ref_t ref);
iree_vm_list_t* iree_vm_list_deref(const iree_vm_ref_t ref);
iree_vm_ref_type_t iree_vm_buffer_type(void);
bool iree_vm_buffer_isa(const iree_vm_ref_t ref);
iree_vm_buffer_t* iree_vm_buffer_deref(const iree_vm_ref_t ref);

// Stacks and direct calls, for entering a module without iree_vm_invoke.
iree_status_t iree_vm_stack_initialize(
    iree_byte_span_t storage,
    iree_vm_invocation_flags_t flags,
    iree_vm_state_resolver_t state_resolver,
    iree_allocator_t allocator,
    iree_vm_stack_t** out_stack);
void iree_vm_stack_deinitialize(iree_vm_stack_t* stack);
iree_vm_state_resolver_t iree_vm_context_state_resolver(
    const iree_vm_context_t* context);
iree_status_t iree_vm_context_resolve_module_state(
    const iree_vm_context_t* context,
    iree_vm_module_t* module,
    iree_vm_module_state_t** out_module_state);
iree_status_t iree_vm_function_call_get_cconv_fragments(
    const iree_vm_function_signature_t* signature,
    iree_string_view_t* out_arguments,
    iree_string_view_t* out_results);

#endif  // IREEC_DECLS_VM_H_
