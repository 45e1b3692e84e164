"""IREE's io (iree/io/): parameter indices and the files they read."""

from .parameters import ParameterEntry, ParameterIndex

__all__ = ["ParameterEntry", "ParameterIndex"]
