"""Host memory shared with IREE without copies, both ways: numpy arrays
imported as device buffers (iree_hal_allocator_import_buffer), and buffers
exported as numpy arrays (__array__, DLPack, to_numpy(copy=None)), with the
lifetimes that make that safe."""

from __future__ import annotations

import gc
import textwrap
import threading
import weakref

import numpy as np
import pytest

import ireec
from ireec import BufferView, check_status, empty_aligned, ffi, lib
from ireec.hal._zero_copy import HEAP_BUFFER_ALIGNMENT, lent_array_count

from child_process import run_python
from device_buffers import ADD_F32, device_only_view, heap_buffer, host_heap_buffer, invoke
from raw_support import runtime_session


@pytest.fixture(scope="module")
def device():
    with ireec.Instance() as instance, instance.create_device("local-task") as device:
        yield device


def aligned(values, dtype=None) -> np.ndarray:
    values = np.asarray(values, dtype)
    array = empty_aligned(values.shape, values.dtype)
    array[...] = values
    return array


def test_empty_aligned():
    for shape in ((), 1, (3,), (2, 5), (0, 4)):
        array = empty_aligned(shape, np.float64)
        if array.size:
            assert array.ctypes.data % HEAP_BUFFER_ALIGNMENT == 0
        assert array.shape == ((shape,) if isinstance(shape, int) else shape)
        assert array.dtype == np.float64 and array.flags.c_contiguous and array.flags.writeable
    assert empty_aligned((4,), np.int8, alignment=4096).ctypes.data % 4096 == 0


# -- import ---------------------------------------------------------------------

def test_import_shares_the_arrays_memory(device):
    array = aligned([1, 2, 3, 4], np.float32)
    with BufferView.from_numpy(device, array, zero_copy=True) as view:
        assert view.zero_copy and view.zero_copy_fallback is None
        # The buffer IREE maps is the array's memory.
        mapping = ffi.new("iree_hal_buffer_mapping_t*")
        check_status(lib.iree_hal_buffer_map_range(
            view.buffer.handle, lib.IREE_HAL_MAPPING_MODE_SCOPED, lib.IREE_HAL_MEMORY_ACCESS_READ,
            0, array.nbytes, mapping))
        try:
            assert int(ffi.cast("uintptr_t", mapping.contents.data)) == array.ctypes.data
        finally:
            check_status(lib.iree_hal_buffer_unmap_range(mapping))
        # A later write to the array is what the device sees.
        array[2] = -7
        assert str(view) == "4xf32=1 2 -7 4"
        assert view.to_numpy()[2] == -7
        # And a write through the buffer is what the array sees.
        check_status(lib.iree_hal_buffer_map_write(
            view.buffer.handle, 0, ffi.from_buffer(np.array([9.5], np.float32)), 4))
        assert array[0] == 9.5


def test_program_reads_the_array_in_place(compile_mlir):
    with runtime_session(compile_mlir(ADD_F32)) as (_, raw_device, session):
        device = ireec.Device.from_handle(raw_device, retain=True)
        a = aligned([1, 2, 3, 4], np.float32)
        b = aligned([10, 20, 30, 40], np.float32)
        va = BufferView.from_numpy(device, a, zero_copy=True)
        vb = BufferView.from_numpy(device, b, zero_copy=True)
        assert va.zero_copy and vb.zero_copy
        (first,) = invoke(session, device, "module.add", va, vb)
        assert str(first) == "4xf32=11 22 33 44"
        a[:] = [100, 200, 300, 400]  # no new views: the same buffers
        (second,) = invoke(session, device, "module.add", va, vb)
        np.testing.assert_array_equal(second.to_numpy(), [110, 220, 330, 440])
        for view in (va, vb, first, second):
            view.close()
        device.close()


def _filled(array):
    array[...] = np.arange(array.size).reshape(array.shape)
    return array


def _read_only(array):
    array = _filled(array)
    array.flags.writeable = False
    return array


@pytest.mark.parametrize("make,reason", [
    (lambda: _filled(empty_aligned(9, np.float32)[1:]), "not aligned to 64 bytes"),
    (lambda: _filled(empty_aligned((4, 4), np.float32)[:, ::2]), "not C-contiguous"),
    (lambda: _filled(np.asfortranarray(empty_aligned((4, 4), np.float32))), "not C-contiguous"),
    (lambda: _filled(empty_aligned(4, ">f4")), "not in native byte order"),
    (lambda: _read_only(empty_aligned(4, np.float32)), "read-only"),
    (lambda: empty_aligned(0, np.float32), "empty"),
], ids=["misaligned", "strided", "fortran", "big-endian", "read-only", "empty"])
def test_import_falls_back_to_a_copy_and_says_why(device, make, reason):
    array = make()
    expected = array.copy()
    with BufferView.from_numpy(device, array, zero_copy=True) as view:
        assert not view.zero_copy
        assert reason in view.zero_copy_fallback
        assert view.shape == array.shape
        np.testing.assert_array_equal(view.to_numpy(), expected)
        if array.flags.writeable and array.size:
            array.flat[0] = 1234
            assert view.to_numpy().flat[0] == expected.flat[0]  # it was copied


def test_zero_copy_not_requested_is_a_copy(device):
    array = aligned([1, 2], np.int32)
    with BufferView.from_numpy(device, array) as view:
        assert not view.zero_copy and view.zero_copy_fallback is None
        array[0] = 5
        assert str(view) == "2xi32=1 2"


def test_zero_copy_rank_zero(device):
    array = aligned(3.5, np.float64)
    with BufferView.from_numpy(device, array, zero_copy=True) as view:
        assert view.zero_copy and view.shape == ()
        array[...] = 4.5
        assert str(view) == "f64=4.5"


# -- lifetime of lent arrays ------------------------------------------------------

def test_array_stays_alive_until_iree_releases_the_buffer(device):
    before = lent_array_count()
    array = aligned(np.arange(16), np.int64)
    alive = weakref.ref(array)
    view = BufferView.from_numpy(device, array, zero_copy=True)
    del array
    gc.collect()
    assert alive() is not None and lent_array_count() == before + 1
    # A VM list holds its own reference to the view, and so to the buffer.
    vm_list = ffi.new("iree_vm_list_t**")
    check_status(lib.iree_vm_list_create(lib.iree_vm_make_undefined_type_def(), 1,
                                         lib.iree_allocator_system(), vm_list))
    ref = lib.iree_hal_buffer_view_retain_ref(view.handle)
    check_status(lib.iree_vm_list_push_ref_move(vm_list[0], ffi.new("iree_vm_ref_t*", ref)))
    view.close()
    gc.collect()
    assert alive() is not None  # C still reads it through the list
    lib.iree_vm_list_release(vm_list[0])
    gc.collect()
    assert alive() is None and lent_array_count() == before


def test_release_from_another_thread(device):
    array = aligned(np.ones(8), np.float32)
    alive = weakref.ref(array)
    view = BufferView.from_numpy(device, array, zero_copy=True)
    del array
    thread = threading.Thread(target=view.close)
    thread.start()
    thread.join()
    gc.collect()
    assert alive() is None


def test_exit_with_arrays_still_lent_is_clean():
    # Views left open, one held only by a VM list, at interpreter exit: no
    # callback into a finalizing interpreter, no crash, nothing printed.
    script = textwrap.dedent("""
        import numpy as np
        import ireec
        from ireec import ffi, lib, check_status
        device = ireec.Instance().create_device("local-task")
        arrays = [ireec.empty_aligned(1024, np.float32) for _ in range(4)]
        views = [ireec.BufferView.from_numpy(device, a, zero_copy=True) for a in arrays]
        assert all(v.zero_copy for v in views)
        vm_list = ffi.new("iree_vm_list_t**")
        check_status(lib.iree_vm_list_create(lib.iree_vm_make_undefined_type_def(), 1,
                                             lib.iree_allocator_system(), vm_list))
        ref = lib.iree_hal_buffer_view_retain_ref(views[0].handle)
        check_status(lib.iree_vm_list_push_ref_move(vm_list[0], ffi.new("iree_vm_ref_t*", ref)))
        views[0].close()
        exported = views[1].to_numpy(copy=None)
        print(str(views[2])[:12])
    """)
    result = run_python("-c", script).check()
    assert result.stdout.startswith("1024xf32=")
    assert result.stderr == ""


def test_after_the_exit_hook_iree_never_calls_back():
    # The atexit hook, run by hand: every buffer still lent keeps one extra
    # reference, so closing views no longer hands arrays back (no callback can
    # reach a finalizing interpreter), and new imports copy.
    script = textwrap.dedent("""
        import gc, weakref
        import numpy as np
        import ireec
        from ireec.hal import _zero_copy as zero_copy
        device = ireec.Instance().create_device("local-task")
        array = ireec.empty_aligned(8, np.float32)
        alive = weakref.ref(array)
        view = ireec.BufferView.from_numpy(device, array, zero_copy=True)
        del array
        zero_copy._keep_lent_arrays_past_exit()
        view.close()
        gc.collect()
        print(alive() is not None, zero_copy.lent_array_count())
        late = ireec.BufferView.from_numpy(device, ireec.empty_aligned(8, np.float32),
                                           zero_copy=True)
        print(late.zero_copy, late.zero_copy_fallback)
    """)
    result = run_python("-c", script).check()
    assert result.stdout.splitlines() == ["True 1", "False the interpreter is exiting"]
    assert result.stderr == ""


# -- export -----------------------------------------------------------------------

def coherent_view(device, values: np.ndarray) -> BufferView:
    buffer = heap_buffer(values.nbytes,
                         memory_type=lib.IREE_HAL_MEMORY_TYPE_HOST_LOCAL
                         | lib.IREE_HAL_MEMORY_TYPE_DEVICE_VISIBLE,
                         usage=lib.IREE_HAL_BUFFER_USAGE_DEFAULT | lib.IREE_HAL_BUFFER_USAGE_MAPPING
                         | lib.IREE_HAL_BUFFER_USAGE_MAPPING_PERSISTENT)
    try:
        check_status(lib.iree_hal_buffer_map_write(buffer, 0, ffi.from_buffer(values),
                                                   values.nbytes))
        return BufferView.from_buffer(device, buffer, values.shape, values.dtype)
    finally:
        lib.iree_hal_buffer_release(buffer)


def test_to_numpy_copy_none_aliases_the_buffer(device):
    with coherent_view(device, np.array([1, 2, 3], np.int16)) as view:
        alias = view.to_numpy(copy=None)
        assert alias.flags.writeable
        assert not alias.flags.owndata
        alias[1] = 20  # writes the device buffer
        assert str(view) == "3xi16=1 20 3"
        same = view.to_numpy(copy=False)
        assert np.shares_memory(alias, same)
        copy = view.to_numpy(copy=True)
        assert not np.shares_memory(alias, copy)


def test_non_coherent_memory_exports_read_only(device):
    # What the CPU heap gives devices (and programs' results) is HOST_VISIBLE
    # but not flagged HOST_COHERENT: aliased, invalidated, never written.
    with BufferView.from_numpy(device, np.array([4, 5], np.int32)) as view:
        assert view.memory_type & lib.IREE_HAL_MEMORY_TYPE_HOST_VISIBLE
        assert not view.memory_type & lib.IREE_HAL_MEMORY_TYPE_HOST_COHERENT
        alias = view.to_numpy(copy=None)
        assert not alias.flags.owndata and not alias.flags.writeable
        np.testing.assert_array_equal(alias, [4, 5])
        # A pre-1.0 DLPack consumer cannot be told "read-only": it gets a copy.
        assert not np.shares_memory(np.from_dlpack(_LegacyDLPack(view)), alias)
        with pytest.raises(BufferError, match="pre-1.0"):
            view.__dlpack__(copy=False)
        # A 1.0 consumer (numpy's own) gets the mapping, flagged read-only.
        modern = np.from_dlpack(view)
        assert np.shares_memory(modern, alias) and not modern.flags.writeable


class _LegacyDLPack:
    """A producer as a pre-1.0 DLPack consumer sees it: no max_version."""

    def __init__(self, view):
        self.view = view

    def __dlpack__(self, **kwargs):
        return self.view.__dlpack__()

    def __dlpack_device__(self):
        return self.view.__dlpack_device__()


def test_exports_of_an_import_are_the_original_array(device):
    array = aligned([[1, 2], [3, 4]], np.uint32)
    with BufferView.from_numpy(device, array, zero_copy=True) as view:
        for exported in (view.to_numpy(copy=None), np.asarray(view), np.from_dlpack(view),
                         np.asarray(view, copy=False)):
            assert exported.ctypes.data == array.ctypes.data
            assert exported.shape == (2, 2) and exported.dtype == np.uint32
            np.testing.assert_array_equal(exported, array)
        assert not np.shares_memory(np.array(view), array)  # np.array copies
        assert not np.shares_memory(view.to_numpy(), array)


def test_array_protocol_dtype_conversion(device):
    with BufferView.from_numpy(device, np.array([1, 2], np.int32)) as view:
        converted = np.asarray(view, dtype=np.float64)
        assert converted.dtype == np.float64
        np.testing.assert_array_equal(converted, [1.0, 2.0])
        with pytest.raises(ValueError, match="needs a copy"):
            view.__array__(dtype=np.float64, copy=False)


def test_dlpack(device):
    values = np.arange(6, dtype=np.float64).reshape(2, 3)
    with BufferView.from_numpy(device, values) as view:
        assert view.__dlpack_device__() == (1, 0)
        imported = np.from_dlpack(view)
        np.testing.assert_array_equal(imported, values)
        assert np.shares_memory(imported, view.to_numpy(copy=None))
        copied = np.from_dlpack(view, copy=True)
        assert not np.shares_memory(copied, imported)
        np.testing.assert_array_equal(copied, values)
        with pytest.raises(BufferError, match="no stream"):
            view.__dlpack__(stream=1)
        with pytest.raises(BufferError, match="not device"):
            view.__dlpack__(dl_device=(2, 0))
        capsule = view.__dlpack__(max_version=(1, 0), dl_device=(1, 0), copy=False)
        assert type(capsule).__name__ == "PyCapsule"


def test_read_only_buffers_export_read_only_arrays(device):
    buffer = host_heap_buffer(8, access=lib.IREE_HAL_MEMORY_ACCESS_READ)
    try:
        with BufferView.from_buffer(device, buffer, (2,), np.int32) as view:
            alias = view.to_numpy(copy=None)
            assert not alias.flags.owndata and not alias.flags.writeable
            assert np.from_dlpack(view).shape == (2,)
            with pytest.raises(ValueError, match="read-only"):
                alias[0] = 1
    finally:
        lib.iree_hal_buffer_release(buffer)


def test_device_only_memory_is_never_aliased(device):
    with device_only_view(device, np.array([1, 2], np.float32)) as view:
        exported = view.to_numpy(copy=None)
        assert exported.flags.owndata
        np.testing.assert_array_equal(exported, [1, 2])
