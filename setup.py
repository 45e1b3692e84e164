"""Build: CMake builds csrc/ into libireec_runtime.so, then cffi builds the
API-mode extension ireec._ireec_cffi linked against it, and setuptools the
small CPython extension ireec._cext (csrc/python/), the hot path of a
numpy-in, numpy-out call.

The IREE runtime library is found through the installed shortfin distribution
(a build requirement), never by a fixed path. The built extensions find
libireec_runtime.so through a RUNPATH relative to themselves ($ORIGIN/lib) and
nothing else: the build machine's paths never enter the package.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
# CMake outputs shipped in ireec/lib/: the library.
CSRC_OUTPUTS = ("libireec_runtime.so",)


def _load_module(name: str, path: Path):
    # Loaded by path: the ireec package itself is not importable before it is
    # built (its __init__ loads the extension this build produces).
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _without_build_rpaths(command: list[str]) -> list[str]:
    """The link command without the rpaths the Python build put in it.

    A Python built with an rpath (pyenv's are) passes its own lib directory to
    every extension link through LDSHARED; that path is the build machine's,
    and an installed package must not search it.
    """
    kept = []
    for word in command:
        if word.startswith(("-Wl,-rpath,", "-Wl,-rpath=", "-Wl,--enable-new-dtags,-rpath")):
            continue
        kept.append(word)
    return kept


def _file_prefix_maps(build_temp: Path) -> list[str]:
    """-ffile-prefix-map flags that record the build machine's paths (the
    source tree, the build folder, Python's and numpy's headers) as short
    relative names, in debug information and __FILE__ alike, so that no
    path of the machine that built the package is in it."""
    import numpy

    maps = {ROOT: ".", build_temp.resolve(): "build",
            Path(numpy.get_include()).resolve(): "numpy-include"}
    for key in ("include", "platinclude"):
        include = Path(sysconfig.get_paths()[key]).resolve()
        maps[include] = include.name
    return [f"-ffile-prefix-map={old}={new}" for old, new in maps.items()]


class BuildWithCMake(build_ext):
    def build_extensions(self):
        self.compiler.linker_so = _without_build_rpaths(self.compiler.linker_so)
        # Both extensions: this one's and the cffi module cffi added.
        maps = _file_prefix_maps(Path(self.build_temp))
        for ext in self.extensions:
            ext.extra_compile_args = [*ext.extra_compile_args, *maps]
        # numpy is needed to build the extension, not to make the sdist.
        CEXT.include_dirs.append(_numpy_include())
        super().build_extensions()

    def run(self):
        cmake_build_dir = Path(self.build_temp).resolve() / "cmake"
        self._build_csrc(cmake_build_dir)
        for ext in self.extensions:
            ext.library_dirs.append(str(cmake_build_dir))
        super().run()
        self._install_csrc_outputs(cmake_build_dir)
        self._write_ffi_stub()

    def _write_ffi_stub(self) -> None:
        # ireec.ffi / ireec.lib's types, from the same decls as the extension;
        # ireec._cext's, from its table of Handle kinds and the rest by hand.
        stubs = _load_module("_ireec_build_stubs", ROOT / "build_support" / "stubs.py")
        cext_stub = _load_module("_ireec_build_cext_stub",
                                 ROOT / "build_support" / "cext_stub.py")
        targets = [ROOT / "ireec"] if self.inplace else [Path(self.build_lib) / "ireec"]
        for package_dir in targets:
            package_dir.mkdir(parents=True, exist_ok=True)
            stubs.write_stub(package_dir / "_ireec_cffi.pyi")
            cext_stub.write_stub(package_dir / "_cext.pyi")

    def _build_csrc(self, build_dir: Path) -> None:
        location = _load_module("_ireec_runtime_location",
                                ROOT / "ireec" / "_core" / "runtime_location.py")
        runtime = location.find_runtime_library()
        cmake = shutil.which("cmake")
        if cmake is None:
            raise RuntimeError("building ireec needs cmake (pip install cmake)")
        build_dir.mkdir(parents=True, exist_ok=True)
        configure = [cmake, "-S", str(ROOT), "-B", str(build_dir),
                     "-DCMAKE_BUILD_TYPE=Release",
                     f"-DIREEC_RUNTIME_LIBRARY={runtime}"]
        if shutil.which("ninja"):
            configure.append("-GNinja")
        subprocess.check_call(configure)
        jobs = str(os.cpu_count() or 2)
        subprocess.check_call([cmake, "--build", str(build_dir), "-j", jobs])

    def _install_csrc_outputs(self, build_dir: Path) -> None:
        # The shared library goes in ireec/lib/ (the extension's rpath) and the
        # headers in ireec/include/ (for `python -m ireec config --cflags`).
        targets = [Path(self.build_lib) / "ireec"]
        if self.inplace:
            targets = [ROOT / "ireec"]
        for package_dir in targets:
            lib_dir = package_dir / "lib"
            lib_dir.mkdir(parents=True, exist_ok=True)
            for name in CSRC_OUTPUTS:
                shutil.copy2(build_dir / name, lib_dir)
            include_dir = package_dir / "include"
            if include_dir.exists():
                shutil.rmtree(include_dir)
            shutil.copytree(ROOT / "csrc" / "include", include_dir)


def _numpy_include() -> str:
    # numpy's C API headers (a build requirement); the extension reads arrays
    # through them.
    import numpy

    return numpy.get_include()


# Paths relative to the project: setuptools refuses absolute source paths.
CEXT = Extension(
    "ireec._cext",
    sources=[f"csrc/python/{name}.c" for name in (
        "cext_module", "handle", "arrays", "invoke", "invoker", "call_out", "readback", "session",
        "lock", "errors", "failed_devices", "results", "vm_buffer", "native_function",
        "dlpack_capsule")],
    include_dirs=["csrc/include"],  # and numpy's, when built
    depends=["csrc/python/cext.h", "csrc/python/handle_kinds.h"],
    libraries=["ireec_runtime"],
    # libireec_runtime.so sits in ireec/lib/ beside this extension module.
    extra_link_args=["-Wl,-rpath,$ORIGIN/lib"],
    extra_compile_args=["-std=gnu11"],
)

setup(
    cffi_modules=["build_support/ffi.py:build_ffi"],
    ext_modules=[CEXT],
    cmdclass={"build_ext": BuildWithCMake},
)
