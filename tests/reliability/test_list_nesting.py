"""Lists that hold themselves, and lists nested deep: `repr()` and
`to_list()` of an ireec.vm.List holding itself (directly or through
another) terminate, giving Python lists that hold themselves as the Lists
do; converting lists nested deeper than ireec.vm.list.MAX_NESTING (100)
levels, either way, is an InvalidArgumentError naming the limit, never a
RecursionError; a Python list holding itself is refused. Each case runs in
a child process with a bounded time.
"""

from __future__ import annotations

import json

import pytest

from child_process import expect_error, returned, run_case

# A guard against a child that hangs; it does not measure anything.
CHILD_TIMEOUT = 120

SETUP = """
import json, sys
import ireec
from ireec.vm import List
P = json.loads(sys.argv[1])

def nested(levels):
    value = 7
    for _ in range(levels):
        value = [value]
    return value
"""


def run(body: str, **programs) -> dict:
    return run_case(SETUP, body, json.dumps(programs), timeout=CHILD_TIMEOUT)


def test_a_list_holding_itself_converts_and_prints():
    outcome = run("""
        values = List([1, 2])
        values.append(values)
        other = List([3])
        holder = List([other])
        other.append(holder)
        converted = values.to_list()
        around = other.to_list()
        return [repr(values), converted[2] is converted, repr(around),
                around[1][0] is around, repr(holder)]""")
    assert returned(outcome) == [
        "<ireec.vm.List of variant [1, 2, [...]]>", True, "[3, [[...]]]", True,
        "<ireec.vm.List of variant [[3, [...]]]>"]


def test_a_list_held_twice_is_one_python_list_held_twice():
    outcome = run("""
        inner = List([1])
        converted = List([inner, inner]).to_list()
        return [converted, converted[0] is converted[1]]""")
    assert returned(outcome) == [[[1], [1]], True]


@pytest.mark.parametrize("levels", [100, 101, 300, 5000])
def test_lists_nested_past_the_limit_are_refused_either_way(levels):
    outcome = run(f"""
        made = List(nested({levels}))""" if levels > 100 else f"""
        made = List(nested({levels}))
        shown = repr(made)
        deeper = List([made])  # 101 levels, made from Lists
        try:
            deeper.to_list()
        except ireec.InvalidArgumentError as error:
            return [shown.count("["), str(error)]""")
    if levels > 100:
        expect_error(outcome, "InvalidArgumentError",
                     "List(values): lists nest more than 100 levels deep")
        assert "RecursionError" not in json.dumps(outcome)
    else:
        assert returned(outcome) == [
            100, "to_list: the List nests Lists more than 100 levels deep"]


def test_a_python_list_holding_itself_is_refused():
    outcome = run("""
        values = [1]
        values.append([values])
        List(values)""")
    expect_error(outcome, "InvalidArgumentError", "List(values): a list holds itself")


def test_a_deep_list_argument_is_refused(program):
    outcome = run("""
        instance = ireec.Instance()
        session = ireec.Session(instance, instance.create_device("local-task"))
        session.load_module(P["arguments"])
        assert session.call("vmargs.size", nested(3)) == [1]
        session.call("vmargs.size", nested(300))""",
                  arguments=str(program("vm_arguments", "--iree-input-demote-f64-to-f32=false")))
    expect_error(outcome, "InvalidArgumentError", "lists nest more than 100 levels deep")
