"""ireec's benchmark-module against IREE's iree-benchmark-module: the median
real_time each reports for the same module, function, inputs and flags.

    python bench/tools.py [--rounds N] [--quick] [-- extra flags for both tools]

Both tools run as the user runs them, alternately, round by round; each
reports the median of its repetitions (`--benchmark_repetitions`), and the
table gives the median over the rounds and the ratio (target: ireec within
1.5x of iree-benchmark-module). iree-benchmark-module comes from
iree-base-runtime==3.9.0 (`pip install '.[bench]'`).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from programs import MATMUL_512, SIMPLE_MUL, compile_program  # noqa: E402

CASES = {
    "simple_mul 4xf32": (SIMPLE_MUL, "simple_mul",
                         ["--input=4xf32=1,2,3,4", "--input=4xf32=10,20,30,40"]),
    "matmul 512x512 f32": (MATMUL_512, "matmul",
                           ["--input=512x512xf32=1", "--input=512x512xf32=2"]),
}


def median_real_time(command: list[str], cwd: Path) -> float:
    """The `_median` real_time (ms) the tool reports, from its JSON. (Run
    outside the source tree, whose unbuilt ireec/ `-m` would import.)"""
    out = subprocess.run(command, capture_output=True, text=True, check=True,
                         cwd=cwd).stdout
    for benchmark in json.loads(out)["benchmarks"]:
        if benchmark.get("aggregate_name") == "median":
            return benchmark["real_time"]
    raise RuntimeError(f"no _median row in the output of {command}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="shorter repetitions")
    parser.add_argument("extra", nargs="*", help="more flags for both tools")
    args = parser.parse_args(argv)
    bin_dir = Path(sys.executable).parent
    iree_tool = bin_dir / "iree-benchmark-module"
    if not iree_tool.exists():
        sys.exit(f"{iree_tool} not found: pip install '.[bench]'")
    tools = {"iree-benchmark-module": [str(iree_tool)],
             "ireec benchmark-module": [sys.executable, "-m", "ireec", "benchmark-module"]}
    min_time = "0.1s" if args.quick else "0.5s"
    cache = Path(tempfile.gettempdir()) / "ireec-bench"
    samples: dict[tuple[str, str], list[float]] = {}
    for case, (source, function, inputs) in CASES.items():
        vmfb = compile_program(source, cache)
        flags = [f"--module={vmfb}", f"--function={function}", *inputs,
                 "--device=local-task", "--benchmark_repetitions=5",
                 f"--benchmark_min_time={min_time}", "--benchmark_format=json",
                 "--benchmark_report_aggregates_only", *args.extra]
        for round_index in range(args.rounds):
            order = list(tools) if round_index % 2 == 0 else list(reversed(tools))
            for tool in order:
                samples.setdefault((case, tool), []).append(
                    median_real_time([*tools[tool], *flags], cache))
                print(f"\r{case}: round {round_index + 1}/{args.rounds}", end="",
                      file=sys.stderr, flush=True)
        print(file=sys.stderr)
    print(f"\nmedian real_time (ms per call) over {args.rounds} rounds, each the "
          f"median of 5 repetitions; flags: --device=local-task {' '.join(args.extra)}\n")
    print("| case | iree-benchmark-module | ireec benchmark-module | ratio (target ≤ 1.5) |")
    print("| --- | ---: | ---: | ---: |")
    for case in CASES:
        theirs = statistics.median(samples[(case, "iree-benchmark-module")])
        ours = statistics.median(samples[(case, "ireec benchmark-module")])
        print(f"| {case} | {theirs:.4f} | {ours:.4f} | {ours / theirs:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
