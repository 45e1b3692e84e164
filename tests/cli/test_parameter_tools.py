"""`python -m ireec create-parameters`, `convert-parameters` and
`dump-parameters` against IREE's iree-create-parameters,
iree-convert-parameters and iree-dump-parameters (iree-base-runtime 3.9) on
the same command lines: stdout and exit status alike, and the archives
written byte for byte the same. Then what the archives hold, read back by
IREE, and failures as one line."""

from __future__ import annotations

import numpy as np
import pytest

import ireec
from child_process import run_ireec
from cli_support import one_line_error, run_both, run_both_apart, run_iree_tool
from parameter_files import write_gguf, write_safetensors


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("parameter-inputs")
    st = write_safetensors(tmp / "a.safetensors", {
        "a": np.arange(5, dtype=np.float32), "b": np.arange(6, dtype=np.int8).reshape(2, 3),
        "c": np.ones(3, np.float64)})
    gg = write_gguf(tmp / "g.gguf", {"ga": np.arange(8, dtype=np.float32),
                                     "gb": np.arange(3, dtype=np.float16)})
    irpa = tmp / "mixed.irpa"
    ireec.save_parameters(irpa, {"w": np.arange(10, dtype=np.float32),
                                 "s": ireec.SplatValue(np.int16(-2), (3, 4))})
    return {"st": st, "gg": gg, "irpa": irpa}


def both_write(tool, tmp_path, *args):
    """Runs IREE's tool and ireec's with --output=out.irpa, each in its own
    folder; checks they agree on stdout and exit status; returns (the exit
    status, IREE's archive bytes or None, ireec's or None)."""
    theirs_dir, ours_dir = tmp_path / "theirs", tmp_path / "ours"
    theirs_dir.mkdir()
    ours_dir.mkdir()
    theirs, ours = run_both_apart(tool, *args, "--output=out.irpa",
                                  theirs=theirs_dir, ours=ours_dir)
    assert (ours.returncode, ours.stdout) == (theirs.returncode, theirs.stdout), (
        theirs.report(), ours.report())
    files = [(d / "out.irpa").read_bytes() if (d / "out.irpa").exists() else None
             for d in (theirs_dir, ours_dir)]
    return ours.returncode, files[0], files[1]


CREATE_CASES = {
    "zeroed data": ["--data=x=4xf32"],
    "splat": ["--splat=y=2xi16=3"],
    "splats and data": ["--data=x=4096xf32", "--splat=q=3xf64=1.5", "--data=z=7xi8",
                        "--splat=r=2x2xi64=-5", "--splat=u=3xbf16=1.5"],
    "alignment": ["--data=x=4xf32", "--alignment=128", "--data=y=3xi8"],
    "quiet": ["--data=x=4xf32", "--quiet"],
    "nothing": [],
}


@pytest.mark.parametrize("case", list(CREATE_CASES))
def test_create_parameters_matches_iree(tmp_path, case):
    status, theirs, ours = both_write("create-parameters", tmp_path, *CREATE_CASES[case])
    assert status == 0
    assert ours == theirs


@pytest.mark.parametrize("args", [["--splat=a=2xi4"], ["--splat=a=4xf32=abc"],
                                  ["--data=a=4xq32"], ["--splat=a=2x2xcf64=1"]])
def test_create_parameters_failures_match_iree(tmp_path, args):
    status, _, ours = both_write("create-parameters", tmp_path, *args)
    assert status == 1 and ours is None


def test_create_parameters_refuses_odd_alignments(tmp_path):
    # IREE rounds offsets with a mask that only a power of two makes an
    # alignment; ireec refuses the others instead of misplacing data.
    result = run_ireec("create-parameters", "--data=a=4xf32", "--alignment=48",
                       "--output=x.irpa", cwd=tmp_path)
    assert result.returncode == 1
    one_line_error(result.stderr, "create-parameters", None,
                   "alignment must be a power of two, not 48")
    assert list(tmp_path.iterdir()) == []


def test_create_parameters_writes_data_patterns(tmp_path):
    # iree-create-parameters 3.9 fails to write a --data value ("write
    # failed"); ireec writes it, and IREE reads it back.
    out = tmp_path / "p.irpa"
    run_ireec("create-parameters", "--data=x=3xf32=2.5", "--data=y=5xi8=-1",
              "--splat=z=2xi32=7", f"--output={out}", "--quiet").check()
    index = ireec.ParameterIndex().load(out)
    assert np.frombuffer(index.read("x"), np.float32).tolist() == [2.5] * 3
    assert np.frombuffer(index.read("y"), np.int8).tolist() == [-1] * 5
    extracted = tmp_path / "x.bin"
    run_iree_tool("iree-dump-parameters", f"--parameters={out}", "--parameter_mode=preload",
                  f"--extract=y={extracted}").check()
    assert extracted.read_bytes() == b"\xff" * 5


CONVERT_CASES = {
    "safetensors": ["--parameters={st}"],
    "gguf and safetensors": ["--parameters={st}", "--parameters=x={gg}"],
    "irpa with splats": ["--parameters={irpa}", "--parameter_mode=preload"],
    "edits": ["--parameters={st}", "--exclude=b", "--rename=a=A", "--splat=A=f32=4.5",
              "--splat=c"],
    "strip": ["--parameters={st}", "--parameters={irpa}", "--strip", "--splat=b=i8=3"],
    "swapped names": ["--parameters={st}", "--rename=a=b", "--rename=b=a"],
    "hex splat": ["--parameters={gg}", "--splat=ga=x32=CAFEF00D", "--quiet"],
}


@pytest.mark.parametrize("case", list(CONVERT_CASES))
def test_convert_parameters_matches_iree(tmp_path, inputs, case):
    args = [flag.format(**inputs) for flag in CONVERT_CASES[case]]
    status, theirs, ours = both_write("convert-parameters", tmp_path, *args)
    assert status == 0
    assert ours == theirs


@pytest.mark.parametrize("args", [["--parameters=missing.irpa"],
                                  ["--parameters={st}", "--splat=a=f32"],
                                  ["--parameters={st}", "--splat=a=f32=x"]])
def test_convert_parameters_failures_match_iree(tmp_path, inputs, args):
    status, _, ours = both_write("convert-parameters", tmp_path,
                                 *(a.format(**inputs) for a in args))
    assert status == 1 and ours is None


def test_convert_parameters_values(tmp_path, inputs):
    out = tmp_path / "c.irpa"
    run_ireec("convert-parameters", f"--parameters={inputs['st']}",
              f"--parameters=x={inputs['gg']}", "--rename=ga=renamed",
              "--splat=a=f32=4.5", f"--output={out}", "--quiet").check()
    index = ireec.ParameterIndex().load(out)
    assert index.keys() == ["a", "b", "c", "renamed", "gb"]
    assert np.frombuffer(index.read("a"), np.float32).tolist() == [4.5] * 5
    assert np.frombuffer(index.read("renamed"), np.float32).tolist() == list(range(8))
    assert np.frombuffer(index.read("b"), np.int8).tolist() == list(range(6))


DUMP_CASES = {
    "safetensors": ["--parameters={st}"],
    "scopes": ["--parameters={st}", "--parameters=x={irpa}", "--parameters=g={gg}",
               "--parameters=x={st}"],
    "preloaded": ["--parameters={irpa}", "--parameter_mode=preload"],
    "no files": [],
    "positional argument": ["{st}"],
    "missing file": ["--parameters=missing.irpa"],
    "extract a splat": ["--parameters={irpa}", "--parameter_mode=preload", "--extract=s=s.bin"],
    "extract a missing key": ["--parameters=x={irpa}", "--parameter_mode=preload",
                              "--extract=x::q=q.bin"],
}


@pytest.mark.parametrize("case", list(DUMP_CASES))
def test_dump_parameters_matches_iree(inputs, case):
    args = [flag.format(**inputs) for flag in DUMP_CASES[case]]
    theirs, ours = run_both("dump-parameters", *args)
    assert (ours.returncode, ours.stdout) == (theirs.returncode, theirs.stdout), (
        theirs.report(), ours.report())


@pytest.mark.parametrize("mode", ["preload", "file", "mmap"])
def test_dump_parameters_extracts(tmp_path, inputs, mode):
    # IREE extracts only from preloaded files; ireec in every mode, with
    # IREE's output where IREE can.
    args = [f"--parameters=x={inputs['irpa']}", f"--parameters={inputs['st']}",
            "--extract=x::w=w.bin", "--extract=b=b.bin"]
    theirs_dir, ours_dir = tmp_path / "theirs", tmp_path / "ours"
    theirs_dir.mkdir()
    ours_dir.mkdir()
    theirs, ours = run_both_apart("dump-parameters", *args, "--parameter_mode=preload",
                                  theirs=theirs_dir, ours=ours_dir)
    assert (ours.returncode, ours.stdout) == (theirs.returncode, theirs.stdout)
    ours = run_ireec("dump-parameters", *args, f"--parameter_mode={mode}", cwd=ours_dir)
    assert ours.stdout == theirs.stdout
    for name in ("w.bin", "b.bin"):
        assert (ours_dir / name).read_bytes() == (theirs_dir / name).read_bytes()
    assert np.frombuffer((ours_dir / "w.bin").read_bytes(), np.float32).tolist() == list(
        range(10))


def test_corrupt_archive_is_one_line(tmp_path, inputs):
    # An archive whose entry table runs past the end of the file.
    data = bytearray(inputs["irpa"].read_bytes())
    data[40:48] = (1 << 40).to_bytes(8, "little")  # the entry table's length
    corrupt = tmp_path / "corrupt.irpa"
    corrupt.write_bytes(data)
    for tool, extra in (("dump-parameters", ()), ("convert-parameters", ("--output=x.irpa",))):
        result = run_ireec(tool, f"--parameters={corrupt}", *extra, cwd=tmp_path)
        assert result.returncode == 1, result.report()
        one_line_error(result.stderr, tool, "OUT_OF_RANGE", f"'{corrupt}'")
    assert not (tmp_path / "x.irpa").exists()
