"""local-task devices configured by IREE's task system settings as device URI
parameters (named after iree-run-module's --task_* flags): their worker
threads, as the kernel reports them, and refusals of bad parameters."""

from __future__ import annotations

import json
import os

import numpy as np
import pytest

import ireec

from child_process import run_python
from locations import EXAMPLES_DIR

# Run in a child so the only task workers are the device's own: creates the
# device, makes one call, then reports each worker thread's name and the CPUs
# it may run on (/proc/self/task/*/status: Cpus_allowed_list). A worker names
# itself once it first runs, which a loaded machine may delay: the child
# reads until it sees the number of workers expected (argv[3]), or for at
# most a minute, then reports what it saw.
CHILD = r"""
import json, os, sys, time
import numpy as np
import ireec

instance = ireec.Instance()
device = instance.create_device(sys.argv[1])
session = ireec.Session(instance, device)
session.load_module(sys.argv[2])
(result,) = session.call("jit_mul.main", np.array([1, 2, 3], np.float32),
                         np.array([4, 5, 6], np.float32))
def read_workers():
    workers = []
    for tid in os.listdir("/proc/self/task"):
        with open(f"/proc/self/task/{tid}/comm") as f:
            name = f.read().strip()
        with open(f"/proc/self/task/{tid}/status") as f:
            allowed = [line.split()[1] for line in f if line.startswith("Cpus_allowed_list")][0]
        if name.startswith("iree-worker"):
            workers.append([name, allowed])
    return workers

deadline = time.monotonic() + 60
workers = read_workers()
while len(workers) < int(sys.argv[3]) and time.monotonic() < deadline:
    time.sleep(0.01)
    workers = read_workers()
print(json.dumps({"values": result.to_numpy().tolist(), "workers": sorted(workers)}))
"""

CPUS = sorted(os.sched_getaffinity(0))
ALL_CPUS = f"{CPUS[0]}-{CPUS[-1]}" if len(CPUS) > 1 else str(CPUS[0])


@pytest.fixture(scope="module")
def vmfb(compile_mlir):
    return str(compile_mlir(EXAMPLES_DIR / "jit_mul.mlir"))


def run_child(uri, vmfb, expected_workers):
    report = json.loads(run_python("-c", CHILD, uri, vmfb, expected_workers).check().stdout)
    assert report["values"] == [4, 10, 18]  # values read back from the call
    return report["workers"]


@pytest.mark.parametrize("count", [1, 3])
def test_worker_count_follows_topology_group_count(vmfb, count):
    workers = run_child(f"local-task://?topology_group_count={count}&worker_spin_us=50", vmfb,
                        count)
    # Unpinned, as IREE leaves a group-count topology.
    assert workers == [[f"iree-worker-{i}", ALL_CPUS] for i in range(count)]


def _two_cpus():
    """The first and last CPU this process may use, which must be two."""
    assert len(CPUS) >= 2, f"pinning two workers needs two CPUs this process may use, not {CPUS}"
    return CPUS[0], CPUS[-1]


def test_cpu_ids_pin_the_workers(vmfb):
    first, last = _two_cpus()
    assert run_child(f"local-task://?topology_cpu_ids={last}", vmfb, 1) == [
        ["iree-worker-0", str(last)]]
    assert run_child(f"local-task://?topology_cpu_ids={first},{last}", vmfb, 2) == [
        ["iree-worker-0", str(first)], ["iree-worker-1", str(last)]]


def test_repeated_cpu_ids_make_one_executor_each(vmfb):
    # As --task_topology_cpu_ids given twice: two executors (two queues), each
    # with its one worker; discrete memory applies on top.
    first, last = _two_cpus()
    workers = run_child(
        f"local-task://?topology_cpu_ids={first}&topology_cpu_ids={last}&memory=discrete", vmfb,
        2)
    assert workers == [["iree-worker-0", str(first)], ["iree-worker-0", str(last)]]


def test_max_group_count_limits_the_physical_cores(vmfb):
    workers = run_child("local-task://?topology_max_group_count=1&topology_favor=latency", vmfb,
                        1)
    assert len(workers) == 1 and workers[0][0] == "iree-worker-0"


@pytest.mark.parametrize("params", [
    "worker_stack_size=262144&worker_local_memory=65536&abort_on_failure=true",
    "topology_mode=physical_cores&topology_nodes=current&topology_performance_level=any"
    "&topology_distribution=compact",
    'topology_nodes=all&topology_favor=throughput&worker_spin_us=0',
])
def test_calls_on_configured_devices_read_back_right(instance, vmfb, params):
    with instance.create_device(f"local-task://?{params}") as device:
        session = ireec.Session(instance, device)
        session.load_module(vmfb)
        a = np.arange(1000, dtype=np.float32)
        (result,) = session.call("jit_mul.main", a, a)
        np.testing.assert_array_equal(result.to_numpy(), a * a)
        out = np.empty(1000, np.float32)
        session.call("jit_mul.main", a, np.full(1000, 2, np.float32), out=out)
        np.testing.assert_array_equal(out, a * 2)


@pytest.mark.parametrize("query, error, message", [
    ("topology_group_count=x", ireec.InvalidArgumentError,
     "device parameter 'topology_group_count' is 'x'; expected a non-negative integer"),
    ("worker_spin_us=-5", ireec.InvalidArgumentError,
     "device parameter 'worker_spin_us' is '-5'; expected a non-negative integer"),
    ("worker_stack_size=big", ireec.InvalidArgumentError, "'worker_stack_size' is 'big'"),
    ("topology_group_count=2147483648", ireec.InvalidArgumentError,
     "'topology_group_count' is '2147483648'; expected a non-negative integer (int32)"),
    ("topology_max_group_count=0", ireec.InvalidArgumentError,
     "the device's topology parameters select no CPU this process may run on"),
    ("worker_local_memory=1.5", ireec.InvalidArgumentError, "'worker_local_memory' is '1.5'"),
    ("topology_max_group_count=", ireec.InvalidArgumentError, "'topology_max_group_count' is ''"),
    ("topology_mode=logical_cores", ireec.InvalidArgumentError,
     "'topology_mode' is 'logical_cores'; expected 'physical_cores'"),
    ("topology_performance_level=mid", ireec.InvalidArgumentError,
     "'topology_performance_level' is 'mid'; expected one of any, low/efficiency"),
    ("topology_distribution=random", ireec.InvalidArgumentError,
     "'topology_distribution' is 'random'; expected one of compact, scatter"),
    ("topology_favor=speed", ireec.InvalidArgumentError, "'topology_favor' is 'speed'"),
    ("abort_on_failure=yes", ireec.InvalidArgumentError,
     "'abort_on_failure' is 'yes'; expected true, false, 1 or 0"),
    ("topology_nodes=x", ireec.InvalidArgumentError, "'topology_nodes' is 'x'"),
    ("topology_nodes=63", ireec.InvalidArgumentError,
     "'topology_nodes' names NUMA node 63"),
    ("topology_cpu_ids=a", ireec.InvalidArgumentError,
     "not a valid CPU ID; device parameter 'topology_cpu_ids' is 'a'"),
    ("topology_cpu_ids=4096", ireec.OutOfRangeError,
     "device parameter 'topology_cpu_ids' is '4096'"),
    ("topology_cpu_ids=", ireec.InvalidArgumentError, "'topology_cpu_ids' is ''"),
    # Integers are plain decimal numbers within their type: nothing wraps
    # (4294967296 was NUMA node or CPU 0), and no sign, space or base prefix.
    ("topology_nodes=4294967296", ireec.InvalidArgumentError,
     "'topology_nodes' is '4294967296'"),
    ("topology_nodes=+0", ireec.InvalidArgumentError, "'topology_nodes' is '+0'"),
    ("topology_nodes=-0", ireec.InvalidArgumentError, "'topology_nodes' is '-0'"),
    ("topology_nodes= 0", ireec.InvalidArgumentError, "'topology_nodes' is ' 0'"),
    ("topology_nodes=0,0x0", ireec.InvalidArgumentError, "'topology_nodes' is '0,0x0'"),
    ("topology_cpu_ids=4294967296", ireec.InvalidArgumentError,
     "'4294967296' not a valid CPU ID; device parameter 'topology_cpu_ids' is "
     "'4294967296'; expected decimal CPU ids"),
    ("topology_cpu_ids=0,+1", ireec.InvalidArgumentError, "'+1' not a valid CPU ID"),
    ("topology_cpu_ids=-0", ireec.InvalidArgumentError, "'-0' not a valid CPU ID"),
    ("topology_cpu_ids= 0", ireec.InvalidArgumentError, "' 0' not a valid CPU ID"),
    ("topology_cpu_ids=0x1", ireec.InvalidArgumentError, "'0x1' not a valid CPU ID"),
    ("topology_cpu_ids=1-1", ireec.InvalidArgumentError, "'1-1' not a valid CPU ID"),
    ("topology_group_count=+1", ireec.InvalidArgumentError,
     "'topology_group_count' is '+1'"),
    ("worker_spin_us=99999999999999999999", ireec.InvalidArgumentError,
     "'worker_spin_us' is '99999999999999999999'; expected a non-negative integer (int32)"),
    ("worker_spin=50", ireec.InvalidArgumentError,
     "unknown local-task device parameter 'worker_spin'; known parameters: memory, "
     "topology_mode, topology_group_count, topology_cpu_ids, topology_nodes, "
     "topology_max_group_count, topology_performance_level, topology_distribution, "
     "topology_favor, worker_spin_us, worker_stack_size, worker_local_memory, "
     "abort_on_failure, inline_small_work"),
])
def test_bad_parameters_are_refused_by_name(instance, query, error, message):
    with pytest.raises(error) as e:
        instance.create_device(f"local-task://?{query}")
    assert message in str(e.value)


def test_local_sync_takes_no_task_settings(instance):
    with pytest.raises(ireec.InvalidArgumentError,
                       match="unknown local-sync device parameter 'worker_spin_us'; "
                             "known parameters: memory;"):
        instance.create_device("local-sync://?worker_spin_us=50")


# --- the parameter table C exports ---------------------------------------------------

def test_parameter_table_query():
    ffi, lib = ireec.ffi, ireec.lib
    count = ffi.new("iree_host_size_t*")
    with pytest.raises(ireec.OutOfRangeError, match="14 CPU device parameters; capacity 0"):
        ireec.check_status(lib.ireec_hal_cpu_device_params_query(0, ffi.NULL, count))
    assert count[0] == 14
    params = ffi.new("ireec_hal_cpu_device_param_t[]", 14)
    ireec.check_status(lib.ireec_hal_cpu_device_params_query(14, params, count))
    table = {ffi.string(p.name).decode(): (p.kind, p.task_setting,
                                           ffi.string(p.default_value).decode())
             for p in params}
    assert table["memory"] == (lib.IREEC_HAL_CPU_DEVICE_PARAM_KIND_STRING, False, "host")
    assert table["topology_cpu_ids"] == (lib.IREEC_HAL_CPU_DEVICE_PARAM_KIND_LIST, True, "")
    assert table["worker_spin_us"] == (lib.IREEC_HAL_CPU_DEVICE_PARAM_KIND_INT, True, "0")
    assert table["abort_on_failure"] == (lib.IREEC_HAL_CPU_DEVICE_PARAM_KIND_BOOL, True,
                                         "false")
    # ireec's own, local-task only (docs/devices.md).
    assert table["inline_small_work"] == (lib.IREEC_HAL_CPU_DEVICE_PARAM_KIND_BOOL, False,
                                          "auto")
    # The names the drivers' own refusal lists, in the same order.
    instance = ireec.Instance()
    with pytest.raises(ireec.InvalidArgumentError) as info:
        instance.create_device("local-task://?colour=blue")
    assert f"known parameters: {', '.join(table)};" in info.value.message + ";"
    # Every default is a value the device takes.
    uri = "local-task://?" + "&".join(f"{name}={default}" for name, (kind, _, default)
                                      in table.items() if default)
    instance.create_device(uri).close()
