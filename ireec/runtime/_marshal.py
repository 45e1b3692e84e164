"""The arguments of a call that C does not push itself, converted onto its
input list following the function's calling convention (ireec/vm/function.py):
the converter each invoker is given (`Packer.push_arg`, called from
csrc/python/invoker.c). Exact numpy arrays of an element type and
BufferViews are pushed in C (csrc/python/invoke.c) and never come here.

* `i`, `I`: a Python int, anything with `__index__` (numpy integers), or a
  0-d integer/bool array. Integers are signless in the VM, so both signed and
  unsigned values of the width are accepted (3_000_000_000 becomes the i32
  bit pattern -1_294_967_296); anything wider raises InvalidArgumentError
  (a ValueError) naming the argument.
* `f`, `F`: a Python int or float, a numpy number, or a 0-d numeric array.
* `r`: a numpy array or numpy scalar (copied into a new buffer view on the
  call's device, with the array's own dtype), an `ireec.BufferView`, an
  `ireec.Fence`, or None (a null ref); or what converts as a numpy array
  does (ireec/runtime/_tensor_args.py, then copied the same way): a DLPack
  producer (a JAX array), a buffer-protocol object, or Python numbers and
  nested lists, typed by the function's declaration. Where the function
  declares a list (`!util.list<T>`), a buffer (`!util.buffer`) or a type of
  its own, or declares nothing: VM objects (`push_vm_ref`).

Results are decoded in C (csrc/python/results.c): Python ints/floats (i32 and
i64 signed), BufferViews, Fences, `ireec.vm.List`s, `ireec.vm.Buffer`s, or
None for a null ref.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..hal.buffer_view import BufferView
from ..hal.device import Device
from ..hal.fence import Fence
from ..vm.buffer import Buffer
from ..vm.declaration import argument_tensor_types, argument_types, vm_type_name
from ..vm.list import List, list_from_values
from ..vm.ref import RefTypes
from ..vm.ref_type import ref_type_of
from ..vm.value import as_float as _as_float
from ..vm.value import as_int as _as_int
from ..vm.value import describe as _describe
from ..vm.variant import ref_type_id, retain_ref
from .._core.handle import use
from .._core.library import ffi, lib
from .._core.status import check_status
from ..hal.dlpack import OnDeviceError
from ._tensor_args import host_argument

if TYPE_CHECKING:
    from ..types import CData


class _Scratch:
    """The cffi objects one conversion writes into (a value, a ref), made
    once and reused."""

    __slots__ = ("value", "ref")

    def __init__(self) -> None:
        self.value = ffi.new("iree_vm_value_t*")
        self.ref = ffi.new("iree_vm_ref_t*")


class Packer:
    """Pushes a function's arguments onto a VM list, one at a time.

    Each conversion takes a set of cffi scratch objects of its own from the
    Packer's spares (making one when none is spare) and gives it back when
    done: conversions that overlap, on several threads or one started from
    a signal handler, a gc callback or a function IREE calls while another
    is half done, never write into each other's.
    """

    __slots__ = ("name", "arg_kinds", "declaration", "vm_refs", "_declared", "_wheres",
                 "_spare")
    declaration: str

    def __init__(self, name: str, arg_kinds: str, declaration: str = ""):
        self.name = name
        self.arg_kinds = arg_kinds
        # The function's iree.abi.declaration: the declared type of a tensor
        # given as Python numbers (read on first need, into _declared).
        self.declaration = declaration
        self._declared: list | None = None
        # {index: declared type} of the ref arguments push_vm_ref converts.
        self.vm_refs = vm_ref_args(arg_kinds, declaration)
        self._wheres = tuple(self.where(i) for i in range(len(arg_kinds)))
        self._spare = [_Scratch()]

    def where(self, index: int) -> str:
        return f"argument {index + 1} of {self.name}"  # 1-based, as people count

    def _take(self) -> _Scratch:
        try:
            return self._spare.pop()
        except IndexError:  # all in use
            return _Scratch()

    def push_arg(self, vm_list: CData, index: int, arg: object, device: Device) -> None:
        """Pushes argument `index`, `arg`, converted by its calling-convention
        kind (a numpy array copied to `device`): the converter of the
        invoker's calls, with the session's lock held."""
        scratch = self._take()
        try:
            kind = self.arg_kinds[index]
            where = self._wheres[index]
            if kind != "r":
                self._push_scalar(vm_list, kind, arg, where, scratch)
            elif index in self.vm_refs and push_vm_ref(
                    vm_list, arg, self.vm_refs[index], device, where):
                pass
            else:
                self._push_ref(vm_list, arg, device, where, scratch, index)
        finally:
            self._spare.append(scratch)

    def _push_scalar(self, vm_list, kind: str, arg, where: str, scratch: _Scratch) -> None:
        value = scratch.value
        if kind == "i":
            value.type = lib.IREE_VM_VALUE_TYPE_I32
            value.i32 = _as_int(arg, kind, where)
        elif kind == "I":
            value.type = lib.IREE_VM_VALUE_TYPE_I64
            value.i64 = _as_int(arg, kind, where)
        elif kind == "f":
            value.type = lib.IREE_VM_VALUE_TYPE_F32
            value.f32 = _as_float(arg, kind, where)
        else:
            value.type = lib.IREE_VM_VALUE_TYPE_F64
            value.f64 = _as_float(arg, kind, where)
        check_status(lib.iree_vm_list_push_value(vm_list, value))

    def _push_ref(self, vm_list, arg, device, where: str, scratch: _Scratch,
                  index: int | None = None) -> None:
        types = RefTypes.load()
        if isinstance(arg, BufferView):
            with use(arg) as (view,):
                self._push_retained(vm_list, view, types.buffer_view, scratch.ref)
        elif isinstance(arg, (np.ndarray, np.generic)):
            self._push_copy(vm_list, np.asarray(arg), None, device, where, scratch)
        elif isinstance(arg, Fence):
            with use(arg) as (fence,):
                self._push_retained(vm_list, fence, types.fence, scratch.ref)
        elif arg is None:
            self._push_retained(vm_list, ffi.NULL, 0, scratch.ref)
        else:
            self._push_host_argument(vm_list, arg, device, where, index, scratch)

    def _push_copy(self, vm_list, array, element_type, device, where: str,
                   scratch: _Scratch) -> None:
        """Pushes a new buffer view holding `array` on `device`."""
        try:
            view = BufferView(device, array, element_type=element_type)
        except Exception as error:
            error.add_note(f"while copying {where} to the device")
            raise
        self._push_new_view(vm_list, view, scratch)

    def _push_new_view(self, vm_list, view: BufferView, scratch: _Scratch) -> None:
        """Pushes `view`, made for the call, and closes it."""
        try:
            with use(view) as (view_ptr,):
                self._push_retained(vm_list, view_ptr, RefTypes.load().buffer_view,
                                    scratch.ref)
        finally:
            # The list holds the reference the call needs.
            view.close()

    def _push_host_argument(self, vm_list, arg, device, where: str,
                            index: int | None, scratch: _Scratch) -> None:
        """A tensor given as a DLPack producer, a buffer-protocol object or
        Python numbers (ireec/runtime/_tensor_args.py), copied to the device
        as a numpy array is; a DLPack producer's device memory (a CUDA
        tensor) imported onto the device instead (BufferView.from_dlpack)."""
        declared = None
        if index is not None and self.declaration:
            if self._declared is None:
                self._declared = argument_tensor_types(self.declaration)
            if index < len(self._declared):
                declared = self._declared[index]
        try:
            host = host_argument(arg, declared, where)
        except OnDeviceError:
            # Device memory (a CUDA tensor), untaken: imported onto the device
            # in place (from_dlpack raises the same error on other devices).
            try:
                view = BufferView.from_dlpack(device, arg)
            except Exception as error:
                error.add_note(f"while importing {where} onto the device")
                raise
            self._push_new_view(vm_list, view, scratch)
            return
        if host is None:
            raise TypeError(
                f"{where} takes a tensor (a buffer view): pass a numpy array, an "
                f"ireec.BufferView, a DLPack or buffer-protocol object (a JAX array, a "
                f"memoryview), Python numbers or nested lists of them, or an "
                f"ireec.Fence; got {_describe(arg)}")
        self._push_copy(vm_list, host.array, host.element_type, device, where, scratch)

    @staticmethod
    def _push_retained(vm_list, ptr, ref_type: int, ref) -> None:
        # What iree_vm_ref_wrap_assign does, without the call: a borrowed ref
        # to |ptr| (NULL: a null ref), which push_ref_retain then retains
        # for the list.
        ref.ptr = ptr
        ref.type = ref_type
        try:
            check_status(lib.iree_vm_list_push_ref_retain(vm_list, ref))
        finally:
            ref.ptr = ffi.NULL


def vm_ref_args(arg_kinds: str, declaration: str) -> dict[int, str]:
    """The ref arguments push_vm_ref converts, {index: declared type}: those
    declared as lists, buffers or types of their own (not tensors nor
    fences), and, for a function without a declaration (a module's
    functions not compiled by iree-compile), every ref argument, as ""."""
    if not declaration:
        return {i: "" for i, kind in enumerate(arg_kinds) if kind == "r"}
    declared = argument_types(declaration)
    return {i: declared[i] for i, kind in enumerate(arg_kinds)
            if kind == "r" and i < len(declared)
            and vm_type_name(declared[i]) not in ("hal.buffer_view", "hal.fence", None)}


def push_vm_ref(vm_list: CData, arg, declared: str, device, where: str) -> bool:
    """Pushes `arg` as the VM object a ref argument declared `declared`
    takes (see vm_ref_args): a list argument a List (a Python list or tuple
    made into one, element types from the declaration), a buffer argument a
    Buffer (a bytes-like object or numpy array copied into one), a type of
    the module's own its registered object, any of them (or None) where
    nothing is declared. False, having pushed nothing, for an argument this
    leaves to the tensor conversions (only where nothing is declared)."""
    vm_type = vm_type_name(declared) if declared else None
    if vm_type == "vm.list" and isinstance(arg, (list, tuple)):
        arg = list_from_values(arg, declared, device)
    elif vm_type == "vm.buffer" and isinstance(arg, np.ndarray):
        arg = Buffer(np.ascontiguousarray(arg))
    elif not declared and not isinstance(arg, (List, Buffer, list, tuple, bytes, bytearray,
                                               memoryview)) and ref_type_of(arg) is None:
        return False
    ref = ffi.new("iree_vm_ref_t*")
    try:
        retain_ref(arg, ref, device, where)
    except TypeError:
        if not declared:
            raise
        ref.ptr = ffi.NULL  # (nothing made)
    if declared and ref.ptr != ffi.NULL and ref.type != ref_type_id(vm_type or ""):
        lib.iree_vm_ref_release(ref)
        ref.ptr = ffi.NULL
    if declared and ref.ptr == ffi.NULL and arg is not None:
        what = _VM_OBJECTS.get(vm_type or "", f"an object of the registered type {vm_type}")
        raise TypeError(f"{where} takes a {declared} ({what}); got {_describe(arg)}")
    status = lib.iree_vm_list_push_ref_move(vm_list, ref)
    if status:  # a NULL iree_status_t is OK
        lib.iree_vm_ref_release(ref)
        check_status(status)
    return True


# What to pass for each VM object a function may declare.
_VM_OBJECTS = {"vm.list": "a list, a tuple or an ireec.vm.List",
               "vm.buffer": "bytes, a bytes-like object, a numpy array or an ireec.vm.Buffer"}
