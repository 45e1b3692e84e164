"""BufferView on the real runtime: numpy in and out, IREE's text, device-local
readback by transfer, copies between devices, wrapping VM-owned views, and
use after close."""

from __future__ import annotations

import gc
import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import ireec
from ireec import BufferView, ClosedError, check_status, ffi, lib

from child_process import run_python
from device_buffers import ADD_F32, device_only_view, heap_buffer, host_heap_buffer, invoke
from locations import EXAMPLES_DIR
from raw_support import runtime_session


@pytest.fixture(scope="module")
def instance():
    with ireec.Instance() as instance:
        yield instance


# Every test also runs on a device with a discrete GPU's memory.
@pytest.fixture(scope="module")
def device(host_or_discrete_device):
    return host_or_discrete_device


# For what only host memory allows: views without a copy, direct copies
# between CPU devices.
@pytest.fixture(scope="module")
def host_device(instance):
    with instance.create_device("local-task") as device:
        yield device


@pytest.fixture(scope="module")
def other_device(instance):
    with instance.create_device("local-task") as device:
        yield device


# -- numpy in and out ---------------------------------------------------------

def test_round_trip_and_metadata(device):
    values = np.arange(12, dtype=np.float32).reshape(3, 4) * 0.5
    with BufferView.from_numpy(device, values) as view:
        assert view.shape == (3, 4)
        assert view.ndim == 2
        assert view.size == 12
        assert view.nbytes == 48
        assert view.dtype == np.float32
        assert view.element_type == lib.IREE_HAL_ELEMENT_TYPE_FLOAT_32
        assert view.encoding_type == lib.IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR
        assert view.device is device
        assert not view.zero_copy and view.zero_copy_fallback is None
        assert lib.iree_hal_buffer_view_shape_rank(view.handle) == 2
        assert repr(view) == "<ireec.BufferView 3x4xf32 on local-task>"
        back = view.to_numpy()
    np.testing.assert_array_equal(back, values)
    assert back.flags.c_contiguous and back.flags.writeable and back.flags.owndata


def test_to_numpy_copies_by_default(device):
    with BufferView.from_numpy(device, np.array([1, 2, 3], np.int32)) as view:
        first = view.to_numpy()
        first[0] = 99
        assert view.to_numpy()[0] == 1
        assert str(view) == "3xi32=1 2 3"


def test_from_numpy_copies_the_array(device):
    values = np.array([1.0, 2.0], np.float64)
    with BufferView.from_numpy(device, values) as view:
        values[0] = -1
        assert str(view) == "2xf64=1 2"


def test_array_likes(device):
    with BufferView.from_numpy(device, [[1, 2], [3, 4]]) as view:
        assert view.dtype == np.int64
        assert str(view) == "2x2xi64=[1 2][3 4]"
    with BufferView.from_numpy(device, 2.5) as view:
        assert view.shape == () and str(view) == "f64=2.5"


def test_rank_zero(device):
    with BufferView.from_numpy(device, np.float32(7.5)) as view:
        assert view.shape == ()
        assert view.ndim == 0
        assert view.size == 1
        assert str(view) == "f32=7.5"
        assert repr(view) == "<ireec.BufferView f32 on local-task>"
        back = view.to_numpy()
        assert back.shape == () and back == np.float32(7.5)
        mapped = view.to_numpy(copy=None)
        assert mapped.shape == () and mapped == np.float32(7.5)
        assert np.from_dlpack(view).shape == ()


def test_empty_arrays(host_device):
    with BufferView.from_numpy(host_device, np.zeros((0, 3), np.int32)) as view:
        assert view.shape == (0, 3)
        assert view.size == 0 and view.nbytes == 0
        assert str(view) == "0x3xi32="
        assert view.to_numpy().shape == (0, 3)
        assert view.to_numpy(copy=False).shape == (0, 3)
        with BufferView.from_numpy(host_device, np.zeros(0, np.int8)) as empty:
            assert empty.to_device(host_device).shape == (0,)


@pytest.mark.parametrize("make", [
    lambda a: a[:, ::2],            # strided columns
    lambda a: a.T,                  # transposed (Fortran order)
    lambda a: a[::-1, ::-1],        # negative strides
    lambda a: np.asfortranarray(a),
    lambda a: a[1:, 1:3],           # offset window
    lambda a: np.broadcast_to(a[0], (3, 4)),  # zero strides
], ids=["strided", "transposed", "reversed", "fortran", "window", "broadcast"])
def test_non_contiguous_input_is_copied_not_misread(device, make):
    base = np.arange(12, dtype=np.int16).reshape(3, 4)
    values = make(base)
    with BufferView.from_numpy(device, values) as view:
        assert view.shape == values.shape
        np.testing.assert_array_equal(view.to_numpy(), values)
        rows = "".join("[" + " ".join(str(v) for v in row) + "]" for row in values)
        assert str(view) == f"{values.shape[0]}x{values.shape[1]}xi16={rows}"


def test_format_limits_elements(device):
    with BufferView.from_numpy(device, np.arange(2000, dtype=np.int32)) as view:
        text = str(view)
        assert text.startswith("2000xi32=0 1 2 ")
        assert text.endswith(" 1022 1023...")  # FORMAT_MAX_ELEMENTS = 1024
        assert view.format(3) == "2000xi32=0 1 2..."
        full = view.format()
        assert full.endswith(" 1998 1999")
        assert len(full.split("=")[1].split()) == 2000
        with pytest.raises(ValueError, match="max_element_count is -1; it must be 0 to"):
            view.format(-1)


# -- device-local readback ------------------------------------------------------

def test_device_only_buffer_cannot_be_mapped_persistently(device):
    values = np.array([1.5, -2.0, 3.25, 4.0], np.float32)
    with device_only_view(device, values) as view:
        assert not view.memory_type & lib.IREE_HAL_MEMORY_TYPE_HOST_VISIBLE
        assert not view.allowed_usage & lib.IREE_HAL_BUFFER_USAGE_MAPPING_SCOPED
        assert not view.mappable
        assert view.describe_memory() == \
            "DEVICE_LOCAL; usage TRANSFER|DISPATCH_STORAGE; access ALL"
        mapping = ffi.new("iree_hal_buffer_mapping_t*")
        with pytest.raises(ireec.PermissionDeniedError, match="requires HOST_VISIBLE"):
            check_status(lib.iree_hal_buffer_map_range(
                view.buffer.handle, lib.IREE_HAL_MAPPING_MODE_PERSISTENT,
                lib.IREE_HAL_MEMORY_ACCESS_READ, 0, values.nbytes, mapping))
        # Read back by device transfer instead: the right values and text.
        np.testing.assert_array_equal(view.to_numpy(), values)
        assert str(view) == "4xf32=1.5 -2 3.25 4"
        assert view.format(2) == "4xf32=1.5 -2..."


def test_device_only_buffer_exports_copies(device):
    values = np.arange(6, dtype=np.int32).reshape(2, 3)
    with device_only_view(device, values) as view:
        with pytest.raises(ValueError, match="not HOST_VISIBLE"):
            view.to_numpy(copy=False)
        with pytest.raises(ValueError, match="not HOST_VISIBLE"):
            np.asarray(view, copy=False)
        with pytest.raises(BufferError, match="not HOST_VISIBLE"):
            view.__dlpack__(copy=False)
        for array in (view.to_numpy(copy=None), np.asarray(view), np.from_dlpack(view)):
            np.testing.assert_array_equal(array, values)


def test_device_only_rank_zero_and_large(device):
    with device_only_view(device, np.array(-3, np.int64)) as view:
        assert str(view) == "i64=-3"
        assert view.to_numpy() == -3
    # Larger than a queue update (64 KiB): IREE stages through a buffer.
    values = np.arange(40000, dtype=np.float32)
    with device_only_view(device, values) as view:
        np.testing.assert_array_equal(view.to_numpy(), values)
        assert view.format(3) == "40000xf32=0 1 2..."


def test_device_only_readback_needs_a_device(device):
    buffer = heap_buffer(8)
    try:
        with BufferView.from_buffer(None, buffer, (2,), np.float32) as view:
            assert view.device is None
            with pytest.raises(ValueError, match="no device to read it back"):
                view.to_numpy()
            with pytest.raises(ValueError, match="no device to read it back"):
                str(view)
            assert view.shape == (2,)
    finally:
        lib.iree_hal_buffer_release(buffer)


def test_read_needs_read_access(device):
    buffer = host_heap_buffer(8, access=lib.IREE_HAL_MEMORY_ACCESS_WRITE)
    try:
        with BufferView.from_buffer(device, buffer, (2,), np.float32) as view:
            with pytest.raises(ireec.PermissionDeniedError):
                view.to_numpy()
            with pytest.raises(ValueError, match="does not allow READ"):
                view.to_numpy(copy=False)
    finally:
        lib.iree_hal_buffer_release(buffer)


def test_from_buffer_checks_its_arguments(device):
    buffer = heap_buffer(8)
    try:
        with pytest.raises(ValueError, match="needs 12 bytes; the buffer has 8"):
            BufferView.from_buffer(device, buffer, (3,), np.float32)
        with pytest.raises(ValueError, match="negative"):
            BufferView.from_buffer(device, buffer, (-1,), np.float32)
        with pytest.raises(TypeError, match="iree_hal_buffer_t"):
            BufferView.from_buffer(device, ffi.NULL, (1,), np.float32)
        with pytest.raises(TypeError, match="no IREE element type"):
            BufferView.from_buffer(device, buffer, (1,), object)
        # The view retains the buffer: releasing ours leaves it usable.
        view = BufferView.from_buffer(device, buffer, (2,), np.uint32)
    finally:
        lib.iree_hal_buffer_release(buffer)
    with view:
        assert view.to_numpy().shape == (2,)


# -- copies between devices -----------------------------------------------------

def test_copy_to_another_cpu_device_is_direct(host_device, other_device):
    values = np.array([[1, 2], [3, 4]], np.int32)
    with BufferView.from_numpy(host_device, values) as view:
        assert view.direct_copy_obstacle(other_device) is None
        with view.to_device(other_device) as copy:
            assert copy.device is other_device
            assert copy.shape == (2, 2) and copy.dtype == np.int32
            np.testing.assert_array_equal(copy.to_numpy(), values)
            assert str(copy) == "2x2xi32=[1 2][3 4]"
        with view.to_device(other_device, via_host=False) as copy:
            np.testing.assert_array_equal(copy.to_numpy(), values)


def test_copy_staged_through_host_when_forced(device, other_device):
    values = np.linspace(0, 1, 7, dtype=np.float64)
    with BufferView.from_numpy(device, values) as view:
        with view.to_device(other_device, via_host=True) as copy:
            assert copy.device is other_device
            np.testing.assert_array_equal(copy.to_numpy(), values)


def test_device_only_memory_is_staged_to_another_device(device, other_device):
    # Memory the host cannot map: ireec's devices copy it themselves, staging
    # what they cannot reach through host memory.
    values = np.array([5, 6, 7], np.uint16)
    with device_only_view(device, values) as view:
        assert view.direct_copy_obstacle(other_device) is None
        with view.to_device(other_device, via_host=True) as copy:
            assert str(copy) == "3xui16=5 6 7"
        with view.to_device(other_device) as copy:
            assert copy.device is other_device
            assert copy.mappable
            assert str(copy) == "3xui16=5 6 7"


def test_device_only_memory_copies_directly_on_its_own_device(device):
    values = np.arange(10, dtype=np.int8)
    with device_only_view(device, values) as view:
        assert view.direct_copy_obstacle(device) is None
        with view.to_device(device) as copy:
            np.testing.assert_array_equal(copy.to_numpy(), values)


def test_copies_are_independent(device, other_device):
    source = ireec.empty_aligned(4, np.float32)
    source[:] = [1, 2, 3, 4]
    with BufferView.from_numpy(device, source, zero_copy=True) as view:
        assert view.zero_copy
        same = view.to_device(device)
        other = view.to_device(other_device)
        staged = view.to_device(other_device, via_host=True)
        source[0] = 100  # changes the view, which aliases `source`
        assert str(view) == "4xf32=100 2 3 4"
        for copy in (same, other, staged):
            assert str(copy) == "4xf32=1 2 3 4"
            assert not np.shares_memory(copy.to_numpy(copy=None), source)
            copy.close()


def test_to_device_checks_its_argument(device):
    with BufferView.from_numpy(device, np.zeros(2)) as view:
        with pytest.raises(TypeError, match="ireec.Device"):
            view.to_device("local-task")
        with pytest.raises(ValueError, match="a device is required"):
            view.to_device(None)


def test_raw_device_pointers_are_accepted(device):
    with BufferView.from_numpy(device.handle, np.array([1, 2], np.int8)) as view:
        assert isinstance(view.device, ireec.Device)
        assert view.device.handle == device.handle
        assert str(view.to_device(device.handle)) == "2xi8=1 2"


# -- wrapping views the VM owns -------------------------------------------------

def test_program_results_wrap_vm_references(compile_mlir):
    with runtime_session(compile_mlir(ADD_F32)) as (_, raw_device, session):
        device = ireec.Device.from_handle(raw_device, retain=True)
        a = BufferView.from_numpy(device, np.array([1, 2, 3, 4], np.float32))
        b = BufferView.from_numpy(device, np.array([10, 20, 30, 40], np.float32))
        (result,) = invoke(session, device, "module.add", a, b)
        assert str(result) == "4xf32=11 22 33 44"
        np.testing.assert_array_equal(result.to_numpy(), [11, 22, 33, 44])
        np.testing.assert_array_equal(np.from_dlpack(result), [11, 22, 33, 44])
        for view in (a, b, result):
            view.close()
        device.close()


def test_wrap_with_retain_keeps_its_own_reference(device):
    with BufferView.from_numpy(device, np.array([3, 1], np.int32)) as owner:
        borrowed = BufferView.from_handle(owner.handle, device=device, retain=True)
    # The first wrapper released its reference; the second still holds one.
    assert str(borrowed) == "2xi32=3 1"
    borrowed.close()


def test_wrap_without_retain_takes_over_the_reference(device):
    out = ffi.new("iree_hal_buffer_view_t**")
    values = np.array([9, 8, 7], np.uint8)
    shape = ffi.new("iree_hal_dim_t[]", [3])
    params = ffi.new("iree_hal_buffer_params_t*", {
        "type": lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL,
        "access": lib.IREE_HAL_MEMORY_ACCESS_ALL, "usage": lib.IREE_HAL_BUFFER_USAGE_DEFAULT})
    check_status(lib.iree_hal_buffer_view_allocate_buffer_copy(
        device.handle, device.allocator.handle, 1, shape, lib.IREE_HAL_ELEMENT_TYPE_UINT_8,
        lib.IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR, params[0],
        lib.iree_make_const_byte_span(ffi.from_buffer(values), 3), out))
    with BufferView.from_handle(out[0], device=device) as view:
        assert str(view) == "3xui8=9 8 7"


@pytest.mark.parametrize("bad,error", [
    (12345, TypeError),
    (ffi.NULL, TypeError),
    (ffi.cast("iree_hal_buffer_view_t*", 0), ValueError),
    (ffi.new("int*"), TypeError),
])
def test_bad_pointers_are_refused(bad, error):
    with pytest.raises(error):
        BufferView.from_handle(bad)


def test_bad_device_is_refused(device):
    with BufferView.from_numpy(device, np.zeros(1)) as view:
        with pytest.raises(TypeError, match="ireec.Device"):
            BufferView.from_handle(view.handle, device=object(), retain=True)


# -- lifetimes ------------------------------------------------------------------

def test_use_after_close_raises_closed_error(device):
    view = BufferView.from_numpy(device, np.zeros(3, np.float32))
    view.close()
    view.close()  # harmless twice
    assert view.closed
    assert repr(view) == "<ireec.BufferView closed>"
    for use in (lambda: view.handle, lambda: view.shape, lambda: view.dtype,
                lambda: view.element_type, lambda: view.nbytes, lambda: view.buffer,
                lambda: view.mappable, lambda: view.to_numpy(), lambda: str(view),
                lambda: view.format(), lambda: view.to_device(device),
                lambda: np.asarray(view), lambda: np.from_dlpack(view),
                lambda: view.__dlpack_device__(), lambda: view.to_numpy(copy=False)):
        with pytest.raises(ClosedError, match="BufferView is closed"):
            use()
    with pytest.raises(ClosedError):
        with view:
            pass


def test_with_block_releases(device):
    with BufferView.from_numpy(device, np.ones(2)) as view:
        assert not view.closed
    assert view.closed


def test_exported_array_outlives_the_view(host_device):
    values = np.arange(5, dtype=np.float32)
    view = BufferView.from_numpy(host_device, values)
    mapped = view.to_numpy(copy=None)
    from_dlpack = np.from_dlpack(view)
    view.close()
    del view
    gc.collect()
    # The arrays hold the mapping and a buffer reference of their own.
    np.testing.assert_array_equal(mapped, values)
    np.testing.assert_array_equal(from_dlpack, values)
    assert np.shares_memory(mapped, from_dlpack)  # both alias the one buffer
    del mapped, from_dlpack
    gc.collect()  # unmaps and releases the buffer


def test_closed_device_stops_transfers_not_mapped_reads(instance):
    device = instance.create_device("local-task")
    mappable = BufferView.from_numpy(device, np.array([1, 2], np.int32))
    device_only = device_only_view(device, np.array([3, 4], np.int32))
    device.close()
    assert str(mappable) == "2xi32=1 2"
    assert repr(mappable) == "<ireec.BufferView 2xi32>"
    with pytest.raises(ClosedError, match="Device is closed"):
        device_only.to_numpy()
    mappable.close()
    device_only.close()


def test_views_are_released_when_collected(device):
    # Collection releases the buffer (here, returning a lent array to Python).
    from ireec.hal._zero_copy import lent_array_count
    before = lent_array_count()
    view = BufferView.from_numpy(device, ireec.empty_aligned(16, np.int8), zero_copy=True)
    assert view.zero_copy and lent_array_count() == before + 1
    del view
    gc.collect()
    assert lent_array_count() == before


def test_device_local_readback_example():
    result = run_python(EXAMPLES_DIR / "device_local_readback.py").check()
    assert result.stdout.splitlines() == [
        "memory:   DEVICE_LOCAL; usage TRANSFER|DISPATCH_STORAGE; access ALL",
        "mappable: False",
        "persistent map: PERMISSION_DENIED: buffer memory type is not compatible with the "
        "requested operation; buffer has DEVICE_LOCAL, operation requires HOST_VISIBLE",
        "to_numpy(): [[1.5, -2.0, 3.25], [4.0, 0.5, -8.0]]",
        "str():      2x3xf32=[1.5 -2 3.25][4 0.5 -8]",
        "to_numpy(copy=False): buffer view cannot be exported without a copy: its memory is "
        "DEVICE_LOCAL, not HOST_VISIBLE",
    ]


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(array=hnp.arrays(
    dtype=st.sampled_from([np.int8, np.uint16, np.int32, np.float32, np.float64, np.bool_]),
    shape=hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=5)),
    data=st.data())
def test_any_shape_round_trips_through_both_read_paths(host_device, array, data):
    # A random view of the array (so also non-contiguous and reversed), then
    # the mapped and the transfer readback must both give it back exactly.
    index = tuple(data.draw(st.slices(n)) for n in array.shape)
    values = array[index]
    with BufferView.from_numpy(host_device, values) as view, \
            device_only_view(host_device, values) as device_only:
        assert view.shape == values.shape == device_only.shape
        assert view.mappable and not device_only.mappable
        for back in (view.to_numpy(), device_only.to_numpy(), view.to_numpy(copy=None)):
            assert back.shape == values.shape and back.dtype == values.dtype
            assert back.tobytes() == np.ascontiguousarray(values).tobytes()
        assert str(view) == str(device_only)


def _vma_flags(address: int) -> list[str]:
    """The VmFlags of the mapping of this process that holds `address`."""
    flags, inside = [], False
    with open("/proc/self/smaps") as smaps:
        for line in smaps:
            head = line.split(maxsplit=1)[0]
            if "-" in head and not head.endswith(":"):
                start, end = (int(x, 16) for x in head.split("-"))
                inside = start <= address < end
            elif inside and head == "VmFlags:":
                flags = line.split()[1:]
    return flags


def test_large_device_buffers_are_advised_onto_huge_pages(device):
    # numpy asks for huge pages for its large arrays; the CPU devices' memory
    # does too (ireec_allocator_system_huge_pages), so copies between the two
    # are not slowed by TLB misses on one side. "hg" is the kernel's flag for
    # memory advised MADV_HUGEPAGE.
    assert os.path.exists("/sys/kernel/mm/transparent_hugepage/enabled"), \
        "this kernel has no transparent huge pages"
    values = np.arange(2 << 20, dtype=np.float32)  # 8 MiB
    view = BufferView.from_numpy(device, values)
    alias = view.to_numpy(copy=None)
    # The middle: the advice covers whole pages only, not the partial first one.
    assert "hg" in _vma_flags(alias.ctypes.data + alias.nbytes // 2)
    assert alias[-1] == values[-1] and view.to_numpy()[12345] == 12345.0
