"""Refuses, saying what to run, an ireec package whose extension is not built.

The usual case is Python started in the source tree: its unbuilt ireec/
shadows the installed package (`python -c 'import ireec'` in the checkout's
root). Checked first by ireec/__init__.py, before anything loads the runtime.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

# ireec/, of which this is ireec/_core/unbuilt.py.
PACKAGE_DIR = Path(__file__).resolve().parent.parent


def unbuilt_message() -> str | None:
    """Why this ireec cannot be imported, or None when its extension is built."""
    if importlib.util.find_spec("ireec._ireec_cffi") is not None:
        return None
    if (PACKAGE_DIR.parent / "setup.py").is_file():
        return (f"ireec is being imported from its source tree ({PACKAGE_DIR}), which "
                f"is not built. Either build it in place with `pip install -e .` (run "
                f"in {PACKAGE_DIR.parent}), or `pip install .` and run Python outside "
                f"the source tree, where the installed package is not shadowed.")
    return (f"ireec at {PACKAGE_DIR} has no built extension (ireec._ireec_cffi): the "
            f"installation is incomplete; reinstall it with `pip install --force-reinstall "
            f"ireec`.")


def check_built() -> None:
    message = unbuilt_message()
    if message is not None:
        raise ImportError(message, name="ireec._ireec_cffi")
