"""IREE's `--task_*` flags, carried to the local-task devices the tools
create as device URI query parameters.

IREE's tools configure the task system from global flags. ireec configures
each local-task device from its URI instead: the parameter is the flag's
name without its `task_` prefix, with the flag's value syntax
(`--task_topology_group_count=1` becomes
`local-task://?topology_group_count=1`), and a device given any such
parameter gets an executor of its own. `local_task_uri` is that mapping.

The flags are not listed here: they are the task settings among the CPU
device parameters ireec's C side knows (`ireec_hal_cpu_device_params_query`,
csrc/hal/drivers/device_params.c), with their kinds, defaults and help.
"""

from __future__ import annotations

import argparse

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

if TYPE_CHECKING:
    from ..types import CData

from .._core.library import ffi, lib
from .._core.status import check_status
from ._common import CliError

# The local-task driver's name: the devices these flags apply to.
LOCAL_TASK_DRIVER = "local-task"


@dataclass(frozen=True)
class TaskFlag:
    """One of iree-run-module 3.9's task-system flags: its name, value type
    ("int", "str", "bool", or "list" for a flag that repeats), IREE's default
    and a help line."""

    name: str
    kind: str
    default: object
    help: str

    @property
    def param(self) -> str:
        """The device URI parameter: the flag's name without `task_`."""
        return self.name.removeprefix("task_")


_KINDS = {
    lib.IREEC_HAL_CPU_DEVICE_PARAM_KIND_INT: "int",
    lib.IREEC_HAL_CPU_DEVICE_PARAM_KIND_STRING: "str",
    lib.IREEC_HAL_CPU_DEVICE_PARAM_KIND_BOOL: "bool",
    lib.IREEC_HAL_CPU_DEVICE_PARAM_KIND_LIST: "list",
}


def _typed_default(kind: str, text: str) -> object:
    if kind == "int":
        return int(text)
    if kind == "bool":
        return text in ("", "true", "1")
    return None if kind == "list" else text


def cpu_device_params() -> "list[CData]":
    """Every CPU device URI parameter, as C lists them
    (ireec_hal_cpu_device_param_t records, copied)."""
    count = ffi.new("iree_host_size_t*")
    # Asked with no room: OUT_OF_RANGE, and the count.
    lib.iree_status_ignore(lib.ireec_hal_cpu_device_params_query(0, ffi.NULL, count))
    params = ffi.new("ireec_hal_cpu_device_param_t[]", count[0])
    check_status(lib.ireec_hal_cpu_device_params_query(count[0], params, count))
    return list(params)


def _task_flags() -> tuple[TaskFlag, ...]:
    flags = []
    for param in cpu_device_params():
        if not param.task_setting:
            continue
        kind = _KINDS[param.kind]
        flags.append(TaskFlag(
            "task_" + ffi.string(param.name).decode(), kind,
            _typed_default(kind, ffi.string(param.default_value).decode()),
            ffi.string(param.description).decode()))
    return tuple(flags)


# The task settings C knows, in its order; defaults are IREE 3.9's, which are
# also what ireec's local-task devices use when given no parameters.
TASK_FLAGS = _task_flags()

# Characters that would end or split a query parameter's value: refused
# rather than encoded, since no task flag's value ever needs them.
_URI_DELIMITERS = "&#?= \t"


def task_flag_values(args: argparse.Namespace) -> list[tuple[str, str]]:
    """The (parameter, value) pairs the parsed `args` ask for: every task
    flag given a value other than IREE's default (a default value asks for
    nothing ireec's devices do not already do), values in IREE's spelling."""
    pairs = []
    for flag in TASK_FLAGS:
        value = getattr(args, flag.name)
        if flag.kind == "str" and value == '""':
            # IREE keeps `--flag=""` as the two quotes, and its task flag
            # readers take that as the empty (default) value.
            value = ""
        if flag.kind == "list":
            pairs += [(flag.param, _checked(flag, v)) for v in value or ()]
        elif value != flag.default:
            text = ("true" if value else "false") if flag.kind == "bool" else str(value)
            pairs.append((flag.param, _checked(flag, text)))
    return pairs


def _checked(flag: TaskFlag, value: str) -> str:
    if any(c in value for c in _URI_DELIMITERS):
        raise CliError(f"--{flag.name}={value}: the value cannot be carried in a "
                       f"device URI parameter (it holds one of '&#?=' or a space)")
    return value


def local_task_uri(uri: str, params: Iterable[tuple[str, str]]) -> str:
    """`uri` with `params` appended as query parameters when it names a
    local-task device (`local-task`, `local-task://`, `local-task://0?x=1`);
    any other URI is returned unchanged. A parameter the URI already sets is
    left as the URI has it: the device's own URI is the more specific."""
    driver, colon, rest = uri.partition(":")
    if driver != LOCAL_TASK_DRIVER:
        return uri
    path, question, query = rest.partition("?")
    given = {item.partition("=")[0] for item in query.split("&") if item}
    added = [f"{name}={value}" for name, value in params if name not in given]
    if not added:
        return uri
    if not colon:
        path = "//"  # `local-task` alone: `?` needs the scheme's separator
    query = "&".join(([query] if query else []) + added)
    return f"{driver}:{path}?{query}"


def add_task_flags(parser: argparse.ArgumentParser) -> None:
    """Adds every task flag to `parser` (an ireec FlagParser)."""
    for flag in TASK_FLAGS:
        name = f"--{flag.name}"
        if flag.kind == "bool":
            parser.add_bool_flag(name, flag.help)
        elif flag.kind == "list":
            parser.add_argument(name, action="append", default=[], metavar="IDS",
                                help=flag.help)
        elif flag.kind == "int":
            parser.add_argument(name, type=int, default=flag.default, metavar="N",
                                help=f"{flag.help} (default {flag.default})")
        else:
            parser.add_argument(name, default=flag.default, metavar="VALUE",
                                help=f"{flag.help} (default {flag.default!r})")
    parser.add_bool_flag("--dump_task_topologies",
                         "print the task topologies the flags define (IREE's "
                         "own dump) and exit")


__all__ = ["TASK_FLAGS", "TaskFlag", "add_task_flags",
           "local_task_uri", "task_flag_values"]
