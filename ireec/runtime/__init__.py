"""IREE's runtime API (iree/runtime/api.h): instances, sessions, calls, and
`load_module`, a compiled module in one line."""

from .async_results import AsyncResults
from .call import BoundCall, Function, PreparedCall
from .instance import Instance, default_instance, query_drivers
from .loaded_module import LoadedModule, ModuleFunction, load_module
from .session import Session

__all__ = [
    "AsyncResults",
    "BoundCall", "Function", "Instance", "LoadedModule", "ModuleFunction", "PreparedCall",
    "Session", "default_instance", "query_drivers", "load_module",
]
