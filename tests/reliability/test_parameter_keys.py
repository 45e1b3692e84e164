"""A parameter key names one parameter: a second entry for a key already in
an index (or a scope of a session) was accepted by `extend`, by loading a
second archive and by `Session.load_parameters`, and a program read the
first while the index listed both; `add` alone refused it. Every route now
refuses it with an AlreadyExistsError naming the key, and adds nothing.
Each case runs in a child process with a bounded time.
"""

from __future__ import annotations

import json

import pytest

from child_process import expect_error, run_case

# A guard against a child that hangs; it does not measure anything.
CHILD_TIMEOUT = 120

SETUP = """
import json, os, sys
import numpy as np
import ireec
P = json.loads(sys.argv[1])
ireec.save_parameters("first.irpa", {"k": np.arange(4, dtype=np.float32),
                                     "a": np.ones(2, np.int8)})
ireec.save_parameters("second.irpa", {"b": np.zeros(2, np.int8),
                                      "k": np.full(4, 9, np.float32)})
index = ireec.ParameterIndex().load("first.irpa")
"""

ROUTES = {
    "extend": "index.extend(ireec.ParameterIndex().load('second.irpa'))",
    "load": "index.load('second.irpa')",
    "add": "index.add('k', np.full(4, 9, np.float32))",
    "add_splat": "index.add_splat('k', b'\\x01', 16)",
    "load_parameters": """instance = ireec.Instance()
            session = ireec.Session(instance, instance.create_device("local-task"))
            session.load_parameters("first.irpa", "model")
            index = session.parameters["model"]
            session.load_parameters("second.irpa", "model")""",
}


@pytest.mark.parametrize("route", ROUTES)
def test_a_key_already_present_is_refused_and_nothing_is_added(tmp_path, route):
    outcome = run_case(SETUP, f"""
        global index
        try:
            {ROUTES[route]}
        finally:
            print(json.dumps([index.keys(), np.frombuffer(index.read("k"), np.float32).tolist()]))""",
                       json.dumps({}), cwd=tmp_path, timeout=CHILD_TIMEOUT)
    expect_error(outcome, "AlreadyExistsError", "'k'", "already in the index")
    assert json.loads(outcome["stdout"][0]) == [["k", "a"], [0.0, 1.0, 2.0, 3.0]]
