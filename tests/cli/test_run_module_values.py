"""Every VM value type a function returns, printed by `python -m ireec
run-module` exactly as IREE's iree-run-module prints it (each run beside
the other on the same command line): scalars of each width, lists of
variants (each element by its own type: i8/i16 as the VM holds them, i32,
i64, f32, f64, nested lists, buffer views, vm.buffers, null refs), lists of
i32, empty and nested empty lists, a vm.buffer and a null ref. And
`benchmark-module` benchmarks the same functions as iree-benchmark-module."""

from __future__ import annotations

import json

import numpy as np
import pytest

import cli_support
from child_process import run_ireec
from cli_support import QUICK
from locations import PROGRAMS_DIR

KEEP_F64 = "--iree-input-demote-f64-to-f32=false"

# (function, its inputs) for every kind of result the program has.
CALLS = [
    ("i32", ("--input=-5",)),
    ("i32", ("--input=2147483647",)),
    ("i64", ("--input=5000000000",)),
    ("i64", ("--input=-9000000000",)),
    ("f32", ("--input=2.5",)),
    ("f32", ("--input=-0.1",)),
    ("f64", ("--input=0.1",)),
    ("f64", ("--input=1e300",)),
    ("mk", ("--input=5",)),
    ("every", ("--input=7",)),
    ("narrow", ("--input=-3",)),
    ("typed", ("--input=41",)),
    ("buffer", ()),
    ("null", ()),
    ("empty", ()),
    ("nested_empty", ()),
]


@pytest.fixture(scope="module")
def values(compile_mlir):
    return compile_mlir(PROGRAMS_DIR / "vm_values.mlir", KEEP_F64)


@pytest.mark.parametrize("function, inputs", CALLS,
                         ids=[f"{f}{''.join(i)}" for f, i in CALLS])
def test_run_module_prints_every_value_type_as_iree_run_module(values, function, inputs):
    iree, ours = cli_support.run_both("run-module", f"--module={values}",
                                      f"--function={function}", *inputs)
    assert iree.returncode == 0, iree.stderr
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout == iree.stdout
    assert ours.stdout.startswith(f"EXEC @{function}\nresult[0]: ")


def test_the_printed_list_holds_each_elements_own_type(values):
    # What the comparison above covers, spelled out once: an i32 stays an
    # i32 inside a list (ireec printed it as an i64 before it kept types).
    iree, ours = cli_support.run_both("run-module", f"--module={values}", "--function=every",
                                      "--input=7")
    assert ours.stdout == iree.stdout == (
        "EXEC @every\n"
        "result[0]: vm.list\n"
        "child_list[0]: i32=7\n"
        "child_list[1]: i64=7\n"
        "child_list[2]: f32=2.5\n"
        "child_list[3]: f64=0.125\n"
        "child_list[4]: vm.list\n"
        "child_list[0]: i32=7\n"
        "\n"
        "child_list[5]: hal.buffer_view\n"
        "2xf32=1 2\n"
        "child_list[6]: vm.buffer\n"
        "(no printer)\n"
        "\n")


def test_output_dash_prints_a_list_and_a_buffer_as_iree_run_module(values):
    for function, inputs in (("every", ("--input=3",)), ("buffer", ())):
        iree, ours = cli_support.run_both("run-module", f"--module={values}",
                                          f"--function={function}", *inputs, "--output=-")
        assert iree.returncode == ours.returncode == 0, (iree.stderr, ours.stderr)
        assert ours.stdout == iree.stdout


@pytest.mark.parametrize("function, inputs", [("every", ("--input=7",)), ("buffer", ()),
                                              ("typed", ("--input=1",)), ("i64", ("--input=3",))])
def test_benchmark_module_runs_functions_of_every_value_type(values, function, inputs):
    iree, ours = cli_support.run_both("benchmark-module", f"--module={values}",
                                      f"--function={function}", *inputs, *QUICK,
                                      "--benchmark_format=json")
    assert iree.returncode == 0, iree.stderr
    assert ours.returncode == 0, ours.stderr
    names = [b["name"] for b in json.loads(ours.stdout)["benchmarks"]]
    assert names == [b["name"] for b in json.loads(iree.stdout)["benchmarks"]]
    assert names == [f"BM_{function}/process_time/real_time"]


@pytest.mark.parametrize("function, inputs", [("i64", ("--input=-2",)), ("null", ()),
                                              ("f64", ("--input=0.5",))])
@pytest.mark.parametrize("suffix", ["npy", "bin"])
def test_output_files_hold_what_iree_run_module_writes(values, function, inputs, suffix,
                                                       tmp_path):
    args = (f"--module={values}", f"--function={function}", *inputs,
            f"--output=@out.{suffix}")
    written = []
    for tool, run in (("iree", cli_support.run_iree_tool), ("ours", run_ireec)):
        folder = tmp_path / tool
        folder.mkdir()
        name = "iree-run-module" if tool == "iree" else "run-module"
        result = run(name, *args, cwd=folder)
        assert result.returncode == 0, result.stderr
        written.append((folder / f"out.{suffix}").read_bytes())
    assert written[0] == written[1]


def test_a_vm_buffer_is_written_as_an_i8_vector_of_its_bytes(values, tmp_path):
    # As IREE's tool means to write one (its own refuses this module's
    # constant: it wraps the bytes only when they are 64-byte aligned).
    result = run_ireec("run-module", f"--module={values}", "--function=buffer",
                       "--output=@out.npy", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    written = np.load(tmp_path / "out.npy")
    assert written.dtype == np.int8 and written.tobytes() == b"bytes"
    result = run_ireec("run-module", f"--module={values}", "--function=buffer",
                       "--output=@out.bin", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out.bin").read_bytes() == b"bytes"


def test_a_list_cannot_be_written_to_a_file_as_iree_run_module_says(values, tmp_path):
    iree, ours = cli_support.run_both("run-module", f"--module={values}", "--function=mk",
                                      "--input=1", "--output=@out.npy", cwd=tmp_path)
    assert iree.returncode == ours.returncode != 0
    message = "unsupported output source type; expected: !hal.buffer, !hal.buffer_view, !vm.buffer"
    assert message in iree.stderr and message in ours.stderr
    assert "INVALID_ARGUMENT" in ours.stderr
