"""`python -m ireec cpuinfo`: IREE's iree-cpuinfo over ireec. One line per CPU
feature the runtime knows on this architecture, in IREE's order: the name LLVM
gives it (what iree-compile's --iree-llvmcpu-target-cpu-features takes) and
1 or 0, read from the data fields iree_cpu_initialize fills in."""

from __future__ import annotations

import sys
from typing import Sequence

from .._core.library import ffi, lib
from ._common import FlagParser, run_tool


def cpu_features() -> list[tuple[str, bool]]:
    """[(LLVM feature name, whether the host CPU has it)], in IREE's order."""
    count = lib.ireec_cpu_features(0, ffi.NULL)
    table = ffi.new("ireec_cpu_feature_t[]", max(count, 1))
    lib.ireec_cpu_features(count, table)
    lib.iree_cpu_initialize(lib.iree_allocator_system())
    fields = lib.iree_cpu_data_fields()
    return [(ffi.string(row.llvm_name).decode(),
             bool((fields[row.field_index] >> row.bit_pos) & 1))
            for row in table[0:count]]


def main(argv: Sequence[str] | None = None, prog: str = "python -m ireec cpuinfo") -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = FlagParser(prog=prog, description=(
        "The host CPU's features as the IREE runtime sees them, as iree-cpuinfo "
        "prints them: each feature's LLVM name and 1 or 0."))
    parser.parse_args(argv)

    def body() -> int:
        sys.stdout.write("".join(f"{name:<20} {int(present)}\n"
                                 for name, present in cpu_features()))
        return 0

    return run_tool(prog, body, verbose=False)
