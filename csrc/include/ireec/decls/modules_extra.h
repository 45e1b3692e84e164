// Module and task pieces beyond the HAL module's constructor: the VMVX module
// (iree/modules/vmvx/module.h), the HAL module's null debug sink
// (iree/modules/hal/debugging.h) and buffer assertions
// (iree/modules/hal/utils/buffer_diagnostics.h), and task executors
// configured from IREE's command-line flags (iree/task/api.h).
//
// Plain C declarations (no macros with arguments, no inline bodies) so that the
// same text is both C and the cffi cdef. Layouts and signatures are those of
// IREE at commit 0f64f41a0ae3; tests/test_abi_facts.py checks them.
#ifndef IREEC_DECLS_MODULES_EXTRA_H_
#define IREEC_DECLS_MODULES_EXTRA_H_

#include "ireec/decls/drivers.h"
#include "ireec/decls/modules.h"

//===----------------------------------------------------------------------===//
// VMVX
//===----------------------------------------------------------------------===//
// The module VMVX executables (compiled to VM bytecode) import their kernels
// from.

iree_status_t iree_vmvx_module_create(iree_vm_instance_t* instance,
                                      iree_allocator_t host_allocator,
                                      iree_vm_module_t** out_module);
// Tells a VMVX module state which processor runs the next workgroup.
void iree_vmvx_module_state_update_workgroup_state(
    iree_vm_module_state_t* module_state, uint32_t processor_id);

//===----------------------------------------------------------------------===//
// HAL module diagnostics
//===----------------------------------------------------------------------===//

// A debug sink that drops every trace.
iree_hal_module_debug_sink_t iree_hal_module_debug_sink_null(void);

// What hal.buffer.assert and hal.buffer_view.assert check: the error names
// |message_ref| (a VM buffer holding text).
iree_status_t iree_hal_modules_buffer_assert(
    iree_vm_ref_t buffer_ref, iree_vm_ref_t message_ref,
    iree_device_size_t minimum_length,
    iree_hal_memory_type_t required_memory_types,
    iree_hal_buffer_usage_t required_buffer_usage);
iree_status_t iree_hal_modules_buffer_view_assert(
    iree_vm_ref_t buffer_view_ref, iree_vm_ref_t message_ref,
    iree_hal_element_type_t expected_element_type,
    iree_hal_encoding_type_t expected_encoding_type,
    iree_host_size_t expected_shape_rank, const iree_hal_dim_t* expected_shape_dims);

//===----------------------------------------------------------------------===//
// Task executors from flags
//===----------------------------------------------------------------------===//
// Read IREE's --task_* flags (their defaults unless a program parsed flags
// into IREE's flag registry).

iree_status_t iree_task_executor_options_initialize_from_flags(
    iree_task_executor_options_t* out_options);
iree_status_t iree_task_topology_initialize_from_flags(
    iree_task_topology_node_id_t node_id, iree_task_topology_t* out_topology);
// Creates one executor per topology the flags select, retained into
// |executors|; OUT_OF_RANGE when |executor_capacity| is too small.
iree_status_t iree_task_executors_create_from_flags(
    iree_allocator_t host_allocator, iree_host_size_t executor_capacity,
    iree_task_executor_t** executors, iree_host_size_t* out_executor_count);

#endif  // IREEC_DECLS_MODULES_EXTRA_H_
