"""The API groups declared for IREE's whole public C API, driven through the
raw layer (ireec.ffi / ireec.lib) against the real runtime: wait sources,
the synchronous loop, executable formats, collective operations, the
executable loaders' helpers, executable caches and channels. (The VM's
groups: tests/vm/test_raw_vm_api.py.)"""

from __future__ import annotations

import numpy as np
import pytest

from ireec import ffi, lib, check_status, errors
from raw_support import byte_span, runtime_session


def test_wait_sources():
    code = ffi.new("iree_status_code_t*")
    now = lib.iree_time_now()
    future = lib.iree_wait_source_delay(now + 60 * 10**9)
    assert lib.iree_wait_source_is_delay(future)
    check_status(lib.iree_wait_source_query(future, code))
    assert code[0] == lib.IREE_STATUS_DEFERRED
    check_status(lib.iree_wait_source_query(lib.iree_wait_source_delay(now - 1), code))
    assert code[0] == lib.IREE_STATUS_OK
    immediate = lib.iree_wait_source_immediate()
    assert lib.iree_wait_source_is_immediate(immediate)
    check_status(lib.iree_wait_source_wait_one(immediate, lib.iree_immediate_timeout()))
    # A delay a few milliseconds out is waited for; one far out times out.
    check_status(lib.iree_wait_source_wait_one(
        lib.iree_wait_source_delay(lib.iree_time_now() + 2 * 10**6),
        lib.iree_infinite_timeout()))
    with pytest.raises(errors.DeadlineExceededError):
        check_status(lib.iree_wait_source_wait_one(future, lib.iree_immediate_timeout()))
    assert lib.iree_wait_primitive_is_immediate(lib.iree_wait_primitive_immediate())


def test_sync_loop_scope():
    options = ffi.new("iree_loop_sync_options_t*", {"max_queue_depth": 8,
                                                    "max_wait_count": 4})
    loop_sync = ffi.new("iree_loop_sync_t**")
    check_status(lib.iree_loop_sync_allocate(options[0], lib.iree_allocator_system(),
                                             loop_sync))
    scope = ffi.new("iree_loop_sync_scope_t*")
    lib.iree_loop_sync_scope_initialize(loop_sync[0], ffi.NULL, ffi.NULL, scope)
    try:
        loop = lib.iree_loop_sync_scope(scope)
        assert loop.self == scope
        assert scope.loop_sync == loop_sync[0]
        assert scope.pending_count == 0
        # Nothing queued: idle at once.
        check_status(lib.iree_loop_sync_wait_idle(loop_sync[0], lib.iree_immediate_timeout()))
        # The null loop refuses work.
        assert lib.iree_loop_null().ctl == ffi.NULL
    finally:
        lib.iree_loop_sync_scope_deinitialize(scope)
        lib.iree_loop_sync_free(loop_sync[0])


def test_executable_formats_and_loader_helpers(tmp_path, program):
    # An embedded ELF is what iree-compile emits for the local device; the
    # .vmfb's own bytes are no ELF.
    fmt = ffi.new("char[64]")
    size = ffi.new("iree_host_size_t*")
    data = program("simple_mul").read_bytes()
    span, keep = byte_span(data)
    with pytest.raises(errors.IreeError):
        check_status(lib.iree_hal_executable_infer_elf_format(span[0], 64, fmt, size))
    elf = data[data.index(b"\x7fELF"):]
    span, keep = byte_span(elf)
    check_status(lib.iree_hal_executable_infer_elf_format(span[0], 64, fmt, size))
    assert ffi.string(fmt) == b"embedded-elf-x86_64"
    assert 0 < size[0] <= len(elf)

    assert lib.iree_hal_executable_import_is_optional(b"?maybe")
    assert not lib.iree_hal_executable_import_is_optional(b"needed")
    assert lib.iree_hal_executable_import_provider_null().resolve == ffi.NULL

    loader = ffi.new("iree_hal_executable_loader_t**")
    check_status(lib.iree_hal_create_executable_loader_by_name(
        lib.iree_make_cstring_view(b"embedded-elf"), ffi.NULL,
        lib.iree_allocator_system(), loader))
    try:
        assert loader[0].ref_count == 1
        assert lib.iree_hal_executable_loader_query_support(
            loader[0], 0, lib.iree_make_cstring_view(b"embedded-elf-x86_64"))
    finally:
        lib.iree_hal_executable_loader_release(loader[0])
    with pytest.raises(errors.UnavailableError, match="no-such-loader"):
        check_status(lib.iree_hal_create_executable_loader_by_name(
            lib.iree_make_cstring_view(b"no-such-loader"), ffi.NULL,
            lib.iree_allocator_system(), loader))


def test_static_library_loader_with_no_libraries():
    loader = ffi.new("iree_hal_executable_loader_t**")
    check_status(lib.iree_hal_static_library_loader_create(
        0, ffi.NULL, lib.iree_hal_executable_import_provider_null(),
        lib.iree_allocator_system(), loader))
    try:
        assert lib.iree_hal_executable_loader_query_support(
            loader[0], 0, lib.iree_make_cstring_view(b"static"))
        params = ffi.new("iree_hal_executable_params_t*")
        lib.iree_hal_executable_params_initialize(params)
        params.executable_format = lib.iree_make_cstring_view(b"static")
        name = ffi.new("char[]", b"absent")
        params.executable_data.data = ffi.cast("const uint8_t*", name)
        params.executable_data.data_length = len(b"absent") + 1
        executable = ffi.new("iree_hal_executable_t**")
        with pytest.raises(errors.NotFoundError, match="absent"):
            check_status(lib.iree_hal_executable_loader_try_load(loader[0], params, 1,
                                                                 executable))
    finally:
        lib.iree_hal_executable_loader_release(loader[0])
    with pytest.raises(errors.InvalidArgumentError):
        check_status(lib.iree_hal_static_library_loader_create(
            2, ffi.NULL, lib.iree_hal_executable_import_provider_null(),
            lib.iree_allocator_system(), loader))


def test_collective_ops_and_dispatch_helpers():
    op = ffi.new("iree_hal_collective_op_t*")
    op.kind = lib.IREE_HAL_COLLECTIVE_KIND_ALL_REDUCE
    op.reduction = lib.IREE_HAL_COLLECTIVE_REDUCTION_SUM
    op.element_type = lib.IREE_HAL_COLLECTIVE_ELEMENT_TYPE_FLOAT_32
    assert op.packed == (lib.IREE_HAL_COLLECTIVE_ELEMENT_TYPE_FLOAT_32 << 16
                         | lib.IREE_HAL_COLLECTIVE_REDUCTION_SUM << 8
                         | lib.IREE_HAL_COLLECTIVE_KIND_ALL_REDUCE)
    temp = ffi.new("iree_bitfield_string_temp_t*")
    text = lib.iree_hal_collective_op_format(op, temp)
    assert ffi.string(text.data, text.size) == b"iree_hal_collective_all_reduce_sum_f32"
    assert lib.iree_hal_collective_element_byte_count(
        lib.IREE_HAL_COLLECTIVE_ELEMENT_TYPE_FLOAT_64) == 8

    config = lib.iree_hal_make_static_dispatch_config(4, 2, 1)
    assert list(config.workgroup_count) == [4, 2, 1]
    assert list(config.workgroup_size) == [0, 0, 0]
    assert lib.iree_hal_dispatch_uses_indirect_parameters(
        lib.IREE_HAL_DISPATCH_FLAG_STATIC_INDIRECT_PARAMETERS)
    assert not lib.iree_hal_dispatch_uses_indirect_arguments(
        lib.IREE_HAL_DISPATCH_FLAG_CUSTOM_DIRECT_ARGUMENTS)
    assert lib.iree_hal_dispatch_uses_custom_arguments(
        lib.IREE_HAL_DISPATCH_FLAG_CUSTOM_DIRECT_ARGUMENTS)
    assert lib.iree_hal_buffer_ref_list_empty().count == 0


def test_executable_cache_and_dispatch(program):
    # simple_mul's embedded ELF, taken out of its .vmfb, prepared by a
    # device's executable cache and dispatched both ways: recorded in a
    # command buffer, and queued on the device directly.
    data = program("simple_mul").read_bytes()
    elf = data[data.index(b"\x7fELF"):]
    span, keep = byte_span(elf)
    fmt = ffi.new("char[64]")
    size = ffi.new("iree_host_size_t*")
    check_status(lib.iree_hal_executable_infer_elf_format(span[0], 64, fmt, size))
    span.data_length = size[0]

    with runtime_session(None) as (_, device, _session):
        loop_status = ffi.new("iree_status_t*")
        cache = ffi.new("iree_hal_executable_cache_t**")
        check_status(lib.iree_hal_executable_cache_create(
            device, lib.iree_make_cstring_view(b"test"), lib.iree_loop_inline(loop_status),
            cache))
        executable = ffi.new("iree_hal_executable_t**")
        semaphore = ffi.new("iree_hal_semaphore_t**")
        command_buffer = ffi.new("iree_hal_command_buffer_t**")
        buffers = []
        try:
            assert lib.iree_hal_executable_cache_can_prepare_format(
                cache[0], 0, lib.iree_make_cstring_view(fmt))
            params = ffi.new("iree_hal_executable_params_t*")
            lib.iree_hal_executable_params_initialize(params)
            params.queue_affinity = lib.IREE_HAL_QUEUE_AFFINITY_ANY
            params.executable_format = lib.iree_make_cstring_view(fmt)
            params.executable_data = span[0]
            check_status(lib.iree_hal_executable_cache_prepare_executable(
                cache[0], params, executable))

            assert lib.iree_hal_executable_export_count(executable[0]) == 1
            info = ffi.new("iree_hal_executable_export_info_t*")
            check_status(lib.iree_hal_executable_export_info(executable[0], 0, info))
            name = ffi.string(info.name.data, info.name.size)
            assert name == b"simple_mul_dispatch_0_elementwise_4_f32"
            assert (info.binding_count, info.constant_count) == (3, 0)
            ordinal = ffi.new("iree_hal_executable_export_ordinal_t*")
            check_status(lib.iree_hal_executable_lookup_export_by_name(
                executable[0], info.name, ordinal))
            assert ordinal[0] == 0
            with pytest.raises(errors.NotFoundError):
                check_status(lib.iree_hal_executable_lookup_export_by_name(
                    executable[0], lib.iree_make_cstring_view(b"nope"), ordinal))

            params = ffi.new("iree_hal_buffer_params_t*", {
                "type": lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL
                        | lib.IREE_HAL_MEMORY_TYPE_HOST_VISIBLE,
                "usage": lib.IREE_HAL_BUFFER_USAGE_DEFAULT | lib.IREE_HAL_BUFFER_USAGE_MAPPING,
                "access": lib.IREE_HAL_MEMORY_ACCESS_ALL})
            for _ in range(3):
                buffer = ffi.new("iree_hal_buffer_t**")
                check_status(lib.iree_hal_allocator_allocate_buffer(
                    lib.iree_hal_device_allocator(device), params[0], 16, buffer))
                buffers.append(buffer[0])

            def write(buffer, values):
                array = np.array(values, np.float32)
                check_status(lib.iree_hal_buffer_map_write(buffer, 0, ffi.from_buffer(array), 16))

            def read():
                out = np.zeros(4, np.float32)
                check_status(lib.iree_hal_buffer_map_read(buffers[2], 0, ffi.from_buffer(out), 16))
                return out

            refs = ffi.new("iree_hal_buffer_ref_t[3]",
                           [lib.iree_hal_make_buffer_ref(b, 0, 16) for b in buffers])
            bindings = ffi.new("iree_hal_buffer_ref_list_t*", {"count": 3, "values": refs})
            config = lib.iree_hal_make_static_dispatch_config(1, 1, 1)
            no_constants = ffi.new("iree_const_byte_span_t*")
            check_status(lib.iree_hal_semaphore_create(
                device, lib.IREE_HAL_QUEUE_AFFINITY_ANY, 0, 0, semaphore))
            value = ffi.new("uint64_t[1]")
            semaphores = ffi.new("iree_hal_semaphore_t*[1]", [semaphore[0]])
            signal = ffi.new("iree_hal_semaphore_list_t*", {
                "count": 1, "semaphores": semaphores, "payload_values": value})
            no_wait = ffi.new("iree_hal_semaphore_list_t*")

            write(buffers[0], [1, 2, 3, 4])
            write(buffers[1], [10, 20, 30, 40])
            value[0] = 1
            check_status(lib.iree_hal_device_queue_dispatch(
                device, lib.IREE_HAL_QUEUE_AFFINITY_ANY, no_wait[0], signal[0],
                executable[0], 0, config, no_constants[0], bindings[0], 0))
            check_status(lib.iree_hal_semaphore_wait(semaphore[0], 1,
                                                     lib.iree_infinite_timeout(), 0))
            np.testing.assert_array_equal(read(), [10, 40, 90, 160])

            write(buffers[1], [-1, -1, 0.5, 2])
            check_status(lib.iree_hal_command_buffer_create(
                device, lib.IREE_HAL_COMMAND_BUFFER_MODE_ONE_SHOT,
                lib.IREE_HAL_COMMAND_CATEGORY_ANY, lib.IREE_HAL_QUEUE_AFFINITY_ANY, 0,
                command_buffer))
            check_status(lib.iree_hal_command_buffer_begin(command_buffer[0]))
            check_status(lib.iree_hal_command_buffer_dispatch(
                command_buffer[0], executable[0], 0, config, no_constants[0], bindings[0], 0))
            check_status(lib.iree_hal_command_buffer_end(command_buffer[0]))
            value[0] = 2
            check_status(lib.iree_hal_device_queue_execute(
                device, lib.IREE_HAL_QUEUE_AFFINITY_ANY, no_wait[0], signal[0],
                command_buffer[0], lib.iree_hal_buffer_binding_table_empty(), 0))
            check_status(lib.iree_hal_semaphore_wait(semaphore[0], 2,
                                                     lib.iree_infinite_timeout(), 0))
            np.testing.assert_array_equal(read(), [-1, -2, 1.5, 8])
        finally:
            lib.iree_hal_command_buffer_release(command_buffer[0])
            lib.iree_hal_semaphore_release(semaphore[0])
            for buffer in buffers:
                lib.iree_hal_buffer_release(buffer)
            lib.iree_hal_executable_release(executable[0])
            lib.iree_hal_executable_cache_release(cache[0])
            check_status(loop_status[0])


def test_channels_on_a_cpu_device():
    # The CPU drivers have no collective implementation: channel creation
    # says so rather than handing back a channel that cannot work.
    with runtime_session(None) as (_, device, _session):
        params = ffi.new("iree_hal_channel_params_t*")
        params.rank = lib.IREE_HAL_CHANNEL_RANK_DEFAULT
        params.count = lib.IREE_HAL_CHANNEL_COUNT_DEFAULT
        channel = ffi.new("iree_hal_channel_t**")
        with pytest.raises(errors.UnimplementedError, match="collectives"):
            check_status(lib.iree_hal_channel_create(
                device, lib.IREE_HAL_QUEUE_AFFINITY_ANY, params[0], channel))
        assert channel[0] == ffi.NULL
