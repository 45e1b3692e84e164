"""What the command-line tools share: IREE-style flags, errors as one line and
an exit code, and IREE's string builders read back as Python text."""

from __future__ import annotations

import argparse
import sys
import traceback
from typing import Any, Callable, NoReturn, Sequence

from .._core.library import ffi, lib
from .._core.status import check_status
from ..errors import IreeError

# Exit codes, as IREE's tools exit. iree-run-module exits with EXIT_FAILURE
# for every failure (a bad command line, a failed status, a mismatch against
# --expected_output); iree-benchmark-module exits with a failed status's code
# (1..17) when it fails before benchmarking (`exit_status_code`). Ctrl-C
# exits with the shell's 128 + SIGINT.
EXIT_SUCCESS = 0
EXIT_FAILURE = 1
EXIT_MISMATCH = EXIT_FAILURE
EXIT_INTERRUPTED = 130


class CliError(Exception):
    """A failure the tool explains in one line, with the IREE status code it
    names (INVALID_ARGUMENT unless said otherwise)."""

    def __init__(self, message: str, code: int | None = None):
        super().__init__(message)
        self.code = lib.IREE_STATUS_INVALID_ARGUMENT if code is None else int(code)

    def __str__(self) -> str:
        code_name = ffi.string(lib.iree_status_code_string(self.code)).decode()
        return f"{code_name}; {self.args[0]}"


class FlagError(CliError):
    """A bad command line found after parsing (a flagfile that cannot be
    read, an output file that cannot be created): exit status EXIT_FAILURE
    in every tool, as IREE's flag parser and Google Benchmark exit."""


def one_line(text: str) -> str:
    """`text` with its line breaks (IREE nests statuses on indented lines)
    folded into "; ", so an error is a single line on stderr."""
    line = ""
    for part in text.strip().splitlines():
        part = part.strip()
        if not part:
            continue
        # A line ending in ":" introduces the next one; anything else ends a
        # clause, as IREE's own "; " between annotations does.
        line += part if not line else (" " if line.endswith((":", ";")) else "; ") + part
    return line


def status_code_of(error: BaseException) -> int:
    """The IREE status code of a failure."""
    if isinstance(error, IreeError):
        return int(error.code) if 0 < error.code < 256 else lib.IREE_STATUS_UNKNOWN
    if isinstance(error, CliError):
        return error.code
    if isinstance(error, FileNotFoundError):
        return lib.IREE_STATUS_NOT_FOUND
    if isinstance(error, PermissionError):
        return lib.IREE_STATUS_PERMISSION_DENIED
    if isinstance(error, (TypeError, ValueError)):
        return lib.IREE_STATUS_INVALID_ARGUMENT
    if isinstance(error, OSError):
        return lib.IREE_STATUS_UNAVAILABLE
    return lib.IREE_STATUS_INTERNAL


def exit_failure(error: BaseException) -> int:
    """iree-run-module's exit status for any failure."""
    return EXIT_FAILURE


def exit_status_code(error: BaseException) -> int:
    """iree-benchmark-module's exit status for a failure: its status code
    (EXIT_FAILURE for a bad command line)."""
    return EXIT_FAILURE if isinstance(error, FlagError) else status_code_of(error)


def run_tool(prog: str, body: Callable[[], int], verbose: bool,
             exit_code: Callable[[BaseException], int] = exit_failure) -> int:
    """Runs `body`, turning every failure into one line on stderr (the full
    traceback with --verbose) and the exit status `exit_code` gives it."""
    try:
        return body()
    except KeyboardInterrupt:
        sys.stdout.flush()
        print(f"{prog}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (`| head`): nothing left to say to anyone.
        return EXIT_SUCCESS
    except Exception as error:  # noqa: BLE001 - every failure becomes one line
        sys.stdout.flush()
        if verbose:
            traceback.print_exc()
        else:
            text = str(error) or type(error).__name__
            if not isinstance(error, (IreeError, CliError, OSError)):
                text = f"{type(error).__name__}: {text}"
            print(f"{prog}: error: {one_line(text)}", file=sys.stderr)
        return exit_code(error)


# ---------------------------------------------------------------------------
# IREE-style flags: `--name=value`, repeatable lists, booleans that are set by
# `--name` or `--name=true|1` and cleared by any other value, and
# `--flagfile=PATH` reading one flag per line.
# ---------------------------------------------------------------------------

def iree_bool(value: str) -> bool:
    """IREE's reading of a boolean flag's value."""
    return value.strip() in ("", "true", "1")


class FlagParser(argparse.ArgumentParser):
    """argparse that reports a bad command line as IREE's flag parser does:
    one line on stderr (here naming the flag), exit status EXIT_FAILURE."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)
        self._bool_flags: set[str] = set()

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None
                         ) -> tuple[argparse.Namespace, list[str]]:
        # A bare boolean flag never takes the next argument as its value (a
        # positional argument may follow it, as in IREE's tools).
        if args is not None and self._bool_flags:
            args = [f"{arg}=true" if arg in self._bool_flags else arg for arg in args]
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: error: {one_line(message)} (see --help)", file=sys.stderr)
        sys.exit(EXIT_FAILURE)

    def add_bool_flag(self, name: str, help: str) -> None:
        self._bool_flags.add(name)
        self.add_argument(name, nargs="?", const=True, default=False,
                          type=iree_bool, metavar="true|false", help=help)


# Integer flags hold what IREE's int64 flags hold: a larger value is a bad
# command line, refused while parsing, not an overflow deep inside a run.
INT64_MIN, INT64_MAX = -2**63, 2**63 - 1


def int64_flag(text: str) -> int:
    """argparse type of integer flags: a decimal integer in int64's range."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if not INT64_MIN <= value <= INT64_MAX:
        raise argparse.ArgumentTypeError(
            f"{text} is out of range; integer flags take -2^63 to 2^63-1")
    return value


# Flagfiles may include flagfiles, to this depth; and each may be this large.
# Beyond, they are refused: a chain of thousands of files would exhaust the
# stack, and --flagfile=/dev/zero (one endless line) all memory.
FLAGFILE_MAX_DEPTH = 32
FLAGFILE_MAX_BYTES = 1 << 20


def expand_flagfiles(argv: Sequence[str], seen: tuple[str, ...] = ()) -> list[str]:
    """Replaces each `--flagfile=PATH` with the flags in PATH, one per line
    (blank lines and lines starting with '#' skipped), where it stands, so
    later flags still override them."""
    expanded: list[str] = []
    args = iter(argv)
    for arg in args:
        name, sep, path = arg.partition("=")
        if name != "--flagfile":
            expanded.append(arg)
            continue
        if not sep:  # argparse's spelling, `--flagfile PATH`
            path = next(args, "")
        if not path:
            raise FlagError("--flagfile= requires a file path")
        if path in seen:
            raise FlagError(f"--flagfile={path} includes itself")
        if len(seen) >= FLAGFILE_MAX_DEPTH:
            raise FlagError(f"--flagfile={path}: flagfiles nest more than "
                           f"{FLAGFILE_MAX_DEPTH} deep ({' -> '.join(seen[:3])} -> ...)")
        try:
            with open(path, "rb") as f:
                data = f.read(FLAGFILE_MAX_BYTES + 1)
            if len(data) > FLAGFILE_MAX_BYTES:
                raise FlagError(f"--flagfile={path} is larger than "
                               f"{FLAGFILE_MAX_BYTES} bytes", lib.IREE_STATUS_OUT_OF_RANGE)
            lines = [line.strip() for line in data.decode("utf-8").splitlines()]
        except UnicodeDecodeError as e:
            raise FlagError(f"reading --flagfile={path}: not UTF-8 text ({e.reason} at "
                           f"byte {e.start})") from e
        except OSError as e:
            raise FlagError(f"reading --flagfile={path}: {e.strerror}",
                           status_code_of(e)) from e
        flags = [line for line in lines if line and not line.startswith("#")]
        expanded += expand_flagfiles(flags, (*seen, path))
    return expanded


# ---------------------------------------------------------------------------
# IREE's own text
# ---------------------------------------------------------------------------

def builder_text(fill: Callable[[object], object]) -> str:
    """Runs `fill(builder)` (a function returning an iree_status_t that writes
    into an iree_string_builder_t) and returns what it wrote."""
    builder = ffi.new("iree_string_builder_t*")
    lib.iree_string_builder_initialize(lib.iree_allocator_system(), builder)
    try:
        check_status(fill(builder))
        size = lib.iree_string_builder_size(builder)
        if size == 0:
            return ""
        return ffi.unpack(lib.iree_string_builder_buffer(builder), size).decode(
            "utf-8", "replace")
    finally:
        lib.iree_string_builder_deinitialize(builder)


def bitfield_text(format_fn, value: int) -> str:
    """IREE's text for a bitfield value (iree_hal_memory_type_format, ...),
    e.g. "TRANSFER|DISPATCH_STORAGE|MAPPING_SCOPED"."""
    temp = ffi.new("iree_bitfield_string_temp_t*")
    view = format_fn(value, temp)
    text = ffi.unpack(view.data, view.size).decode() if view.size else "NONE"
    if text != "(error)" or value <= 0xFF:
        return text
    # IREE's formatter gives up when the names outgrow its fixed buffer:
    # format each byte of bits on its own (IREE groups related flags by
    # byte, so its combined names, like TRANSFER, survive).
    parts = [bitfield_text(format_fn, value & (0xFF << shift))
             for shift in range(0, value.bit_length(), 8) if value & (0xFF << shift)]
    return "|".join(parts)
