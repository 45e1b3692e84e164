#!/usr/bin/env python3
"""From JAX to IREE and back: a JAX function exported with a symbolic
dimension, compiled by iree-compile, run by ireec on JAX arrays, its result
read back into JAX.

    python examples/jax_export.py [DRIVER]

`jax.export` turns `jnp.multiply` on two `f32[n]` arrays (n symbolic) into
StableHLO; iree-compile 3.9 (pip install 'ireec[jax]', which brings
jax 0.4.38 to 0.6.2: later JAX exports what iree-compile 3.9 cannot read)
compiles it for the local CPU; the module's `main` takes JAX arrays as
they are, of any length, and its result becomes a JAX array again through
DLPack (JAX copies a buffer that is not 64-byte aligned, and says so on
stderr). DRIVER is local-task (the default) or local-sync.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
from jax import export

import ireec
from ireec.compile import compile_mlir


def export_multiply() -> str:
    """jnp.multiply on f32[n] x f32[n], as StableHLO text."""
    example = np.zeros(1, np.float32)  # the dtype; the shape is "n"
    specs = export.symbolic_args_specs((example, example), "n")
    return str(export.export(jax.jit(jnp.multiply))(*specs).mlir_module())


def main(driver: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        vmfb = compile_mlir(export_multiply(), Path(tmp) / "multiply.vmfb")
        module = ireec.load_module(vmfb, device=driver)
    print(f"exported: {module.functions['main'].declaration}")
    for n in (4, 7):
        a = jnp.arange(1, n + 1, dtype=jnp.float32)
        b = jnp.full((n,), 0.5, jnp.float32)
        view = module.main(a, b)           # JAX arrays in, as they are
        result = jnp.from_dlpack(view)     # a JAX array again, through DLPack
        expected = jnp.multiply(a, b)
        match = bool(jnp.array_equal(result, expected))
        print(f"n={n}: {np.asarray(result).tolist()}  matches JAX: {match}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "local-task")
