"""VM lists as results: every kind of variant a function returning a VM
list hands back (values of each type, a null ref, a buffer view, a nested
list, a vm.buffer), read through ireec.vm.List and by the one result
decoder of the call path (in C, csrc/python/results.c)."""

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


def test_a_list_reads_every_variant_kind(device):
    # What a function returning a VM list hands back, built with the raw
    # layer: values of each type, a null ref, a buffer view and a nested list,
    # read through the List's own conversion (ireec/vm/variant.py).
    from ireec.vm.list import VmList

    view, inner, outer = _every_variant_kind(device)
    results = VmList.from_handle(outer.handle, retain=True, device=device)
    for _ in range(3):  # read again: the list keeps its elements
        i32, i64, f32, f64, none, nested = results.to_list()
        assert (i32, i64, f32, f64, none) == (-7, 2**40, 0.5, 0.1, None)
        (inner_view,) = nested
        assert inner_view.to_numpy().tolist() == [1.5, 2.5]
    view.close()
    inner.close()
    outer.close()
    results.close()
    # The converted view holds its own reference.
    assert inner_view.to_numpy().tolist() == [1.5, 2.5]

    odd = VmList.create(2)
    _push_vm_buffer(odd.handle)
    (buffer,) = odd.to_list()
    assert type(buffer) is ireec.vm.Buffer and bytes(buffer) == bytes(range(16))
    _push_allocator(odd.handle, device)
    with pytest.raises(TypeError, match="element 1 of the List is a 'hal.allocator' ref"):
        odd.to_list()


# A function returning one value of each kind a call's result decoder reads:
# values of each type, a null ref, a nested list, a buffer view, a vm.buffer.
EVERY_KIND = "0v_iIfFrrrr"


def test_the_c_result_decoder_reads_every_variant_kind(instance, device):
    # A call's results through the one decoder of the call path (in C,
    # csrc/python/results.c): values and refs of each kind, made by a
    # function of a native module (which packs them into the call's output
    # list as a compiled program would).
    view = ireec.BufferView.from_numpy(device, np.array([1.5, 2.5], np.float32))
    inner = ireec.vm.List([view])
    buffer = ireec.vm.Buffer(bytes(range(16)))
    module = ireec.vm.NativeModule("kinds", {
        "every": (EVERY_KIND, lambda: (-7, 2**40, 0.5, 0.1, None, inner, view, buffer))})
    session = ireec.Session(instance, device)
    session.append_module(module)
    for _ in range(2):  # the output list is emptied after each call
        i32, i64, f32, f64, none, nested, direct, vm_buffer = session.call("kinds.every")
        assert (i32, i64, f32, f64, none) == (-7, 2**40, 0.5, 0.1, None)
        assert [type(v) for v in (i32, i64, f32, f64)] == [int, int, float, float]
        assert type(nested) is ireec.vm.List
        (inner_view,) = nested
        assert inner_view.to_numpy().tolist() == direct.to_numpy().tolist() == [1.5, 2.5]
        assert direct.device is session.device and direct.handle == view.handle
        assert type(vm_buffer) is ireec.vm.Buffer and bytes(vm_buffer) == bytes(range(16))
        call = session._calls["kinds.every"]
        assert lib.iree_vm_list_size(call._outputs) == 0  # emptied
    session.close()


# A result of a ref type ireec does not convert.
EXPORTS_A_HAL_BUFFER = """
func.func @export(%a: tensor<4xf32>) -> !hal.buffer {
  %b = hal.tensor.export %a : tensor<4xf32> -> !hal.buffer
  return %b : !hal.buffer
}
"""


def test_the_c_result_decoder_refuses_a_ref_it_does_not_convert(instance, device,
                                                                 compile_mlir):
    session = ireec.Session(instance, device)
    session.load_module(compile_mlir(EXPORTS_A_HAL_BUFFER))
    for _ in range(2):
        with pytest.raises(TypeError,
                           match="result 0 of module.export is a 'hal.buffer' ref"):
            session.call("module.export", np.ones(4, np.float32))
        call = session._calls["module.export"]
        assert lib.iree_vm_list_size(call._outputs) == 0
    session.close()
