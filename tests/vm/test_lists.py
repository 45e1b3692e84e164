"""ireec.vm.List: IREE's VM list with its element type, made from Python
values and read back; and lists into and out of programs: Python lists and
tuples where a function declares a `!util.list`, flat, nested and empty,
of each element type, Lists passed back in as they came."""

from __future__ import annotations

import numpy as np
import pytest

import ireec
from ireec import lib
from ireec.vm import List

from locations import PROGRAMS_DIR

KEEP_F64 = "--iree-input-demote-f64-to-f32=false"

# Each value element type, two values of it (signless bit patterns where
# the VM holds them so) and what reads back.
VALUE_TYPES = [
    ("i8", [-3, 100], [-3, 100]),
    ("i16", [-300, 7], [-300, 7]),
    ("i32", [2**31 - 1, -5], [2**31 - 1, -5]),
    ("i64", [2**40, -1], [2**40, -1]),
    ("f32", [0.5, 1.25], [0.5, 1.25]),
    ("f64", [0.1, 2.5], [0.1, 2.5]),
]


@pytest.fixture(scope="module")
def session(instance, device, compile_mlir):
    session = ireec.Session(instance, device)
    session.load_module(compile_mlir(PROGRAMS_DIR / "vm_arguments.mlir", KEEP_F64))
    session.load_module(compile_mlir(PROGRAMS_DIR / "vm_values.mlir", KEEP_F64))
    return session


# ---------------------------------------------------------------------------
# The List itself
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("element_type, values, read", VALUE_TYPES)
def test_a_list_of_each_value_type_keeps_it(element_type, values, read):
    items = List(values, element_type)
    assert items.element_type == element_type
    assert len(items) == 2
    assert items.to_list() == read and list(items) == read
    assert [items.type_at(i) for i in range(2)] == [element_type] * 2
    assert items[-1] == read[-1] and items[0:1] == read[:1]
    items.append(values[0])
    assert items[2] == read[0] and items.type_at(2) == element_type
    assert lib.iree_vm_list_size(items.handle) == 3


def test_values_in_a_list_of_variants_keep_their_own_types(device):
    array = np.arange(3, dtype=np.float32)
    items = List([1, 2.5, np.int32(3), np.int8(-4), np.float32(0.25), True, None,
                  b"ab", [4, [5]], (6,), array], device=device)
    assert items.element_type == "variant"
    assert [items.type_at(i) for i in range(len(items))] == [
        "i64", "f64", "i32", "i8", "f32", "i8", None, "vm.buffer", "vm.list", "vm.list",
        "hal.buffer_view"]
    values = items.to_list()
    assert values[:7] == [1, 2.5, 3, -4, 0.25, 1, None]
    assert type(values[7]) is ireec.vm.Buffer and bytes(values[7]) == b"ab"
    assert values[8:10] == [[4, [5]], [6]]
    view = values[10]
    assert type(view) is ireec.BufferView and view.device is device
    assert view.to_numpy().tolist() == [0.0, 1.0, 2.0]
    # Nested lists read as Lists, to_list() as Python lists.
    assert isinstance(items[8], List) and items[8][1].to_list() == [5]


def test_typed_lists_of_refs_take_only_that_type(device):
    views = List([np.ones(2, np.float32), None], "hal.buffer_view", device=device)
    assert views.element_type == "hal.buffer_view"
    assert views[0].to_numpy().tolist() == [1.0, 1.0] and views[1] is None
    with pytest.raises(TypeError, match="must be a hal.buffer_view"):
        views.append(b"bytes")
    lists = List([[1], List([2.5])], "vm.list")
    assert lists.to_list() == [[1], [2.5]]
    buffers = List([b"x", bytearray(b"yz")], "vm.buffer")
    assert [bytes(b) for b in buffers] == [b"x", b"yz"]


def test_an_empty_list_and_capacity():
    empty = List()
    assert len(empty) == 0 and empty.to_list() == [] and list(empty) == []
    reserved = List.create(16, "f32")
    assert len(reserved) == 0 and lib.iree_vm_list_capacity(reserved.handle) >= 16
    assert ireec.vm.VmList is List


def test_bad_elements_and_indices_raise_clear_errors():
    with pytest.raises(ireec.InvalidArgumentError, match="does not fit in i32"):
        List([2**40], "i32")
    with pytest.raises(TypeError, match="takes an i32 .an int.; got float"):
        List([1.5], "i32")
    with pytest.raises(ValueError, match="'i4' is not an element type"):
        List([], "i4")
    with pytest.raises(TypeError, match="needs a device"):
        List([np.zeros(2)])
    with pytest.raises(TypeError, match="takes a ref"):
        List([object()])
    with pytest.raises(TypeError, match="iterable of values, not int"):
        List(5)
    items = List([1, 2])
    with pytest.raises(IndexError, match="index 2 is out of range for a List of 2"):
        items[2]
    with pytest.raises(IndexError):
        items.type_at(-3)
    # Nothing was half-added.
    assert items.to_list() == [1, 2]


def test_a_closed_list_refuses_use_and_a_list_outlives_its_elements_wrappers(device):
    view = ireec.BufferView(device, np.array([7.0], np.float32))
    items = List([view], device=device)
    view.close()  # the list holds its own reference
    assert items[0].to_numpy().tolist() == [7.0]
    items.close()
    with pytest.raises(ireec.ClosedError):
        len(items)
    with pytest.raises(ireec.ClosedError):
        items.append(1)
    assert repr(items) == "<ireec.vm.List closed>"


# ---------------------------------------------------------------------------
# Lists into and out of programs
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("element_type, values, read", VALUE_TYPES)
def test_a_python_list_becomes_a_list_of_the_declared_element_type(session, element_type,
                                                                   values, read):
    for i in range(2):
        # A list, a tuple and a List all pass.
        for given in (values, tuple(values), List(values, element_type)):
            assert session.call(f"vmargs.get_{element_type}", given, i) == [read[i]]


def test_lists_of_refs_and_nested_lists_go_in(session, device):
    array = np.array([1.5, 2.5], np.float32)
    (view,) = session.call("vmargs.get_view", [array], 0)
    assert view.to_numpy().tolist() == [1.5, 2.5] and view.device is session.device
    # A tensor inside a list of variants.
    (doubled,) = session.call("vmargs.get_tensor", [1, array], 1)
    assert doubled.to_numpy().tolist() == [3.0, 5.0]
    (buffer,) = session.call("vmargs.get_buffer", [b"ab", bytearray(b"cd")], 1)
    assert bytes(buffer) == b"cd"
    (inner,) = session.call("vmargs.get_list", [[1, 2], (3, [4.5])], 1)
    assert isinstance(inner, List) and inner.to_list() == [3, [4.5]]
    assert session.call("vmargs.size", [[], [[]]]) == [2]


def test_empty_lists_go_in_and_come_out(session):
    assert session.call("vmargs.size", []) == [0]
    assert session.call("vmargs.size", ()) == [0]
    (same,) = session.call("vmargs.same", [])
    assert isinstance(same, List) and len(same) == 0
    (empty,) = session.call("values.empty")
    assert isinstance(empty, List) and empty.to_list() == []
    (nested,) = session.call("values.nested_empty")
    assert nested.to_list() == [[]] and nested.type_at(0) == "vm.list"


def test_list_results_keep_element_types_and_pass_back_in(session):
    (made,) = session.call("values.mk", 5)
    assert isinstance(made, List) and made.to_list() == [5] and made.type_at(0) == "i32"
    # Passed back as it is: the program sees the same list.
    assert session.call("vmargs.size", made) == [1]
    (grown,) = session.call("vmargs.push_i32", made, 9)
    assert grown.handle == made.handle  # the program returned the list it got
    assert made.to_list() == [5, 9] and made.type_at(1) == "i32"
    (typed,) = session.call("values.typed", 41)
    assert typed.element_type == "i32" and typed.to_list() == [41, 42]
    assert session.call("vmargs.get_i32", typed, 1) == [42]


def test_a_result_list_of_every_kind(session):
    (every,) = session.call("values.every", 7)
    assert [every.type_at(i) for i in range(len(every))] == [
        "i32", "i64", "f32", "f64", "vm.list", "hal.buffer_view", "vm.buffer"]
    i32, i64, f32, f64, nested, view, buffer = every
    assert (i32, i64, f32, f64) == (7, 7, 2.5, 0.125)
    assert nested.to_list() == [7]
    assert view.to_numpy().tolist() == [1.0, 2.0] and view.device is session.device
    assert bytes(buffer) == b"bytes" and buffer.readonly  # a module constant
    (narrow,) = session.call("values.narrow", -3)
    assert narrow.to_list() == [253, 65533, None]  # (held as i32, as IREE prints them)
    assert session.call("values.null") == [None]


def test_arguments_declared_as_lists_refuse_other_values(session):
    for wrong in (np.zeros(3), 5, "text", ireec.vm.Buffer(b"x")):
        with pytest.raises(TypeError, match=r"argument 1 of vmargs.size takes a "
                                            r"!util.list<\?> \(a list, a tuple or an "
                                            r"ireec.vm.List\)"):
            session.call("vmargs.size", wrong)
    with pytest.raises(ireec.InvalidArgumentError, match="does not fit in i32"):
        session.call("vmargs.get_i32", [2**40], 0)
    # The session keeps working.
    assert session.call("vmargs.size", [1, 2, 3]) == [3]
