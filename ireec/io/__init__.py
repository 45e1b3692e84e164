"""IREE's io (iree/io/): parameter indices, the files they read, and the
parameter archives (.irpa) ireec writes."""

from .irpa_builder import SplatValue, save_parameters
from .parameters import ParameterEntry, ParameterIndex

__all__ = ["ParameterEntry", "ParameterIndex", "SplatValue", "save_parameters"]
