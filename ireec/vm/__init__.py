"""IREE's VM (iree/vm/api.h): modules and what they export, functions and
their calling conventions, lists, byte buffers, references and ref types,
modules written in Python."""

from .buffer import Buffer
from .list import List, VmList
from .module import ExportedFunction, Module, ModuleInfo, ModuleList
from .native_module import NativeModule
from .ref_type import RefType, register_type

__all__ = ["Buffer", "ExportedFunction", "List", "Module", "ModuleInfo", "ModuleList",
           "NativeModule", "RefType", "VmList", "register_type"]
