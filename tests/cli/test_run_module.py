"""`python -m ireec run-module`, run as the user runs it, in a child
process, on programs compiled at test time, with results read back from what
it prints and writes: inputs and outputs as text and files, expected
outputs, errors, several devices, statistics, --repeat, and its console
script's name."""

from __future__ import annotations

import io
import re

import numpy as np
import pytest

import ireec
from ireec.cli.progress import Progress

from child_process import run_ireec, run_ireec_on_a_terminal, run_python
from cli_support import TWO_DEVICES_PROGRAM, TWO_LOCAL_DEVICES, one_line_error
from locations import PROGRAMS_DIR

# iree-run-module's exit status for every failure; the failure's IREE status
# is named on stderr.
EXIT_FAILURE = 1
INVALID_ARGUMENT = "INVALID_ARGUMENT"
NOT_FOUND = "NOT_FOUND"
OUT_OF_RANGE = "OUT_OF_RANGE"
UNIMPLEMENTED = "UNIMPLEMENTED"
INCOMPATIBLE = "INCOMPATIBLE"

# The program for two devices (it multiplies on device_a, moves the product
# to device_b, multiplies again there and moves the result back), for CPUs.
TWO_DEVICE_FLAGS = (*TWO_LOCAL_DEVICES, "--iree-hal-local-target-device-backends=llvm-cpu",
                    "--iree-llvmcpu-target-cpu=host")

SIMPLE_MUL_RESULT = "EXEC @simple_mul\nresult[0]: hal.buffer_view\n4xf32=10 40 90 160\n"


def run_module(*args, stdin: str | bytes | None = None, **options):
    return run_ireec("run-module", *args, input=stdin, **options)


def assert_one_line_error(result, status: str | None, *fragments: str) -> str:
    """The tool failed (exit status 1, as iree-run-module's), saying so in
    one stderr line (see cli_support.one_line_error)."""
    assert result.returncode == EXIT_FAILURE, (result.returncode, result.stderr)
    return one_line_error(result.stderr, ("run-module", "dump-devices"), status, *fragments)


@pytest.fixture(scope="module")
def simple_mul(program):
    return program("simple_mul")


@pytest.fixture(scope="module")
def two_results(program):
    return program("two_results")


@pytest.fixture(scope="module")
def int_ops(program):
    return program("int_ops")


@pytest.fixture(scope="module")
def two_device_program(compile_mlir):
    return compile_mlir(TWO_DEVICES_PROGRAM, *TWO_DEVICE_FLAGS, target_flags=())


# ---------------------------------------------------------------------------
# One device, text inputs
# ---------------------------------------------------------------------------

def test_runs_a_function_and_prints_its_results_as_iree_run_module_does(simple_mul, cpu_driver):
    result = run_module(f"--module={simple_mul}", f"--device={cpu_driver}",
                        "--function=simple_mul", "--input=4xf32=1,2,3,4",
                        "--input=4xf32=10 20 30 40")
    assert result.returncode == 0, result.stderr
    assert result.stdout == SIMPLE_MUL_RESULT
    assert result.stderr == ""


def test_function_and_device_may_be_omitted(simple_mul):
    # One exported function; local-task by default.
    result = run_module(f"--module={simple_mul}", "--input=4xf32=1 2 3 4",
                        "--input=4xf32=[10 20 30 40]")
    assert result.returncode == 0, result.stderr
    assert result.stdout == SIMPLE_MUL_RESULT


def test_function_may_be_named_with_its_module(simple_mul):
    result = run_module(f"--module={simple_mul}", "--function=module.simple_mul",
                        "--input=4xf32=1,2,3,4", "--input=4xf32=10,20,30,40")
    assert result.stdout == SIMPLE_MUL_RESULT


@pytest.mark.parametrize("lhs, rhs, printed", [
    ("4xf32", "4xf32=1,2,3,4", "4xf32=0 0 0 0"),         # shape alone: zeros
    ("4xf32=2", "4xf32=1,2,3,4", "4xf32=2 4 6 8"),       # one value: every element
    ("4xf32=  1, 2 ,3 ,4  ", "4xf32=0.5", "4xf32=0.5 1 1.5 2"),
])
def test_text_forms_iree_accepts(simple_mul, lhs, rhs, printed):
    result = run_module(f"--module={simple_mul}", f"--input={lhs}", f"--input={rhs}")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == printed


def test_numpy_names_of_element_types_are_understood(simple_mul, tmp_path):
    # `float32` where IREE spells `f32`, in a value's text and before a raw file.
    raw = tmp_path / "in.bin"
    raw.write_bytes(np.array([1, 2, 3, 4], np.float32).tobytes())
    result = run_module(f"--module={simple_mul}", "--input=4xfloat32=2",
                        f"--input=4xfloat32=@{raw}")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "4xf32=2 4 6 8"


@pytest.mark.parametrize("value", ["4xfloat=1", "4xfp32=1", "4xdouble=@in.bin"])
def test_an_unknown_element_type_is_answered_with_the_spellings(simple_mul, value):
    result = run_module(f"--module={simple_mul}", f"--input={value}", "--input=4xf32=2")
    assert_one_line_error(result, INVALID_ARGUMENT, f"parsing input `{value}`",
                          "element types are spelled as IREE spells them: i1, ",
                          ", f32, ", ", float32, ")


def test_integer_tensors_and_brackets(int_ops):
    result = run_module(f"--module={int_ops}", "--function=mul_add",
                        "--input=4xi32=[1 2 3 4]", "--input=4xi32=-1,0,1,2",
                        "--input=4xi32=100")
    assert result.returncode == 0, result.stderr
    assert result.stdout == ("EXEC @mul_add\nresult[0]: hal.buffer_view\n"
                             "4xi32=99 100 103 108\n")


def test_scalar_inputs_and_results(int_ops):
    # IREE parses scalars with strtol base 0 (0x10 is 16); i32=5 is ireec's
    # spelling of printed results, accepted back.
    result = run_module(f"--module={int_ops}", "--function=add_scalars",
                        "--input=5", "--input=0x10")
    assert result.stdout == "EXEC @add_scalars\nresult[0]: i32=21\n"
    result = run_module(f"--module={int_ops}", "--function=add_scalars",
                        "--input=i32=-5", "--input=7")
    assert result.stdout == "EXEC @add_scalars\nresult[0]: i32=2\n"


def test_output_max_element_count(two_results):
    result = run_module(f"--module={two_results}", "--input=2x3xf32=[1 2 3][4 5 6]",
                        "--input=2x3xf32=2", "--output_max_element_count=2")
    assert result.returncode == 0, result.stderr
    assert result.stdout == ("EXEC @sum_and_product\n"
                             "result[0]: hal.buffer_view\n2x3xf32=[3 4...][...]\n"
                             "result[1]: hal.buffer_view\n2x3xf32=[2 4...][...]\n")


def test_module_from_stdin_and_mapped(simple_mul):
    result = run_module("--module=-", "--input=4xf32=1,2,3,4", "--input=4xf32=10,20,30,40",
                        stdin=simple_mul.read_bytes(), text=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode() == SIMPLE_MUL_RESULT
    result = run_module(f"--module={simple_mul}", "--module_mode=mmap",
                        "--input=4xf32=1,2,3,4", "--input=4xf32=10,20,30,40")
    assert result.stdout == SIMPLE_MUL_RESULT


def test_flagfile(simple_mul, tmp_path):
    flags = tmp_path / "flags.txt"
    flags.write_text(f"# the program\n--module={simple_mul}\n\n"
                     "--input=4xf32=1,2,3,4\n--input=4xf32=1\n")
    # Flags after the file still count, in order.
    result = run_module(f"--flagfile={flags}", "--expected_output=4xf32=1,2,3,4")
    assert result.returncode == 0, result.stderr
    assert "[SUCCESS]" in result.stdout


# ---------------------------------------------------------------------------
# Files in and out
# ---------------------------------------------------------------------------

def test_inputs_from_npy_files(two_results, tmp_path):
    a = np.arange(6, dtype=np.float32).reshape(2, 3) - 2.5
    b = np.array([[1, -2, 3], [0.5, 4, -8]], np.float32)
    both = tmp_path / "both.npy"
    with open(both, "wb") as f:
        np.save(f, a)
        np.save(f, b)
    out = tmp_path / "out.npy"
    # @ reads the first array, + the next one from the same file.
    result = run_module(f"--module={two_results}", f"--input=@{both}", f"--input=+{both}",
                        f"--output=@{out}", f"--output=+{out}")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "EXEC @sum_and_product\n"
    with open(out, "rb") as f:
        total, product = np.load(f), np.load(f)
        assert f.read() == b""
    assert total.dtype == np.float32 and total.shape == (2, 3)
    np.testing.assert_array_equal(total, a + b)
    np.testing.assert_array_equal(product, a * b)

    # * reads every array left in the file, one argument each.
    result = run_module(f"--module={two_results}", f"--input=*{both}", f"--output=@{out}",
                        "--output=")
    assert result.returncode == 0, result.stderr
    np.testing.assert_array_equal(np.load(out), a + b)


def test_output_overwrites_and_appends(simple_mul, tmp_path):
    out = tmp_path / "out.npy"
    out.write_bytes(b"not an npy file")
    common = (f"--module={simple_mul}", "--input=4xf32=1,2,3,4", "--input=4xf32=2")
    assert run_module(*common, f"--output=@{out}").returncode == 0
    np.testing.assert_array_equal(np.load(out), np.array([2, 4, 6, 8], np.float32))
    assert run_module(*common, f"--output=+{out}").returncode == 0
    with open(out, "rb") as f:
        first, second = np.load(f), np.load(f)
    np.testing.assert_array_equal(first, second)


def test_raw_binary_input_and_output(simple_mul, tmp_path):
    raw = tmp_path / "in.bin"
    values = np.array([1.5, -2, 4, 1e6], np.float32)
    raw.write_bytes(values.tobytes())
    out = tmp_path / "out.bin"
    result = run_module(f"--module={simple_mul}", f"--input=4xf32=@{raw}",
                        "--input=4xf32=2", f"--output=@{out}")
    assert result.returncode == 0, result.stderr
    np.testing.assert_array_equal(np.frombuffer(out.read_bytes(), np.float32), values * 2)

    short = tmp_path / "short.bin"
    short.write_bytes(values[:3].tobytes())
    result = run_module(f"--module={simple_mul}", f"--input=4xf32=@{short}",
                        "--input=4xf32=2")
    assert_one_line_error(result, OUT_OF_RANGE, "12 bytes left, 16 needed",
                          f"parsing input `4xf32=@{short}`")


def test_scalar_results_and_0d_arrays_in_npy_files(int_ops, tmp_path):
    arg = tmp_path / "arg.npy"
    np.save(arg, np.array(40, np.int32))
    out = tmp_path / "sum.npy"
    result = run_module(f"--module={int_ops}", "--function=add_scalars", f"--input=@{arg}",
                        "--input=2", f"--output=@{out}")
    assert result.returncode == 0, result.stderr
    total = np.load(out)
    assert total.shape == () and total.dtype == np.int32 and int(total) == 42


def test_output_to_stdout_and_ignored(two_results):
    result = run_module(f"--module={two_results}", "--input=2x3xf32=1", "--input=2x3xf32=3",
                        "--output=", "--output=-")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "EXEC @sum_and_product\nhal.buffer_view\n2x3xf32=[3 3 3][3 3 3]\n"


# ---------------------------------------------------------------------------
# Expected outputs
# ---------------------------------------------------------------------------

def test_expected_output_matches(simple_mul):
    result = run_module(f"--module={simple_mul}", "--input=4xf32=1,2,3,4",
                        "--input=4xf32=10,20,30,40", "--expected_output=4xf32=10 40 90 160")
    assert result.returncode == 0, result.stderr
    assert result.stdout == ("EXEC @simple_mul\n[SUCCESS] all function outputs matched "
                             "their expected values.\n")


def test_expected_output_from_npy(simple_mul, tmp_path):
    expected = tmp_path / "expected.npy"
    common = (f"--module={simple_mul}", "--input=4xf32=1,2,3,4", "--input=4xf32=10,20,30,40",
              f"--expected_output=@{expected}")
    np.save(expected, np.array([10, 40, 90, 160], np.float32))
    assert run_module(*common).returncode == 0
    np.save(expected, np.array([10, 40, 90, 161], np.float32))
    result = run_module(*common)
    assert result.returncode == 1
    assert "element at index 3 (160) does not match the expected (161)" in result.stdout
    np.save(expected, np.array([10, 40, 90, 160], np.int32))
    result = run_module(*common)
    assert result.returncode == 1
    assert "[FAILED] result[0]: metadata is 4xf32; expected that the view is equal to " \
           "contents of a view of 4xi32" in result.stdout


def test_expected_output_differs(simple_mul):
    result = run_module(f"--module={simple_mul}", "--input=4xf32=1,2,3,4",
                        "--input=4xf32=10,20,30,40", "--expected_output=4xf32=10 40 91 160")
    assert result.returncode == 1
    assert result.stdout == (
        "EXEC @simple_mul\n"
        "[FAILED] result[0]: element at index 2 (90) does not match the expected (91); "
        "expected that the view is equal to contents of a view of 4xf32\n"
        "  expected:\n4xf32=10 40 91 160\n"
        "  actual:\n4xf32=10 40 90 160\n")


def test_expected_output_of_another_shape(simple_mul):
    result = run_module(f"--module={simple_mul}", "--input=4xf32=1,2,3,4",
                        "--input=4xf32=1", "--expected_output=2x2xf32=1,2,3,4")
    assert result.returncode == 1
    assert result.stdout.splitlines()[1] == (
        "[FAILED] result[0]: metadata is 4xf32; expected that the view is equal to "
        "contents of a view of 2x2xf32")


def test_expected_output_thresholds_and_modes(simple_mul):
    lhs = np.array([1, 2, 3, 4], np.float32)
    rhs = np.float32(1.1)
    actual = lhs * rhs  # what the program computes, in f32
    common = (f"--module={simple_mul}", "--input=4xf32=1,2,3,4", "--input=4xf32=1.1")

    # Within the default f32 threshold (1e-4) of the last element.
    near = "--expected_output=4xf32=1.1 2.2 3.3 4.40005"
    assert run_module(*common, near).returncode == 0
    # Bit for bit, the first element that differs is reported.
    expected = np.array([1.1, 2.2, 3.3, 4.40005], np.float32)
    first = int(np.flatnonzero(expected.view(np.uint32) != actual.view(np.uint32))[0])
    result = run_module(*common, near, "--equality_mode=exact")
    assert result.returncode == 1
    assert f"[FAILED] result[0]: element at index {first} " in result.stdout

    far = "--expected_output=4xf32=1.1 2.2 3.3 4.5"
    result = run_module(*common, far)
    assert result.returncode == 1
    assert "element at index 3 (4.4) does not match the expected (4.5)" in result.stdout
    assert run_module(*common, far, "--expected_f32_threshold=0.2").returncode == 0
    # Relative: |4.5 - 4.4| / 4.5 is 0.022.
    assert run_module(*common, far, "--equality_mode=relative",
                      "--expected_f32_threshold=0.05").returncode == 0
    assert run_module(*common, far, "--equality_mode=relative",
                      "--expected_f32_threshold=0.01").returncode == 1


def test_expected_scalars_and_ignored_results(int_ops, two_results):
    common = (f"--module={int_ops}", "--function=add_scalars", "--input=5", "--input=7")
    assert run_module(*common, "--expected_output=12").returncode == 0
    assert run_module(*common, "--expected_output=i32=12").returncode == 0
    result = run_module(*common, "--expected_output=13")
    assert result.returncode == 1
    assert result.stdout == ("EXEC @add_scalars\n[FAILED] result[0]: i32 values differ\n"
                             "  expected: 13\n  actual: 12\n")

    common = (f"--module={two_results}", "--input=2x3xf32=2", "--input=2x3xf32=3")
    result = run_module(*common, "--expected_output=(ignored)",
                        "--expected_output=2x3xf32=6")
    assert result.returncode == 0, result.stdout
    result = run_module(*common, "--expected_output=(ignored)",
                        "--expected_output=2x3xf32=5")
    assert result.returncode == 1
    assert "[FAILED] result[1]: element at index 0 (6) does not match the expected (5)" \
        in result.stdout
    # Fewer expected values than results is a mismatch, as in iree-run-module.
    result = run_module(*common, "--expected_output=2x3xf32=5")
    assert result.returncode == 1
    assert "[FAILED] expected 1 list elements but 2 provided" in result.stdout


# ---------------------------------------------------------------------------
# Errors: one line on stderr naming IREE's status code, exit status 1
# ---------------------------------------------------------------------------

def test_bad_flags(simple_mul):
    assert_one_line_error(run_module("--bogus=1"), None,
                          "unrecognized arguments: --bogus=1")
    assert_one_line_error(run_module(f"--module={simple_mul}", "--equality_mode=fuzzy"),
                          None, "--equality_mode", "fuzzy")
    assert_one_line_error(run_module(f"--module={simple_mul}", "--repeat=0"),
                          INVALID_ARGUMENT, "--repeat must be at least 1")
    assert_one_line_error(run_module("--input=4xf32=1"), INVALID_ARGUMENT,
                          "no user module specified")


def test_runtime_errors_exit_1_naming_the_status(simple_mul, two_results, tmp_path):
    missing = tmp_path / "missing.vmfb"
    assert_one_line_error(run_module(f"--module={missing}"), NOT_FOUND,
                          "NOT_FOUND", str(missing))
    assert_one_line_error(
        run_module(f"--module={simple_mul}", "--input=4xf32=1,2", "--input=4xf32=1"),
        OUT_OF_RANGE, "OUT_OF_RANGE", "parsing input `4xf32=1,2`",
        # Annotated with the function's declaration, as the C tool does.
        "func @simple_mul(")
    assert_one_line_error(
        run_module(f"--module={simple_mul}", "--input=4xf32=1"), INVALID_ARGUMENT,
        "function expected 2 input values (ref, ref) but 1 were provided")
    assert_one_line_error(
        run_module(f"--module={simple_mul}", "--input=4xf32=1", "--input=4xf32=1",
                   "--input=4xf32=1"),
        INVALID_ARGUMENT, "function expected fewer input values")
    assert_one_line_error(
        run_module(f"--module={simple_mul}", "--function=nope"), NOT_FOUND,
        "looking up function 'nope'")
    assert_one_line_error(run_module(f"--module={simple_mul}", "--device=metal"), NOT_FOUND,
                          "no HAL driver 'metal' is registered")
    assert_one_line_error(
        run_module(f"--module={two_results}", "--input=2x3xf32=1", "--input=2x3xf32=1",
                   "--output=-"),
        OUT_OF_RANGE, "1 outputs specified but the provided variant list only has 2")
    assert_one_line_error(
        run_module(f"--module={simple_mul}", "--input=4xf32=1", "--input=@nothing.bin"),
        UNIMPLEMENTED, "only numpy (.npy) files are supported")


def test_more_than_one_function_needs_function(int_ops):
    assert_one_line_error(run_module(f"--module={int_ops}"), INVALID_ARGUMENT,
                          "more than one exported function present")


def test_verbose_shows_the_traceback(simple_mul):
    result = run_module(f"--module={simple_mul}", "--function=nope", "--verbose")
    assert result.returncode == EXIT_FAILURE
    assert "Traceback (most recent call last)" in result.stderr
    assert "NotFoundError" in result.stderr


# ---------------------------------------------------------------------------
# Several devices, async-external programs
# ---------------------------------------------------------------------------

def test_two_device_program_is_async_external(two_device_program):
    # What the next tests rely on: the program takes fences, which the tool
    # must supply.
    instance = ireec.Instance()
    devices = [instance.create_device("local-task") for _ in range(2)]
    with ireec.Session(instance, devices=devices) as session:
        session.load_module(two_device_program)
        function = session.function("two_devices.two_device_mul")
        assert function.model == "coarse-fences"
        assert function.signature.endswith("rrr_r")


@pytest.mark.parametrize("first", ["local-task", "local-sync"])
@pytest.mark.parametrize("second", ["local-task", "local-sync"])
def test_two_devices(two_device_program, first, second):
    result = run_module(f"--module={two_device_program}", f"--device={first}",
                        f"--device={second}", "--input=4xf32=1,2,3,4")
    assert result.returncode == 0, result.stderr
    # [1 2 3 4] * [0 1 2 3] on one device, * [4 5 6 7] on the other.
    assert result.stdout == ("EXEC @two_device_mul\nresult[0]: hal.buffer_view\n"
                             "4xf32=0 10 36 84\n")


def test_two_device_program_on_one_device(two_device_program):
    assert_one_line_error(
        run_module(f"--module={two_device_program}", "--device=local-task",
                   "--input=4xf32=1,2,3,4"),
        INCOMPATIBLE, "HAL device `device_b` not found or unavailable")


def test_async_external_on_one_device(compile_mlir, cpu_driver):
    vmfb = compile_mlir(PROGRAMS_DIR / "simple_mul.mlir", "--iree-execution-model=async-external")
    result = run_module(f"--module={vmfb}", f"--device={cpu_driver}", "--input=4xf32=1,2,3,4",
                        "--input=4xf32=10,20,30,40", "--expected_output=4xf32=10,40,90,160")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.endswith("[SUCCESS] all function outputs matched their expected "
                                  "values.\n")


# ---------------------------------------------------------------------------
# Statistics
# ---------------------------------------------------------------------------

STATISTICS_LINE = re.compile(
    r"^ *(HOST_LOCAL|DEVICE_LOCAL): +(\d+)B peak / +(\d+)B allocated / +(\d+)B freed / "
    r"+(\d+)B live$")


def _statistics(stderr: str) -> list[dict]:
    blocks = []
    for line in stderr.splitlines():
        if line.startswith("[[ iree_hal_allocator_t memory statistics"):
            blocks.append({"header": line})
        elif (match := STATISTICS_LINE.match(line)):
            blocks[-1][match[1]] = tuple(int(match[i]) for i in range(2, 6))
    return blocks


def test_print_statistics(simple_mul):
    result = run_module(f"--module={simple_mul}", "--input=4xf32=1,2,3,4",
                        "--input=4xf32=1", "--print_statistics")
    assert result.returncode == 0, result.stderr
    assert result.stdout.endswith("4xf32=1 2 3 4\n")
    (block,) = _statistics(result.stderr)
    assert block["header"] == "[[ iree_hal_allocator_t memory statistics ]]"
    peak, allocated, freed, live = block["DEVICE_LOCAL"]
    # Two 16-byte inputs and a 16-byte result at least; all freed at exit.
    assert peak >= 48 and allocated >= peak
    assert freed == allocated and live == 0


def test_print_statistics_per_device(two_device_program):
    result = run_module(f"--module={two_device_program}", "--device=local-task",
                        "--device=local-sync", "--input=4xf32=1,2,3,4",
                        "--print_statistics=true")
    assert result.returncode == 0, result.stderr
    blocks = _statistics(result.stderr)
    assert [b["header"] for b in blocks] == [
        "[[ iree_hal_allocator_t memory statistics: device 0, local-task ]]",
        "[[ iree_hal_allocator_t memory statistics: device 1, local-sync ]]"]
    for block in blocks:
        peak, allocated, freed, live = block["DEVICE_LOCAL"]
        # Each device held the data while it computed on it.
        assert peak >= 16 and freed == allocated and live == 0


# ---------------------------------------------------------------------------
# --repeat
# ---------------------------------------------------------------------------

def test_repeat_prints_status_lines_when_not_a_terminal(simple_mul):
    result = run_module(f"--module={simple_mul}", "--input=4xf32=1,2,3,4",
                        "--input=4xf32=10,20,30,40", "--repeat=20",
                        "--expected_output=4xf32=10,40,90,160")
    assert result.returncode == 0, result.stderr
    # Printed and compared once, for the last run.
    assert result.stdout == ("EXEC @simple_mul\n[SUCCESS] all function outputs matched "
                             "their expected values.\n")
    lines = result.stderr.splitlines()
    assert "\r" not in result.stderr
    assert [line.split(",")[0] for line in lines[:-1]] == [
        f"run {2 * k}/20 ({10 * k}%)" for k in range(1, 11)]
    assert lines[-1].startswith("20 runs in ")


def test_repeat_draws_a_bar_on_a_terminal(simple_mul):
    result = run_ireec_on_a_terminal("run-module", f"--module={simple_mul}",
                                     "--input=4xf32=1,2,3,4", "--input=4xf32=10,20,30,40",
                                     "--repeat=30").check()
    assert result.stdout == SIMPLE_MUL_RESULT
    text = result.stderr  # what the terminal showed
    assert "\rrun [" + "#" * 30 + "] 30/30 " in text
    assert "30 runs in " in text


def test_progress_status_lines_follow_the_count():
    stream = io.StringIO()
    progress = Progress(3, label="call", stream=stream, tty=False)
    for _ in range(3):
        progress.update()
    progress.finish()
    lines = stream.getvalue().splitlines()
    # Each run completes more than a tenth: one line per run, never more.
    assert [line.split(",")[0] for line in lines[:-1]] == [
        "call 1/3 (33%)", "call 2/3 (66%)", "call 3/3 (100%)"]
    assert lines[-1].startswith("3 runs in ")


def test_console_entry_point_names_itself(simple_mul):
    result = run_python("-c", "import sys; from ireec.cli.run_module import console_main; "
                        "sys.argv[1:] = ['--bogus']; sys.exit(console_main())")
    assert result.returncode == EXIT_FAILURE
    assert result.stderr.startswith("ireec-run-module: error: unrecognized arguments")
