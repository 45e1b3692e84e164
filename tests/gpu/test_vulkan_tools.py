"""ireec's tools on IREE's Vulkan driver beside IREE's own tools from the same
wheel (iree-base-runtime 3.9.0, whose drivers ireec borrows): the same
output for the same command lines; the listings also show the devices
IREE's driver hides, with the URI that creates them."""

from __future__ import annotations

import json

import numpy as np
import pytest

import cli_support
from child_process import run_ireec
from cli_support import QUICK, SIMPLE_MUL_CALL, run_iree_tool


@pytest.fixture(scope="module")
def modules(vulkan_program):
    return {name: vulkan_program(name) for name in ("simple_mul", "dynamic", "matmul")}


@pytest.mark.parametrize("function, inputs", [
    ("simple_mul", ("--input=4xf32=1,2,3,4", "--input=4xf32=10,20,30,40")),
    ("dyn_add", ("--input=2x3xf32=1,2,3,4,5,6", "--input=2x3xf32=0.5")),
    ("double_and_sum", ("--input=5xf32=1,2,3,4,5",)),
    ("matmul", ("--input=2x3xf32=1,2,3,4,5,6", "--input=3x2xf32=1,0,0,1,1,1")),
])
def test_run_module_prints_what_iree_run_module_prints(modules, vulkan_uri, function, inputs):
    module = modules[{"simple_mul": "simple_mul", "dyn_add": "dynamic",
                      "double_and_sum": "dynamic", "matmul": "matmul"}[function]]
    iree, ours = cli_support.run_both("run-module", f"--module={module}",
                                      f"--device={vulkan_uri}", f"--function={function}",
                                      *inputs)
    assert iree.returncode == 0, iree.stderr
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout == iree.stdout
    assert ours.stderr == iree.stderr == ""


def test_run_module_outputs_to_npy_match(modules, vulkan_uri, tmp_path):
    theirs, ours = tmp_path / "theirs", tmp_path / "ours"
    theirs.mkdir(), ours.mkdir()
    args = (f"--module={modules['simple_mul']}", f"--device={vulkan_uri}",
            *SIMPLE_MUL_CALL, "--output=@out.npy")
    iree, mine = cli_support.run_both_apart("run-module", *args, theirs=theirs, ours=ours)
    assert iree.returncode == mine.returncode == 0
    assert np.array_equal(np.load(theirs / "out.npy"), np.load(ours / "out.npy"))
    assert np.load(ours / "out.npy").tolist() == [10, 40, 90, 160]


def test_benchmark_module_names_and_iterations_as_iree(modules, vulkan_uri):
    iree, ours = cli_support.run_both(
        "benchmark-module", f"--module={modules['simple_mul']}", f"--device={vulkan_uri}",
        *SIMPLE_MUL_CALL, *QUICK, "--benchmark_format=json")
    assert iree.returncode == 0, iree.stderr
    assert ours.returncode == 0, ours.stderr
    theirs, mine = json.loads(iree.stdout), json.loads(ours.stdout)
    assert [b["name"] for b in mine["benchmarks"]] == [b["name"] for b in theirs["benchmarks"]]
    assert [b["iterations"] for b in mine["benchmarks"]] == [20]
    assert mine["benchmarks"][0]["real_time"] > 0


def test_listings_show_the_uri_that_creates_the_device(vulkan_uri):
    listed = run_ireec("run-module", "--list_devices=vulkan").check()
    assert vulkan_uri in listed.stdout.splitlines()
    everything = run_ireec("run-module", "--list_devices").check()
    assert vulkan_uri in everything.stdout.splitlines()
    drivers = run_ireec("run-module", "--list_drivers").check().stdout
    assert "            cuda: " in drivers and "          vulkan: " in drivers
    dump = run_ireec("dump-devices", "vulkan").check().stdout
    assert f"# --device={vulkan_uri}\n" in dump
    assert "memory heaps of vulkan:" in dump
    # IREE's own tool lists what its driver does not hide; ireec's listing
    # holds every device it lists.
    iree = run_iree_tool("iree-run-module", "--list_devices=vulkan")
    assert iree.returncode == 0
    assert set(iree.stdout.split()) <= set(listed.stdout.split())


def test_driver_flags_reach_iree_vulkan_driver(modules, vulkan_uri):
    # --vulkan_* flags are IREE's own, read by its driver when created: with
    # its debug messages on, ireec's tool prints the messages IREE's does.
    flags = ("--vulkan_debug_utils=true", "--vulkan_debug_verbosity=4")
    iree, ours = cli_support.run_both("run-module", f"--module={modules['simple_mul']}",
                                      f"--device={vulkan_uri}", *flags, *SIMPLE_MUL_CALL)
    assert iree.returncode == ours.returncode == 0
    assert ours.stdout == iree.stdout
    assert "[VULKAN]" in iree.stderr
    assert sorted(ours.stderr.splitlines()) == sorted(iree.stderr.splitlines())
