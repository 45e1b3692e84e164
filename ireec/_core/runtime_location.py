"""Where the IREE C runtime library is, and whether it is the build we know.

Used both by setup.py at build time (loaded by file path, before ireec is
importable) and by ireec at import time, so it depends on the standard library
only (and on ireec.errors, whose classes need nothing else, when in the package).
"""

from __future__ import annotations

import hashlib
import os
from importlib import metadata
from pathlib import Path

# The runtime distribution and the file inside it that exports IREE's C API.
RUNTIME_DISTRIBUTION = "shortfin"
RUNTIME_VERSION = "3.9.0"
RUNTIME_FILE_NAME = "libshortfin-16539b35.so.3.9.0"
IREE_COMMIT = "0f64f41a0ae3c250409d8fe7068414d9666eca80"

# sha256 of runtime builds whose ABI ireec's declarations were checked against.
KNOWN_RUNTIME_SHA256 = {
    "ac1d326c9bca391646bf658d03f7f0f7f2eb4ad2f61ee06910e2383998ffb34a":
        f"{RUNTIME_DISTRIBUTION}=={RUNTIME_VERSION} {RUNTIME_FILE_NAME}",
}

# Names another build of the same IREE version instead (checked by symbols).
RUNTIME_OVERRIDE_ENV = "IREEC_RUNTIME_LIBRARY"


if __package__:
    from ..errors import RuntimeNotFoundError
else:
    # setup.py loads this file by path, before there is an ireec package.
    RuntimeNotFoundError = ImportError


def find_runtime_library() -> Path:
    """Returns the runtime library: the override, or the file shortfin ships."""
    override = os.environ.get(RUNTIME_OVERRIDE_ENV)
    if override:
        path = Path(override)
        if not path.is_file():
            raise RuntimeNotFoundError(
                f"{RUNTIME_OVERRIDE_ENV}={override!r} does not name a file")
        return path
    try:
        dist = metadata.distribution(RUNTIME_DISTRIBUTION)
    except metadata.PackageNotFoundError:
        raise RuntimeNotFoundError(
            f"the IREE runtime comes from the '{RUNTIME_DISTRIBUTION}' "
            f"distribution, which is not installed: "
            f"pip install {RUNTIME_DISTRIBUTION}=={RUNTIME_VERSION}") from None
    if dist.version != RUNTIME_VERSION:
        raise RuntimeNotFoundError(
            f"{RUNTIME_DISTRIBUTION} {dist.version} is installed but ireec is "
            f"built for {RUNTIME_DISTRIBUTION}=={RUNTIME_VERSION} "
            f"(IREE {IREE_COMMIT[:12]}); set {RUNTIME_OVERRIDE_ENV} to use "
            f"another build of that IREE version")
    for entry in dist.files or ():
        if entry.name == RUNTIME_FILE_NAME:
            path = Path(dist.locate_file(entry))
            if path.is_file():
                return path
    raise RuntimeNotFoundError(
        f"{RUNTIME_DISTRIBUTION}=={RUNTIME_VERSION} is installed but does not "
        f"contain {RUNTIME_FILE_NAME}")


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
