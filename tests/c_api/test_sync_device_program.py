"""A C program in the shape of IREE's simple_embedding sample (its
device_embedded_sync variant): it makes its own synchronous device with
iree_hal_sync_device_create, the embedded-ELF loader and a heap allocator,
builds a VM context with the HAL module and a bytecode module, runs
simple_mul and checks the output. Compiled against ireec's headers and
linked with `python -m ireec config --libs`."""

from __future__ import annotations

import pytest

PROGRAM = r"""
#include <stdio.h>

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/hal/drivers/local_sync/sync_device.h"
#include "iree/hal/local/loaders/embedded_elf_loader.h"
#include "iree/io/file_contents.h"
#include "iree/modules/hal/module.h"
#include "iree/vm/api.h"
#include "iree/vm/bytecode/module.h"

// The device: synchronous, loading embedded ELF executables, buffers from
// the host heap.
static iree_status_t create_sample_device(iree_allocator_t host_allocator,
                                          iree_hal_device_t** out_device) {
  iree_hal_sync_device_params_t params;
  iree_hal_sync_device_params_initialize(&params);

  iree_hal_executable_loader_t* loader = NULL;
  IREE_RETURN_IF_ERROR(iree_hal_embedded_elf_loader_create(
      /*plugin_manager=*/NULL, host_allocator, &loader));

  iree_string_view_t identifier = iree_make_cstring_view("local-sync");
  iree_hal_allocator_t* device_allocator = NULL;
  iree_status_t status = iree_hal_allocator_create_heap(
      identifier, host_allocator, host_allocator, &device_allocator);
  if (iree_status_is_ok(status)) {
    status = iree_hal_sync_device_create(identifier, &params,
                                         /*loader_count=*/1, &loader,
                                         device_allocator, host_allocator,
                                         out_device);
  }
  // The device holds its own references.
  iree_hal_allocator_release(device_allocator);
  iree_hal_executable_loader_release(loader);
  return status;
}

static iree_status_t make_input(iree_hal_device_t* device, const float* data,
                                iree_vm_list_t* inputs) {
  const iree_hal_dim_t shape[1] = {4};
  iree_hal_buffer_view_t* view = NULL;
  IREE_RETURN_IF_ERROR(iree_hal_buffer_view_allocate_buffer_copy(
      device, iree_hal_device_allocator(device), 1, shape,
      IREE_HAL_ELEMENT_TYPE_FLOAT_32, IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR,
      (iree_hal_buffer_params_t){
          .type = IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL,
          .access = IREE_HAL_MEMORY_ACCESS_ALL,
          .usage = IREE_HAL_BUFFER_USAGE_DEFAULT,
      },
      iree_make_const_byte_span(data, 4 * sizeof(float)), &view));
  iree_vm_ref_t ref = iree_hal_buffer_view_move_ref(view);
  return iree_vm_list_push_ref_move(inputs, &ref);
}

static iree_status_t run(const char* module_path) {
  iree_allocator_t host_allocator = iree_allocator_system();
  iree_vm_instance_t* instance = NULL;
  IREE_RETURN_IF_ERROR(iree_vm_instance_create(IREE_VM_TYPE_CAPACITY_DEFAULT,
                                               host_allocator, &instance));
  iree_status_t status = iree_hal_module_register_all_types(instance);

  iree_hal_device_t* device = NULL;
  if (iree_status_is_ok(status)) {
    status = create_sample_device(host_allocator, &device);
  }
  iree_vm_module_t* hal_module = NULL;
  if (iree_status_is_ok(status)) {
    status = iree_hal_module_create(
        instance, iree_hal_module_device_policy_default(), 1, &device,
        IREE_HAL_MODULE_FLAG_SYNCHRONOUS,
        iree_hal_module_debug_sink_stdio(stderr), host_allocator, &hal_module);
  }

  iree_io_file_contents_t* contents = NULL;
  if (iree_status_is_ok(status)) {
    status = iree_io_file_contents_read(iree_make_cstring_view(module_path),
                                        host_allocator, &contents);
  }
  iree_vm_module_t* bytecode_module = NULL;
  if (iree_status_is_ok(status)) {
    status = iree_vm_bytecode_module_create(
        instance, contents->const_buffer, iree_allocator_null(),
        host_allocator, &bytecode_module);
  }

  iree_vm_context_t* context = NULL;
  if (iree_status_is_ok(status)) {
    iree_vm_module_t* modules[2] = {hal_module, bytecode_module};
    status = iree_vm_context_create_with_modules(
        instance, IREE_VM_CONTEXT_FLAG_NONE, 2, modules, host_allocator,
        &context);
  }
  iree_vm_function_t function;
  if (iree_status_is_ok(status)) {
    status = iree_vm_context_resolve_function(
        context, iree_make_cstring_view("module.simple_mul"), &function);
  }

  static const float lhs[4] = {1.0f, 2.0f, 3.0f, 4.0f};
  static const float rhs[4] = {0.5f, -2.0f, 10.0f, 4.0f};
  iree_vm_list_t* inputs = NULL;
  iree_vm_list_t* outputs = NULL;
  if (iree_status_is_ok(status)) {
    status = iree_vm_list_create(iree_vm_make_undefined_type_def(), 2,
                                 host_allocator, &inputs);
  }
  if (iree_status_is_ok(status)) status = make_input(device, lhs, inputs);
  if (iree_status_is_ok(status)) status = make_input(device, rhs, inputs);
  if (iree_status_is_ok(status)) {
    status = iree_vm_list_create(iree_vm_make_undefined_type_def(), 1,
                                 host_allocator, &outputs);
  }
  if (iree_status_is_ok(status)) {
    status = iree_vm_invoke(context, function, IREE_VM_INVOCATION_FLAG_NONE,
                            /*policy=*/NULL, inputs, outputs, host_allocator);
  }

  float results[4] = {0};
  if (iree_status_is_ok(status)) {
    iree_hal_buffer_view_t* view =
        iree_vm_list_get_buffer_view_assign(outputs, 0);
    status = view ? iree_hal_device_transfer_d2h(
                        device, iree_hal_buffer_view_buffer(view), 0, results,
                        sizeof(results), IREE_HAL_TRANSFER_BUFFER_FLAG_DEFAULT,
                        iree_infinite_timeout())
                  : iree_make_status(IREE_STATUS_NOT_FOUND, "no result");
  }
  if (iree_status_is_ok(status)) {
    for (int i = 0; i < 4; ++i) {
      if (results[i] != lhs[i] * rhs[i]) {
        status = iree_make_status(IREE_STATUS_DATA_LOSS,
                                  "result[%d] is %f, expected %f", i,
                                  results[i], lhs[i] * rhs[i]);
        break;
      }
    }
  }
  if (iree_status_is_ok(status)) {
    fprintf(stdout, "%g %g %g %g\n", results[0], results[1], results[2],
            results[3]);
  }

  iree_vm_list_release(inputs);
  iree_vm_list_release(outputs);
  iree_vm_context_release(context);
  iree_vm_module_release(bytecode_module);
  iree_vm_module_release(hal_module);
  iree_io_file_contents_free(contents);
  iree_hal_device_release(device);
  iree_vm_instance_release(instance);
  return status;
}

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  iree_status_t status = run(argv[1]);
  int ret = (int)iree_status_code(status);
  if (!iree_status_is_ok(status)) {
    iree_status_fprint(stderr, status);
    iree_status_free(status);
  }
  fprintf(stdout, "simple_embedding done\n");
  return ret;
}
"""


@pytest.fixture(scope="module")
def sync_program(build_c_program):
    return build_c_program(PROGRAM, "simple_embedding_sync")


def test_c_program_on_its_own_sync_device(sync_program, program):
    assert (sync_program.output(program("simple_mul"))
            == "0.5 -4 30 16\nsimple_embedding done\n")


def test_c_program_reports_a_missing_module(sync_program, tmp_path):
    result = sync_program.run(tmp_path / "missing.vmfb")
    assert result.returncode == 5  # NOT_FOUND
    assert "NOT_FOUND" in result.stderr
