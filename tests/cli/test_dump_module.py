"""`python -m ireec dump-module` against IREE's iree-dump-module (from
iree-base-runtime 3.9): every --output mode on modules of different shapes
(imports and exports, f64 requirements, async-external fences, parameters,
VMVX, two devices, host-only custom imports, stripped debug information),
stdout byte for byte and the exit status alike; then failures, each one line
naming the file."""

from __future__ import annotations

import json

import pytest

from ireec.compile import LOCAL_CPU_FLAGS

from child_process import run_ireec
from cli_support import VMVX_ON_TWO_DEVICES, one_line_error, run_both
from locations import PROGRAMS_DIR

# name: (program, flags, and the target flags replacing the local CPU's)
MODULES = {
    "simple_mul": ("simple_mul", ()),
    "f64 scalars": ("scalars", ("--iree-input-demote-f64-to-f32=false",)),
    "async-external": ("async_ops", ("--iree-execution-model=async-external",)),
    "parameters": ("parameters", ()),
    "dynamic shapes": ("dynamic", ()),
    "vmvx": ("gather", ("--iree-hal-local-target-device-backends=vmvx",)),
    "two devices": ("two_devices", VMVX_ON_TWO_DEVICES, ()),
    "host-only custom imports": ("custom_strings", ("--iree-execution-model=host-only",), ()),
    "no source map": ("two_results", ("--iree-vm-bytecode-module-strip-source-map=true",)),
    "no debug information": ("int_ops", ("--iree-vm-bytecode-module-strip-debug-ops=true",
                                         "--iree-vm-bytecode-module-strip-source-map=true")),
}
OUTPUTS = {
    "metadata": (),
    "default": None,
    "json": ("--output=flatbuffer-json",),
    "pretty json": ("--output=flatbuffer-json", "--flatbuffer_pretty"),
    "binary": ("--output=flatbuffer-binary",),
}


@pytest.fixture(scope="module")
def modules(compile_mlir):
    return {name: compile_mlir(PROGRAMS_DIR / f"{source}.mlir", *flags,
                               target_flags=target[0] if target else LOCAL_CPU_FLAGS)
            for name, (source, flags, *target) in MODULES.items()}


@pytest.mark.parametrize("output", list(OUTPUTS))
@pytest.mark.parametrize("module", list(MODULES))
def test_matches_iree_dump_module(modules, module, output):
    flags = OUTPUTS[output] or ()
    args = (*flags, modules[module]) if OUTPUTS[output] is not None else (modules[module],)
    theirs, ours = run_both("dump-module", *args, text=False)
    assert theirs.returncode == 0, theirs.report()
    assert ours.returncode == 0, ours.report()
    assert ours.stdout == theirs.stdout


def test_metadata_says_what_the_module_holds(modules):
    text = run_ireec("dump-module", modules["f64 scalars"]).check().stdout
    assert "// @scalars : version 0" in text
    assert "Requirements: EXT_F32 | EXT_F64" in text
    assert "hal, version >= 6, required" in text
    assert "scalar_ops(i64, f32, f64) -> (i64, f32, f64)" in text
    json_text = run_ireec("dump-module", "--output=flatbuffer-json",
                          modules["f64 scalars"]).check().stdout
    document = json.loads(json_text)
    assert document["name"] == "scalars"
    assert document["requirements"] == "EXT_F32 EXT_F64"
    assert "scalar_ops" in [e["local_name"] for e in document["exported_functions"]]


def test_flag_after_the_module(modules):
    # IREE's flags may follow the module; a bare boolean takes no value.
    theirs, ours = run_both("dump-module", modules["simple_mul"], "--flatbuffer_pretty",
                            "--output=flatbuffer-json")
    assert ours.returncode == theirs.returncode == 0
    assert ours.stdout == theirs.stdout


def test_no_module(tmp_path):
    theirs, ours = run_both("dump-module")
    assert (ours.returncode, ours.stdout) == (theirs.returncode, theirs.stdout) == (1, "")
    assert ours.stderr.startswith("Syntax: ")


def failure(*args, status=None, fragments=()):
    """Runs both tools; both fail with exit status 1 and print nothing;
    ireec's error is one line holding `fragments`."""
    theirs, ours = run_both("dump-module", *args)
    assert (theirs.returncode, theirs.stdout) == (1, ""), theirs.report()
    assert (ours.returncode, ours.stdout) == (1, ""), ours.report()
    return one_line_error(ours.stderr, "dump-module", status, *fragments)


def test_missing_file(tmp_path):
    failure(tmp_path / "missing.vmfb", status="NOT_FOUND",
            fragments=[f"'{tmp_path / 'missing.vmfb'}'"])


def test_not_a_module(tmp_path):
    path = tmp_path / "text.vmfb"
    path.write_text("not a module at all\n" * 10)
    failure(path, status="INVALID_ARGUMENT", fragments=[f"'{path}'"])


def test_directory(tmp_path):
    failure(tmp_path, fragments=[f"'{tmp_path}'", "not a regular file"])


def test_unknown_output_mode(modules):
    failure("--output=yaml", modules["simple_mul"],
            fragments=["unrecognized --output= flag value 'yaml'"])


@pytest.mark.parametrize("where", [0.3, 0.5, 0.7])
def test_corrupt_flatbuffer(modules, tmp_path, where):
    # Bytes overwritten inside the FlatBuffer: the verifier refuses it before
    # anything is printed, naming the file.
    data = bytearray(modules["simple_mul"].read_bytes())
    start = int(len(data) * where) & ~3
    data[start:start + 64] = b"\xff" * 64
    path = tmp_path / "corrupt.vmfb"
    path.write_bytes(data)
    theirs, ours = run_both("dump-module", path)
    assert ours.returncode == theirs.returncode
    assert ours.stdout == theirs.stdout
    if ours.returncode:
        one_line_error(ours.stderr, "dump-module", None, f"'{path}'")


def test_truncated_module(modules, tmp_path):
    data = modules["simple_mul"].read_bytes()
    path = tmp_path / "truncated.vmfb"
    path.write_bytes(data[:len(data) // 3])
    line = failure(path, fragments=[f"'{path}'"])
    assert "INVALID_ARGUMENT" in line


def test_many_corruptions_as_iree(modules, tmp_path):
    # Bytes of the module overwritten at 48 places with 3 patterns: for each
    # file, ireec prints what iree-dump-module prints (both JSON and
    # metadata) and fails where it fails, never crashing. ireec runs all
    # files in one child, through the tool's main().
    import random

    from child_process import run_python
    from cli_support import run_iree_tool

    source = modules["parameters"].read_bytes()
    rng = random.Random(27)
    files = []
    for i in range(48):
        data = bytearray(source)
        start = rng.randrange(0, len(data) - 8)
        data[start:start + rng.choice((1, 2, 4, 8))] = rng.choice(
            (b"\xff" * 8, b"\x00" * 8, bytes(rng.randrange(256) for _ in range(8))))[:8]
        path = tmp_path / f"c{i}.vmfb"
        path.write_bytes(data)
        files.append(path)
    script = (
        "import contextlib, io, json, sys\n"
        "from ireec.cli import dump_module\n"
        "results = []\n"
        "for path in sys.argv[1:]:\n"
        "    for mode in ('metadata', 'flatbuffer-json'):\n"
        "        out = io.BytesIO()\n"
        "        class Out:\n"
        "            buffer = out\n"
        "            def write(self, text): out.write(text.encode())\n"
        "            def flush(self): pass\n"
        "        with contextlib.redirect_stdout(Out()), contextlib.redirect_stderr(io.StringIO()):\n"
        "            status = dump_module.main([f'--output={mode}', path])\n"
        "        results.append([status, out.getvalue().hex()])\n"
        "print(json.dumps(results))\n")
    ours = run_python("-c", script, *files).check().json_line()
    theirs = []
    for path in files:
        for mode in ("metadata", "flatbuffer-json"):
            result = run_iree_tool("iree-dump-module", f"--output={mode}", path, text=False)
            assert result.returncode in (0, 1), result.report()
            theirs.append([result.returncode, result.stdout.hex()])
    assert ours == theirs


def test_unreadable_source_map_advice(compile_mlir):
    # What iree-compile 3.9 makes of jax >= 0.7's empty-name locations:
    # refused by both tools, ireec saying which flag to recompile with.
    vmfb = compile_mlir('#f = loc("m.py":1:1)\n#n = loc(""(#f))\n'
                        "func.func @main(%a: tensor<2xf32> loc(#n)) -> tensor<2xf32> {\n"
                        "  return %a : tensor<2xf32> loc(#n)\n} loc(#n)\n")
    failure(vmfb, status="INVALID_ARGUMENT",
            fragments=["union element absent without type NONE", f"'{vmfb}'",
                       "--iree-vm-bytecode-module-strip-source-map=true"])
