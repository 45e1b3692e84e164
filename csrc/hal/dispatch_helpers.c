// Helpers IREE's HAL headers define as static inline functions for dispatch,
// binding tables and host calls (iree/hal/command_buffer.h, device.h) and for
// executable loaders (iree/hal/local/executable_loader.h), exported so C
// programs and the cffi binding can call them by IREE's names.

#include <string.h>

#include "iree/hal/api.h"
#include "iree/hal/local/executable_loader.h"

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

// Everything but the workgroup count zero: the export's own workgroup size,
// no indirect count, no dynamic local memory.
IREE_API_EXPORT iree_hal_dispatch_config_t iree_hal_make_static_dispatch_config(
    uint32_t workgroup_count_x, uint32_t workgroup_count_y,
    uint32_t workgroup_count_z) {
  iree_hal_dispatch_config_t config;
  memset(&config, 0, sizeof(config));
  config.workgroup_count[0] = workgroup_count_x;
  config.workgroup_count[1] = workgroup_count_y;
  config.workgroup_count[2] = workgroup_count_z;
  return config;
}

IREE_API_EXPORT iree_hal_buffer_ref_list_t iree_hal_buffer_ref_list_empty(void) {
  iree_hal_buffer_ref_list_t list = {0, NULL};
  return list;
}

IREE_API_EXPORT bool iree_hal_dispatch_uses_indirect_parameters(
    iree_hal_dispatch_flags_t flags) {
  return iree_any_bit_set(flags,
                          IREE_HAL_DISPATCH_FLAG_STATIC_INDIRECT_PARAMETERS |
                              IREE_HAL_DISPATCH_FLAG_DYNAMIC_INDIRECT_PARAMETERS);
}

IREE_API_EXPORT bool iree_hal_dispatch_uses_custom_arguments(
    iree_hal_dispatch_flags_t flags) {
  return iree_any_bit_set(flags,
                          IREE_HAL_DISPATCH_FLAG_CUSTOM_DIRECT_ARGUMENTS |
                              IREE_HAL_DISPATCH_FLAG_STATIC_INDIRECT_ARGUMENTS |
                              IREE_HAL_DISPATCH_FLAG_DYNAMIC_INDIRECT_ARGUMENTS);
}

IREE_API_EXPORT bool iree_hal_dispatch_uses_indirect_arguments(
    iree_hal_dispatch_flags_t flags) {
  return iree_any_bit_set(flags,
                          IREE_HAL_DISPATCH_FLAG_STATIC_INDIRECT_ARGUMENTS |
                              IREE_HAL_DISPATCH_FLAG_DYNAMIC_INDIRECT_ARGUMENTS);
}

//===----------------------------------------------------------------------===//
// Binding tables
//===----------------------------------------------------------------------===//

// A reference with no buffer: slot |buffer_slot| of the binding table given
// when the command buffer is submitted.
IREE_API_EXPORT iree_hal_buffer_ref_t iree_hal_make_indirect_buffer_ref(
    uint32_t buffer_slot, iree_device_size_t offset, iree_device_size_t length) {
  iree_hal_buffer_ref_t ref;
  memset(&ref, 0, sizeof(ref));
  ref.buffer_slot = buffer_slot;
  ref.offset = offset;
  ref.length = length;
  return ref;
}

IREE_API_EXPORT iree_hal_buffer_binding_table_t
iree_hal_buffer_binding_table_empty(void) {
  iree_hal_buffer_binding_table_t table = {0, NULL};
  return table;
}

IREE_API_EXPORT bool iree_hal_buffer_binding_table_is_empty(
    iree_hal_buffer_binding_table_t binding_table) {
  return binding_table.count == 0;
}

// A direct reference is returned as it is; with no table, an indirect one
// resolves to nothing (all zero); otherwise its range is taken within the
// table entry's range.
IREE_API_EXPORT iree_status_t iree_hal_buffer_binding_table_resolve_ref(
    iree_hal_buffer_binding_table_t binding_table,
    iree_hal_buffer_ref_t buffer_ref, iree_hal_buffer_ref_t* out_resolved_ref) {
  if (!out_resolved_ref) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "out_resolved_ref is NULL");
  }
  if (buffer_ref.buffer) {
    *out_resolved_ref = buffer_ref;
    return iree_ok_status();
  }
  memset(out_resolved_ref, 0, sizeof(*out_resolved_ref));
  if (binding_table.count == 0) return iree_ok_status();
  if (buffer_ref.buffer_slot >= binding_table.count) {
    return iree_make_status(
        IREE_STATUS_OUT_OF_RANGE,
        "buffer binding %u out of range of binding table with capacity %zu",
        buffer_ref.buffer_slot, (size_t)binding_table.count);
  }
  const iree_hal_buffer_binding_t* binding =
      &binding_table.bindings[buffer_ref.buffer_slot];
  if (!binding->buffer) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "binding table slot %u has no buffer",
                            buffer_ref.buffer_slot);
  }
  out_resolved_ref->reserved = buffer_ref.reserved;
  out_resolved_ref->buffer = binding->buffer;
  iree_device_size_t max_length =
      binding->length != IREE_HAL_WHOLE_BUFFER
          ? binding->length
          : iree_hal_buffer_byte_length(binding->buffer) - binding->offset;
  return iree_hal_buffer_calculate_range(
      binding->offset, max_length, buffer_ref.offset, buffer_ref.length,
      &out_resolved_ref->offset, &out_resolved_ref->length);
}

//===----------------------------------------------------------------------===//
// Host calls
//===----------------------------------------------------------------------===//

IREE_API_EXPORT iree_hal_host_call_t iree_hal_make_host_call(
    iree_hal_host_call_fn_t fn, void* user_data) {
  iree_hal_host_call_t call = {fn, user_data};
  return call;
}

//===----------------------------------------------------------------------===//
// Executable loaders
//===----------------------------------------------------------------------===//

// A provider that resolves nothing (a library with required imports then
// fails to load).
IREE_API_EXPORT iree_hal_executable_import_provider_t
iree_hal_executable_import_provider_null(void) {
  iree_hal_executable_import_provider_t provider = {NULL, NULL};
  return provider;
}

// Optional imports are spelled with a leading '?'.
IREE_API_EXPORT bool iree_hal_executable_import_is_optional(
    const char* symbol_name) {
  return symbol_name && symbol_name[0] == '?';
}
