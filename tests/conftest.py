"""Shared fixtures: compiling MLIR at test time, building C and C++ programs
against ireec's headers, devices of each CPU driver, and the IREE ABI facts.

The helpers the tests import are in modules beside this file (pytest puts
this folder on sys.path; see `pythonpath` in pyproject.toml): `locations`
(the checkout's folders), `child_process` (Python and ireec's tools run in a
fresh interpreter), `c_build`, `raw_support`, `device_buffers`,
`cli_support` and `parameter_files`.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from pathlib import Path

import pytest

# The helpers' own assertions (a child's exit status, a tool's one-line
# error) report their values as the tests' do.
pytest.register_assert_rewrite("child_process", "c_build", "cli_support")

import ireec  # noqa: E402
from ireec.compile import LOCAL_CPU_FLAGS, CompilerNotFoundError, find_iree_compile  # noqa: E402

from c_build import build_c_program as _build_c_program  # noqa: E402
from gpu_support import VULKAN_FLAGS, cuda_device_reason  # noqa: E402
from locations import ABI_FACTS_FILE, PROGRAMS_DIR  # noqa: E402

# Names another file of IREE ABI facts to check against instead of the
# tests' own (tests/c_api/data/README.md).
ABI_FACTS_ENV = "IREEC_ABI_FACTS"


def pytest_collection_modifyitems(config, items):
    """Tests marked `cuda` run where there is a CUDA device and `no_cuda`
    ones where there is none; the others are deselected (pytest reports
    them as deselected: they neither pass nor skip)."""
    marked = [item for item in items if item.get_closest_marker("cuda")
              or item.get_closest_marker("no_cuda")]
    if not marked:
        return
    present = cuda_device_reason() is None
    unwanted = "no_cuda" if present else "cuda"
    deselected = [item for item in marked if item.get_closest_marker(unwanted)]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = [item for item in items if item not in deselected]


@pytest.fixture(scope="session")
def compile_mlir(tmp_path_factory):
    """compile_mlir(path_or_text, *extra_flags) -> Path of a .vmfb, cached."""
    out_dir = tmp_path_factory.mktemp("vmfb")
    try:
        compiler = find_iree_compile()
    except CompilerNotFoundError as e:
        pytest.fail(str(e))
    cache: dict[str, Path] = {}

    def compile_(source: str | Path, *flags: str, target_flags=LOCAL_CPU_FLAGS) -> Path:
        text = Path(source).read_text() if isinstance(source, Path) else source
        all_flags = (*target_flags, *flags)
        key = hashlib.sha256((text + "\0" + "\0".join(all_flags)).encode()).hexdigest()[:16]
        if key not in cache:
            src = out_dir / f"{key}.mlir"
            src.write_text(text)
            out = out_dir / f"{key}.vmfb"
            result = subprocess.run([compiler, *all_flags, str(src), "-o", str(out)],
                                    capture_output=True, text=True)
            if result.returncode != 0:
                pytest.fail(f"iree-compile failed:\n{result.stderr}")
            cache[key] = out
        return cache[key]

    return compile_


@pytest.fixture(scope="session")
def build_c_program(tmp_path_factory):
    """build_c_program(source, name, extra_flags=(), cxx=False, libs=()) ->
    c_build.CProgram, built in a folder of its own (see c_build)."""
    def build(source, name: str, **options):
        return _build_c_program(tmp_path_factory.mktemp(name), source, name, **options)
    return build


@pytest.fixture(scope="session")
def program(compile_mlir):
    """program("simple_mul") -> .vmfb compiled from tests/programs/NAME.mlir."""
    def get(name: str, *flags: str) -> Path:
        return compile_mlir(PROGRAMS_DIR / f"{name}.mlir", *flags)
    return get


@pytest.fixture(scope="module")
def instance():
    """An ireec.Instance shared by a test module."""
    return ireec.Instance()


# The CPU drivers, each a different execution model: local-task runs work on
# a pool of worker threads, local-sync inline on the calling thread. Tests
# taking `device` (or `cpu_driver`) run on both.
CPU_DRIVERS = ("local-task", "local-sync")


@pytest.fixture(scope="module", params=CPU_DRIVERS)
def cpu_driver(request):
    """Each CPU driver's URI in turn, for a test module."""
    return request.param


@pytest.fixture(scope="module")
def device(instance, cpu_driver):
    """A device of each CPU driver in turn, shared by a test module."""
    return instance.create_device(cpu_driver)


# local-task with host memory, and with a discrete GPU's memory, where
# DEVICE_LOCAL buffers cannot be mapped and results are read back by device
# transfers (docs/devices.md). A test module whose every test should run on
# both names its `device` fixture after this one.
@pytest.fixture(scope="module", params=["local-task", "local-task://?memory=discrete"])
def host_or_discrete_device(instance, request):
    """A local-task device of each kind of memory in turn."""
    with instance.create_device(request.param) as device:
        yield device


@pytest.fixture(scope="module")
def session_with(instance, device, program):
    """session_with("simple_mul", ...) -> a new Session on the module's
    device with tests/programs/NAME.mlir loaded, in order. Programs whose
    modules share a name need sessions of their own."""
    def make(*names: str) -> ireec.Session:
        session = ireec.Session(instance, device)
        for name in names:
            session.load_module(program(name))
        return session
    return make


@pytest.fixture(scope="session")
def vulkan_uri():
    """The URI of this machine's first Vulkan device, from ireec's listing,
    which also shows the devices IREE's Vulkan driver hides (Mesa's lavapipe,
    a Vulkan 1.3 device on the CPU: Debian's mesa-vulkan-drivers, which
    scripts/run-tests installs)."""
    try:
        devices = ireec.Instance().query_devices("vulkan")
    except ireec.IreeError as e:
        pytest.fail(f"the vulkan driver cannot be created here: {e}")
    if not devices:
        pytest.fail("no Vulkan device: install a Vulkan driver (Debian: apt install "
                    "libvulkan1 mesa-vulkan-drivers; scripts/run-tests does as root)")
    return devices[0].uri


@pytest.fixture(scope="module")
def vulkan_device(instance, vulkan_uri):
    """A Device on the Vulkan device, shared by a test module."""
    with instance.create_device(vulkan_uri) as device:
        yield device


@pytest.fixture(scope="session")
def vulkan_program(compile_mlir):
    """vulkan_program("simple_mul", *flags) -> .vmfb of tests/programs/NAME.mlir
    compiled for the vulkan driver."""
    def get(name: str, *flags: str) -> Path:
        return compile_mlir(PROGRAMS_DIR / f"{name}.mlir", *flags, target_flags=VULKAN_FLAGS)
    return get


@pytest.fixture(scope="session")
def abi_facts():
    """IREE's ABI facts (tests/c_api/data/), or the file IREEC_ABI_FACTS names."""
    named = os.environ.get(ABI_FACTS_ENV)
    path = Path(named) if named else ABI_FACTS_FILE
    if not path.is_file():
        where = f" (named by {ABI_FACTS_ENV})" if named else ""
        pytest.fail(f"the IREE ABI facts file {path}{where} is missing: "
                    f"declarations cannot be checked")
    return json.loads(path.read_text())
