"""The VM's API groups, driven through the raw layer (ireec.ffi /
ireec.lib) against the real runtime: resumable invocation, VM stacks and
in-place lists, bytecode archives and features."""

from __future__ import annotations

import numpy as np
import pytest

from ireec import check_status, errors, ffi, lib
from raw_support import array_from_buffer_view, buffer_view_from_array, byte_span, runtime_session


def test_resumable_invocation(program):
    # iree_vm_begin_invoke / iree_vm_end_invoke around simple_mul, with the
    # 8 KiB stack inside the caller's iree_vm_invoke_state_t.
    with runtime_session(program("simple_mul")) as (_, device, session):
        function = ffi.new("iree_vm_function_t*")
        check_status(lib.iree_runtime_session_lookup_function(
            session, lib.iree_make_cstring_view(b"module.simple_mul"), function))
        allocator = lib.iree_runtime_session_host_allocator(session)
        inputs = ffi.new("iree_vm_list_t**")
        outputs = ffi.new("iree_vm_list_t**")
        check_status(lib.iree_vm_list_create(lib.iree_vm_make_undefined_type_def(), 2,
                                             allocator, inputs))
        check_status(lib.iree_vm_list_create(lib.iree_vm_make_undefined_type_def(), 1,
                                             allocator, outputs))
        try:
            for values in ([1, 2, 3, 4], [0.5, 2, -1, 10]):
                view = buffer_view_from_array(session, np.array(values, np.float32))
                ref = lib.iree_hal_buffer_view_move_ref(view)
                check_status(lib.iree_vm_list_push_ref_move(inputs[0], ffi.new("iree_vm_ref_t*", ref)))
            state = ffi.new("iree_vm_invoke_state_t*")
            assert ffi.sizeof(state[0]) == 8248
            check_status(lib.iree_vm_begin_invoke(
                state, lib.iree_runtime_session_context(session), function[0], 0,
                ffi.NULL, inputs[0], allocator))
            # simple_mul never waits, so it has finished: ending hands over
            # its status and results.
            function_status = ffi.new("iree_status_t*")
            check_status(lib.iree_vm_end_invoke(state, outputs[0], function_status))
            check_status(function_status[0])
            assert lib.iree_vm_list_size(outputs[0]) == 1
            view = lib.iree_vm_list_get_buffer_view_assign(outputs[0], 0)
            np.testing.assert_array_equal(array_from_buffer_view(device, view),
                                          [0.5, 4, -3, 40])
        finally:
            lib.iree_vm_list_release(inputs[0])
            lib.iree_vm_list_release(outputs[0])


def test_vm_stack_and_in_place_list():
    stack = ffi.new("iree_vm_stack_t**")
    resolver = ffi.new("iree_vm_state_resolver_t*")
    check_status(lib.iree_vm_stack_allocate(0, resolver[0], lib.iree_allocator_system(), stack))
    try:
        assert lib.iree_vm_stack_current_frame(stack[0]) == ffi.NULL
        assert lib.iree_vm_stack_invocation_flags(stack[0]) == 0
    finally:
        lib.iree_vm_stack_free(stack[0])

    element_type = ffi.new("iree_vm_type_def_t*",
                           lib.iree_vm_make_value_type_def(lib.IREE_VM_VALUE_TYPE_I32))
    size = lib.iree_vm_list_storage_size(element_type, 4)
    storage = ffi.new("uint8_t[]", size)
    span = ffi.new("iree_byte_span_t*", {"data": storage, "data_length": size})
    vm_list = ffi.new("iree_vm_list_t**")
    check_status(lib.iree_vm_list_initialize(span[0], element_type, 4, vm_list))
    try:
        for i in (7, 11, 13):
            check_status(lib.iree_vm_list_push_value(
                vm_list[0], ffi.new("iree_vm_value_t*", lib.iree_vm_value_make_i32(i))))
        value = ffi.new("iree_vm_value_t*")
        check_status(lib.iree_vm_list_get_value(vm_list[0], 2, value))
        assert (lib.iree_vm_list_size(vm_list[0]), value.i32) == (3, 13)
        # Storage never grows: a fifth element does not fit.
        check_status(lib.iree_vm_list_push_value(
            vm_list[0], ffi.new("iree_vm_value_t*", lib.iree_vm_value_make_i32(0))))
        with pytest.raises(errors.IreeError):
            check_status(lib.iree_vm_list_push_value(
                vm_list[0], ffi.new("iree_vm_value_t*", lib.iree_vm_value_make_i32(0))))
    finally:
        lib.iree_vm_list_deinitialize(vm_list[0])


def test_bytecode_archive_and_features(program):
    data = program("simple_mul").read_bytes()
    span, keep = byte_span(data)
    size = ffi.new("iree_host_size_t*")
    check_status(lib.iree_vm_bytecode_archive_infer_size(span[0], size))
    assert 0 < size[0] <= len(data)
    flatbuffer = ffi.new("iree_const_byte_span_t*")
    rodata_offset = ffi.new("iree_host_size_t*")
    check_status(lib.iree_vm_bytecode_archive_parse_header(span[0], flatbuffer, rodata_offset))
    assert 0 < flatbuffer.data_length <= rodata_offset[0] <= len(data)
    check_status(lib.iree_vm_bytecode_module_flatbuffer_verify(
        span[0], flatbuffer[0], rodata_offset[0]))
    # Bytes that are no module: no size to infer, nothing that verifies.
    garbage, keep2 = byte_span(b"\x00" * 64)
    with pytest.raises(errors.InvalidArgumentError):
        check_status(lib.iree_vm_bytecode_archive_infer_size(garbage[0], size))
    with pytest.raises(errors.InvalidArgumentError):
        check_status(lib.iree_vm_bytecode_module_flatbuffer_verify(
            garbage[0], garbage[0], 0))

    features = lib.iree_vm_bytecode_available_features()
    assert features == 3  # EXT_F32 | EXT_F64: this runtime has both
    temp = ffi.new("iree_bitfield_string_temp_t*")
    text = lib.iree_vm_bytecode_features_format(features, temp)
    assert ffi.string(text.data, text.size) == b"EXT_F32|EXT_F64"
    check_status(lib.iree_vm_check_feature_mismatch(b"here.c", 1, 1, features))
    with pytest.raises(errors.InvalidArgumentError, match="here.c:7"):
        check_status(lib.iree_vm_check_feature_mismatch(b"here.c", 7, 4, features))
