"""`python -m ireec benchmark-module` against IREE's iree-benchmark-module 3.9
on the same modules: the same benchmark names, JSON keys, console and CSV
layout and iteration counts (times are measured, never asserted)."""

from __future__ import annotations

import json
import os

import numpy as np
import pytest

from ireec.cli import benchmark_report as report

import cli_support
from child_process import (
    run_installed_script, run_ireec, run_ireec_on_a_terminal, run_program)
from cli_support import QUICK, SIMPLE_MUL_CALL, TWO_DEVICES_PROGRAM, VMVX_ON_TWO_DEVICES
from locations import PROGRAMS_DIR
from parameter_files import write_irpa

UNIMPLEMENTED = 12

# Two functions without inputs (benchmarked when no --function is given)
# and one with inputs (left out then, as IREE leaves it out).
NO_INPUTS_PROGRAM = """
func.func @constant_sum() -> tensor<4xf32> {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %b = arith.addf %a, %a : tensor<4xf32>
  return %b : tensor<4xf32>
}
func.func @constant_product() -> tensor<4xf32> {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %b = arith.mulf %a, %a : tensor<4xf32>
  return %b : tensor<4xf32>
}
func.func @with_inputs(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
"""
def run_both(*args, **options):
    """(iree-benchmark-module's result, ireec's result) for the same command
    line."""
    return cli_support.run_both("benchmark-module", *args, **options)


def ok(*results):
    for result in results:
        assert result.returncode == 0, result.stderr
    return results


@pytest.fixture(scope="module")
def simple_mul(program):
    return program("simple_mul")


@pytest.fixture(scope="module")
def no_inputs(compile_mlir):
    return compile_mlir(NO_INPUTS_PROGRAM)


def _keys(benchmark: dict) -> list[str]:
    return list(benchmark)


@pytest.mark.parametrize("repetitions", [1, 3])
def test_json_has_iree_benchmark_modules_names_and_keys(simple_mul, repetitions):
    iree, ours = ok(*run_both(f"--module={simple_mul}", *SIMPLE_MUL_CALL, *QUICK,
                              f"--benchmark_repetitions={repetitions}",
                              "--benchmark_format=json"))
    theirs, mine = json.loads(iree.stdout), json.loads(ours.stdout)
    assert list(mine) == list(theirs) == ["context", "benchmarks"]
    assert set(theirs["context"]) <= set(mine["context"])
    assert [b["name"] for b in mine["benchmarks"]] == [b["name"] for b in theirs["benchmarks"]]
    names = [b["name"] for b in mine["benchmarks"]]
    base = "BM_simple_mul/process_time/real_time"
    assert names == [base] * repetitions + (
        [f"{base}_{a}" for a in ("mean", "median", "stddev", "cv")]
        if repetitions > 1 else [])
    for a, b in zip(mine["benchmarks"], theirs["benchmarks"]):
        # Every key, in IREE's order; the same words where nothing is measured.
        assert _keys(a) == _keys(b)
        for key in ("run_name", "run_type", "repetitions", "threads", "time_unit",
                    "iterations", "aggregate_name", "aggregate_unit", "family_index",
                    "per_family_instance_index", "repetition_index"):
            assert a.get(key) == b.get(key), key
        assert a["real_time"] > 0 and a["cpu_time"] >= 0 and a["items_per_second"] > 0
    iteration_rows = [b for b in mine["benchmarks"] if b["run_type"] == "iteration"]
    assert all(b["iterations"] == 20 for b in iteration_rows)


def test_console_table_has_iree_benchmark_modules_layout(simple_mul):
    iree, ours = ok(*run_both(f"--module={simple_mul}", *SIMPLE_MUL_CALL, *QUICK,
                              "--benchmark_repetitions=2"))
    theirs, mine = iree.stdout.splitlines(), ours.stdout.splitlines()
    assert mine[:3] == theirs[:3]  # rules and header, as wide
    assert len(mine) == len(theirs) == 3 + 2 + 4
    for a, b in zip(mine[3:], theirs[3:]):
        # Name, times and their unit, iterations and the counter, in the
        # same columns: the units (ms or %) end at the same offsets.
        words_a, words_b = a.split(), b.split()
        assert len(words_a) == len(words_b) == 7
        for i in (0, 2, 4, 5):  # name, unit, unit, iterations
            assert words_a[i] == words_b[i]
        unit = f" {words_b[2]} "
        assert a.index(unit) == b.index(unit)
        assert words_a[6].startswith("items_per_second=")


def test_csv_has_iree_benchmark_modules_columns(simple_mul):
    iree, ours = ok(*run_both(f"--module={simple_mul}", *SIMPLE_MUL_CALL, *QUICK,
                              "--benchmark_repetitions=2", "--benchmark_format=csv"))
    theirs, mine = iree.stdout.splitlines(), ours.stdout.splitlines()
    assert mine[0] == theirs[0] == report.CSV_HEADER
    assert len(mine) == len(theirs)
    for a, b in zip(mine[1:], theirs[1:]):
        fields_a, fields_b = a.split(","), b.split(",")
        assert len(fields_a) == len(fields_b)
        for i in (0, 1, 4):  # name, iterations, time unit
            assert fields_a[i] == fields_b[i]


@pytest.mark.parametrize("batch, iterations", [(4, 20), (3, 21)])
def test_batch_size_counts_iterations_as_iree_does(simple_mul, batch, iterations):
    iree, ours = ok(*run_both(f"--module={simple_mul}", *SIMPLE_MUL_CALL, *QUICK,
                              f"--batch_size={batch}", "--benchmark_format=json"))
    theirs, mine = json.loads(iree.stdout), json.loads(ours.stdout)
    assert mine["benchmarks"][0]["iterations"] == theirs["benchmarks"][0]["iterations"] \
        == iterations


def test_every_function_without_inputs_when_none_is_named(no_inputs):
    iree, ours = ok(*run_both(f"--module={no_inputs}", *QUICK, "--benchmark_format=json",
                              "--time_unit=us"))
    theirs, mine = json.loads(iree.stdout), json.loads(ours.stdout)
    assert [b["name"] for b in mine["benchmarks"]] == [b["name"] for b in theirs["benchmarks"]] \
        == ["BM_constant_sum/process_time/real_time",
            "BM_constant_product/process_time/real_time"]
    assert [b["family_index"] for b in mine["benchmarks"]] == [0, 1]
    assert {b["time_unit"] for b in mine["benchmarks"]} == {"us"}


def test_list_tests_and_filter(no_inputs):
    iree, ours = ok(*run_both(f"--module={no_inputs}", "--benchmark_list_tests"))
    assert ours.stdout == iree.stdout == (
        "BM_constant_sum/process_time/real_time\n"
        "BM_constant_product/process_time/real_time\n")
    iree, ours = ok(*run_both(f"--module={no_inputs}", "--benchmark_list_tests",
                              "--benchmark_filter=product"))
    assert ours.stdout == iree.stdout == "BM_constant_product/process_time/real_time\n"
    iree, ours = run_both(f"--module={no_inputs}", "--benchmark_filter=nothing")
    assert ours.returncode == iree.returncode == 0
    assert ours.stdout == iree.stdout == ""
    assert "Failed to match any benchmarks against regex: nothing" in ours.stderr


@pytest.mark.parametrize("flag", ["--benchmark_report_aggregates_only",
                                  "--benchmark_display_aggregates_only"])
def test_aggregates_only(simple_mul, tmp_path, flag):
    iree, ours = run_both(f"--module={simple_mul}", *SIMPLE_MUL_CALL, *QUICK,
                          "--benchmark_repetitions=2", flag, "--benchmark_format=json",
                          f"--benchmark_out={tmp_path / 'out.json'}")
    ok(iree, ours)
    theirs, mine = json.loads(iree.stdout), json.loads(ours.stdout)
    assert [b["name"] for b in mine["benchmarks"]] == [b["name"] for b in theirs["benchmarks"]]
    assert all(b["run_type"] == "aggregate" for b in mine["benchmarks"])
    written = json.loads((tmp_path / "out.json").read_text())
    expected = 4 if flag == "--benchmark_report_aggregates_only" else 6
    assert len(written["benchmarks"]) == expected


@pytest.mark.parametrize("out_format", ["json", "csv", "console"])
def test_benchmark_out(simple_mul, tmp_path, out_format):
    out = tmp_path / f"out.{out_format}"
    iree, ours = ok(*run_both(f"--module={simple_mul}", *SIMPLE_MUL_CALL, *QUICK,
                              f"--benchmark_out={out}", f"--benchmark_out_format={out_format}"))
    text = out.read_text()
    name = "BM_simple_mul/process_time/real_time"
    if out_format == "json":
        assert [b["name"] for b in json.loads(text)["benchmarks"]] == [name]
    elif out_format == "csv":
        assert text.splitlines()[0] == report.CSV_HEADER
        assert text.splitlines()[1].startswith(f'"{name}",20,')
    else:
        assert any(line.startswith(name) for line in text.splitlines())
    # stdout keeps its own format.
    assert ours.stdout.splitlines()[1] == iree.stdout.splitlines()[1]


def test_task_and_device_flags(simple_mul):
    iree, ours = ok(*run_both(f"--module={simple_mul}", *SIMPLE_MUL_CALL, *QUICK,
                              "--device=local-task", "--task_topology_group_count=1",
                              "--task_worker_spin_us=10", "--benchmark_format=json",
                              "--device_allocator=caching"))
    assert [b["name"] for b in json.loads(ours.stdout)["benchmarks"]] == \
        [b["name"] for b in json.loads(iree.stdout)["benchmarks"]]


def test_print_statistics(simple_mul):
    iree, ours = ok(*run_both(f"--module={simple_mul}", *SIMPLE_MUL_CALL, *QUICK,
                              "--benchmark_format=json", "--print_statistics"))
    for result in (iree, ours):
        assert "[[ iree_hal_allocator_t memory statistics ]]" in result.stderr
        assert "DEVICE_LOCAL:" in result.stderr


@pytest.mark.parametrize("flag, text", [
    ("--batch_concurrency=2", "--batch_concurrency=2: not supported"),
    ("--benchmark_enable_random_interleaving", "not supported"),
    ("--executable_plugin=x.so", "--executable_plugin=x.so: executable plugins"),
])
def test_refused_flags(simple_mul, flag, text):
    result = run_ireec("benchmark-module", f"--module={simple_mul}", *SIMPLE_MUL_CALL, flag)
    assert result.returncode == UNIMPLEMENTED
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and text in lines[0], lines
    assert lines[0].startswith("python -m ireec benchmark-module: error: ")


def test_bad_input_is_one_line(simple_mul):
    result = run_ireec("benchmark-module", f"--module={simple_mul}", "--function=simple_mul",
                       "--input=4xf32=1,2")
    # OUT_OF_RANGE's code: iree-benchmark-module aborts here (its input
    # parsing is IREE_CHECK_OK); ireec exits as IREE's does for failures
    # before benchmarking (tests/cli/test_exit_codes.py).
    assert result.returncode == 11
    assert len(result.stderr.splitlines()) == 1
    assert "input data string underflow" in result.stderr


def test_console_script(simple_mul):
    result = run_installed_script("ireec-benchmark-module", f"--module={simple_mul}",
                                  *SIMPLE_MUL_CALL, *QUICK, "--benchmark_list_tests").check()
    assert result.stdout == "BM_simple_mul/process_time/real_time\n"


# ---------------------------------------------------------------------------
# Google Benchmark's numbers
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("value, text", [
    (98385.3, "98.3853k"), (103901.2, "103.901k"), (6931.72, "6.93172k"),
    (5357.68, "5.35768k"), (999.0, "999"), (1.5e6, "1.5M"), (0.5, "0.5"),
    (0.001, "1m"), (2.5e-6, "2.5u"), (-98385.3, "-98.3853k"),
])
def test_human_readable_numbers(value, text):
    assert report.human_readable(value) == text


def test_aggregates_of_repetitions():
    runs = [report.measured("BM_f/process_time/real_time", 100, seconds, seconds / 2,
                            "ms", 3, i) for i, seconds in enumerate((0.001, 0.002, 0.004))]
    assert [run.real_time for run in runs] == pytest.approx([0.01, 0.02, 0.04])
    assert runs[0].items_per_second == pytest.approx(100_000)
    mean, median, stddev, cv = report.aggregates(runs)
    assert [r.full_name for r in (mean, median, stddev, cv)] == [
        f"BM_f/process_time/real_time_{a}" for a in ("mean", "median", "stddev", "cv")]
    assert mean.real_time == pytest.approx(0.07 / 3)
    assert median.real_time == pytest.approx(0.02)
    assert stddev.real_time == pytest.approx(0.0152752523)  # sample deviation
    assert cv.real_time == pytest.approx(0.0152752523 / (0.07 / 3))
    assert cv.aggregate_unit == "percentage" and mean.iterations == 3
    assert report.aggregates(runs[:1]) == []


def test_async_function_on_two_devices(compile_mlir):
    # IREE's multi-device program (async-external, two local-task devices):
    # each step of a batch is one call with its own fences.
    vmfb = compile_mlir(TWO_DEVICES_PROGRAM, *VMVX_ON_TWO_DEVICES, target_flags=())
    iree, ours = ok(*run_both(f"--module={vmfb}", "--function=two_device_mul",
                              "--input=4xf32=10,11,12,13", "--device=local-task",
                              "--device=local-task", "--batch_size=2",
                              "--benchmark_min_time=10x", "--benchmark_format=json"))
    theirs, mine = json.loads(iree.stdout), json.loads(ours.stdout)
    assert [(b["name"], b["iterations"]) for b in mine["benchmarks"]] == \
        [(b["name"], b["iterations"]) for b in theirs["benchmarks"]] == \
        [("BM_two_device_mul/process_time/real_time", 10)]


@pytest.mark.parametrize("tool", ["benchmark-module", "run-module"])
def test_help(tool):
    result = run_ireec(tool, "--help")
    assert result.returncode == 0, result.stderr
    for flag in ("--task_topology_group_count", "--trace_execution", "--device_allocator"):
        assert flag in result.stdout


def test_progress_on_a_terminal_only(simple_mul):
    command = ("benchmark-module", f"--module={simple_mul}", *SIMPLE_MUL_CALL,
               "--benchmark_min_time=5x", "--benchmark_repetitions=2")
    on_a_terminal = run_ireec_on_a_terminal(*command).check()
    assert "BM_simple_mul/process_time/real_time_cv" in on_a_terminal.stdout
    text = on_a_terminal.stderr
    assert "\rBM_simple_mul: repetition 1/2" in text
    assert "\rBM_simple_mul: repetition 2/2" in text
    # Not a terminal: the context only, no progress.
    piped = run_ireec(*command)
    assert piped.returncode == 0
    assert "repetition" not in piped.stderr and "Load Average:" in piped.stderr


def test_dispatch_benchmarks(tmp_path):
    # A module of dispatch benchmarks, as iree-compile dumps them
    # (--iree-hal-dump-executable-benchmarks-to): each function takes the
    # batch size and its benchmark counts that many iterations per call, in µs.
    from ireec.compile import LOCAL_CPU_FLAGS, find_iree_compile

    compiler = find_iree_compile()
    source = tmp_path / "mul.mlir"
    source.write_text((PROGRAMS_DIR / "simple_mul.mlir").read_text())
    dumps = tmp_path / "dumps"
    run_program(compiler, *LOCAL_CPU_FLAGS, source, "-o", os.devnull,
                f"--iree-hal-dump-executable-benchmarks-to={dumps}").check()
    (dump,) = dumps.glob("*.mlir")
    vmfb = tmp_path / "dispatch.vmfb"
    run_program(compiler, *LOCAL_CPU_FLAGS, dump, "-o", vmfb).check()
    iree, ours = ok(*run_both(f"--module={vmfb}", "--batch_size=4",
                              "--benchmark_min_time=20x", "--benchmark_format=json"))
    theirs, mine = json.loads(iree.stdout), json.loads(ours.stdout)
    rows = [(b["name"], b["iterations"], b["time_unit"]) for b in mine["benchmarks"]]
    assert rows == [(b["name"], b["iterations"], b["time_unit"])
                    for b in theirs["benchmarks"]]
    assert len(rows) == 1 and rows[0][0].startswith("BM_") and rows[0][1:] == (20, "us")


def test_parameters_as_iree_benchmark_module_reads_them(program, tmp_path):
    # IREE's tool benchmarks a module reading parameters from --parameters
    # files (of any --parameter_mode); so does this one, with the same
    # benchmark and iteration count.
    archive = write_irpa(tmp_path / "model.irpa",
                         {"weight": np.arange(4, dtype=np.float32),
                          "bias": np.ones(4, np.float32)}, tmp_path)
    for mode in ("file", "preload"):
        iree, ours = ok(*run_both(f"--module={program('parameters')}", "--function=affine",
                                  "--input=4xf32=1,2,3,4", f"--parameters=model={archive}",
                                  f"--parameter_mode={mode}", *QUICK,
                                  "--benchmark_format=json"))
        theirs, mine = json.loads(iree.stdout), json.loads(ours.stdout)
        assert [(b["name"], b["iterations"]) for b in mine["benchmarks"]] == \
            [(b["name"], b["iterations"]) for b in theirs["benchmarks"]] == \
            [("BM_affine/process_time/real_time", 20)]
    # Without the parameters both fail with NOT_FOUND (IREE's at the call,
    # naming the scope; this one at load, naming the module it imports).
    iree, ours = run_both(f"--module={program('parameters')}", "--function=affine",
                          "--input=4xf32=1,2,3,4", *QUICK)
    assert iree.returncode == ours.returncode == 5  # NOT_FOUND
    assert "'io_parameters' not registered" in ours.stderr
    assert "no provider registered that handles scopes like 'model'" in iree.stdout


@pytest.mark.parametrize("flag", ["--list_drivers", "--list_devices",
                                  "--list_devices=local-sync", "--dump_devices=local-task"])
def test_listing_flags_list_and_exit_as_iree_benchmark_module_does(simple_mul, flag):
    # With a module and a function to benchmark given too: the listing is
    # all that happens, and the exit status is 0.
    iree, ours = ok(*run_both(flag, f"--module={simple_mul}", *SIMPLE_MUL_CALL, *QUICK))
    assert "BM_" not in ours.stdout and "BM_" not in iree.stdout
    run_module = run_ireec("run-module", flag).check(0)
    assert ours.stdout == run_module.stdout  # the listing run-module prints
    if flag == "--list_devices=local-sync":
        assert ours.stdout == iree.stdout == "local-sync://\n"
    elif flag == "--list_drivers":
        for driver in ("local-sync", "local-task", "cuda", "hip", "vulkan"):
            assert f"{driver:>16}: " in ours.stdout and f"{driver:>16}: " in iree.stdout
    elif flag == "--list_devices":
        assert {"local-task://", "local-sync://"} <= set(ours.stdout.splitlines())
        assert {"local-task://", "local-sync://"} <= set(iree.stdout.splitlines())
    else:
        assert "# --device=local-task://\n" in ours.stdout
        assert "# --device=local-task://\n" in iree.stdout


def test_without_function_a_module_taking_inputs_says_what_to_do(simple_mul):
    # IREE's tool finds nothing to benchmark, says no benchmark matched and
    # exits 0; this one does the same, then says why and what to do.
    iree, ours = ok(*run_both(f"--module={simple_mul}", *QUICK))
    assert ours.stdout == iree.stdout == ""
    assert iree.stderr == "Failed to match any benchmarks against regex: .\n"
    assert ours.stderr.splitlines() == [
        "Failed to match any benchmarks against regex: .",
        "note: without --function, iree-benchmark-module benchmarks the exports of module "
        "'module' taking no inputs, and every one takes some (simple_mul): name one with "
        "--function= and give its inputs with --input="]
