"""Results as iree-run-module prints and writes them.

Printed, each result is `result[i]: ` and then its text: `hal.buffer_view`
and IREE's buffer view text on the next line (iree_hal_buffer_view_format, at
most --output_max_element_count elements, then `...`), `i32=5` / `f32=2.5`
for scalars of every width (C's `%g` for floats), `(null)` for a null ref,
`vm.list` and a `child_list[j]: ...` line per element for a list (each
element printed by its own type), `vm.buffer` or `hal.fence` and
`(no printer)` for those.

`--output=` routes results one by one: empty ignores it, `-` prints its text
(without the `result[i]: ` prefix), `@path` writes it to path (truncating) and
`+path` appends to it: a .npy file gets an ndarray (scalars as 0-d arrays, a
vm.buffer as an i8 vector of its bytes, a null ref as an empty i8 array),
any other file the raw bytes; a list cannot be written.
"""

from __future__ import annotations

from typing import IO, Any, Sequence

import numpy as np

from .._core.library import lib
from ..hal.buffer_view import BufferView
from ..hal.fence import Fence
from ..vm.buffer import Buffer
from ..vm.list import List
from ..vm.value import type_name
from ._common import CliError

# The numpy type of each scalar calling-convention kind.
SCALAR_DTYPES: dict[str, type[np.generic]] = {"i": np.int32, "I": np.int64, "f": np.float32, "F": np.float64}

def format_variant(kind: str | None, value: Any, max_element_count: int) -> str:
    """One result's text; `kind` is its calling-convention letter (or, in a
    list, IREE's name of the element's type, ireec.vm.List.type_at)."""
    if value is None:
        return "(null)"
    if isinstance(value, BufferView):
        return "hal.buffer_view\n" + value.format(max_element_count)
    if isinstance(value, List):
        return "vm.list\n" + format_variants(
            "child_list", [value.type_at(i) for i in range(len(value))], list(value),
            max_element_count)
    if isinstance(value, Buffer):
        return "vm.buffer\n(no printer)"
    if isinstance(value, Fence):
        return "hal.fence\n(no printer)"
    if isinstance(value, (bool, int, float)):
        name = type_name(kind or "")
        if name.startswith("i"):
            return f"{name}={int(value)}"
        return f"{name}={'%g' % value}"
    return "?"


def format_variants(list_name: str, kinds: Sequence[str | None], values: list[Any],
                    max_element_count: int) -> str:
    """`list_name[i]: text` lines, one per value (each ends with a newline)."""
    return "".join(f"{list_name}[{i}]: {format_variant(kind, value, max_element_count)}\n"
                   for i, (kind, value) in enumerate(zip(kinds, values)))


def print_results(stream: IO[str], kinds: str, results: list[Any],
                  max_element_count: int) -> None:
    """Writes each result as iree-run-module prints it (`result[i]: ...`)."""
    stream.write(format_variants("result", kinds, results, max_element_count))


def result_array(kind: str, value: Any) -> np.ndarray:
    """What a result writes to a .npy or binary file."""
    if value is None:
        # A placeholder keeps several results in one .npy file in order.
        return np.zeros(0, np.int8)
    if isinstance(value, BufferView):
        try:
            return value.to_numpy()
        except TypeError as e:
            raise CliError(str(e), lib.IREE_STATUS_UNIMPLEMENTED) from e
    if isinstance(value, Buffer):
        # As IREE writes one: an i8 vector of its bytes.
        return np.frombuffer(bytes(value), np.int8)
    if isinstance(value, (bool, int, float)) and kind in SCALAR_DTYPES:
        return np.array(value, SCALAR_DTYPES[kind])
    raise CliError("unsupported output source type; expected: !hal.buffer, "
                   "!hal.buffer_view, !vm.buffer")


def write_outputs(specs: list[str], kinds: str, results: list[Any], max_element_count: int,
                  stdout: IO[str]) -> None:
    """Writes each result where its `--output=` spec says (`-`: stdout,
    `@path`: the file written, `+path`: appended to), as iree-run-module does."""
    if len(specs) != len(results):
        raise CliError(f"{len(specs)} outputs specified but the provided variant list "
                       f"only has {len(results)} elements", lib.IREE_STATUS_OUT_OF_RANGE)
    for kind, value, spec in zip(kinds, results, specs):
        spec = spec.strip()
        if not spec:
            continue
        if spec == "-":
            stdout.write(format_variant(kind, value, max_element_count) + "\n")
            continue
        if spec[0] not in "@+":
            raise CliError(f"unsupported output mode specification '{spec}'",
                           lib.IREE_STATUS_UNIMPLEMENTED)
        array = result_array(kind, value)
        path = spec[1:]
        try:
            with open(path, "wb" if spec[0] == "@" else "ab") as f:
                if path.endswith(".npy"):
                    np.save(f, array, allow_pickle=False)
                else:
                    f.write(np.ascontiguousarray(array).tobytes())
        except OSError as e:
            code = (lib.IREE_STATUS_NOT_FOUND if isinstance(e, FileNotFoundError)
                    else lib.IREE_STATUS_PERMISSION_DENIED if isinstance(e, PermissionError)
                    else lib.IREE_STATUS_UNAVAILABLE)
            raise CliError(f"failed to open file '{path}': {e.strerror}", code) from e
