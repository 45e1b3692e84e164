"""`python -m ireec dump-devices` and run-module's listing flags
(--list_drivers, --list_devices): every driver and device, its memory heaps,
and a one-line reason where a driver cannot be used."""

from __future__ import annotations

import ireec

from child_process import run_ireec
from cli_support import one_line_error


def test_dump_devices():
    result = run_ireec("dump-devices")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for driver in ireec.query_drivers():
        assert f"# Enumerated devices for driver '{driver.name}'\n#   {driver.full_name}\n" \
            in out
    assert "# --device=local-task://\n#   default\n" in out
    assert "memory heaps of local-task:\n  [0] type " in out
    assert "DEVICE_LOCAL" in out and "max allocation " in out
    # A driver that cannot create devices here (HIP without its runtime,
    # CUDA without a GPU) gives its reason, on one line, instead of silence.
    for driver, marker in (("hip", "HIP"), ("cuda", "CUDA")):
        section = out.split(f"driver '{driver}'\n", 1)[1].split("# Enumerated devices", 1)[0]
        try:
            ireec.Instance().query_devices(driver)
        except ireec.UnavailableError:
            (line,) = [line for line in section.splitlines() if line.startswith("# unavailable: ")]
            assert "UNAVAILABLE" in line and marker in line
        else:
            assert f"# --device={driver}://" in section


def test_dump_devices_of_one_driver():
    result = run_ireec("dump-devices", "local-sync")
    assert result.returncode == 0, result.stderr
    assert "'local-sync'" in result.stdout and "'local-task'" not in result.stdout
    # What local-sync is, truthfully: one device, no worker threads.
    assert "# --device=local-sync://\n#   default\n" in result.stdout
    assert "inline on the thread submitting work; no worker threads" in result.stdout
    assert "memory heaps of local-sync:\n  [0] type " in result.stdout
    result = run_ireec("dump-devices", "nope")
    assert result.returncode == 1, result.report()
    one_line_error(result.stderr, "dump-devices", "NOT_FOUND",
                   "no HAL driver 'nope' is registered")


def test_list_drivers_and_devices():
    result = run_ireec("run-module", "--list_drivers")
    assert result.returncode == 0, result.stderr
    for driver in ireec.query_drivers():
        assert f"{driver.name:>16}: {driver.full_name}\n" in result.stdout
    result = run_ireec("run-module", "--list_devices")
    assert result.returncode == 0, result.stderr
    listed = result.stdout.splitlines()
    assert "local-task://" in listed and "local-sync://" in listed
    result = run_ireec("run-module", "--list_devices=local-task")
    assert result.stdout == "local-task://\n"
