"""IREE's `--task_*` flags, carried to the local-task devices the tools
create as device URI query parameters.

IREE's tools configure the task system from global flags. ireec configures
each local-task device from its URI instead: the parameter is the flag's
name without its `task_` prefix, with the flag's value syntax
(`--task_topology_group_count=1` becomes
`local-task://?topology_group_count=1`), and a device given any such
parameter gets an executor of its own. `local_task_uri` is that mapping.
"""

from __future__ import annotations

import argparse

from dataclasses import dataclass
from typing import Iterable

from ._common import CliError

# The local-task driver's name: the devices these flags apply to.
LOCAL_TASK_DRIVER = "local-task"


@dataclass(frozen=True)
class TaskFlag:
    """One of iree-run-module 3.9's task-system flags: its name, value type
    ("int", "str", "bool", or "list" for a flag that repeats), IREE's default
    and IREE's help line."""

    name: str
    kind: str
    default: object
    help: str

    @property
    def param(self) -> str:
        """The device URI parameter: the flag's name without `task_`."""
        return self.name.removeprefix("task_")


# In iree-run-module --help's order; defaults are IREE 3.9's, which are also
# what ireec's local-task devices use when given no parameters.
TASK_FLAGS = (
    TaskFlag("task_abort_on_failure", "bool", False,
             "abort the program on the first failure within a task system queue"),
    TaskFlag("task_worker_spin_us", "int", 0,
             "microseconds each worker spins waiting for more work before sleeping"),
    TaskFlag("task_worker_stack_size", "int", 131072,
             "minimum size in bytes of each worker thread's stack"),
    TaskFlag("task_worker_local_memory", "int", 0,
             "bytes of per-worker local memory for dispatched tiles "
             "(0: the CPU's L2 cache size)"),
    TaskFlag("task_topology_mode", "str", "physical_cores",
             "how workers are laid out when --task_topology_group_count=0: "
             "physical_cores"),
    TaskFlag("task_topology_group_count", "int", 0,
             "total number of workers, unpinned (0: chosen by "
             "--task_topology_mode)"),
    TaskFlag("task_topology_cpu_ids", "list", None,
             "logical CPU IDs of one topology (0,1,2); repeat for one executor per set"),
    TaskFlag("task_topology_nodes", "str", "current",
             "NUMA nodes to define topologies for: current, all, or a list"),
    TaskFlag("task_topology_max_group_count", "int", 64,
             "most workers chosen automatically when --task_topology_group_count=0"),
    TaskFlag("task_topology_performance_level", "str", "any",
             "cores of this performance level only: any, low/efficiency, "
             "high/performance"),
    TaskFlag("task_topology_distribution", "str", "scatter",
             "how cores are spread across cache domains: compact or scatter"),
    TaskFlag("task_topology_favor", "str", "",
             "a preset: latency, throughput or efficiency"),
)

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
