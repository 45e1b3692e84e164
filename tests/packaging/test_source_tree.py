"""Importing an unbuilt ireec (Python started in the source tree, whose
ireec/ shadows the installed package) fails with a message saying what to run."""

from __future__ import annotations

import shutil

from child_process import run_python
from locations import REPO_ROOT


def test_unbuilt_source_tree_says_what_to_run(tmp_path):
    # A copy of the tree's Python sources, unbuilt, as a fresh checkout is.
    shutil.copytree(REPO_ROOT / "ireec", tmp_path / "ireec",
                    ignore=shutil.ignore_patterns("*.so", "lib", "include", "__pycache__"))
    (tmp_path / "setup.py").write_text("")
    # -S: no site-packages, so no installed ireec comes first (an editable
    # install's import hook would, before the copy on sys.path).
    result = run_python("-S", "-c", "import ireec", cwd=tmp_path, timeout=120)
    assert result.returncode == 1, result.report()
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: ireec is being imported from its source tree")
    assert "`pip install -e .`" in last and "`pip install .`" in last
    assert "_ireec_cffi" not in last.split("source tree")[0]
    assert len(last) < 400
