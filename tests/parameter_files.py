"""Parameter files made at test time: safetensors (written here), irpa (by
iree-create-parameters / iree-convert-parameters from iree-base-compiler)
and gguf (by the `gguf` package)."""

from __future__ import annotations

import json
import shutil
import struct
import sys
from pathlib import Path

import numpy as np
import pytest

from child_process import run_program

_SAFETENSORS_DTYPES = {
    np.dtype(np.float32): "F32", np.dtype(np.float16): "F16", np.dtype(np.float64): "F64",
    np.dtype(np.int32): "I32", np.dtype(np.int64): "I64", np.dtype(np.int8): "I8",
    np.dtype(np.uint8): "U8",
}


def _safetensors_header(layout: dict[str, tuple[str, list[int], int, int]]) -> bytes:
    header = {name: {"dtype": dtype, "shape": shape, "data_offsets": [begin, end]}
              for name, (dtype, shape, begin, end) in layout.items()}
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)  # the data starts 8-byte aligned
    return struct.pack("<Q", len(text)) + text


def write_safetensors(path: Path, tensors: dict[str, np.ndarray]) -> Path:
    """A .safetensors file: an 8-byte little-endian header length, a JSON
    header of dtype, shape and [begin, end) data offsets per tensor, then the
    tensors' bytes back to back."""
    layout, blobs, offset = {}, [], 0
    for name, array in tensors.items():
        array = np.ascontiguousarray(array)
        layout[name] = (_SAFETENSORS_DTYPES[array.dtype], list(array.shape),
                        offset, offset + array.nbytes)
        blobs.append(array.tobytes())
        offset += array.nbytes
    path.write_bytes(_safetensors_header(layout) + b"".join(blobs))
    return path


def write_sparse_safetensors(path: Path, padding_bytes: int,
                             tensors: dict[str, np.ndarray]) -> Path:
    """A safetensors file whose first tensor, "padding" (u8), is
    `padding_bytes` never written (a hole: the file takes no disk space for
    it), followed by `tensors`."""
    layout = {"padding": ("U8", [padding_bytes], 0, padding_bytes)}
    offset = padding_bytes
    for name, array in tensors.items():
        layout[name] = (_SAFETENSORS_DTYPES[array.dtype], list(array.shape),
                        offset, offset + array.nbytes)
        offset += array.nbytes
    header = _safetensors_header(layout)
    with open(path, "wb") as f:
        f.write(header)
        f.seek(len(header) + padding_bytes)
        for array in tensors.values():
            f.write(np.ascontiguousarray(array).tobytes())
    return path


def tool(name: str) -> str:
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    if found is None:
        pytest.fail(f"{name} not found (iree-base-compiler==3.9.0 installs it)")
    return found


def run_tool(*args) -> None:
    run_program(*args).check()


def write_irpa(path: Path, tensors: dict[str, np.ndarray], tmp_dir: Path) -> Path:
    """An .irpa holding `tensors`' bytes: written as safetensors, converted by
    iree-convert-parameters."""
    source = write_safetensors(tmp_dir / f"{path.stem}-source.safetensors", tensors)
    run_tool(tool("iree-convert-parameters"), f"--parameters={source}", f"--output={path}")
    return path


def write_gguf(path: Path, tensors: dict[str, np.ndarray]) -> Path:
    """A .gguf file written by the gguf package's GGUFWriter."""
    import gguf

    writer = gguf.GGUFWriter(str(path), "ireec-test")
    for name, array in tensors.items():
        writer.add_tensor(name, np.ascontiguousarray(array))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path
