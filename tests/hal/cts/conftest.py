"""Fixtures of the HAL conformance test ports: each test runs on every device
of cts_support.DEVICES, and those dispatching, with executables of every
backend of cts_support.BACKENDS; a case IREE leaves out of a device's
driver's CTS (cts_exclusions.IREE_CTS_EXCLUSIONS) is deselected there."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import ireec

from cts_exclusions import driver_of, iree_exclusion
from cts_support import BACKENDS, DEVICES, compile_executable

PORTS_DIR = Path(__file__).resolve().parent
# (driver, IREE's reason) -> {what IREE leaves out: how many cases deselected}.
_deselected_key = pytest.StashKey[dict]()


def _iree_exclusion(item: pytest.Item) -> tuple[str, str, str] | None:
    """(driver, what IREE leaves out, why) where IREE leaves the port `item`
    out of the CTS of its device's driver; None where IREE runs it."""
    if Path(item.path).resolve().parent != PORTS_DIR:
        return None  # (this hook sees every test collected)
    callspec = getattr(item, "callspec", None)
    uri = callspec.params.get("device") if callspec is not None else None
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


@pytest.fixture(scope="module", params=DEVICES)
def device(instance, request):
    """A device of each kind the ports run on, shared by a test module."""
    with ireec.Device(instance, request.param) as device:
        yield device


@pytest.fixture(scope="session")
def executables_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("hal-executables")


@pytest.fixture(params=BACKENDS)
def executable_format(request):
    """(backend, format) of each executable kind the CPU drivers load."""
    return request.param, BACKENDS[request.param]


@pytest.fixture
def executable_data(executables_dir, executable_format):
    """executable_data(name) -> (the compiled executable NAME for this test's
    backend, its format)."""
    backend, format = executable_format

    def get(name: str) -> tuple[bytes, str]:
        return compile_executable(name, backend, executables_dir), format

    return get
