#!/usr/bin/env python3
"""ireec on an NVIDIA GPU, checked with one command on a machine without
network, from a folder made elsewhere (docs/gpu_check.md).

1. Where there is network and this checkout (and iree-compile 3.9.0):

       python3 scripts/gpu_check.py pack FOLDER [--python PYTHON]
           [--ireec-wheel WHEEL] [--with torch | --with 'jax[cuda12]'] [--iree-compile PATH]

   builds ireec's wheel for the CPython PYTHON (default: the one running
   this) unless WHEEL is given, downloads every wheel its `gpu` extra needs
   for that CPython (shortfin, iree-base-runtime, numpy, cffi, pycparser)
   and each --with requirement (a CUDA build of torch or JAX, for the DLPack
   check), compiles the programs below for CUDA (sm_80 and newer), and
   copies itself, the template sample and the programs into FOLDER.

2. On the GPU machine, with the same CPython (no network needed):

       python3 FOLDER/gpu_check.py run FOLDER

   makes a venv in FOLDER/venv, installs into it from FOLDER/wheels only
   (pip install --no-index --find-links, the machine's pip configuration
   ignored), and runs each check in a process of its own, printing
   `PASS name` or `FAIL name: why`, then `N passed, M failed`. It exits 1
   if a check failed or no CUDA device is present (saying why), in less
   than ten minutes.

`pack --target vulkan` compiles the programs for Vulkan instead, and `run
--device URI` checks that device: the checks rehearsed where there is no
NVIDIA GPU (tests/packaging/test_gpu_check.py, on Mesa's lavapipe with
`?memory=discrete`, memory the host cannot map as a discrete GPU's).

Only the standard library is used outside the checks, which run in the
venv.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# The folder's parts.
WHEELS = "wheels"
MODULES = "modules"
VENV = "venv"
MANIFEST = "manifest.json"
TEMPLATE_SAMPLE = "hello_world.py"

# Per target (`pack --target`): the flags of a program for the GPU, and of
# the GPU as the second device beside the CPU. CUDA: PTX for NVIDIA GPUs of
# compute capability 8.0 and newer, compiled without one. Vulkan: SPIR-V,
# to rehearse the checks on any Vulkan device (Mesa's lavapipe in the tests).
TARGETS = {
    "cuda": ("cuda", ("--iree-cuda-target=sm_80",)),
    "vulkan": ("vulkan", ()),
}
# The CPU of a program spanning both: any x86-64 (`generic`).
LOCAL_BACKEND_FLAGS = (
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=generic",
)
ASYNC_FLAGS = ("--iree-execution-model=async-external",)

# The whole run, and each check (one process each), at most.
RUN_SECONDS = 9 * 60
CHECK_SECONDS = 120
INSTALL_SECONDS = 300


def _checkout() -> Path:
    return Path(__file__).resolve().parent.parent


def _programs(checkout: Path, target: str) -> dict[str, tuple[str, tuple[str, ...]]]:
    """{module name: (MLIR source, iree-compile flags)} for the GPU `target`."""
    driver, driver_flags = TARGETS[target]
    gpu = (f"--iree-hal-target-device={driver}", *driver_flags)
    examples, programs = checkout / "examples", checkout / "tests" / "programs"
    # Seed 001's program: IREE's own multi-device test program, whose
    # topology says each device may use the other's buffers.
    multi = (programs / "multi_device_mul.mlir").read_text()

    def two_devices(first: str, second: str) -> tuple[str, ...]:
        return (f"--iree-hal-target-device=device_a={first}",
                f"--iree-hal-target-device=device_b={second}", *driver_flags,
                *LOCAL_BACKEND_FLAGS, *ASYNC_FLAGS)

    return {
        # Seed 000's program: IREE's template sample's multiply, from JAX.
        "jit_mul": ((examples / "jit_mul.mlir").read_text(), gpu),
        "matmul": ((programs / "matmul.mlir").read_text(), gpu),
        "async_ops": ((programs / "async_ops.mlir").read_text(), gpu + ASYNC_FLAGS),
        "multi_cpu_gpu": (multi, two_devices("local", driver)),
        "multi_gpu_cpu": (multi, two_devices(driver, "local")),
    }


# ---------------------------------------------------------------------------
# pack
# ---------------------------------------------------------------------------


def _python_version(python: str) -> str:
    return subprocess.run([python, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                          check=True, capture_output=True, text=True).stdout.strip()


def _find_iree_compile(given: str | None) -> str:
    candidates = [given] if given else [
        str(Path(sys.executable).parent / "iree-compile"), shutil.which("iree-compile")]
    for candidate in candidates:
        if candidate and Path(candidate).is_file():
            version = subprocess.run([candidate, "--version"], capture_output=True,
                                     text=True).stdout
            if "compiler version 3.9." not in version:
                raise SystemExit(f"gpu_check: {candidate} is not iree-compile 3.9 "
                                 f"(pip install iree-base-compiler==3.9.0):\n{version}")
            return candidate
    raise SystemExit("gpu_check: iree-compile not found: pip install iree-base-compiler==3.9.0 "
                     "or name it with --iree-compile")


def _build_wheel(python: str, checkout: Path, into: Path) -> Path:
    print(f"gpu_check: building ireec's wheel with {python}", flush=True)
    subprocess.run([python, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir",
                    str(into), str(checkout)], check=True)
    (wheel,) = into.glob("ireec-*.whl")
    return wheel


def pack(folder: Path, python: str, ireec_wheel: Path | None, extras: list[str],
         iree_compile: str | None, target: str = "cuda") -> None:
    checkout = _checkout()
    compiler = _find_iree_compile(iree_compile)
    version = _python_version(python)
    tag = "cp" + version.replace(".", "")
    wheels = folder / WHEELS
    modules = folder / MODULES
    for made in (wheels, modules, folder / VENV):  # nothing of an earlier pack mixed in
        if made.exists():
            shutil.rmtree(made)
    wheels.mkdir(parents=True)
    modules.mkdir()
    with tempfile.TemporaryDirectory() as scratch:
        if ireec_wheel is None:
            ireec_wheel = _build_wheel(python, checkout, Path(scratch))
        if f"-{tag}-{tag}-" not in ireec_wheel.name:
            raise SystemExit(f"gpu_check: {ireec_wheel.name} is not a wheel for CPython "
                             f"{version} ({tag})")
        # Everything the wheel's gpu extra needs, and the extras, for that
        # CPython: binary wheels only, nothing to build on the GPU machine.
        print(f"gpu_check: downloading the wheels for CPython {version} into {wheels}",
              flush=True)
        subprocess.run([python, "-m", "pip", "download", "--quiet", "--only-binary=:all:",
                        "--dest", str(wheels), f"{ireec_wheel.resolve()}[gpu]", *extras],
                       check=True)
    with tempfile.TemporaryDirectory() as sources:
        for name, (source, flags) in _programs(checkout, target).items():
            print(f"gpu_check: compiling {name} ({' '.join(flags)})", flush=True)
            mlir = Path(sources) / f"{name}.mlir"  # the name its locations carry
            mlir.write_text(source)
            subprocess.run([compiler, *flags, mlir.name, "-o", str(modules / f"{name}.vmfb")],
                           check=True, cwd=sources)
    shutil.copy2(checkout / "examples" / TEMPLATE_SAMPLE, folder / TEMPLATE_SAMPLE)
    shutil.copy2(Path(__file__).resolve(), folder / "gpu_check.py")
    manifest = {"python": version, "target": target, "ireec_wheel": ireec_wheel.name,
                "extras": extras}
    (folder / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
    print(f"gpu_check: packed {folder}; on the GPU machine, with CPython {version}:\n"
          f"    python3 {folder / 'gpu_check.py'} run {folder}")


# ---------------------------------------------------------------------------
# run
# ---------------------------------------------------------------------------


def _offline_environment() -> dict[str, str]:
    """This environment without pip's settings (a configured index or
    find-links would be used beside the folder) or a PYTHONPATH."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith("PIP_") and key != "PYTHONPATH"}
    env["PIP_CONFIG_FILE"] = os.devnull  # no configuration file at all
    return env


def _wheel_name(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


class _Failed(Exception):
    """A step of `run` failed; the text says why (one line)."""


def _install(folder: Path, manifest: dict) -> Path:
    """The venv's python, with ireec and the extras installed from the
    folder's wheels; _Failed saying what failed otherwise."""
    venv, wheels = folder / VENV, folder / WHEELS
    if venv.exists():
        shutil.rmtree(venv)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True,
                   env=_offline_environment())
    python = venv / "bin" / "python"
    requirements = ["ireec[gpu]", *manifest["extras"]]
    print(f"installing from {wheels} only: pip install --no-index --find-links {wheels} "
          f"{' '.join(requirements)}", flush=True)
    result = subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--no-index",
                             "--find-links", str(wheels), *requirements],
                            capture_output=True, text=True, env=_offline_environment(),
                            timeout=INSTALL_SECONDS)
    if result.returncode != 0:
        print(result.stdout + result.stderr, end="")
        raise _Failed("FAIL install: pip could not install from the folder")
    # Each installed distribution a wheel of the folder.
    listed = subprocess.run([str(python), "-m", "pip", "list", "--format=json"],
                            capture_output=True, text=True, env=_offline_environment(),
                            check=True).stdout
    installed = {d["name"]: d["version"] for d in json.loads(listed)
                 if d["name"] not in ("pip", "setuptools")}
    present = {p.name.lower() for p in wheels.glob("*.whl")}
    missing = [f"{name}=={version}" for name, version in installed.items()
               if not any(w.startswith(f"{_wheel_name(name)}-{version}-") for w in present)]
    if missing:
        raise _Failed(f"FAIL install: installed but not from the folder: {', '.join(missing)}")
    print("installed from the folder: " + " ".join(
        f"{name}=={installed[name]}" for name in sorted(installed)), flush=True)
    return python


def _check_names(python: Path, folder: Path, target: str) -> list[str]:
    names = ["template-sample", "device-local-readback", "matmul-512", "async-external"]
    if (folder / MODULES / "multi_cpu_gpu.vmfb").exists():
        names.append("two-devices")
    if target != "cuda":
        return names  # DLPack's device memory is CUDA's
    names.append("dlpack-ireec")
    libraries = subprocess.run(
        [str(python), "-c", "import importlib.util as u; "
         "print(' '.join(n for n in ('torch', 'jax') if u.find_spec(n)))"],
        capture_output=True, text=True, env=_offline_environment()).stdout.split()
    return names + [f"dlpack-{name}" for name in libraries[:1]]


def _run_check(python: Path, folder: Path, name: str, device: str,
               seconds: float) -> str | None:
    """None if check `name` passed on `device` in a process of its own,
    else why not."""
    try:
        result = subprocess.run([str(python), str(Path(__file__).resolve()), "check", name,
                                 str(folder), "--device", device], capture_output=True,
                                text=True, env=_offline_environment(),
                                timeout=max(seconds, 1))
    except subprocess.TimeoutExpired:
        return f"no answer in {int(seconds)} s"
    if result.returncode == 0:
        return None
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    if result.returncode < 0:
        return f"killed by signal {-result.returncode}" + (f" ({lines[-1]})" if lines else "")
    return lines[-1] if lines else f"exit status {result.returncode}"


def run(folder: Path, device: str | None = None) -> int:
    started = time.monotonic()
    manifest = json.loads((folder / MANIFEST).read_text())
    target = manifest["target"]
    device = device or target
    version = "%d.%d" % sys.version_info[:2]
    if version != manifest["python"]:
        print(f"FAIL python: the folder's wheels are for CPython {manifest['python']}; run "
              f"this with that CPython, not {version}\n0 passed, 1 failed")
        return 1
    try:
        python = _install(folder, manifest)
    except (_Failed, subprocess.SubprocessError) as error:
        print(f"{error}\n0 passed, 1 failed")
        return 1
    absent = _run_check(python, folder, "device", device, CHECK_SECONDS)
    if absent is not None:
        kind = "CUDA" if target == "cuda" else target.capitalize()
        print(f"FAIL device: no {kind} device present: {absent}\n0 passed, 1 failed")
        return 1
    passed = failed = 0
    for name in _check_names(python, folder, target):
        left = RUN_SECONDS - (time.monotonic() - started)
        why = _run_check(python, folder, name, device, min(CHECK_SECONDS, left))
        if why is None:
            passed += 1
            print(f"PASS {name}", flush=True)
        else:
            failed += 1
            print(f"FAIL {name}: {why}", flush=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


# ---------------------------------------------------------------------------
# The checks (run in the venv, one process each: `check NAME FOLDER`). Each
# returns if it passed and raises, saying why, if not.
# ---------------------------------------------------------------------------


def _session(folder: Path, uri: str, *modules: str):
    import ireec
    instance = ireec.Instance()
    device = instance.create_device(uri)
    session = ireec.Session(instance, device)
    for module in modules:
        session.load_module(folder / MODULES / f"{module}.vmfb")
    return device, session


def check_device(folder: Path, uri: str) -> None:
    import ireec
    instance = ireec.Instance()
    driver = uri.split(":")[0]
    if uri == driver and not instance.query_devices(driver):
        raise RuntimeError(f"IREE's {driver} driver lists no device")
    instance.create_device(uri).close()


def check_template_sample(folder: Path, uri: str) -> None:
    # DEVICE_LOCAL inputs and result the host cannot map: the C sample
    # prints no buffer and exits with PERMISSION_DENIED (docs/non_mappable.md).
    result = subprocess.run([sys.executable, str(folder / TEMPLATE_SAMPLE), uri,
                             str(folder / MODULES / "jit_mul.vmfb")],
                            capture_output=True, text=True, timeout=CHECK_SECONDS)
    if (result.returncode, result.stdout) != (7, "\n * \n\n = \n"):
        raise AssertionError(f"exit status {result.returncode} and stdout "
                             f"{result.stdout!r}, not 7 and what the C sample prints on a "
                             f"GPU; stderr: {result.stderr.strip()[-300:]!r}")


def check_device_local_readback(folder: Path, uri: str) -> None:
    import numpy as np
    import ireec
    from ireec.hal import MemoryType
    device, session = _session(folder, uri, "jit_mul")
    a = np.arange(1, 1025, dtype=np.float32)
    b = np.full(1024, 0.5, np.float32)
    lhs, rhs = ireec.BufferView.from_numpy(device, a), ireec.BufferView.from_numpy(device, b)
    for view in (lhs, rhs):
        if not view.memory_type & MemoryType.DEVICE_LOCAL or view.mappable:
            raise AssertionError(f"an input is not device-local memory the host cannot "
                                 f"map: {view.describe_memory()}")
    (product,) = session.call("jit_mul.main", lhs, rhs)
    if not product.memory_type & MemoryType.DEVICE_LOCAL:
        raise AssertionError(f"the result is not device-local: {product.describe_memory()}")
    np.testing.assert_array_equal(product.to_numpy(), a * b)
    (again,) = session.call("jit_mul.main", a, b)  # numpy in, numpy out
    np.testing.assert_array_equal(again.to_numpy(), a * b)


def check_matmul_512(folder: Path, uri: str) -> None:
    import numpy as np
    device, session = _session(folder, uri, "matmul")
    rng = np.random.default_rng(3)
    a = rng.standard_normal((512, 512), dtype=np.float32)
    b = rng.standard_normal((512, 512), dtype=np.float32)
    (c,) = session.call("matmul.matmul", a, b)
    np.testing.assert_allclose(c.to_numpy(), a @ b, rtol=1e-4, atol=1e-3)


def check_async_external(folder: Path, uri: str) -> None:
    import numpy as np
    device, session = _session(folder, uri, "async_ops")
    mul = session.function("async_ops.async_mul")
    a = np.array([1, 2, 3, 4], np.float32)
    b = np.array([10, 20, 30, 40], np.float32)
    (p1,), f1 = mul.call_async(a, b)
    (p2,), f2 = mul.call_async(p1, np.full(4, 2, np.float32), wait=f1)
    f2.wait()
    if p2.to_numpy().tolist() != [20, 80, 180, 320]:
        raise AssertionError(f"got {p2.to_numpy().tolist()}")


def _exported_pointer(view) -> int:
    """The device pointer of the tensor view.__dlpack__() exports."""
    import ctypes
    from ireec.hal.dlpack import _dl
    get = ctypes.pythonapi.PyCapsule_GetPointer
    get.restype, get.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
    capsule = view.__dlpack__(max_version=(1, 1))
    tensor = _dl.cast("DLManagedTensorVersioned*", get(capsule, b"dltensor_versioned")).dl_tensor
    if tensor.device.device_type != 2:
        raise AssertionError(f"exported to DLPack device {tensor.device.device_type}, "
                             f"not kDLCUDA")
    return int(_dl.cast("uintptr_t", tensor.data)) + tensor.byte_offset


def check_dlpack_ireec(folder: Path, uri: str) -> None:
    # Out of ireec and back in: the same device memory both ways.
    import numpy as np
    import ireec
    device, session = _session(folder, uri, "jit_mul")
    a = np.arange(8, dtype=np.float32)
    view = ireec.BufferView.from_numpy(device, a)
    again = ireec.BufferView.from_dlpack(device, view)
    if not again.zero_copy or _exported_pointer(again) != _exported_pointer(view):
        raise AssertionError(f"not the same memory ({again.zero_copy_fallback})")
    (product,) = session.call("jit_mul.main", again, view)
    imported = ireec.BufferView.from_dlpack(device, product)  # a pool's memory: copied
    np.testing.assert_array_equal(imported.to_numpy(), a * a)


def _check_dlpack_with(folder: Path, uri: str, make, pointer, to_list, from_dlpack) -> None:
    import ireec
    device, session = _session(folder, uri, "jit_mul")
    tensor = make([1.0, 2.0, 3.0, 4.0])
    view = ireec.BufferView.from_dlpack(device, tensor)
    if not view.zero_copy or _exported_pointer(view) != pointer(tensor):
        raise AssertionError(f"the tensor was not imported in place "
                             f"({view.zero_copy_fallback})")
    back = from_dlpack(view)
    if pointer(back) != pointer(tensor) or to_list(back) != [1, 2, 3, 4]:
        raise AssertionError("the view was not exported in place")
    (product,) = session.call("jit_mul.main", tensor, view)  # a tensor as an argument
    if to_list(from_dlpack(product)) != [1, 4, 9, 16]:
        raise AssertionError(f"got {to_list(from_dlpack(product))}")


def check_dlpack_torch(folder: Path, uri: str) -> None:
    import torch
    _check_dlpack_with(folder, uri, lambda v: torch.tensor(v, dtype=torch.float32, device="cuda"),
                       lambda t: t.data_ptr(), lambda t: t.cpu().tolist(), torch.from_dlpack)


def check_dlpack_jax(folder: Path, uri: str) -> None:
    import jax
    import jax.numpy as jnp
    import numpy as np
    gpu = jax.devices("gpu")[0]
    _check_dlpack_with(folder, uri, lambda v: jax.device_put(jnp.asarray(v, jnp.float32), gpu),
                       lambda t: t.unsafe_buffer_pointer(), lambda t: np.asarray(t).tolist(),
                       jnp.from_dlpack)


def check_two_devices(folder: Path, uri: str) -> None:
    # Seed 001: IREE's multi-device test program on the CPU (local-task) and
    # the GPU, both orders, through a session and as IREE's tool runs it.
    import subprocess
    import sys
    import numpy as np
    import ireec
    instance = ireec.Instance()
    x = np.array([10, 11, 12, 13], np.float32)
    for module, order in (("multi_cpu_gpu", ("local-task", uri)),
                          ("multi_gpu_cpu", (uri, "local-task"))):
        devices = [instance.create_device(u) for u in order]
        with ireec.Session(instance, devices=devices) as session:
            session.load_module(folder / MODULES / f"{module}.vmfb")
            (result,) = session.call("multi.multi_device_mul", x)
            if result.to_numpy().tolist() != [0, 55, 144, 273]:
                raise AssertionError(f"{module}: got {result.to_numpy().tolist()}")
        printed = subprocess.run(
            [sys.executable, "-m", "ireec", "run-module",
             f"--module={folder / MODULES / f'{module}.vmfb'}", "--function=multi_device_mul",
             "--input=4xf32=10,11,12,13", *(f"--device={u}" for u in order)],
            capture_output=True, text=True, timeout=CHECK_SECONDS)
        if not printed.stdout.endswith("4xf32=0 55 144 273\n"):
            raise AssertionError(f"run-module {module}: {printed.stdout!r} {printed.stderr!r}")


CHECKS = {
    "device": check_device,
    "template-sample": check_template_sample,
    "device-local-readback": check_device_local_readback,
    "matmul-512": check_matmul_512,
    "async-external": check_async_external,
    "dlpack-ireec": check_dlpack_ireec,
    "dlpack-torch": check_dlpack_torch,
    "dlpack-jax": check_dlpack_jax,
    "two-devices": check_two_devices,
}


def check(name: str, folder: Path, uri: str) -> int:
    try:
        CHECKS[name](folder, uri)
    except BaseException as error:  # reported as the check's failure
        text = " ".join(f"{type(error).__name__}: {error}".split())
        print(text[:600], file=sys.stderr)
        return 1
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="gpu_check.py", description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    packing = commands.add_parser("pack", help="make FOLDER (network, this checkout)")
    packing.add_argument("folder", type=Path)
    packing.add_argument("--python", default=sys.executable,
                         help="the CPython the GPU machine runs (default: this one)")
    packing.add_argument("--ireec-wheel", type=Path,
                         help="ireec's wheel for that CPython (default: built from this "
                              "checkout)")
    packing.add_argument("--with", dest="extras", action="append", default=[],
                         metavar="REQUIREMENT",
                         help="also a CUDA build of torch or JAX ('torch', 'jax[cuda12]'), "
                              "for the DLPack check")
    packing.add_argument("--iree-compile", help="iree-compile 3.9.0 (default: found beside "
                                                "this Python or on PATH)")
    packing.add_argument("--target", choices=sorted(TARGETS), default="cuda",
                         help="the GPU API the programs are compiled for (default: cuda; "
                              "vulkan rehearses the checks on a Vulkan device)")
    running = commands.add_parser("run", help="check the GPU (no network)")
    running.add_argument("folder", type=Path)
    running.add_argument("--device", help="the device URI to check (default: the target's "
                                          "driver name, its first device)")
    checking = commands.add_parser("check", help=argparse.SUPPRESS)
    checking.add_argument("name", choices=sorted(CHECKS))
    checking.add_argument("folder", type=Path)
    checking.add_argument("--device", required=True)
    args = parser.parse_args(argv)
    if args.command == "pack":
        pack(args.folder.resolve(), args.python, args.ireec_wheel, args.extras,
             args.iree_compile, args.target)
        return 0
    if args.command == "run":
        return run(args.folder.resolve(), args.device)
    return check(args.name, args.folder.resolve(), args.device)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
