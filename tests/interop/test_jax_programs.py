"""JAX's workflow end to end: 20 JAX programs of different kinds exported with
jax.export (StableHLO, symbolic dimensions where the program has them),
compiled by iree-compile 3.9, run through ireec on both CPU drivers with JAX
arrays as arguments, and their results, read back into JAX through DLPack,
compared with JAX's own.
(iree-compile 3.9 compiles sort and gather for static shapes only, and
broadcasts between dynamic dimensions not at all: those programs are static.)

The programs: elementwise arithmetic on dynamic shapes, broadcasting,
matmuls (static and with a dynamic batch), a convolution, reductions,
softmax, an MLP, an attention block, scan, while and fori loops, cond,
sort, gather, scatter, integer and bitwise arithmetic, f16 and bf16,
comparisons giving booleans, argmax, cumulative sums with reshapes and
transposes, and nested pytree outputs."""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

import numpy as np
import pytest

import ireec

# JAX is in ireec's [test] extra: a missing JAX fails these tests, never skips them.
import jax
import jax.numpy as jnp
from jax import export, lax

RNG = np.random.default_rng(27)


def normal(*shape, dtype=np.float32):
    return RNG.standard_normal(shape).astype(dtype)


class Program(NamedTuple):
    fn: Callable
    # The exported argument shapes ("n" a symbolic dimension), dtypes, and
    # the concrete arguments it runs with.
    specs: tuple[tuple[str, Any], ...]
    args: tuple[np.ndarray, ...]
    tolerance: float = 1e-5


def mlp(x, w1, b1, w2, b2):
    return jax.nn.relu(x @ w1 + b1) @ w2 + b2


def attention(x, wq, wk, wv):
    q, k, v = x @ wq, x @ wk, x @ wv
    scores = q @ k.T / jnp.sqrt(jnp.float32(q.shape[-1]))
    return jax.nn.softmax(scores, axis=-1) @ v


def conv(images, kernel):
    return lax.conv_general_dilated(images, kernel, window_strides=(1, 1), padding="SAME",
                                    dimension_numbers=("NHWC", "HWIO", "NHWC"))


def scan_cumulative(xs):
    def step(carry, x):
        carry = carry * 0.5 + x
        return carry, carry * 2
    return lax.scan(step, jnp.zeros(xs.shape[1:], xs.dtype), xs)


def while_halving(x):
    # Halves until every element is below 1; counts the steps.
    def cond(state):
        return jnp.max(state[0]) >= 1.0

    def body(state):
        return state[0] * 0.5, state[1] + 1
    return lax.while_loop(cond, body, (x, jnp.int32(0)))


def fori_polynomial(x):
    return lax.fori_loop(0, 5, lambda i, acc: acc * x + i.astype(x.dtype), jnp.ones_like(x))


def cond_branches(p, x):
    return lax.cond(p > 0, lambda v: jnp.sin(v) * p, lambda v: jnp.cos(v) - p, x)


def integer_ops(a, b):
    return (a * 3 + b) // 2, (a & b) | (a ^ 7), jnp.right_shift(a, 1), a % 5


def pytree(x, y):
    return {"sum": x + y, "stats": (jnp.mean(x), jnp.max(y)),
            "nested": {"prod": x * y, "neg": [-x]}}


PROGRAMS: dict[str, Program] = {
    "elementwise, dynamic": Program(jnp.multiply, (("n", np.float32), ("n", np.float32)),
                                    (normal(37), normal(37))),
    "elementwise, dynamic 2-d": Program(
        lambda x, y: jnp.tanh(x * y + 1) - jnp.exp(-jnp.abs(x)),
        (("n,m", np.float32), ("n,m", np.float32)), (normal(5, 9), normal(5, 9))),
    "broadcast, dynamic rows": Program(
        lambda x, y: jnp.maximum(x * y, 0.25) / (1 + y * y),
        (("n,4", np.float32), ("4", np.float32)), (normal(7, 4), normal(4))),
    "matmul, dynamic batch": Program(
        lambda x, w: x @ w, (("b,8", np.float32), ("8,3", np.float32)),
        (normal(11, 8), normal(8, 3)), 1e-4),
    "conv2d": Program(conv, (("2,8,8,3", np.float32), ("3,3,3,4", np.float32)),
                      (normal(2, 8, 8, 3), normal(3, 3, 3, 4)), 1e-4),
    "reductions": Program(
        lambda x: (jnp.sum(x, axis=0), jnp.max(x, axis=1), jnp.mean(x), jnp.min(x)),
        (("n,6", np.float32),), (normal(7, 6),), 1e-5),
    "softmax": Program(lambda x: jax.nn.softmax(x, axis=-1), (("4,n", np.float32),),
                       (normal(4, 10),), 1e-5),
    "mlp": Program(mlp, (("b,8", np.float32), ("8,16", np.float32), ("16", np.float32),
                         ("16,2", np.float32), ("2", np.float32)),
                   (normal(5, 8), normal(8, 16), normal(16), normal(16, 2), normal(2)), 1e-4),
    "attention block": Program(attention, (("6,8", np.float32),) + (("8,8", np.float32),) * 3,
                               (normal(6, 8), normal(8, 8), normal(8, 8), normal(8, 8)), 1e-4),
    "scan": Program(scan_cumulative, (("5,3", np.float32),), (normal(5, 3),)),
    "while loop": Program(while_halving, (("n", np.float32),),
                          (np.abs(normal(6)) * 50,)),
    "fori loop": Program(fori_polynomial, (("n", np.float32),), (normal(9) * 0.5,), 1e-5),
    "cond": Program(cond_branches, (("", np.float32), ("n", np.float32)),
                    (np.float32(-0.5), normal(4))),
    "sort": Program(lambda x: (jnp.sort(x), jnp.argsort(x)), (("12", np.float32),),
                    (RNG.permutation(12).astype(np.float32),)),
    "gather": Program(lambda table, idx: table[idx], (("10,3", np.float32), ("5", np.int32)),
                      (normal(10, 3), np.array([3, 0, 9, 3, 5], np.int32))),
    "scatter": Program(lambda x, idx, v: x.at[idx].add(v),
                       (("8", np.float32), ("4", np.int32), ("4", np.float32)),
                       (normal(8), np.array([1, 5, 1, 7], np.int32), normal(4))),
    "integer and bitwise": Program(integer_ops, (("n", np.int32), ("n", np.int32)),
                                   (RNG.integers(-50, 50, 10, dtype=np.int32),
                                    RNG.integers(1, 50, 10, dtype=np.int32))),
    "f16 and bf16": Program(
        lambda h, b: (h * h + 1, (b * 2).astype(jnp.float32) + 0.5),
        (("n", np.float16), ("n", jnp.bfloat16)),
        (normal(6, dtype=np.float16), normal(6).astype(jnp.bfloat16)), 1e-2),
    "comparisons, argmax, cumsum": Program(
        lambda x, y: (x > y, jnp.argmax(x, axis=1), jnp.cumsum(x, axis=0).T.reshape(-1)),
        (("3,4", np.float32), ("3,4", np.float32)), (normal(3, 4), normal(3, 4)), 1e-5),
    "pytree outputs": Program(pytree, (("n", np.float32), ("n", np.float32)),
                              (normal(5), normal(5))),
}


def _export(program: Program):
    names = sorted({d for shape, _ in program.specs for d in shape.split(",")
                    if d and not d.isdigit()})
    symbols = dict(zip(names, export.symbolic_shape(",".join(names)))) if names else {}
    specs = [jax.ShapeDtypeStruct(tuple(int(d) if d.isdigit() else symbols[d]
                                        for d in shape.split(",") if d), dtype)
             for shape, dtype in program.specs]
    return export.export(jax.jit(program.fn))(*specs)


@pytest.fixture(scope="module")
def exported(compile_mlir):
    """exported(name) -> (the jax.export Exported, the compiled .vmfb)."""
    results: dict[str, tuple] = {}

    def get(name: str):
        if name not in results:
            exp = _export(PROGRAMS[name])
            results[name] = (exp, compile_mlir(exp.mlir_module()))
        return results[name]
    return get


def test_twenty_programs():
    assert len(PROGRAMS) == 20


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_program_matches_jax(exported, device, name):
    program = PROGRAMS[name]
    exp, vmfb = exported(name)
    module = ireec.load_module(vmfb, device=device)
    # JAX arrays passed in as they are (DLPack).
    results = module.main(*(jnp.asarray(a) for a in program.args))
    results = results if isinstance(results, tuple) else (results,)
    # Read back into JAX through DLPack, then into the function's pytree.
    ours = jax.tree_util.tree_unflatten(exp.out_tree, [jnp.from_dlpack(r) for r in results])
    theirs = jax.jit(program.fn)(*program.args)
    ours_leaves, ours_tree = jax.tree_util.tree_flatten(ours)
    theirs_leaves, theirs_tree = jax.tree_util.tree_flatten(theirs)
    assert ours_tree == theirs_tree
    for got, want in zip(ours_leaves, theirs_leaves):
        assert got.dtype == want.dtype and got.shape == want.shape, (got, want)
        np.testing.assert_allclose(np.asarray(got, np.float64), np.asarray(want, np.float64),
                                   rtol=program.tolerance, atol=program.tolerance)


@pytest.mark.parametrize("driver", ["local-task", "local-sync"])
def test_example(driver):
    from child_process import run_python
    from locations import EXAMPLES_DIR

    result = run_python(EXAMPLES_DIR / "jax_export.py", driver).check()
    assert result.stdout == (
        "exported: sync func @main(%input0: tensor<?xf32>, %input1: tensor<?xf32>) -> "
        "(%output0: tensor<?xf32>)\n"
        "n=4: [0.5, 1.0, 1.5, 2.0]  matches JAX: True\n"
        "n=7: [0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5]  matches JAX: True\n")
