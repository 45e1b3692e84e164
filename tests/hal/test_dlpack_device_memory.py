"""DLPack of device memory (ireec/hal/_dlpack_device.py), every step but the
CUDA calls, on ireec's CPU devices: there a device allocation is a host
pointer, which IREE's heap allocator imports and exports as CUDA's does a
CUdeviceptr. The route's import and export are called with the CPU's
DLPack device (kDLCPU), the one thing CUDA devices change; the producer's
deleter is counted on every path. (On a GPU: tests/gpu/test_cuda_dlpack.py.)"""

from __future__ import annotations

import gc

import numpy as np
import pytest

import ireec
from ireec import ffi, lib
from ireec.hal._dlpack_device import export_tensor, import_tensor
from ireec.hal._zero_copy import lent_array_count

from device_buffers import host_heap_buffer
from dlpack_support import Capsule, CountingProducer, exported_memory, f32

CPU = (1, 0)


def borrow(device, producer, zero_copy=True):
    return import_tensor(ireec.BufferView, device, producer, zero_copy=zero_copy, target=CPU)


def export(view, max_version=(1, 1), copy=None, stream=None):
    return export_tensor(view, view.device, CPU, stream=stream, max_version=max_version,
                         copy=copy)


@pytest.fixture
def own_device(cpu_driver):
    # A device of the test's own: closing it retires everything its queue
    # still held, so the deleter's count is final.
    instance = ireec.Instance()
    with instance.create_device(cpu_driver) as device:
        yield device


# -- import ---------------------------------------------------------------------


@pytest.mark.parametrize("version", [(1, 1), (1, 0), None], ids=["1.1", "1.0", "legacy"])
def test_imported_in_place_and_handed_back_once(own_device, program, version):
    array = ireec.empty_aligned((2, 4), np.float32)
    array[:] = np.arange(8).reshape(2, 4)
    producer = CountingProducer(array, version=version)
    view = borrow(own_device, producer)
    assert (view.zero_copy, view.zero_copy_fallback) == (True, None)
    assert (view.shape, view.dtype) == ((2, 4), np.float32)
    array[1, 3] = 70  # the producer's memory is the buffer's
    assert view.to_numpy().tolist() == [[0, 1, 2, 3], [4, 5, 6, 70]]
    assert exported_memory(view) == (CPU, array.ctypes.data)
    # A program reads it in place.
    with ireec.Session(own_device.instance, own_device) as session:
        session.load_module(program("simple_mul"))
        flat = borrow(own_device, CountingProducer(array.reshape(8)[:4]))
        (product,) = session.call("module.simple_mul", flat, f32([2, 2, 2, 2]))
        assert product.to_numpy().tolist() == [0, 2, 4, 6]
        flat.close()
    assert producer.deleted == 0 and producer.streams == [None]
    view.close()
    own_device.close()
    gc.collect()
    assert producer.deleted == 1


def test_copies_say_why_and_hand_back_at_once(own_device):
    array = ireec.empty_aligned(16, np.float32)
    array[:] = np.arange(16)
    cases = [
        (dict(byte_offset=4, shape=(4,)), "not aligned to 64 bytes", [1, 2, 3, 4]),
        (dict(read_only=True, shape=(4,)), "read-only", [0, 1, 2, 3]),
        (dict(shape=(2, 2)), "zero_copy=False", [[0, 1], [2, 3]]),
    ]
    producers = []
    for options, reason, expected in cases:
        producer = CountingProducer(array, **options)
        view = borrow(own_device, producer, zero_copy=reason != "zero_copy=False")
        assert not view.zero_copy and reason in view.zero_copy_fallback
        array[0] = 100  # a copy: not seen
        assert view.to_numpy().tolist() == expected
        array[0] = 0
        view.close()
        producers.append(producer)
    own_device.close()
    gc.collect()
    assert [p.deleted for p in producers] == [1, 1, 1]


@pytest.mark.parametrize("case, error, match", [
    (dict(device=(2, 0)), BufferError, "kDLCUDA 0, not on kDLCPU 0"),
    (dict(strides=(1, 4)), BufferError, "not dense row-major"),
    (dict(dtype=(17, 8)), TypeError, "kDLFloat4_e2m1fn"),
    (dict(version=(2, 0)), BufferError, "newer than this consumer's"),
], ids=["tensor on another device", "strides", "data type", "version"])
def test_refusals_hand_the_tensor_back_once(device, case, error, match):
    array = ireec.empty_aligned((4, 4), np.float32)
    producer = CountingProducer(array, **case)
    if "device" in case:
        # The producer says kDLCPU, its tensor another device.
        producer.__dlpack_device__ = lambda: CPU  # type: ignore[method-assign]
    with pytest.raises(error, match=match):
        borrow(device, producer)
    assert producer.deleted == 1


def test_a_producer_on_another_device_is_never_asked(device):
    producer = CountingProducer(ireec.empty_aligned(4, np.float32), device=(2, 1))
    with pytest.raises(BufferError, match="kDLCUDA 1, not on kDLCPU 0"):
        borrow(device, producer)
    assert producer.streams == [] and producer.deleted == 0


def test_empty_tensors(device):
    producer = CountingProducer(ireec.empty_aligned(4, np.float32), shape=(0, 3))
    with borrow(device, producer) as view:
        assert view.shape == (0, 3) and view.to_numpy().shape == (0, 3)
    assert producer.deleted == 1


def test_the_import_hands_memory_back_once_when_it_fails(device):
    # The C step itself: whatever fails, the release runs exactly once.
    calls = []
    release = ffi.callback("void(void*)", lambda self: calls.append(int(ffi.cast(
        "uintptr_t", self))))
    array = ireec.empty_aligned(8, np.float32)
    data = array.ctypes.data
    params = ffi.new("iree_hal_buffer_params_t*", {
        "type": lib.IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL, "access": lib.IREE_HAL_MEMORY_ACCESS_ALL,
        "usage": lib.IREE_HAL_BUFFER_USAGE_DEFAULT})
    shape = ffi.new("iree_hal_dim_t[]", [4])
    out = ffi.new("iree_hal_buffer_view_t**")
    allocator = lib.iree_hal_device_allocator(device.handle)
    attempts = [
        (data + 4, 16, "OUT_OF_RANGE"),       # unaligned: IREE's heap refuses it
        (data, 12, "INVALID_ARGUMENT"),       # not the view's size
        (0, 16, "INVALID_ARGUMENT"),          # no memory
    ]
    for i, (pointer, length, code) in enumerate(attempts):
        status = lib.ireec_hal_buffer_view_import_device_allocation(
            allocator, params[0], 1, shape, lib.IREE_HAL_ELEMENT_TYPE_FLOAT_32, pointer,
            length, release, ffi.cast("void*", i + 1), device.host_allocator, out)
        with pytest.raises(ireec.IreeError, match=code):
            ireec.check_status(status)
        assert out[0] == ffi.NULL
    assert calls == [1, 2, 3]


# -- export ------------------------------------------------------------------


@pytest.mark.parametrize("max_version", [(1, 1), (1, 0), None], ids=["1.1", "1.0", "legacy"])
def test_exported_in_place_until_the_consumer_is_done(device, max_version):
    array = ireec.empty_aligned((3, 2), np.float32)
    array[:] = [[1, 2], [3, 4], [5, 6]]
    view = ireec.BufferView.from_numpy(device, array, zero_copy=True)
    lent = lent_array_count()
    consumer = np.from_dlpack(Capsule(export(view, max_version=max_version)))
    assert np.shares_memory(consumer, array)  # the very memory
    assert consumer.tolist() == [[1, 2], [3, 4], [5, 6]]
    view.close()
    gc.collect()
    assert lent_array_count() == lent  # the export holds the view
    del consumer
    gc.collect()
    assert lent_array_count() == lent - 1


def test_an_unconsumed_capsule_ends_the_export(device):
    array = ireec.empty_aligned(4, np.float32)
    with ireec.BufferView.from_numpy(device, array, zero_copy=True) as view:
        lent = lent_array_count()
        capsules = [export(view), export(view, max_version=None)]
    gc.collect()
    assert lent_array_count() == lent
    del capsules
    gc.collect()
    assert lent_array_count() == lent - 1


def test_views_of_part_of_a_buffer(device):
    values = f32(range(32))
    with ireec.BufferView.from_numpy(device, values) as whole:
        part = whole.buffer.subspan(64, 32)
        with ireec.BufferView.from_buffer(device, part, (2, 4), np.float32) as view:
            exported = np.from_dlpack(Capsule(export(view)))
            assert exported.tolist() == [[16, 17, 18, 19], [20, 21, 22, 23]]
            # Back in, as a producer's tensor: the same memory again.
            again = borrow(device, Capsule(export(view)))
            assert again.zero_copy and again.to_numpy().tolist() == exported.tolist()
            again.close()


def test_memory_the_device_does_not_export_is_copied(instance, device):
    # A view on `device` of another device's memory (a `memory=discrete`
    # device's, which the host cannot map): not the device's own, so copied
    # on the device first, as IREE's cuda driver's pool memory is.
    with instance.create_device("local-task://?memory=discrete") as discrete:
        with ireec.BufferView.from_numpy(discrete, f32([1, 2, 3])) as theirs:
            with ireec.BufferView.from_buffer(device, theirs.buffer, (3,), np.float32) as view:
                with pytest.raises(BufferError, match="cannot be exported without a copy"):
                    export(view, copy=False)
                assert np.from_dlpack(Capsule(export(view))).tolist() == [1, 2, 3]
                assert np.from_dlpack(Capsule(export(view, copy=True))).tolist() == [1, 2, 3]
            # Its own allocator exports none of that memory at all.
            with pytest.raises(BufferError, match="exports none of its memory"):
                export(theirs)


def test_read_only_memory(device):
    # Versioned consumers are told; a legacy one, which cannot be, gets a copy.
    buffer = host_heap_buffer(16, access=lib.IREE_HAL_MEMORY_ACCESS_READ)
    try:
        buffer_view = ireec.BufferView.from_buffer(device, buffer, (4,), np.int32)
    finally:
        lib.iree_hal_buffer_release(buffer)
    with buffer_view as view:
        capsule = export(view)
        versioned = np.from_dlpack(Capsule(capsule))
        assert not versioned.flags.writeable
        with pytest.raises(BufferError, match="read-only memory cannot be exported"):
            export(view, max_version=None, copy=False)
        legacy = np.from_dlpack(Capsule(export(view, max_version=None)))
        assert not np.shares_memory(legacy, versioned)
        assert legacy.tolist() == versioned.tolist()


def test_streams_and_data_types(device):
    with ireec.BufferView.from_numpy(device, f32([1, 2])) as view:
        with pytest.raises(BufferError, match="no stream"):
            export(view, stream=1)
        with pytest.raises(BufferError, match="0 is ambiguous"):
            export(view, stream=0)
    with ireec.BufferView.from_numpy(device, np.array([True, False])) as view:
        assert np.from_dlpack(Capsule(export(view))).tolist() == [True, False]


def test_a_closed_device_takes_nothing(instance, cpu_driver):
    device = instance.create_device(cpu_driver)
    device.close()
    producer = CountingProducer(ireec.empty_aligned(4, np.float32))
    with pytest.raises(ireec.ClosedError):
        borrow(device, producer)
    assert producer.streams == [] and producer.deleted == 0


def test_imports_and_exports_alive_at_exit(cpu_driver):
    # A borrowed numpy tensor and an exported view (one consumed by numpy,
    # one capsule never taken) still alive when the interpreter exits.
    from child_process import run_python

    source = f"""
import numpy as np, ireec
from ireec.hal._dlpack_device import export_tensor, import_tensor
device = ireec.Instance().create_device({cpu_driver!r})
array = ireec.empty_aligned(4, np.float32)
array[:] = [1, 2, 3, 4]
borrowed = import_tensor(ireec.BufferView, device, array, zero_copy=True, target=(1, 0))
view = ireec.BufferView.from_numpy(device, array * 2)
capsule = export_tensor(view, device, (1, 0), stream=None, max_version=(1, 1), copy=None)
class C:
    def __dlpack__(self, **kwargs): return export_tensor(view, device, (1, 0), stream=None,
                                                         max_version=(1, 1), copy=None)
    def __dlpack_device__(self): return (1, 0)
consumer = np.from_dlpack(C())
print(borrowed.zero_copy, borrowed.to_numpy().tolist(), consumer.tolist())
"""
    result = run_python("-c", source).check()
    assert result.stdout == "True [1.0, 2.0, 3.0, 4.0] [2.0, 4.0, 6.0, 8.0]\n"
    assert result.stderr == ""


def test_threads_hand_each_tensor_back_once(own_device):
    import threading

    array = ireec.empty_aligned(64, np.float32)
    array[:] = np.arange(64)
    producers = [[CountingProducer(array) for _ in range(40)] for _ in range(4)]
    errors = []

    def work(mine):
        try:
            for producer in mine:
                view = borrow(own_device, producer)
                exported = np.from_dlpack(Capsule(export(view)))
                assert exported[63] == 63 and np.shares_memory(exported, array)
                view.close()
                del exported
        except BaseException as error:  # reported below
            errors.append(error)

    threads = [threading.Thread(target=work, args=(mine,)) for mine in producers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    own_device.close()
    gc.collect()
    assert {p.deleted for mine in producers for p in mine} == {1}


def test_exports_inherited_across_fork_are_left_alone():
    # The export holds the last reference to a local-task device; a forked
    # child dropping the consumer must not release it (it would wait for
    # worker threads the child does not have) and exits at once.
    from child_process import run_python

    source = """
import gc, os, numpy as np, ireec
from ireec.hal._dlpack_device import export_tensor
device = ireec.Instance().create_device("local-task")
view = ireec.BufferView.from_numpy(device, np.arange(4, dtype=np.float32))
class C:
    def __dlpack__(self, **kwargs): return export_tensor(view, device, (1, 0), stream=None,
                                                         max_version=(1, 1), copy=None)
    def __dlpack_device__(self): return (1, 0)
consumer = np.from_dlpack(C())
view.close(); device.close()
pid = os.fork()
if pid == 0:
    del consumer
    gc.collect()
    print("child", flush=True)
    raise SystemExit(0)
_, status = os.waitpid(pid, 0)
print("parent", os.waitstatus_to_exitcode(status), consumer.tolist())
"""
    result = run_python("-c", source).check()
    assert result.stdout == "child\nparent 0 [0.0, 1.0, 2.0, 3.0]\n"
