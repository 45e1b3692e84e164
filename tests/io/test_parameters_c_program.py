"""A C program using IREE's io parameter headers as ireec provides them
(iree/io/*.h, iree/modules/io/parameters/module.h): it indexes a parameter
file, makes the io_parameters module over it, loads a module reading those
parameters and calls it, compiled with the flags `python -m ireec config`
prints."""

from __future__ import annotations

import numpy as np
import pytest

from parameter_files import write_safetensors

PROGRAM = r"""
#include <stdio.h>
#include <iree/io/file_handle.h>
#include <iree/io/formats/parser_registry.h>
#include <iree/io/parameter_index.h>
#include <iree/io/parameter_index_provider.h>
#include <iree/modules/io/parameters/module.h>
#include <iree/runtime/api.h>

#include "sample_support.h"

// argv: device, module.vmfb, scope, parameter file.
static iree_status_t append_parameters(iree_runtime_session_t* session,
                                       iree_runtime_instance_t* instance,
                                       const char* scope, const char* path) {
  iree_allocator_t host_allocator = iree_runtime_instance_host_allocator(instance);
  iree_io_parameter_index_t* index = NULL;
  IREE_RETURN_IF_ERROR(iree_io_parameter_index_create(host_allocator, &index));
  iree_io_file_handle_t* file = NULL;
  iree_status_t status = iree_io_file_handle_open(
      IREE_IO_FILE_MODE_READ, iree_make_cstring_view(path), host_allocator, &file);
  if (iree_status_is_ok(status)) {
    status = iree_io_parse_file_index(iree_make_cstring_view(path), file, index,
                                      host_allocator);
  }
  iree_io_file_handle_release(file);
  if (iree_status_is_ok(status)) {
    fprintf(stdout, "entries: %d\n", (int)iree_io_parameter_index_count(index));
    const iree_io_parameter_index_entry_t* entry = NULL;
    status = iree_io_parameter_index_lookup(index, iree_make_cstring_view("bias"),
                                            &entry);
    if (iree_status_is_ok(status)) {
      fprintf(stdout, "bias: %d bytes, %s\n", (int)entry->length,
              entry->type == IREE_IO_PARAMETER_INDEX_ENTRY_STORAGE_TYPE_FILE
                  ? "file" : "splat");
    }
  }
  iree_io_parameter_provider_t* provider = NULL;
  if (iree_status_is_ok(status)) {
    status = iree_io_parameter_index_provider_create(
        iree_make_cstring_view(scope), index,
        IREE_IO_PARAMETER_INDEX_PROVIDER_DEFAULT_MAX_CONCURRENT_OPERATIONS,
        host_allocator, &provider);
  }
  iree_vm_module_t* module = NULL;
  if (iree_status_is_ok(status)) {
    status = iree_io_parameters_module_create(
        iree_runtime_instance_vm_instance(instance), 1, &provider, host_allocator,
        &module);
  }
  if (iree_status_is_ok(status)) {
    status = iree_runtime_session_append_module(session, module);
  }
  iree_vm_module_release(module);
  iree_io_parameter_provider_release(provider);
  iree_io_parameter_index_release(index);
  return status;
}

static iree_status_t call_affine(iree_runtime_session_t* session) {
  iree_runtime_call_t call;
  IREE_RETURN_IF_ERROR(iree_runtime_call_initialize_by_name(
      session, iree_make_cstring_view("params.affine"), &call));
  static const float x[4] = {1.0f, -1.0f, 0.5f, 2.0f};
  iree_hal_buffer_view_t* view = NULL;
  iree_status_t status = sample_f32_view(session, 4, x, &view);
  if (iree_status_is_ok(status)) {
    status = iree_runtime_call_inputs_push_back_buffer_view(&call, view);
  }
  iree_hal_buffer_view_release(view);
  if (iree_status_is_ok(status)) {
    status = sample_invoke_and_print(session, &call, 4096);
  }
  iree_runtime_call_deinitialize(&call);
  return status;
}

int main(int argc, char** argv) {
  if (argc < 5) return 1;
  iree_runtime_instance_t* instance = NULL;
  iree_hal_device_t* device = NULL;
  iree_runtime_session_t* session = NULL;
  iree_status_t status = sample_open(argv[1], &instance, &device, &session);
  if (iree_status_is_ok(status)) {
    status = append_parameters(session, instance, argv[3], argv[4]);
  }
  if (iree_status_is_ok(status)) {
    status = iree_runtime_session_append_bytecode_module_from_file(session, argv[2]);
  }
  if (iree_status_is_ok(status)) status = call_affine(session);
  sample_close(instance, device, session);
  return sample_finish(status);
}
"""


@pytest.fixture(scope="module")
def c_program(build_c_program):
    return build_c_program(PROGRAM, "parameters")


def test_c_program_runs_with_parameters(c_program, program, tmp_path):
    path = write_safetensors(tmp_path / "p.safetensors",
                             {"weight": np.array([1, 2, 3, 4], np.float32),
                              "bias": np.array([10, 20, 30, 40], np.float32)})
    assert (c_program.output("local-task", program("parameters"), "model", path)
            == "entries: 2\nbias: 16 bytes, file\n4xf32=11 18 31.5 48")


def test_c_program_reports_a_missing_key(c_program, program, tmp_path):
    path = write_safetensors(tmp_path / "p.safetensors",
                             {"weight": np.array([1, 2, 3, 4], np.float32)})
    result = c_program.run("local-task", program("parameters"), "model", path)
    assert result.returncode == 5  # NOT_FOUND
    assert "no parameter found in index with key 'bias'" in result.stderr
