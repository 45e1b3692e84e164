"""A module's constants (`util.buffer.constant`, a vm.Buffer over the
module's own bytes) kept past the session that loaded the module: IREE
aborts the process if one is still referenced when its module goes, and
docs/reliability.md promises that results may outlive what made them. A
constant returned by a call, or held in a list a call returned, keeps its
module until it goes. Each case runs in a child process with a bounded
time.
"""

from __future__ import annotations

import json

import pytest

from child_process import returned, run_case

# A guard against a child that hangs; it does not measure anything.
CHILD_TIMEOUT = 120

SETUP = """
import gc, json, sys
import ireec
P = json.loads(sys.argv[1])
instance = ireec.Instance()
device = instance.create_device("local-task")
session = ireec.Session(instance, device)
session.load_module(P["values"])
"""

CASES = {
    # what is kept, and how it is read after the session closed
    "a constant result": ("(kept,) = session.call('values.buffer')", "bytes(kept)"),
    "a list holding one": ("(kept,) = session.call('values.every', 3)", "bytes(kept[6])"),
    "a constant taken from a list, the list closed": (
        "(values,) = session.call('values.every', 3); kept = values[6]; values.close()",
        "bytes(kept)"),
    "a list in a list": (
        "(values,) = session.call('values.every', 3); kept = ireec.vm.List([values]); "
        "values.close()", "bytes(kept[0][6])"),
}


@pytest.fixture(scope="module")
def values(program):
    return str(program("vm_values"))


@pytest.mark.parametrize("case", CASES)
def test_a_module_constant_outlives_its_session(values, case):
    keep, read = CASES[case]
    outcome = run_case(SETUP, f"""
        global session
        {keep}
        session.close()
        del session
        gc.collect()
        first = {read}
        del kept
        gc.collect()  # the module goes now, its constant no longer referenced
        return first.decode()""", json.dumps({"values": values}), timeout=CHILD_TIMEOUT)
    assert returned(outcome) == "bytes"
