"""DLPack import hands every producer's tensor back exactly once, on every
path, failures included: a producer that frees its memory in its deleter
(as JAX's and PyTorch's do) aborts the process on a second call. Each case
imports a tensor whose description ireec refuses (an empty tensor whose
other dimensions span more than an address space, more elements than one
holds, strides reaching past one) through each route a tensor takes
(BufferView.from_dlpack, a call's argument, a vm.List's element), in a
child process with a bounded time, and counts the deleter's calls.
"""

from __future__ import annotations

import json

import pytest

from child_process import run_case
from locations import TESTS_DIR

# A guard against a child that hangs; it does not measure anything.
CHILD_TIMEOUT = 120

SETUP = f"""
import gc, json, sys
import numpy as np
import ireec
sys.path.insert(0, {str(TESTS_DIR)!r})  # the tests' support modules (dlpack_support)
from dlpack_support import CountingProducer
P = json.loads(sys.argv[1])
instance = ireec.Instance()
device = instance.create_device("local-task")
session = ireec.Session(instance, device)
session.load_module(P["mul"])
a = np.arange(4, dtype=np.float32)
"""

ROUTES = {
    "from_dlpack": "ireec.BufferView.from_dlpack(device, producer)",
    "call-argument": "session.call('module.simple_mul', producer, a)",
    "list-element": "ireec.vm.List([producer], device=device)",
    "list-append": "ireec.vm.List(device=device).append(producer)",
}

# (what the producer says of its tensor, what the refusal names)
REFUSED = {
    "empty, 2^62 elements otherwise": ("shape=(0, 2**62)", "spans 18446744073709551616 bytes"),
    "empty, 2^80 elements otherwise": ("shape=(0, 2**40, 2**40)", "its zero dimensions"),
    "2^80 elements": ("shape=(2**40, 2**40)", "spans"),
    "2^62 elements": ("shape=(2**62,)", "spans"),
    "strides past 2^63": ("shape=(4,), strides=(2**61,)", "strides"),
}


def run(programs, route: str, producer: str) -> dict:
    return run_case(SETUP, f"""
        producer = CountingProducer(np.arange(4, dtype=np.float32), {producer})
        try:
            {ROUTES[route]}
        finally:
            gc.collect()
            print(json.dumps(producer.deleted))""", json.dumps(programs),
                    timeout=CHILD_TIMEOUT)


@pytest.fixture(scope="module")
def programs(program):
    return {"mul": str(program("simple_mul"))}


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("case", REFUSED)
def test_a_refused_tensor_goes_back_to_its_producer_once(programs, route, case):
    producer, fragment = REFUSED[case]
    outcome = run(programs, route, producer)
    assert outcome["raised"] in ("InvalidArgumentError", "BufferError"), outcome
    assert fragment in outcome["message"] + "".join(outcome["notes"]), outcome
    assert outcome["stdout"] == ["1"], "the producer's deleter ran " + str(outcome["stdout"])


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("shape", ["(0, 4)", "(2, 2)", "(0,)"])
def test_an_imported_tensor_goes_back_to_its_producer_once(programs, route, shape):
    producer = f"shape={shape}"
    outcome = run(programs, route.replace("call-argument", "from_dlpack"), producer)
    assert outcome["raised"] is None, outcome
    assert outcome["stdout"] == ["1"]
