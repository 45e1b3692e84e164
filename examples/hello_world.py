#!/usr/bin/env python3
"""IREE's runtime hello_world template sample, ported to Python line by line.

    python examples/hello_world.py DEVICE_URI MODULE.vmfb [FUNCTION]

Each step is the C sample's own call, under the same name, through ireec's raw
layer (`ffi`/`lib`): the C statement appears as a comment where Python has to
spell it differently. FUNCTION defaults to `jit_mul.main`, the entry point of
examples/jit_mul.mlir (the C sample's `module.simple_mul` has the same shape).
All output goes through C stdio, as in C, so it interleaves exactly.
"""

import sys

from ireec import ffi, lib
from ireec.types import CData


def iree_runtime_demo_perform_mul(session: CData, function_name: bytes) -> CData:
    # iree_runtime_call_t call;
    call = ffi.new("iree_runtime_call_t*")
    # IREE_RETURN_IF_ERROR(iree_runtime_call_initialize_by_name(...));
    status = lib.iree_runtime_call_initialize_by_name(
        session, lib.iree_make_cstring_view(function_name), call)
    if not lib.iree_status_is_ok(status):
        return status

    device = lib.iree_runtime_session_device(session)
    device_allocator = lib.iree_runtime_session_device_allocator(session)
    host_allocator = lib.iree_runtime_session_host_allocator(session)
    status = lib.iree_ok_status()
    if lib.iree_status_is_ok(status):
        # %lhs: tensor<4xf32>
        lhs = ffi.new("iree_hal_buffer_view_t**")
        if lib.iree_status_is_ok(status):
            lhs_shape = ffi.new("iree_hal_dim_t[1]", [4])
            lhs_data = ffi.new("float[4]", [1.0, 1.1, 1.2, 1.3])
            status = lib.iree_hal_buffer_view_allocate_buffer_copy(
                device, device_allocator,
                # Shape rank and dimensions:
                len(lhs_shape), lhs_shape,
                # Element type:
                lib.IREE_HAL_ELEMENT_TYPE_FLOAT_32,
                # Encoding type:
                lib.IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR,
                # (iree_hal_buffer_params_t){.type = ..., .access = ..., .usage = ...}
                ffi.new("iree_hal_buffer_params_t*", {
                    # Where to allocate (host or device):
                    "type": lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL,
                    # Access to allow to this memory:
                    "access": lib.IREE_HAL_MEMORY_ACCESS_ALL,
                    # Intended usage of the buffer (transfers, dispatches, etc):
                    "usage": lib.IREE_HAL_BUFFER_USAGE_DEFAULT,
                })[0],
                # The heap buffer to clone:
                lib.iree_make_const_byte_span(lhs_data, ffi.sizeof(lhs_data)),
                # Buffer view + storage are returned and owned by the caller:
                lhs)
        if lib.iree_status_is_ok(status):
            # IREE_IGNORE_ERROR(iree_hal_buffer_view_fprint(...));
            lib.iree_status_ignore(lib.iree_hal_buffer_view_fprint(
                lib.stdout, lhs[0], 4096, host_allocator))
            # Add to the call inputs list (which retains the buffer view).
            status = lib.iree_runtime_call_inputs_push_back_buffer_view(
                call, lhs[0])
        # Since the call retains the buffer view we can release it here.
        lib.iree_hal_buffer_view_release(lhs[0])

        lib.fprintf(lib.stdout, b"\n * \n")

        # %rhs: tensor<4xf32>
        rhs = ffi.new("iree_hal_buffer_view_t**")
        if lib.iree_status_is_ok(status):
            rhs_shape = ffi.new("iree_hal_dim_t[1]", [4])
            rhs_data = ffi.new("float[4]", [10.0, 100.0, 1000.0, 10000.0])
            status = lib.iree_hal_buffer_view_allocate_buffer_copy(
                device, device_allocator, len(rhs_shape), rhs_shape,
                lib.IREE_HAL_ELEMENT_TYPE_FLOAT_32,
                lib.IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR,
                ffi.new("iree_hal_buffer_params_t*", {
                    "type": lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL,
                    "access": lib.IREE_HAL_MEMORY_ACCESS_ALL,
                    "usage": lib.IREE_HAL_BUFFER_USAGE_DEFAULT,
                })[0],
                lib.iree_make_const_byte_span(rhs_data, ffi.sizeof(rhs_data)),
                rhs)
        if lib.iree_status_is_ok(status):
            lib.iree_status_ignore(lib.iree_hal_buffer_view_fprint(
                lib.stdout, rhs[0], 4096, host_allocator))
            status = lib.iree_runtime_call_inputs_push_back_buffer_view(
                call, rhs[0])
        lib.iree_hal_buffer_view_release(rhs[0])

    # Synchronously perform the call.
    if lib.iree_status_is_ok(status):
        status = lib.iree_runtime_call_invoke(call, 0)

    lib.fprintf(lib.stdout, b"\n = \n")

    # Dump the function outputs.
    result = ffi.new("iree_hal_buffer_view_t**")
    if lib.iree_status_is_ok(status):
        # Try to get the first call result as a buffer view.
        status = lib.iree_runtime_call_outputs_pop_front_buffer_view(
            call, result)
    if lib.iree_status_is_ok(status):
        # This prints the buffer view out but an application could read its
        # contents, pass it to another call, etc.
        status = lib.iree_hal_buffer_view_fprint(
            lib.stdout, result[0], 4096, host_allocator)
    lib.iree_hal_buffer_view_release(result[0])

    lib.iree_runtime_call_deinitialize(call)
    return status


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        lib.fprintf(lib.stderr,
                    b"usage: hello_world.py device module.vmfb [function]\n")
        return 1
    device_uri = argv[1].encode()
    module_path = argv[2].encode()
    function_name = (argv[3] if len(argv) > 3 else "jit_mul.main").encode()

    # Setup the shared runtime instance.
    instance_options = ffi.new("iree_runtime_instance_options_t*")
    lib.iree_runtime_instance_options_initialize(instance_options)
    lib.iree_runtime_instance_options_use_all_available_drivers(instance_options)
    instance = ffi.new("iree_runtime_instance_t**")
    status = lib.iree_runtime_instance_create(
        instance_options, lib.iree_allocator_system(), instance)

    # Create the HAL device used to run the workloads.
    device = ffi.new("iree_hal_device_t**")
    if lib.iree_status_is_ok(status):
        status = lib.iree_hal_create_device(
            lib.iree_runtime_instance_driver_registry(instance[0]),
            lib.iree_make_cstring_view(device_uri),
            lib.iree_runtime_instance_host_allocator(instance[0]), device)

    # Set up the session to run the demo module.
    session = ffi.new("iree_runtime_session_t**")
    if lib.iree_status_is_ok(status):
        session_options = ffi.new("iree_runtime_session_options_t*")
        lib.iree_runtime_session_options_initialize(session_options)
        status = lib.iree_runtime_session_create_with_device(
            instance[0], session_options, device[0],
            lib.iree_runtime_instance_host_allocator(instance[0]), session)

    # Load the compiled user module from a file.
    if lib.iree_status_is_ok(status):
        status = lib.iree_runtime_session_append_bytecode_module_from_file(
            session[0], module_path)

    # Build and issue the call.
    if lib.iree_status_is_ok(status):
        status = iree_runtime_demo_perform_mul(session[0], function_name)

    # Release the session and free all cached resources.
    lib.iree_runtime_session_release(session[0])
    # Release shared device once all sessions using it have been released.
    lib.iree_hal_device_release(device[0])
    # Release the shared instance.
    lib.iree_runtime_instance_release(instance[0])

    ret = int(lib.iree_status_code(status))
    if not lib.iree_status_is_ok(status):
        # Dump nice status messages to stderr on failure; the status is a
        # handle and must be freed.
        lib.iree_status_fprint(lib.stderr, status)
        lib.iree_status_ignore(status)
    lib.fflush(lib.stdout)
    lib.fflush(lib.stderr)
    return ret


if __name__ == "__main__":
    sys.exit(main(sys.argv))
