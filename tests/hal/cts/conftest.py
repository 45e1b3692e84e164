"""Fixtures of the HAL conformance test ports: each test runs on every device
of cts_support.DEVICES, and those dispatching, with executables of every
backend of cts_support.BACKENDS."""

from __future__ import annotations

import pytest

import ireec

from cts_support import BACKENDS, DEVICES, compile_executable


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
