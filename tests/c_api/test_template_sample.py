"""A C program in the template sample's shape (its set-up from
tests/c_programs/sample_support.h), compiled against ireec's headers with the
system C compiler and the flags `python -m ireec config` prints, then run."""

from __future__ import annotations

import pytest

from locations import EXAMPLES_DIR

PROGRAM = r"""
#include <stdio.h>
#include <iree/runtime/api.h>

#include "sample_support.h"

static iree_status_t run_mul(iree_runtime_session_t* session) {
  iree_runtime_call_t call;
  IREE_RETURN_IF_ERROR(iree_runtime_call_initialize_by_name(
      session, iree_make_cstring_view("jit_mul.main"), &call));
  iree_allocator_t host_allocator = iree_runtime_session_host_allocator(session);
  iree_status_t status = iree_ok_status();
  static const float lhs_data[3] = {2.0f, 3.0f, 4.0f};
  static const float rhs_data[3] = {0.5f, -1.0f, 8.0f};
  const float* inputs[2] = {lhs_data, rhs_data};
  for (int i = 0; i < 2 && iree_status_is_ok(status); ++i) {
    iree_hal_buffer_view_t* view = NULL;
    status = sample_f32_view(session, 3, inputs[i], &view);
    if (iree_status_is_ok(status)) {
      IREE_IGNORE_ERROR(iree_hal_buffer_view_fprint(stdout, view, 4096,
                                                    host_allocator));
      fprintf(stdout, "\n");
      status = iree_runtime_call_inputs_push_back_buffer_view(&call, view);
    }
    iree_hal_buffer_view_release(view);
  }
  if (iree_status_is_ok(status)) {
    status = sample_invoke_and_print(session, &call, 4096);
  }
  iree_runtime_call_deinitialize(&call);
  return status;
}

int main(int argc, char** argv) {
  if (argc < 3) return 1;
  iree_runtime_instance_t* instance = NULL;
  iree_hal_device_t* device = NULL;
  iree_runtime_session_t* session = NULL;
  iree_status_t status = sample_open(argv[1], &instance, &device, &session);
  if (iree_status_is_ok(status)) {
    status = iree_runtime_session_append_bytecode_module_from_file(session, argv[2]);
  }
  if (iree_status_is_ok(status)) status = run_mul(session);
  sample_close(instance, device, session);
  return sample_finish(status);
}
"""


@pytest.fixture(scope="module")
def c_program(build_c_program):
    return build_c_program(PROGRAM, "hello")


@pytest.mark.parametrize("device_uri", ["local-task", "local-sync"])
def test_c_program_runs(c_program, compile_mlir, device_uri):
    vmfb = compile_mlir(EXAMPLES_DIR / "jit_mul.mlir")
    assert c_program.output(device_uri, vmfb) == "3xf32=2 3 4\n3xf32=0.5 -1 8\n3xf32=1 -3 32"


def test_c_program_reports_status(c_program, compile_mlir):
    vmfb = compile_mlir(EXAMPLES_DIR / "jit_mul.mlir")
    result = c_program.run("metal", vmfb)
    assert result.returncode == 5
    assert "NOT_FOUND" in result.stderr
