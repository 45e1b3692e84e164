"""`ireec.load_module(path, device="local-task")`: a compiled module in one
line, its functions as attributes, as iree.runtime users expect.

    m = ireec.load_module("simple_mul.vmfb")
    m.simple_mul(a, b)          # one result: a BufferView; several: a tuple

Underneath it is the Pythonic layer itself: a Session on the device (of the
process-wide Instance), the module loaded into it, and each function the
session's Function, so `m.session` and `m.simple_mul.function` reach them.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from ..hal.device import Device
from .instance import default_instance
from .session import Session

if TYPE_CHECKING:
    from ..types import Out, Value
    from ..vm.module import ExportedFunction
    from .call import Function


class ModuleFunction:
    """A function of a LoadedModule: calling it calls the session's Function
    and returns its one result, a tuple of several, or None for none."""

    __slots__ = {
        "function": "The session's Function (iree_runtime_session_lookup_function).",
        "exported": "What the module exports it as: its name, signature and declaration.",
    }
    function: Function
    exported: ExportedFunction

    def __init__(self, function: Function, exported: ExportedFunction) -> None:
        self.function = function
        self.exported = exported

    def __call__(self, *args: Value, device: Device | None = None, out: Out = None) -> Any:
        results = self.function(*args, device=device, out=out)
        if len(results) == 1:
            return results[0]
        return tuple(results) if results else None

    @property
    def signature(self) -> str:
        """The calling convention, e.g. "0rr_r"."""
        return self.exported.signature

    def __repr__(self) -> str:
        return f"<ireec function {self.exported}>"


class LoadedModule:
    """A module loaded into a Session of its own; its exported functions are
    attributes (`m.simple_mul`) and listed by `m.functions`."""

    def __init__(self, session: Session, name: str) -> None:
        self.session = session
        self.name = name
        # The exported functions, by short name (ireec.modules.ExportedFunction).
        self.functions: dict[str, ExportedFunction] = dict(session.modules[name].functions)
        self._bound: dict[str, ModuleFunction] = {}

    def __getattr__(self, name: str) -> ModuleFunction:
        # Only for names that are not attributes already: the functions.
        if name.startswith("__") or name not in self.__dict__.get("functions", {}):
            raise AttributeError(
                f"module {self.__dict__.get('name')!r} has no function {name!r}; it exports: "
                f"{', '.join(self.__dict__.get('functions', {})) or 'nothing'}")
        bound = self._bound.get(name)
        if bound is None:
            bound = self._bound[name] = ModuleFunction(
                self.session.function(f"{self.name}.{name}"), self.functions[name])
        return bound

    def __dir__(self) -> list[str]:
        return sorted({*super().__dir__(), *self.functions})

    def close(self) -> None:
        """Closes the module's session (iree_runtime_session_release; its
        functions then raise ClosedError)."""
        self._bound.clear()
        self.session.close()

    def __enter__(self) -> LoadedModule:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<ireec.LoadedModule {self.name!r} functions={list(self.functions)}>"


def load_module(source: str | os.PathLike[str] | bytes | memoryview,
                device: str | Device = "local-task") -> LoadedModule:
    """Loads a compiled module (.vmfb path or bytes) into a new Session on
    `device` (a URI for the process-wide Instance, or a Device) and returns
    it with its functions as attributes."""
    if isinstance(device, str):
        device = Device(default_instance(), device)
    elif not isinstance(device, Device):
        raise TypeError(f"device must be a URI (str) or an ireec.Device, "
                        f"not {type(device).__name__}")
    session = Session(device.instance or default_instance(), device)
    before = len(session.modules)
    session.load_module(source)
    return LoadedModule(session, session.modules[before])
