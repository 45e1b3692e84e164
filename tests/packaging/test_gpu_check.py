"""scripts/gpu_check.py, the one-command check of a machine with an NVIDIA
GPU and no network, run whole here: packed into a folder (the wheels for
this CPython downloaded, the programs compiled), then run from the folder
into a venv of its own. Where there is no CUDA device it installs from the
folder, says so and fails; on Vulkan (lavapipe, memory the host cannot map
as a discrete GPU's) the same checks are rehearsed and pass.

The ireec wheel is CI's ($IREEC_WHEEL, set by scripts/run-tests); without
one, one is built from the checkout (pip's cache keeps the rest quick)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from child_process import run_program
from locations import REPO_ROOT

SCRIPT = REPO_ROOT / "scripts" / "gpu_check.py"
# Checks that run on any GPU API (the others are CUDA's DLPack).
GENERAL_CHECKS = ("template-sample", "device-local-readback", "matmul-512", "async-external")


@pytest.fixture(scope="module")
def ireec_wheel(tmp_path_factory) -> Path:
    given = os.environ.get("IREEC_WHEEL")
    if given:
        return Path(given)
    into = tmp_path_factory.mktemp("wheel")
    run_program(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir",
                into, REPO_ROOT, timeout=900).check()
    (wheel,) = into.glob("ireec-*.whl")
    return wheel


def pack(folder: Path, wheel: Path, *options: str) -> None:
    run_program(sys.executable, SCRIPT, "pack", folder, "--ireec-wheel", wheel, *options,
                timeout=600).check()


def run(folder: Path, *options: str):
    # As on the GPU machine: the folder's own copy, from another directory.
    return run_program(sys.executable, folder / "gpu_check.py", "run", folder, *options,
                       timeout=600, cwd=folder.parent)


@pytest.mark.no_cuda
def test_without_a_cuda_device_it_installs_from_the_folder_and_fails(tmp_path, ireec_wheel):
    folder = tmp_path / "gpu-check"
    pack(folder, ireec_wheel)
    assert sorted(p.name for p in (folder / "modules").iterdir()) == [
        "async_ops.vmfb", "jit_mul.vmfb", "matmul.vmfb", "multi_cpu_gpu.vmfb",
        "multi_gpu_cpu.vmfb"]
    assert (folder / "hello_world.py").is_file() and (folder / "gpu_check.py").is_file()
    result = run(folder)
    assert result.returncode == 1, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    wheels = folder / "wheels"
    assert lines[0] == (f"installing from {wheels} only: pip install --no-index "
                        f"--find-links {wheels} ireec[gpu]")
    assert lines[1].startswith("installed from the folder: ")
    for pinned in ("ireec==0.1.0", "shortfin==3.9.0", "iree-base-runtime==3.9.0"):
        assert pinned in lines[1].split()
    assert lines[2].startswith("FAIL device: no CUDA device present: ")
    assert "libcuda" in lines[2]
    assert lines[3:] == ["0 passed, 1 failed"]
    installed = run_program(folder / "venv" / "bin" / "python", "-c",
                            "import ireec; print(ireec.__file__)").check().stdout
    assert installed.startswith(str(folder / "venv"))


def test_the_checks_rehearsed_on_vulkan(tmp_path, ireec_wheel, vulkan_uri):
    folder = tmp_path / "vulkan-check"
    pack(folder, ireec_wheel, "--target", "vulkan")
    result = run(folder, "--device", f"{vulkan_uri}?memory=discrete")
    lines = result.stdout.splitlines()
    assert lines[1].startswith("installed from the folder: "), result.stdout + result.stderr
    for name in GENERAL_CHECKS:
        assert f"PASS {name}" in lines, result.stdout
    # Seed 001's program too, on local-task and the GPU in both orders.
    assert "PASS two-devices" in lines, result.stdout
    checked = [line for line in lines if line.startswith(("PASS ", "FAIL "))]
    assert len(checked) == len(GENERAL_CHECKS) + 1
    assert lines[-1] == f"{len(checked)} passed, 0 failed"
    assert result.returncode == 0
