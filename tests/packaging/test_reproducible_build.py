"""The built binaries (both extensions and libireec_runtime.so) carry no path
of the machine that built them: the build maps the source tree, the build
folder and Python's and numpy's headers to short relative names
(-ffile-prefix-map), in debug information and __FILE__ alike."""

from __future__ import annotations

import re
import sys
import sysconfig
import tempfile
from pathlib import Path

import pytest

import ireec
from ireec import _cext, _ireec_cffi
from locations import REPO_ROOT

BINARIES = {
    "ireec._cext": Path(_cext.__file__),
    "ireec._ireec_cffi": Path(_ireec_cffi.__file__),
    "libireec_runtime.so": Path(ireec.get_library_dir()) / "libireec_runtime.so",
}

# What a build folder is named by setuptools, pip and build isolation, and
# the temporary directory they are made in.
BUILD_FOLDER = re.compile(rb"build-temp|pip-build-env|pip-req-build|pip-install-|"
                          + re.escape(tempfile.gettempdir().encode() + b"/"))


def _machine_paths() -> set[str]:
    """Paths of this machine a build could record: the checkout, Python's
    installation and its headers, this environment."""
    paths = {str(REPO_ROOT), sys.base_prefix, sys.prefix}
    for key in ("include", "platinclude"):
        paths.add(sysconfig.get_paths()[key])
    return {path for path in paths if len(path) > 1}


@pytest.mark.parametrize("name", sorted(BINARIES))
def test_no_path_of_the_build_machine(name):
    data = BINARIES[name].read_bytes()
    for path in sorted(_machine_paths()):
        assert path.encode() not in data, f"{name} contains {path}"
    found = BUILD_FOLDER.search(data)
    assert found is None, (
        f"{name} contains a build folder's path: "
        f"{data[max(0, found.start() - 40):found.end() + 40]!r}")

