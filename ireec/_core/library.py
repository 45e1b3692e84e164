"""Loads the IREE runtime library, then ireec's cffi extension module.

The runtime is loaded first with RTLD_GLOBAL: libireec_runtime.so and the
extension leave IREE's symbols undefined and bind them to whichever runtime is
loaded, which is what lets IREEC_RUNTIME_LIBRARY select another build.
"""

from __future__ import annotations

import ctypes
import os
import re

from .runtime_location import (
    IREE_COMMIT,
    KNOWN_RUNTIME_SHA256,
    RUNTIME_OVERRIDE_ENV,
    find_runtime_library,
    sha256_of,
)
from ..errors import RuntimeNotFoundError

RUNTIME_LIBRARY_PATH = find_runtime_library()
RUNTIME_LIBRARY_SHA256 = sha256_of(RUNTIME_LIBRARY_PATH)
RUNTIME_LIBRARY_IS_KNOWN = RUNTIME_LIBRARY_SHA256 in KNOWN_RUNTIME_SHA256

if not RUNTIME_LIBRARY_IS_KNOWN and not os.environ.get(RUNTIME_OVERRIDE_ENV):
    # A different file under the expected name is not the ABI we checked.
    raise RuntimeNotFoundError(
        f"{RUNTIME_LIBRARY_PATH} is not a runtime build ireec knows "
        f"(sha256 {RUNTIME_LIBRARY_SHA256}); reinstall shortfin or set "
        f"{RUNTIME_OVERRIDE_ENV} to a build of IREE {IREE_COMMIT[:12]}")

_runtime_handle = ctypes.CDLL(str(RUNTIME_LIBRARY_PATH),
                              mode=os.RTLD_GLOBAL | os.RTLD_NOW)

try:
    from .._ireec_cffi import ffi, lib  # noqa: E402
except ImportError as e:
    missing = re.search(r"undefined symbol: (\w+)", str(e))
    if not missing:
        raise
    raise RuntimeNotFoundError(
        f"the IREE runtime {RUNTIME_LIBRARY_PATH} does not export "
        f"{missing.group(1)}, which ireec needs: it is not a build of IREE "
        f"{IREE_COMMIT[:12]} with the C API exported") from e

__all__ = ["ffi", "lib", "RUNTIME_LIBRARY_PATH", "RUNTIME_LIBRARY_SHA256"]
