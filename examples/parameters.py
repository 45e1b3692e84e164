"""A model whose weights live outside the module: an ONNX MLP, its weights
saved to an IREE parameter archive by iree-import-onnx, run by ireec.

    pip install '.[test]'        # iree-compile, iree-import-onnx, onnx
    python examples/parameters.py [workdir]

Steps: build a two-layer MLP with onnx.helper (random weights, fixed seed);
import it with `iree-import-onnx --externalize-params --save-params-to
mlp.irpa`, so the MLIR's globals read `#stream.parameter.named<"model"::...>`
and the weights go to the archive; compile; load the archive into a session
under the scope "model"; call; compare with numpy's own computation.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

import ireec
from ireec.compile import compile_mlir

BATCH, IN, HIDDEN, OUT = 2, 8, 16, 4


def find_tool(name: str) -> str:
    """A console script beside the running interpreter, else on PATH."""
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    if found is None:
        sys.exit(f"{name} not found: pip install iree-base-compiler==3.9.0")
    return found


def make_mlp(seed: int = 0) -> tuple[Any, dict[str, NDArray[np.float32]]]:
    """(the ONNX model, its weights by initializer name)."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(seed)
    weights = {
        "fc1.weight": rng.standard_normal((IN, HIDDEN)).astype(np.float32),
        "fc1.bias": rng.standard_normal(HIDDEN).astype(np.float32),
        "fc2.weight": rng.standard_normal((HIDDEN, OUT)).astype(np.float32),
        "fc2.bias": rng.standard_normal(OUT).astype(np.float32),
    }
    nodes = [
        helper.make_node("MatMul", ["x", "fc1.weight"], ["h0"]),
        helper.make_node("Add", ["h0", "fc1.bias"], ["h1"]),
        helper.make_node("Relu", ["h1"], ["h2"]),
        helper.make_node("MatMul", ["h2", "fc2.weight"], ["h3"]),
        helper.make_node("Add", ["h3", "fc2.bias"], ["y"]),
    ]
    graph = helper.make_graph(
        nodes, "mlp",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [BATCH, IN])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [BATCH, OUT])],
        [numpy_helper.from_array(value, name) for name, value in weights.items()])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model, weights


def mlp_numpy(x: NDArray[np.float32],
              weights: dict[str, NDArray[np.float32]]) -> NDArray[np.float32]:
    hidden: NDArray[np.float32] = np.maximum(x @ weights["fc1.weight"] + weights["fc1.bias"], 0)
    result: NDArray[np.float32] = hidden @ weights["fc2.weight"] + weights["fc2.bias"]
    return result


def build(workdir: Path) -> tuple[Path, Path, dict[str, NDArray[np.float32]]]:
    """Writes mlp.onnx, mlp.mlir, mlp.irpa and mlp.vmfb into `workdir`;
    returns (vmfb, irpa, weights)."""
    import onnx

    model, weights = make_mlp()
    onnx.save(model, workdir / "mlp.onnx")
    subprocess.run([find_tool("iree-import-onnx"), str(workdir / "mlp.onnx"),
                    "--externalize-params", "--num-elements-threshold=0",
                    "--save-params-to", str(workdir / "mlp.irpa"),
                    "-o", str(workdir / "mlp.mlir")], check=True)
    vmfb = compile_mlir((workdir / "mlp.mlir").read_text(), workdir / "mlp.vmfb")
    return vmfb, workdir / "mlp.irpa", weights


def main(workdir: Path) -> int:
    vmfb, irpa, weights = build(workdir)
    index = ireec.ParameterIndex().load(irpa)
    print(f"{irpa.name}: {len(index)} parameters")
    for entry in index:
        print(f"  {entry.key:<11} {entry.length:>4} bytes ({entry.storage})")

    instance = ireec.Instance()
    device = instance.create_device("local-task")
    session = ireec.Session(instance, device)
    session.load_parameters(irpa, scope="model")   # the scope the importer used
    session.load_module(vmfb)
    print("modules:", session.modules)

    x = np.random.default_rng(1).standard_normal((BATCH, IN)).astype(np.float32)
    (y,) = session.call("module.mlp", x)  # the ONNX graph's name
    expected = mlp_numpy(x, weights)
    print("ireec:", np.array2string(y.to_numpy(), precision=4))
    print("numpy:", np.array2string(expected, precision=4))
    matched = np.allclose(y.to_numpy(), expected, rtol=1e-5, atol=1e-5)
    print("match:", matched)
    return 0 if matched else 1


if __name__ == "__main__":
    if len(sys.argv) > 1:
        sys.exit(main(Path(sys.argv[1])))
    with tempfile.TemporaryDirectory() as tmp:
        sys.exit(main(Path(tmp)))
