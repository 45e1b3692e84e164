"""IREE's own cuda and vulkan drivers, lent to ireec's driver registry from
IREE's official runtime wheel (`pip install '.[gpu]'`: iree-base-runtime).

The runtime ireec binds has neither driver. IREE's official runtime wheel,
built from an ancestor of the same IREE commit with the same ABI (its
headers differ only in IREE_HAL_MAX_QUEUES, which the HIP driver alone
uses), has both, but its extension module exports no C symbol: a driver
exists there only inside a Python object (`create_hal_driver(name)`, a
nanobind instance holding an `iree_hal_driver_t*`). The registry's `cuda`
and `vulkan` factories (csrc/hal/drivers/borrowed_drivers.c) ask this
module's lender for one when they are asked to create it; it

1. finds the wheel through its installed distribution, refusing another
   version and any extension file whose sha256 is not the one of that
   wheel for this CPython (so the layout read in step 3 is the one known);
2. imports that extension and has it create its driver;
3. reads the driver's pointer out of the nanobind instance, after checking
   the instance's type, size and state words;
4. has C check that the pointer is a live driver whose vtable and functions
   lie inside that extension's loaded file (ireec_hal_driver_check_image);
5. retains it and hands the reference to the factory, which wraps it like
   every driver of ireec's.

Every refusal is a typed ireec error saying what is missing and what to
install; it reaches whoever asked for the driver (Device(...),
iree_hal_create_device from ireec.lib, a tool's --device).
"""

from __future__ import annotations

import atexit
import importlib
import os
import re
import sys
import sysconfig
import threading
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import errors
from .._core.callbacks import status_extern
from .._core.exiting import exiting
from .._core.library import ffi, lib
from .._core.runtime_location import sha256_of
from .._core.status import check_status
from .._core.strings import from_string_view, string_view

if TYPE_CHECKING:
    from ..types import CData

DISTRIBUTION = "iree-base-runtime"
VERSION = "3.9.0"
# The IREE commit that wheel is built from (iree/_runtime_libs/version.py).
IREE_COMMIT = "1a6681936a78138f7ae2b0fd9309d28dfe01ac5b"
EXTENSION_MODULE = "iree._runtime_libs._runtime"
# sha256 of the extension in the wheel of each CPython, by its cache tag.
EXTENSION_SHA256 = {
    "cpython-311": "7a44ebd94930e2c68d450fc0c1d4110dd5c6c199846550d95858acf4168fac62",
    "cpython-312": "6ec7ddf7ab45064fe547a48feb5345f8b153e2aecd84c15c19097eb0ad0db61b",
    "cpython-313": "af2c90b70ee1d82ad5745b71690df0e86acfcdd74fe106cff78303a98ecc70ba",
}
DRIVERS = ("cuda", "vulkan")

# nanobind 2.9's instance (nb_inst, src/nb_internals.h): PyObject_HEAD, an
# int32 offset to the C++ object, then a word of state bits; a type whose
# object is stored inside the instance ("internal") at that offset. The
# extension's HalDriver is IREE's ApiRefCounted<HalDriver,
# iree_hal_driver_t>: one pointer.
_NB_OFFSET_AT = 16
_NB_STATE_AT = 20
_NB_STATE_READY = 2          # bits 0-1: constructed and usable
_NB_DIRECT = 1 << 2          # the offset leads to the object itself
_NB_INTERNAL = 1 << 3        # the object lives inside the instance
_NB_HAL_DRIVER_OFFSET = 24   # sizeof(nb_inst), aligned to the pointer
_NB_HAL_DRIVER_BASICSIZE = 32

# What to install when something is missing, by driver.
_NEEDS = {
    "cuda": "an NVIDIA GPU and its driver (libcuda.so from the NVIDIA driver package)",
    "vulkan": ("a Vulkan loader and driver (Debian: apt install libvulkan1 "
               "mesa-vulkan-drivers; mesa's lavapipe runs on the CPU)"),
}
_STATUS_TEXT = re.compile(r"\b([A-Z_]+); ")

_lock = threading.Lock()
_extension: Any = None


def _refusal(cls: type[errors.IreeError], text: str) -> errors.IreeError:
    """`cls` with `text` worded as IREE words a status ("CODE; text"), as
    the lent drivers' own failures are."""
    return cls(f"{cls.code_name}; {text}")


def _from_extension(error: Exception, prefix: str, advice: str = "") -> errors.IreeError:
    """The official extension's exception (IREE's status text after
    `prefix`) as the ireec error of the status code it names, with
    `advice` appended."""
    text = str(error).removeprefix(prefix)
    match = _STATUS_TEXT.search(text)
    code = getattr(lib, f"IREE_STATUS_{match.group(1)}", None) if match else None
    if code not in errors.ERRORS_BY_CODE:
        return _refusal(errors.UnavailableError, text + advice)
    return errors.ERRORS_BY_CODE[code](text + advice)


def _install_hint() -> str:
    return f"pip install '{DISTRIBUTION}=={VERSION}' (ireec's gpu extra: pip install '.[gpu]')"


def _reinstall_hint() -> str:
    return f"reinstall it: pip install --force-reinstall '{DISTRIBUTION}=={VERSION}'"


def _extension_file() -> Path:
    """The official extension's file, checked to be the pinned build's."""
    try:
        dist = metadata.distribution(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        raise _refusal(errors.UnavailableError,
                       f"IREE's cuda and vulkan drivers come from IREE's official runtime, "
                       f"which is not installed: {_install_hint()}") from None
    if dist.version != VERSION:
        raise _refusal(errors.UnavailableError,
                       f"{DISTRIBUTION} {dist.version} is installed, but ireec borrows IREE's "
                       f"drivers only from {DISTRIBUTION}=={VERSION} (IREE {IREE_COMMIT[:12]}, "
                       f"the ABI of the runtime ireec binds): {_install_hint()}")
    tag = sys.implementation.cache_tag
    expected = EXTENSION_SHA256.get(tag)
    if expected is None:
        raise _refusal(errors.UnavailableError,
                       f"ireec knows no {DISTRIBUTION}=={VERSION} build for {tag}")
    name = "_runtime" + (sysconfig.get_config_var("EXT_SUFFIX") or ".so")
    for entry in dist.files or ():
        if entry.name == name and entry.parent.as_posix() == "iree/_runtime_libs":
            path = Path(dist.locate_file(entry)).resolve()
            if not path.is_file():
                break
            digest = sha256_of(path)
            if digest != expected:
                raise _refusal(errors.UnavailableError,
                               f"{path} is not the extension of {DISTRIBUTION}=={VERSION} for "
                               f"{tag} (sha256 {digest}, expected {expected}): "
                               f"{_reinstall_hint()}")
            return path
    raise _refusal(errors.UnavailableError,
                   f"{DISTRIBUTION}=={VERSION} is installed but has no "
                   f"iree/_runtime_libs/{name}: {_reinstall_hint()}")


def extension() -> Any:
    """The official extension module, imported once it is checked."""
    global _extension
    with _lock:
        if _extension is None:
            path = _extension_file()
            module = importlib.import_module(EXTENSION_MODULE)
            loaded = Path(module.__file__ or "").resolve()
            if loaded != path:
                raise _refusal(errors.UnavailableError,
                               f"{EXTENSION_MODULE} was imported from {loaded}, not from the "
                               f"checked {path}")
            _extension = module
        return _extension


def _driver_pointer(module: Any, driver: Any) -> CData:
    """The `iree_hal_driver_t*` a HalDriver instance holds, read after
    checking that the instance is laid out as nanobind 2.9 lays it out."""
    cls = type(driver)
    if cls is not module.HalDriver:
        raise _refusal(errors.InternalError,
                       f"{EXTENSION_MODULE}.create_hal_driver returned a {cls.__qualname__}, "
                       f"not a HalDriver")
    metatype = type(cls).__name__
    if cls.__basicsize__ != _NB_HAL_DRIVER_BASICSIZE or not metatype.startswith("nb_type"):
        raise _refusal(errors.InternalError,
                       f"{EXTENSION_MODULE}.HalDriver is not the nanobind type ireec knows "
                       f"(size {cls.__basicsize__}, metatype {metatype})")
    address = id(driver)
    offset = ffi.cast("int32_t*", address + _NB_OFFSET_AT)[0]
    state = ffi.cast("uint32_t*", address + _NB_STATE_AT)[0]
    inline = _NB_DIRECT | _NB_INTERNAL
    if offset != _NB_HAL_DRIVER_OFFSET or state & 3 != _NB_STATE_READY or state & inline != inline:
        raise _refusal(errors.InternalError,
                       f"a HalDriver instance of {EXTENSION_MODULE} is not laid out as ireec "
                       f"knows (offset {offset}, state {state:#x})")
    return ffi.cast("iree_hal_driver_t**", address + offset)[0]


def borrow(name: str) -> CData:
    """A new reference to IREE's own driver `name` ("cuda" or "vulkan"),
    checked (see the module's docstring); the caller owns it."""
    if name not in DRIVERS:
        raise _refusal(errors.NotFoundError,
                       f"ireec borrows only {', '.join(DRIVERS)}, not {name!r}")
    module = extension()
    try:
        driver = module.create_hal_driver(name)
    except (RuntimeError, ValueError) as error:  # IREE's status, as the extension raises it
        raise _from_extension(error, "Error creating driver: ",
                              f"; IREE's {name} driver (lent by {DISTRIBUTION} {VERSION}) "
                              f"needs {_NEEDS[name]}") from error
    pointer = _driver_pointer(module, driver)
    view, owner = string_view(os.fspath(Path(module.__file__).resolve()))
    check_status(lib.ireec_hal_driver_check_image(pointer, view))
    lib.iree_hal_driver_retain(pointer)
    del driver  # the instance's own reference goes; ours stays
    return pointer


def parse_flags(flags: list[str]) -> None:
    """Sets flags of the lending runtime (IREE's `--cuda_*`, `--vulkan_*`),
    which its drivers read when they are created: process-wide, as in IREE's
    tools."""
    try:
        extension().parse_flags(*flags)
    except (RuntimeError, ValueError) as error:
        raise _from_extension(error, "Error parsing flags: ") from None


@status_extern
def ireec_hal_python_driver_lender(user_data: CData, driver_name: CData,
                                   out_driver: CData) -> CData:
    out_driver[0] = ffi.NULL
    if exiting():
        raise _refusal(errors.UnavailableError, "the interpreter is exiting: no driver is lent")
    out_driver[0] = borrow(from_string_view(driver_name))
    return ffi.NULL  # OK


lib.ireec_hal_driver_lender_set(lib.ireec_hal_python_driver_lender, ffi.NULL)
# Nothing is lent once the interpreter goes: a factory then says so in C.
atexit.register(lib.ireec_hal_driver_lender_set, ffi.NULL, ffi.NULL)
