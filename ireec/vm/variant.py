"""VM variants (iree/vm/variant.h): a value or a ref, read as Python
objects and made from them. The one place that knows which ireec object
each ref type is.

Read (a call's results, a List's elements, a NativeModule function's
arguments):

* values: Python ints (i8 ... i64, signed) and floats (f32, f64);
* `hal.buffer_view` an `ireec.BufferView`, `hal.fence` an `ireec.Fence`,
  `hal.semaphore` an `ireec.Semaphore`, `vm.list` an `ireec.vm.List`,
  `vm.buffer` an `ireec.vm.Buffer`, each holding its own reference; a value
  of a type registered with `ireec.vm.register_type` the Python object it
  stands for; a null ref None. Any other ref type raises TypeError naming
  it.

Made (a List's elements, a NativeModule function's results, list
arguments), as a new reference: those objects themselves; a numpy array or
a DLPack producer (a JAX array; ireec/hal/dlpack.py) a new BufferView on
the given device (copied); a Python list or tuple a new List; a bytes-like
object a new Buffer (copied); None a null ref.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

import numpy as np

from .._core.handle import use
from .._core.library import ffi, lib
from ..hal.buffer_view import BufferView
from ..hal.dlpack import host_tensor, offers_dlpack
from ..hal.fence import Fence
from ..hal.semaphore import Semaphore
from . import ref_type
from .buffer import Buffer
from .ref import RefTypes
from .value import VALUE_TYPE_NAMES, describe

if TYPE_CHECKING:
    from ..hal.device import Device
    from ..types import CData

_BYTES_LIKE = (bytes, bytearray, memoryview)


def ref_type_id(name: str) -> int | None:
    """The iree_vm_ref_type_t of a ref type ireec converts, by IREE's name
    ("hal.buffer_view", "vm.list", ... or a registered one), or None."""
    types = RefTypes.load()
    builtin = {"hal.buffer_view": types.buffer_view, "hal.fence": types.fence,
               "hal.semaphore": types.semaphore, "vm.list": types.list,
               "vm.buffer": types.buffer}.get(name)
    if builtin is not None:
        return builtin
    for registered in ref_type.registered_types():
        if registered.name == name:
            return registered.type_id
    return None


def device_of_view(devices: Sequence[Device], view: CData) -> Device | None:
    """Which of a session's `devices` the buffer view `view` (an
    iree_hal_buffer_view_t* or void*) is on: the one that allocated its
    buffer, else the first (None for no devices)."""
    if len(devices) > 1:
        placement = lib.iree_hal_buffer_allocation_placement(
            lib.iree_hal_buffer_view_buffer(ffi.cast("iree_hal_buffer_view_t*", view)))
        for device in devices:
            if device._address == int(ffi.cast("uintptr_t", placement.device)):
                return device
    return devices[0] if devices else None


def object_from_ref(ptr: CData, type_id: int, device: Device | None, where: str) -> Any:
    """The Python object for a borrowed ref (`ptr` a void*, `type_id` its
    iree_vm_ref_type_t): a new wrapper holding its own reference, a
    registered type's object, or None for a null ref."""
    if ptr == ffi.NULL:
        return None
    types = RefTypes.load()
    if type_id == types.buffer_view:
        return BufferView.from_handle(ffi.cast("iree_hal_buffer_view_t*", ptr), retain=True,
                                      device=device)
    if type_id == types.list:
        from .list import List

        return List.from_handle(ffi.cast("iree_vm_list_t*", ptr), retain=True, device=device)
    if type_id == types.buffer:
        return Buffer.from_handle(ffi.cast("iree_vm_buffer_t*", ptr), retain=True)
    if type_id == types.fence:
        return Fence.from_handle(ffi.cast("iree_hal_fence_t*", ptr), retain=True, device=device)
    if type_id == types.semaphore:
        return Semaphore.from_handle(ffi.cast("iree_hal_semaphore_t*", ptr), retain=True,
                                     device=device)
    registered = ref_type.registered(type_id)
    if registered is not None:
        return ref_type.object_of(ptr)
    raise TypeError(f"{where} is a '{ref_type.type_name(type_id)}' ref, which ireec "
                    f"does not convert")


def object_from_variant(variant: CData, device: Device | None, where: str) -> Any:
    """The Python value of the iree_vm_variant_t* `variant` (borrowed)."""
    if variant.type.ref_type_bits:
        return object_from_ref(variant.ref.ptr, variant.ref.type, device, where)
    name = VALUE_TYPE_NAMES.get(variant.type.value_type_bits)
    if name is None:
        return None  # an empty variant
    return getattr(variant, name) if name[0] == "i" else float(getattr(variant, name))


def variant_type_name(variant: CData) -> str | None:
    """IREE's name of what the variant holds ("i32", "hal.buffer_view",
    ...), or None when it is empty."""
    if variant.type.ref_type_bits:
        return ref_type.type_name(variant.ref.type)
    return VALUE_TYPE_NAMES.get(variant.type.value_type_bits)


def retain_ref(value: Any, out: CData, device: Device | None, where: str,
               element_type: str | None = None) -> None:
    """Fills the iree_vm_ref_t* `out` with a new reference to what `value`
    is as a ref (the caller owns it: it moves or releases it); see the
    module docstring. `element_type` is the element type of a list `value`
    becomes ("variant" when None); `device` where an array is copied to."""
    types = RefTypes.load()
    if value is None:
        out.ptr, out.type = ffi.NULL, 0
        return
    for cls, _, field in _ireec_objects():
        if isinstance(value, cls):
            type_id = getattr(types, field)
            with use(value) as (ptr,):
                lib.iree_vm_ref_object_retain(ptr, type_id)
            out.ptr, out.type = ptr, type_id
            return
    made = _new_ref_object(value, device, where, element_type)
    if made is not None:
        # The new wrapper's reference becomes the caller's.
        type_id = (types.buffer_view if isinstance(made, BufferView)
                   else types.buffer if isinstance(made, Buffer) else types.list)
        with use(made) as (ptr,):
            lib.iree_vm_ref_object_retain(ptr, type_id)
        out.ptr, out.type = ptr, type_id
        made.close()
        return
    registered = ref_type.ref_type_of(value)
    if registered is not None:
        out.ptr, out.type = registered.wrap(value), registered.type_id
        return
    raise TypeError(f"{where} takes a ref: an ireec.BufferView, ireec.vm.List, "
                    f"ireec.vm.Buffer, ireec.Fence, a numpy or DLPack array, a list, "
                    f"bytes or None; "
                    f"got {describe(value)}")


def _new_ref_object(value: Any, device: Device | None, where: str,
                    element_type: str | None) -> Any:
    """A new ireec object for a Python value that is not one (a numpy
    array, a DLPack producer, a list or tuple, a bytes-like object), or
    None."""
    array = isinstance(value, (np.ndarray, np.generic))
    if array or offers_dlpack(value):
        if device is None:
            raise TypeError(f"{where}: a {'numpy' if array else 'DLPack'} array needs a "
                            f"device to be copied to (give the List one: "
                            f"List(..., device=device))")
        try:
            if array:
                return BufferView.from_numpy(device, np.asarray(value))
            tensor = host_tensor(value)
            return BufferView(device, tensor.array, element_type=tensor.element_type)
        except Exception as error:
            error.add_note(f"while copying {where} to the device")
            raise
    if isinstance(value, (list, tuple)):
        return _list_class()(value, element_type, device=device)
    if isinstance(value, _BYTES_LIKE):
        return Buffer(value)
    return None


def _list_class() -> type:
    from .list import List

    return List


def _ireec_objects() -> tuple[tuple[type, str, str], ...]:
    """The ireec classes of refs: each with IREE's name of its ref type and
    the RefTypes field holding its iree_vm_ref_type_t."""
    return ((BufferView, "hal.buffer_view", "buffer_view"), (Fence, "hal.fence", "fence"),
            (_list_class(), "vm.list", "list"), (Buffer, "vm.buffer", "buffer"),
            (Semaphore, "hal.semaphore", "semaphore"))


def object_type_name(value: Any) -> str | None:
    """IREE's name of the ref type an ireec object holds ("hal.buffer_view",
    "vm.list", ...), or None for anything else."""
    for cls, name, _ in _ireec_objects():
        if isinstance(value, cls):
            return name
    return None
