"""IREE's own command lines, run unchanged by `python -m ireec run-module` and
by IREE's iree-run-module 3.9 (from iree-base-runtime) on the same modules:
the same stdout and exit status, or a one-line refusal naming the flag. Also
the mapping of the `--task_*` flags onto local-task device URIs."""

from __future__ import annotations

import os
import re

import pytest

import ireec
from ireec.cli.run_module import build_parser
from ireec.cli.task_flags import (
    TASK_FLAGS, cpu_device_params, local_task_uri, task_flag_values)

import cli_support
from child_process import run_ireec
from cli_support import SIMPLE_MUL_INPUTS, TWO_DEVICES_PROGRAM, VMVX_ON_TWO_DEVICES

EXIT_FAILURE = 1  # iree-run-module's exit status for every failure

MULTI_DEVICE_RUN = ("--module=-", "--function=two_device_mul",
                    "--input=4xf32=10,11,12,13", "--device=local-task",
                    "--device=local-task")
MULTI_DEVICE_COMMAND = (*MULTI_DEVICE_RUN, "--task_topology_group_count=1")


def run_both(*args, **options):
    """(iree-run-module's result, ireec's result) for the same command line;
    their output as bytes."""
    return cli_support.run_both("run-module", *args, text=False, **options)


def assert_same(iree, ours):
    """Same stdout and exit status; ireec's stderr shown when they differ."""
    assert ours.stdout.decode() == iree.stdout.decode(), ours.stderr.decode()
    assert ours.returncode == iree.returncode, (ours.stderr.decode(),
                                                iree.stderr.decode())


@pytest.fixture(scope="module")
def multi_device(compile_mlir):
    return compile_mlir(TWO_DEVICES_PROGRAM, *VMVX_ON_TWO_DEVICES, target_flags=())


@pytest.fixture(scope="module")
def simple_mul(program):
    return program("simple_mul")


# ---------------------------------------------------------------------------
# IREE's command lines, both tools
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("trace", [(), ("--trace_execution",), ("--trace_execution=true",)])
def test_iree_multi_device_command(multi_device, trace):
    iree, ours = run_both(*MULTI_DEVICE_COMMAND, *trace, stdin=multi_device.read_bytes())
    assert iree.returncode == 0, iree.stderr.decode()
    assert iree.stdout.decode().splitlines()[-1] == "4xf32=0 55 144 273"
    assert_same(iree, ours)
    # VM execution tracing is compiled out of both runtimes: nothing on stderr.
    assert ours.stderr == iree.stderr == b""


@pytest.mark.parametrize("flags", [
    ("--task_topology_group_count=1",),
    ("--task_topology_group_count=2", "--task_worker_spin_us=50"),
    ("--task_worker_spin_us=100",),
    ("--task_topology_cpu_ids=0",),
    ("--task_topology_cpu_ids=0", "--task_topology_cpu_ids=1"),
    ("--task_topology_max_group_count=1",),
    ("--task_topology_mode=physical_cores", "--task_topology_nodes=current"),
    ("--task_worker_stack_size=262144", "--task_worker_local_memory=65536"),
    ("--task_topology_performance_level=high", "--task_topology_distribution=compact"),
    ("--task_topology_favor=latency",),
    ("--task_abort_on_failure",),
])
def test_task_flags(simple_mul, multi_device, flags):
    # Each flag becomes a parameter of every local-task device's URI; a
    # parameter the device refuses fails here with its one-line error.
    iree, ours = run_both(f"--module={simple_mul}", *SIMPLE_MUL_INPUTS, *flags)
    assert iree.returncode == 0, iree.stderr.decode()
    assert_same(iree, ours)
    iree, ours = run_both(*MULTI_DEVICE_RUN, *flags, stdin=multi_device.read_bytes())
    assert iree.returncode == 0, iree.stderr.decode()
    assert_same(iree, ours)


@pytest.mark.parametrize("flags", [
    # Flags of drivers this runtime does not have, and HIP's while no HIP
    # device is made: IREE reads them only when it creates that driver.
    ("--cuda_use_streams=false", "--cuda_tracing=1", "--vulkan_validation_layers",
     "--vulkan_debug_verbosity=4", "--hip_tracing=1", "--hip_use_streams=false"),
    ("--device_allocator=caching",),
    ("--device_profiling_mode=queue",),
    ("--device_profiling_mode=dispatch", "--device_profiling_file=profile.bin"),
    ("--device_lead_allocator=0", "--module_mode=mmap"),
    ("--print_statistics",),
    ("--trace_execution",),
    ('--function="simple_mul"', '--equality_mode="exact"',
     "--expected_output=4xf32=10,40,90,160"),
])
def test_flags_both_tools_accept(simple_mul, tmp_path, flags):
    iree, ours = run_both(f"--module={simple_mul}", *SIMPLE_MUL_INPUTS, *flags,
                          cwd=tmp_path)
    assert iree.returncode == 0, iree.stderr.decode()
    assert_same(iree, ours)


def test_instrument_file_is_created_empty(simple_mul, tmp_path):
    for tool in ("iree", "ireec"):
        (tmp_path / tool).write_bytes(b"stale")
    iree, ours = run_both(f"--module={simple_mul}", *SIMPLE_MUL_INPUTS,
                          "--instrument_file=iree", cwd=tmp_path)
    assert_same(iree, ours)
    iree, ours = run_both(f"--module={simple_mul}", *SIMPLE_MUL_INPUTS,
                          "--instrument_file=ireec", cwd=tmp_path)
    assert (tmp_path / "iree").read_bytes() == (tmp_path / "ireec").read_bytes() == b""


@pytest.mark.parametrize("flags, names", [
    (("--device_allocator=bogus",), ["unrecognized allocator 'bogus'"]),
    (("--device_profiling_mode=bogus",), ["unsupported profiling mode 'bogus'"]),
])
def test_bad_values_fail_in_both(simple_mul, flags, names):
    iree, ours = run_both(f"--module={simple_mul}", *SIMPLE_MUL_INPUTS, *flags)
    assert iree.returncode != 0 and ours.returncode != 0
    assert ours.stdout.decode() == iree.stdout.decode()
    for name in names:
        assert name in ours.stderr.decode() and name in iree.stderr.decode()


@pytest.mark.parametrize("flag, reason", [
    ("--executable_plugin=plugin.so", "executable plugins are not supported"),
    ("--device_lead_allocator=1", "only 0 is supported"),
])
def test_refused_flags_name_the_flag(simple_mul, flag, reason):
    iree, ours = run_both(f"--module={simple_mul}", *SIMPLE_MUL_INPUTS, flag)
    assert ours.returncode == EXIT_FAILURE
    assert ours.stdout == b""
    lines = ours.stderr.decode().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("python -m ireec run-module: error: UNIMPLEMENTED; "
                               + flag.partition("=")[0]), lines[0]
    assert reason in lines[0]


@pytest.mark.parametrize("flags", [
    (), ("--task_topology_group_count=1",), ("--task_topology_cpu_ids=1",),
    ("--task_topology_cpu_ids=0", "--task_topology_cpu_ids=1"),
    ("--task_topology_max_group_count=1", "--task_topology_distribution=compact"),
])
def test_dump_task_topologies(flags):
    # IREE's topology starts from the CPU the process runs on, so every
    # process compared runs on the same one: children inherit this thread's
    # affinity.
    allowed = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(allowed)})
    try:
        # IREE's own dump (the runtime's flag parser prints it and exits 0).
        iree, ours = run_both(*flags, "--dump_task_topologies")
        bench = run_ireec("benchmark-module", *flags, "--dump_task_topologies", text=False)
    finally:
        os.sched_setaffinity(0, allowed)
    assert iree.returncode == 0, iree.stderr.decode()
    assert iree.stdout.decode().startswith("# ===---")
    assert_same(iree, ours)
    assert (bench.returncode, bench.stdout) == (0, iree.stdout)


def test_dump_task_topologies_of_a_bad_mode():
    iree, ours = run_both("--task_topology_mode=bogus", "--dump_task_topologies")
    assert ours.returncode == iree.returncode == EXIT_FAILURE
    assert ours.stdout == iree.stdout == b""
    assert "have --task_topology_mode=bogus" in ours.stderr.decode()


def test_hip_flags_refused_for_a_hip_device():
    result = run_ireec("run-module", "--module=x", "--device=hip", "--hip_tracing=1")
    assert result.returncode == EXIT_FAILURE
    assert "UNIMPLEMENTED; --hip_tracing=1: not supported" in result.stderr


# ---------------------------------------------------------------------------
# Flagfiles
# ---------------------------------------------------------------------------

def _iree_run_module_help() -> str:
    return cli_support.run_iree_tool("iree-run-module", "--help").stdout


def _help_flag_lines() -> list[str]:
    """The flag lines of `iree-run-module --help` (its flagfile part), each
    flag at IREE's default; the parameter flags are the parameters' tests'."""
    return [line for line in _iree_run_module_help().splitlines()
            if line.startswith("--") and not line.startswith("--parameter")]


def test_every_iree_run_module_flag_is_known():
    text = _iree_run_module_help()
    names = set(re.findall(r"^(?:# )?--([a-z0-9_]+)", text, re.M))
    assert {"task_topology_group_count", "trace_execution", "device_allocator"} <= names
    known = {action.dest for action in build_parser("t")._actions}
    missing = sorted(names - known - {"help", "flagfile", "parameters", "parameter_mode"})
    assert missing == []


def test_help_defaults_as_a_flagfile(simple_mul, tmp_path):
    # Every flag iree-run-module lists, at the value its --help shows, then
    # the command itself in the same file, quoted the way IREE writes it
    # (IREE unquotes single-valued string flags, not lists such as --module).
    # Two defaults IREE itself cannot take back are left out: an empty
    # string flag is written "" and read as two quote characters (a profiling
    # mode IREE rejects, an instrument file named "").
    unreadable = ('--device_profiling_mode=""', '--instrument_file=""')
    flagfile = tmp_path / "flags.txt"
    flagfile.write_text("\n".join([
        "# iree-run-module --help, flags only",
        *(line for line in _help_flag_lines() if line not in unreadable), "",
        f"--module={simple_mul}", '--function="simple_mul"',
        "--input=4xf32=1,2,3,4", "  --input=4xf32=10,20,30,40  ",
    ]) + "\n")
    iree, ours = run_both(f"--flagfile={flagfile}")
    assert iree.returncode == 0, iree.stderr.decode()
    assert iree.stdout.decode().endswith("4xf32=10 40 90 160\n")
    assert_same(iree, ours)


def test_nested_flagfiles_and_overrides(simple_mul, tmp_path):
    inner = tmp_path / "inner.txt"
    inner.write_text(f"--module={simple_mul}\n--task_topology_group_count=1\n"
                     "--output_max_element_count=2\n")
    outer = tmp_path / "outer.txt"
    outer.write_text(f"--flagfile={inner}\n# later flags win\n"
                     "--output_max_element_count=3\n")
    iree, ours = run_both(f"--flagfile={outer}", *SIMPLE_MUL_INPUTS,
                          "--task_worker_spin_us=10")
    assert iree.returncode == 0, iree.stderr.decode()
    assert iree.stdout.decode().endswith("4xf32=10 40 90...\n")
    assert_same(iree, ours)


# ---------------------------------------------------------------------------
# The task flags' mapping onto device URIs
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("uri, params, expected", [
    ("local-task", [("topology_group_count", "1")],
     "local-task://?topology_group_count=1"),
    ("local-task://", [("topology_group_count", "1"), ("worker_spin_us", "50")],
     "local-task://?topology_group_count=1&worker_spin_us=50"),
    ("local-task://0", [("worker_spin_us", "50")], "local-task://0?worker_spin_us=50"),
    ("local-task:0", [("worker_spin_us", "50")], "local-task:0?worker_spin_us=50"),
    ("local-task://?worker_stack_size=262144", [("worker_spin_us", "50")],
     "local-task://?worker_stack_size=262144&worker_spin_us=50"),
    # The URI's own setting wins over the flag's.
    ("local-task://?worker_spin_us=5", [("worker_spin_us", "50")],
     "local-task://?worker_spin_us=5"),
    ("local-task", [("topology_cpu_ids", "0,1"), ("topology_cpu_ids", "2")],
     "local-task://?topology_cpu_ids=0,1&topology_cpu_ids=2"),
    ("local-task", [], "local-task"),
    # Only local-task devices take task parameters.
    ("local-sync", [("worker_spin_us", "50")], "local-sync"),
    ("hip://0", [("worker_spin_us", "50")], "hip://0"),
    ("local-tasks", [("worker_spin_us", "50")], "local-tasks"),
])
def test_local_task_uri(uri, params, expected):
    assert local_task_uri(uri, params) == expected


def _task_params(*argv: str):
    return task_flag_values(build_parser("t").parse_args(list(argv)))


def test_task_flags_become_uri_parameters():
    assert _task_params() == []
    # IREE's defaults ask for nothing ireec's devices do not already do.
    assert _task_params(*(f"--{f.name}={f.default}" for f in TASK_FLAGS
                          if f.kind in ("int", "str"))) == []
    assert _task_params("--task_topology_group_count=1", "--task_worker_spin_us=50",
                        "--task_topology_cpu_ids=0,1", "--task_topology_cpu_ids=2",
                        "--task_abort_on_failure", "--task_topology_mode=bogus") == [
        ("topology_mode", "bogus"), ("topology_group_count", "1"),
        ("topology_cpu_ids", "0,1"), ("topology_cpu_ids", "2"),
        ("worker_spin_us", "50"), ("abort_on_failure", "true")]
    assert {f.param for f in TASK_FLAGS} >= {
        "topology_group_count", "topology_cpu_ids", "topology_mode", "topology_nodes",
        "topology_max_group_count", "worker_spin_us", "worker_stack_size",
        "worker_local_memory"}


def _c_task_settings() -> dict[str, str]:
    """{name: default} of the task settings C's parameter table lists."""
    return {ireec.ffi.string(p.name).decode(): ireec.ffi.string(p.default_value).decode()
            for p in cpu_device_params() if p.task_setting}


def test_the_task_flags_are_the_task_settings_c_knows():
    settings = _c_task_settings()
    # IREE 3.9's task flags, all of them (iree-run-module --help).
    assert set(settings) == {
        "abort_on_failure", "worker_spin_us", "worker_stack_size", "worker_local_memory",
        "topology_mode", "topology_group_count", "topology_cpu_ids", "topology_nodes",
        "topology_max_group_count", "topology_performance_level",
        "topology_distribution", "topology_favor"}
    assert [f.param for f in TASK_FLAGS] == list(settings)
    assert settings["worker_stack_size"] == "131072"
    # `memory` is a parameter of ireec's own, not a task flag.
    names = [ireec.ffi.string(p.name).decode() for p in cpu_device_params()]
    assert "memory" in names and "task_memory" not in {f.name for f in TASK_FLAGS}


def test_every_task_setting_c_knows_is_a_flag_that_reaches_the_device(simple_mul):
    # Each name C knows, as a flag at a value other than its default: the CLI
    # accepts it and the device, made from the URI, accepts the parameter.
    values = {"topology_mode": None, "topology_cpu_ids": "0", "topology_nodes": "0",
              "topology_performance_level": "high", "topology_distribution": "compact",
              "topology_favor": "latency", "abort_on_failure": "true",
              "topology_group_count": "1", "topology_max_group_count": "1",
              "worker_spin_us": "10", "worker_stack_size": "262144",
              "worker_local_memory": "65536"}
    settings = _c_task_settings()
    assert set(values) == set(settings)
    flags = [f"--task_{name}={value}" for name, value in values.items()
             if value is not None]  # one mode only: physical_cores, the default
    params = _task_params(*flags)
    assert {name for name, _ in params} == {n for n, v in values.items() if v}
    result = run_ireec("run-module", f"--module={simple_mul}", *SIMPLE_MUL_INPUTS, *flags)
    assert result.returncode == 0, result.stderr
    assert result.stdout.endswith("4xf32=10 40 90 160\n")


def test_unknown_task_flag_is_refused_naming_it(simple_mul):
    result = run_ireec("run-module", f"--module={simple_mul}", *SIMPLE_MUL_INPUTS,
                       "--task_worker_spin=5")
    assert result.returncode == EXIT_FAILURE
    assert result.stderr.splitlines() == [
        "python -m ireec run-module: error: unrecognized arguments: "
        "--task_worker_spin=5 (see --help)"]


def test_task_flag_values_that_cannot_be_uri_parameters(simple_mul):
    result = run_ireec("run-module", f"--module={simple_mul}", "--task_topology_nodes=0&1")
    assert result.returncode == EXIT_FAILURE
    assert result.stderr.splitlines() == [
        "python -m ireec run-module: error: INVALID_ARGUMENT; "
        "--task_topology_nodes=0&1: the value cannot be carried in a device URI "
        "parameter (it holds one of '&#?=' or a space)"]
