"""IREE's VM (iree/vm/api.h): modules and what they export, functions and
their calling conventions, lists, references."""

from .list import VmList
from .module import ExportedFunction, ModuleInfo, ModuleList

__all__ = ["ExportedFunction", "ModuleInfo", "ModuleList", "VmList"]
