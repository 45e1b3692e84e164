"""Errors that say what to do: IREE's message for an everyday mistake, turned
into one that names the cause and the fix.

- a module from another iree-compile (bytecode version or module features
  this runtime lacks): which compiler this runtime needs;
- a module whose source map IREE's own verifier refuses (what iree-compile
  3.9 makes of the empty-name locations jax >= 0.7 exports): the flag that
  leaves the source map out;
- a module compiled for a device the session lacks: IREE prints the whole
  target (0.5-2 KB of attributes); this names the target's driver, the
  session's devices and the flags to recompile with, in a few lines;
- a second module with a name already loaded: refused, naming it;
- a function looked up before its module is loaded, or not exported by it:
  what is loaded and what the module exports.

Each returns a new error of the same class and code (raised `from` IREE's, so
the original message stays in the traceback), or None to keep IREE's.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Sequence

from ..compile import LOCAL_CPU_FLAGS
from ..errors import AlreadyExistsError, IncompatibleError, IreeError

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
# IREE's first clause of it: "HAL device `__device_0` not found or unavailable".
_FIRST_CLAUSE = re.compile(r"INCOMPATIBLE; ([^:;#]+?)\s*(?::|;|$)")
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
        return _same_kind(error, f"{error.message}; {advice}")
    if _OTHER_COMPILER.search(error.message):
        found = _OTHER_COMPILER.search(error.message)
        assert found is not None
        return _same_kind(error, (
            f"{error.code_name}; the module was compiled by a different iree-compile "
            f"({found.group(0)}); this runtime needs {COMPILER_REQUIREMENT}: "
            f"pip install {COMPILER_REQUIREMENT} and recompile"))
    if isinstance(error, IncompatibleError):
        targets = sorted(set(_DEVICE_TARGET.findall(error.message)))
        if targets:
            return _same_kind(error, device_mismatch_message(error.message, targets, devices))
    return None


def device_mismatch_message(iree_message: str, targets: Sequence[str],
                            devices: Sequence[Device]) -> str:
    """INCOMPATIBLE for a module compiled for `targets`, on `devices`: IREE's
    first clause (which device symbol is missing) without the attributes."""
    ids = [d.id for d in devices]
    clause = _FIRST_CLAUSE.search(iree_message)
    missing = clause.group(1) if clause else "the module's devices are not in this session"
    if all(_serves(target, ids) for target in targets):
        # Devices of the right kind, but fewer than the module was compiled for.
        return (f"INCOMPATIBLE; {missing}: the module was compiled for more devices than "
                f"this session has ({ids}); create the session with one device per "
                f"--iree-hal-target-device it was compiled with: "
                f"ireec.Session(instance, devices=[d0, d1, ...])")
    drivers = ", ".join(f"{t!r} (HAL driver {_TARGET_DRIVERS.get(t, repr(t))})"
                        for t in targets)
    flags = sorted({_RECOMPILE_FLAGS.get(i, f"--iree-hal-target-device={i}") for i in ids})
    return (f"INCOMPATIBLE; {missing}: the module needs a "
            f"{' and a '.join(map(repr, targets))} device: it was compiled for {drivers}, "
            f"and this session has {ids}. Use such a device, or recompile for this one: "
            f"iree-compile {' / '.join(flags)}")


def _serves(target: str, device_ids: Sequence[str]) -> bool:
    if target == "local":
        return any(i in ("local-task", "local-sync") for i in device_ids)
    return _TARGET_DRIVERS.get(target, repr(target)).strip("'") in device_ids


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
