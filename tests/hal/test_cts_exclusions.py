"""IREE's exclusions from its HAL CTS (cts_exclusions.py) applied to the
ports of tests/hal/cts/: each names a ported file or case (a renamed port
would otherwise run where IREE leaves it out), and the ports IREE leaves
out of a device's driver are deselected there when collected, the others
kept."""

from __future__ import annotations

import ast

from child_process import run_python
from cts_exclusions import IREE_CTS_EXCLUSIONS, driver_of, iree_case, iree_exclusion
from locations import REPO_ROOT, TESTS_DIR

PORTS_DIR = TESTS_DIR / "hal" / "cts"


def _ported() -> set[str]:
    """IREE's names of every ported CTS file and case."""
    names = set()
    for path in PORTS_DIR.glob("test_*.py"):
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.update(iree_case(path.stem, node.name))
    return names


def test_every_exclusion_names_a_ported_file_or_case():
    ported = _ported()
    assert {"semaphore", "SemaphoreTest.WaitThenFail"} <= ported
    for driver, excluded in IREE_CTS_EXCLUSIONS.items():
        assert set(excluded) - ported == set(), driver


def test_exclusions_are_by_driver_file_and_case():
    assert driver_of("local-task://?memory=discrete") == "local-task"
    assert driver_of("local-sync") == "local-sync"
    assert iree_exclusion("local-sync", "test_semaphore_submission", "test_submit_with_wait") \
        == ("semaphore_submission", "SubmitWithWait hangs (requires async)")
    assert iree_exclusion("local-task", "test_semaphore_submission",
                          "test_submit_with_wait") is None
    assert iree_exclusion("local-task", "test_semaphore", "test_wait_then_fail")[0] \
        == "SemaphoreTest.WaitThenFail"
    assert iree_exclusion("local-task", "test_semaphore", "test_wait_unsignaled") is None
    assert iree_exclusion("cuda", "test_event", "test_create") \
        == ("event", "HAL event is unimplemented for now.")
    assert iree_exclusion("cuda", "test_semaphore", "test_wait_then_fail") is None


def test_collection_deselects_what_iree_leaves_out(tmp_path):
    # Run where the source tree's ireec/ cannot shadow the installed one.
    result = run_python("-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                        f"--rootdir={REPO_ROOT}", str(PORTS_DIR / "test_semaphore_submission.py"),
                        cwd=tmp_path).check()
    collected = set(result.stdout.splitlines())
    kept = "test_semaphore_submission.py::test_submit_with_wait[{}]"
    assert any(line.endswith(kept.format("local-task")) for line in collected)
    assert not any(line.endswith(kept.format("local-sync")) for line in collected)
    assert not any("test_propagate_fail_signal" in line for line in collected)
    assert "deselected" in result.stdout.splitlines()[-1]
    assert "skipped" not in result.stdout
