"""Fixtures of the HAL conformance test ports: each test runs on every device
of cts_support.DEVICES, and those dispatching, with executables of every
backend the device's driver loads (cts_support.BACKENDS_BY_DRIVER); a case
IREE leaves out of a device's driver's CTS
(cts_exclusions.IREE_CTS_EXCLUSIONS) is deselected there."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import ireec

from cts_exclusions import driver_of, iree_exclusion
from cts_support import BACKENDS_BY_DRIVER, DEVICES, compile_executable, device_uri

PORTS_DIR = Path(__file__).resolve().parent
# (driver, IREE's reason) -> {what IREE leaves out: how many cases deselected}.
_deselected_key = pytest.StashKey[dict]()


def _iree_exclusion(item: pytest.Item) -> tuple[str, str, str] | None:
    """(driver, what IREE leaves out, why) where IREE leaves the port `item`
    out of the CTS of its device's driver; None where IREE runs it."""
    if Path(item.path).resolve().parent != PORTS_DIR:
        return None  # (this hook sees every test collected)
    callspec = getattr(item, "callspec", None)
    uri = callspec.params.get("device_name") if callspec is not None else None
    if uri is None:
        return None
    driver = driver_of(uri)
    exclusion = iree_exclusion(driver, Path(item.path).stem, item.originalname)
    return (driver, *exclusion) if exclusion is not None else None


def pytest_collection_modifyitems(config, items):
    # Deselected, not skipped: IREE does not run these cases on these
    # drivers at all, and the summary says how many were left out.
    kept, deselected, why = [], [], {}
    for item in items:
        exclusion = _iree_exclusion(item)
        if exclusion is None:
            kept.append(item)
        else:
            driver, what, reason = exclusion
            deselected.append(item)
            why.setdefault((driver, reason), Counter())[what] += 1
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = kept
    config.stash[_deselected_key] = why


def pytest_terminal_summary(terminalreporter, config):
    why = config.stash.get(_deselected_key, None)
    if why:
        terminalreporter.write_sep("-", "HAL CTS cases IREE leaves out (deselected)")
        for (driver, reason), cases in sorted(why.items()):
            terminalreporter.write_line(f"{driver}: {sum(cases.values())} ({', '.join(cases)}): "
                                        f"{reason}")


def pytest_generate_tests(metafunc):
    # Each port on every device; one dispatching, with each executable
    # format of the device's driver (the pairs, not every combination).
    if "device_name" not in metafunc.fixturenames:
        return
    if "executable_format" in metafunc.fixturenames:
        pairs = [(name, (backend, format)) for name in DEVICES
                 for backend, format in BACKENDS_BY_DRIVER[driver_of(name)].items()]
        metafunc.parametrize(("device_name", "executable_format"), pairs, scope="module",
                             ids=[f"{name}-{backend}" for name, (backend, _) in pairs])
    else:
        metafunc.parametrize("device_name", DEVICES, scope="module")


@pytest.fixture(scope="module")
def device(instance, device_name, request):
    """A device of each kind the ports run on, shared by a test module."""
    uri = device_name
    if driver_of(device_name) == "vulkan":
        uri = device_uri(device_name, request.getfixturevalue("vulkan_uri"))
    with ireec.Device(instance, uri) as device:
        yield device


@pytest.fixture(scope="session")
def executables_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("hal-executables")


@pytest.fixture
def executable_data(executables_dir, executable_format):
    """executable_data(name) -> (the compiled executable NAME for this test's
    backend, its format)."""
    backend, format = executable_format

    def get(name: str) -> tuple[bytes, str]:
        return compile_executable(name, backend, executables_dir), format

    return get
