"""Errors that say what to do: IREE's message for an everyday mistake, with
what ireec knows of its cause and fix added after it (IREE's text is kept
whole: the advice is appended, never put in its place).

When a module fails to load (`load_error`):

- a module from another iree-compile (bytecode version or module features
  this runtime lacks): which compiler this runtime needs;
- a module whose source map IREE's own verifier refuses (what iree-compile
  3.9 makes of the empty-name locations jax >= 0.7 exports): the flag that
  leaves the source map out;
- a module compiled for a device the session lacks: the target's driver, the
  session's devices and the flags to recompile with; for a CPU module of
  another architecture, its executable format and the formats this
  machine's devices run; for more devices than the session has, how to
  give it more;
- bytes that are not a module at all (the runtime names what they look
  like): for MLIR source, the iree-compile command for the session's
  devices.

Also: a second module with a name already loaded (refused, naming it); a
function looked up before its module is loaded, or not exported by it
(what is loaded and what the module exports).

Whenever a status becomes an exception (`status_error_factories`, which the
extension's converter uses for every status): IREE's refusal of a tensor of
another element type names both element types as numpy dtypes, which
argument that is (1-based), and the conversion; ireec's refusal of a module
compiled for CPU features this machine lacks is a MissingCpuFeaturesError.

Each load advice returns a new error of the same class and code (raised
`from` IREE's), or None to keep IREE's.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable, Sequence

from .._core.library import lib
from ..compile import LOCAL_CPU_FLAGS
from ..errors import (ERRORS_BY_CODE, AlreadyExistsError, IncompatibleError,
                      InvalidArgumentError, IreeError, MissingCpuFeaturesError)
from ..hal.element_type import dtype_from_element_type

if TYPE_CHECKING:
    from ..hal.device import Device
    from ..vm.module import ModuleList

# The compiler whose bytecode this runtime (shortfin==3.9.0, IREE 0f64f41a) loads.
COMPILER_REQUIREMENT = "iree-base-compiler==3.9.0"

# IREE's messages for bytecode from another compiler version.
_OTHER_COMPILER = re.compile(
    r"required module features \[[^\]]*\] are not available|bytecode version mismatch")
# IREE's verifier on the source map iree-compile 3.9 writes for locations with
# empty names (jax >= 0.7 exports them): a NameLocDef entry with no table.
_EMPTY_NAME_LOCATIONS = "union element absent without type NONE"
STRIP_SOURCE_MAP_FLAG = "--iree-vm-bytecode-module-strip-source-map=true"
# The device targets in IREE's INCOMPATIBLE message for a module compiled for
# devices the session lacks: `#hal.device.target<"cuda", [...`.
_DEVICE_TARGET = re.compile(r'#hal\.device\.target<"([^"]+)"')
# The executable formats in it: `#hal.executable.target<"llvm-cpu",
# "embedded-elf-arm_64", {...}>`.
_EXECUTABLE_FORMAT = re.compile(r'#hal\.executable\.target<"[^"]*", "([^"]+)"')
# The executable formats IREE's CPU loaders know, on each architecture IREE
# names (IREE_ARCH), and VMVX's: asked of a session's devices to say which
# this machine runs.
_KNOWN_FORMATS = (
    *(f"{kind}-{arch}" for arch in ("x86_64", "arm_64", "riscv_64", "x86_32", "arm_32",
                                    "riscv_32", "wasm_32", "wasm_64")
      for kind in ("embedded-elf", "system-elf")),
    "vmvx-bytecode-fb",
)
# What the runtime adds to IREE's refusal of MLIR source as a module
# (csrc/runtime/module_checks.c).
_NOT_COMPILED = "compile it into a .vmfb first with iree-compile"
# A target's HAL driver, where the names differ.
_TARGET_DRIVERS = {"local": "'local-task' or 'local-sync'", "rocm": "'hip'"}
# iree-compile flags producing a module for a session device, by driver.
_RECOMPILE_FLAGS = {
    "local-task": " ".join(LOCAL_CPU_FLAGS),
    "local-sync": " ".join(LOCAL_CPU_FLAGS),
    "hip": "--iree-hal-target-device=hip --iree-hip-target=<your gfx chip>",
    "cuda": "--iree-hal-target-device=cuda",
    "vulkan": "--iree-hal-target-device=vulkan",
}
# How many exported functions an error lists before "and N more".
_LISTED_FUNCTIONS = 12


def _same_kind(error: IreeError, message: str) -> IreeError:
    return type(error)(message, error.code)


def _advised(error: IreeError, advice: str) -> IreeError:
    """`error`'s class and code, its message IREE's followed by `advice`."""
    return _same_kind(error, f"{error.message.rstrip().rstrip(';')}; {advice}")


def source_map_advice(message: str) -> str | None:
    """What to do about a module IREE's verifier refuses for its source map,
    or None when `message` is not that refusal."""
    if _EMPTY_NAME_LOCATIONS not in message:
        return None
    return (f"the module's source map holds locations iree-compile 3.9 wrote without "
            f"their names (as it writes the empty-name locations jax >= 0.7 exports); "
            f"recompile with {STRIP_SOURCE_MAP_FLAG}, or export with jax 0.4.38 to 0.6.2")


def load_error(error: IreeError, devices: Sequence[Device]) -> IreeError | None:
    """Advice for a module that failed to load into a session on `devices`."""
    advice = source_map_advice(error.message)
    if advice is not None:
        return _advised(error, advice)
    found = _OTHER_COMPILER.search(error.message)
    if found:
        return _advised(error, (
            f"the module was compiled by a different iree-compile ({found.group(0)}); "
            f"this runtime needs {COMPILER_REQUIREMENT}: pip install "
            f"{COMPILER_REQUIREMENT} and recompile"))
    if _NOT_COMPILED in error.message:
        return _advised(error, (
            f"for this session's devices: iree-compile {_recompile_flags(devices)} "
            f"FILE.mlir -o FILE.vmfb"))
    if isinstance(error, IncompatibleError) and not isinstance(error, MissingCpuFeaturesError):
        targets = sorted(set(_DEVICE_TARGET.findall(error.message)))
        if targets:
            return _advised(error, device_mismatch_advice(error.message, targets, devices))
    return None


def device_mismatch_advice(iree_message: str, targets: Sequence[str],
                           devices: Sequence[Device]) -> str:
    """What to do about a module compiled for `targets`, refused by a session
    on `devices` (IREE's INCOMPATIBLE: which device symbol is missing, and
    the target's attributes)."""
    ids = [d.id for d in devices]
    if all(_serves(target, ids) for target in targets):
        formats = list(dict.fromkeys(_EXECUTABLE_FORMAT.findall(iree_message)))
        runnable = _formats_run_by(devices, formats)
        if formats and not set(formats) & set(runnable):
            # The right kind of device, but executables it cannot load: a CPU
            # module built for another architecture (or loader).
            return (f"the module's executables are {' and '.join(formats)}, which this "
                    f"session's devices ({ids}) cannot load: they run "
                    f"{', '.join(runnable) or 'none of the known formats'}. Recompile for "
                    f"this machine: iree-compile {_recompile_flags(devices)}")
        # Devices of the right kind, but fewer than the module was compiled for.
        return (f"the module was compiled for more devices than this session has "
                f"({ids}); create the session with one device per "
                f"--iree-hal-target-device it was compiled with: "
                f"ireec.Session(instance, devices=[d0, d1, ...])")
    drivers = ", ".join(f"{t!r} (HAL driver {_TARGET_DRIVERS.get(t, repr(t))})"
                        for t in targets)
    return (f"the module needs a {' and a '.join(map(repr, targets))} device: it was "
            f"compiled for {drivers}, and this session has {ids}. Use such a device, or "
            f"recompile for this one: iree-compile {_recompile_flags(devices)}")


def _recompile_flags(devices: Sequence[Device]) -> str:
    """The iree-compile flags producing a module for `devices`."""
    ids = [d.id for d in devices]
    return " / ".join(sorted({_RECOMPILE_FLAGS.get(i, f"--iree-hal-target-device={i}")
                              for i in ids}))


def _formats_run_by(devices: Sequence[Device], also: Sequence[str]) -> list[str]:
    """The executable formats, of the known ones and `also`, that any of
    `devices` loads (each asked, hal.executable.format)."""
    candidates = [*_KNOWN_FORMATS, *also]
    runnable = []
    for fmt in dict.fromkeys(candidates):
        for device in devices:
            try:
                if device.query_i64("hal.executable.format", fmt):
                    runnable.append(fmt)
                    break
            except IreeError:
                continue
    return runnable


def _serves(target: str, device_ids: Sequence[str]) -> bool:
    if target == "local":
        return any(i in ("local-task", "local-sync") for i in device_ids)
    return _TARGET_DRIVERS.get(target, repr(target)).strip("'") in device_ids


_MISSING_MODULE = re.compile(r"required module '([^']+)' not registered on the context")


def note_missing_module(error: IreeError) -> None:
    """Says what to do when a module imports from a module the session does
    not have (yet): append that one first."""
    missing = _MISSING_MODULE.search(error.message)
    if missing:
        error.add_note(f"the module imports functions of a module named {missing.group(1)!r}, "
                       f"which must be in the session first: append it "
                       f"(Session.append_module, e.g. an ireec.vm.NativeModule) or load "
                       f"it before this one")


def duplicate_module_error(name: str, loaded: Sequence[str]) -> AlreadyExistsError:
    """A module named `name` is already in the session."""
    return AlreadyExistsError(
        f"ALREADY_EXISTS; a module named {name!r} is already loaded in this session "
        f"(modules: {', '.join(loaded)}): calls would reach only the first. Load it into "
        f"another Session, or give it another name in its MLIR (`module @other_name`) "
        f"and recompile",
        AlreadyExistsError.code)


def lookup_error(error: IreeError, name: str, modules: ModuleList) -> IreeError | None:
    """Advice for a function `name` that the session could not find."""
    module_name, dot, function_name = name.partition(".")
    user_modules = [m for m in modules if m != "hal"]
    if not dot:
        return _same_kind(error, (
            f"{error.message}; functions are named 'module.function', e.g. "
            f"{_example_names(modules, user_modules)}"))
    if module_name not in modules:
        if not user_modules:
            loaded = ("no module is loaded yet (only IREE's 'hal'): load one with "
                      "session.load_module(path) first")
        else:
            loaded = f"the loaded modules are {', '.join(map(repr, user_modules))}"
        return _same_kind(error, f"{error.message}; no module {module_name!r}: {loaded}")
    functions = list(modules[module_name].functions.values())
    listed = ", ".join(f.name for f in functions[:_LISTED_FUNCTIONS])
    if len(functions) > _LISTED_FUNCTIONS:
        listed += f", and {len(functions) - _LISTED_FUNCTIONS} more"
    return _same_kind(error, (
        f"{error.message}; module {module_name!r} has no function {function_name!r}; "
        f"it exports: {listed or 'nothing'}"))


def _example_names(modules: ModuleList, user_modules: list[str]) -> str:
    for module_name in user_modules:
        names = list(modules[module_name].functions)
        if names:
            return ", ".join(f"'{module_name}.{n}'" for n in names[:3])
    return "'module.main' (no module with functions is loaded yet)"


# ---------------------------------------------------------------------------
# Advice given whenever a status becomes an exception
# ---------------------------------------------------------------------------

# IREE's refusal of a tensor argument of another element type (the program's
# hal.buffer_view.assert): `input0 element type mismatch; expected f32
# (21000020) but have f64 (21000040)`. IREE numbers inputs from 0.
_ELEMENT_TYPE_MISMATCH = re.compile(
    r"\binput(\d+) element type mismatch; expected (\S+) \(([0-9A-Fa-f]+)\) but have "
    r"(\S+) \(([0-9A-Fa-f]+)\)")


def _numpy_spelling(element_type: int) -> str | None:
    """How numpy code names the dtype of `element_type` (`numpy.float32`,
    `ml_dtypes.bfloat16`), or None for a type numpy lacks."""
    try:
        dtype = dtype_from_element_type(element_type)
    except (TypeError, ValueError, KeyError):
        return None
    return f"{dtype.type.__module__.partition('.')[0]}.{dtype.name}"


def element_type_advice(message: str) -> str | None:
    """What to do about IREE's refusal of a tensor of another element type
    (names both element types as numpy dtypes, the argument 1-based, and
    the conversion), or None when `message` is not that refusal."""
    found = _ELEMENT_TYPE_MISMATCH.search(message)
    if not found:
        return None
    index = int(found.group(1))
    expected, have = found.group(2), found.group(4)
    expected_dtype = _numpy_spelling(int(found.group(3), 16))
    have_dtype = _numpy_spelling(int(found.group(5), 16))
    given = f"{have} elements" + (f" ({have_dtype})" if have_dtype else "")
    wanted = f"{expected}" + (f" ({expected_dtype})" if expected_dtype else "")
    convert = (f"convert it first (a numpy array: `array.astype({expected_dtype})`); "
               if expected_dtype else "convert it first; ")
    return (f"input{index} is argument {index + 1}: it was given {given} where the "
            f"function declares {wanted}: {convert}Python numbers and lists are "
            f"converted to the declared type by themselves")


def _invalid_argument_error(text: str, code: int) -> IreeError:
    error = InvalidArgumentError(text, code)
    advice = element_type_advice(text)
    if advice is not None:
        error.add_note(advice)
    return error


def _incompatible_error(text: str, code: int) -> IreeError:
    if MissingCpuFeaturesError.MARKER in text:
        return MissingCpuFeaturesError(text, code)
    return IncompatibleError(text, code)


def status_error_factories() -> dict[int, Callable[[str, int], IreeError]]:
    """What the extension's status converter makes each status code's
    exception with, (IREE's text, code): the class of the code
    (ireec.errors.ERRORS_BY_CODE), or for the codes advice is given on, a
    function making it and adding the advice."""
    factories: dict[int, Callable[[str, int], IreeError]] = dict(ERRORS_BY_CODE)
    factories[lib.IREE_STATUS_INVALID_ARGUMENT] = _invalid_argument_error
    factories[lib.IREE_STATUS_INCOMPATIBLE] = _incompatible_error
    return factories
