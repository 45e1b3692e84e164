"""`python -m ireec config`: compiler and linker flags for C and C++ programs
built against ireec's IREE headers and libraries."""

from __future__ import annotations

import argparse

import ireec


def main(argv: list[str], prog: str = "python -m ireec config") -> int:
    """`python -m ireec config ARGV...`: prints the compiler and linker flags
    of C and C++ programs built against ireec; returns the exit status.
    """
    parser = argparse.ArgumentParser(
        prog=prog, description="compiler and linker flags for C programs using ireec")
    parser.add_argument("--cflags", action="store_true",
                        help="flags to compile against ireec's IREE headers")
    parser.add_argument("--cxxflags", action="store_true",
                        help="what C++ needs beyond --cflags (the language standard)")
    parser.add_argument("--libs", action="store_true",
                        help="flags to link against ireec and the IREE runtime")
    parser.add_argument("--include", action="store_true", help="the include directory")
    args = parser.parse_args(argv)
    if not (args.cflags or args.cxxflags or args.libs or args.include):
        parser.error("give at least one of --cflags, --cxxflags, --libs, --include")
    runtime = ireec.RUNTIME_LIBRARY_PATH
    lib_dir = ireec.get_library_dir()
    words = []
    if args.include:
        words.append(ireec.get_include())
    if args.cflags:
        words.append(f"-I{ireec.get_include()}")
    if args.cxxflags:
        # What C++ needs beyond --cflags: iree/base/status_cc.h (iree::Status,
        # iree::StatusOr) is written for C++17, as IREE's C++ is.
        words.append("-std=c++17")
    if args.libs:
        # -l: takes the runtime's versioned file name as it is; the rpaths let
        # the program find both libraries where ireec found them.
        words += [f"-L{lib_dir}", "-lireec_runtime",
                  f"-L{runtime.parent}", f"-l:{runtime.name}",
                  f"-Wl,-rpath,{lib_dir}", f"-Wl,-rpath,{runtime.parent}",
                  "-lpthread"]
    print(" ".join(words))
    return 0
