"""VM lists as results: every kind of variant a function returning a VM
list hands back (values of each type, a null ref, a buffer view, a nested
list, a vm.buffer), converted by the Python packer and by the one result
decoder of the call paths (in C, csrc/python/results.c)."""

from __future__ import annotations

import numpy as np
import pytest

import ireec
from ireec import lib


def _every_variant_kind(device):
    """(a BufferView, a VM list holding it, a VM list of values of each type,
    a null ref and that list), built with the raw layer: what a function
    returning a VM list hands back."""
    from ireec.vm.list import VmList

    outer = VmList.create(8)
    view, inner = _push_every_variant_kind(outer.handle, device)
    return view, inner, outer


def _push_every_variant_kind(outer, device):
    """Pushes onto the VM list `outer` values of each type, a null ref and a
    VM list holding a BufferView; returns (the BufferView, that VM list)."""
    from ireec.vm.list import VmList

    ffi = ireec.ffi
    view = ireec.BufferView.from_numpy(device, np.array([1.5, 2.5], np.float32))
    inner = VmList.create(1)
    ref = ffi.new("iree_vm_ref_t*", lib.iree_hal_buffer_view_retain_ref(view.handle))
    ireec.check_status(lib.iree_vm_list_push_ref_move(inner.handle, ref))
    for value in (lib.iree_vm_value_make_i32(-7), lib.iree_vm_value_make_i64(2**40),
                  lib.iree_vm_value_make_f32(0.5), lib.iree_vm_value_make_f64(0.1)):
        ireec.check_status(lib.iree_vm_list_push_value(outer, ffi.new("iree_vm_value_t*", value)))
    null = ffi.new("iree_vm_ref_t*", lib.iree_hal_buffer_view_retain_ref(ffi.NULL))
    ireec.check_status(lib.iree_vm_list_push_ref_move(outer, null))
    ref = ffi.new("iree_vm_ref_t*", lib.iree_vm_list_retain_ref(inner.handle))
    ireec.check_status(lib.iree_vm_list_push_ref_move(outer, ref))
    return view, inner


def _push_vm_buffer(vm_list) -> None:
    """Pushes a new vm.buffer of 16 bytes 0..15 onto `vm_list`."""
    ffi = ireec.ffi
    buffer = ffi.new("iree_vm_buffer_t**")
    ireec.check_status(lib.iree_vm_buffer_create(
        lib.IREE_VM_BUFFER_ACCESS_MUTABLE, 16, 16, lib.iree_allocator_system(), buffer))
    ffi.memmove(lib.iree_vm_buffer_data(buffer[0]), bytes(range(16)), 16)
    ref = ffi.new("iree_vm_ref_t*", lib.iree_vm_buffer_move_ref(buffer[0]))
    ireec.check_status(lib.iree_vm_list_push_ref_move(vm_list, ref))


def _push_allocator(vm_list, device) -> None:
    """Pushes the device's allocator (a ref kind ireec does not convert)."""
    ref = ireec.ffi.new("iree_vm_ref_t*", lib.iree_hal_allocator_retain_ref(device.allocator.handle))
    ireec.check_status(lib.iree_vm_list_push_ref_move(vm_list, ref))


def test_result_conversion_reads_every_variant_kind(device):
    # What a function returning a VM list hands back, built with the raw
    # layer: values of each type, a null ref, a buffer view and a nested list.
    from ireec.runtime._marshal import Packer
    from ireec.vm.list import VmList

    view, inner, outer = _every_variant_kind(device)

    packer = Packer("test.results", "")
    for _ in range(3):  # the scratch variant is reused safely
        i32, i64, f32, f64, none, nested = packer.pop_results(outer.handle, device)
        assert (i32, i64, f32, f64, none) == (-7, 2**40, 0.5, 0.1, None)
        (inner_view,) = nested
        assert inner_view.to_numpy().tolist() == [1.5, 2.5]
    view.close()
    inner.close()
    outer.close()
    # The converted view holds its own reference.
    assert inner_view.to_numpy().tolist() == [1.5, 2.5]

    odd = VmList.create(2)
    _push_vm_buffer(odd.handle)
    (buffer,) = packer.pop_results(odd.handle, device)
    assert type(buffer) is ireec.vm.Buffer and bytes(buffer) == bytes(range(16))
    _push_allocator(odd.handle, device)
    with pytest.raises(TypeError, match="result 1 of test.results is a 'hal.allocator' ref"):
        packer.pop_results(odd.handle, device)


def test_the_c_result_decoder_reads_every_variant_kind(session_with, device):
    # The same list through the one decoder of the call paths (in C,
    # csrc/python/results.c), reading a call's output list: values and
    # buffer views in C, a nested list and unknown refs through the Python
    # function installed for them.
    ffi = ireec.ffi
    session = session_with("simple_mul")
    prepared = session.function("module.simple_mul").prepare()
    outputs = prepared._outputs
    view, inner = _push_every_variant_kind(outputs, device)
    # And a buffer view directly in the list.
    ref = ffi.new("iree_vm_ref_t*", lib.iree_hal_buffer_view_retain_ref(view.handle))
    ireec.check_status(lib.iree_vm_list_push_ref_move(outputs, ref))
    i32, i64, f32, f64, none, nested, direct = prepared._decode_results([None] * 7)
    assert (i32, i64, f32, f64, none) == (-7, 2**40, 0.5, 0.1, None)
    assert [type(v) for v in (i32, i64, f32, f64)] == [int, int, float, float]
    (inner_view,) = nested
    assert inner_view.to_numpy().tolist() == direct.to_numpy().tolist() == [1.5, 2.5]
    assert direct.device is session.device and direct.handle == view.handle
    assert lib.iree_vm_list_size(outputs) == 0  # emptied
    view.close()
    inner.close()

    _push_vm_buffer(outputs)
    (buffer,) = prepared._decode_results([None])
    assert type(buffer) is ireec.vm.Buffer and bytes(buffer) == bytes(range(16))
    _push_allocator(outputs, device)  # a ref kind ireec does not convert
    with pytest.raises(TypeError, match="result 0 of module.simple_mul is a 'hal.allocator' ref"):
        prepared._decode_results([None])
    assert lib.iree_vm_list_size(outputs) == 0
