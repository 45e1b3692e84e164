"""`python -m ireec cpuinfo` against IREE's iree-cpuinfo: the same lines (each
feature of this architecture the runtime knows, its LLVM name and 1 or 0),
and the same exit status."""

from __future__ import annotations

import platform

import ireec
from cli_support import run_both


def test_matches_iree_cpuinfo():
    theirs, ours = run_both("cpuinfo")
    assert theirs.returncode == ours.returncode == 0
    assert ours.stdout == theirs.stdout
    lines = ours.stdout.splitlines()
    assert lines and all(line.rsplit(" ", 1)[1] in ("0", "1") for line in lines)


def test_features_agree_with_the_runtime_lookup():
    # Each name and bit as iree_cpu_lookup_data_by_key finds them.
    from ireec.cli.cpuinfo import cpu_features

    features = cpu_features()
    if platform.machine() == "x86_64":
        assert [name for name, _ in features][:3] == ["sse3", "ssse3", "sse4.1"]
    for name, present in features:
        value = ireec.ffi.new("int64_t*")
        data = name.encode()
        owner = ireec.ffi.new("char[]", data)
        ireec.check_status(ireec.lib.iree_cpu_lookup_data_by_key(
            ireec.lib.iree_make_string_view(owner, len(data)), value))
        assert value[0] == int(present), name
