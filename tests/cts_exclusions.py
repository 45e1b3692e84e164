"""IREE's exclusions from its HAL conformance tests, per driver: what IREE's
CMake configuration of each driver's CTS leaves out at the commit ireec
binds (0f64f41a0ae3, runtime/src/iree/hal/drivers/<driver>/cts/CMakeLists.txt),
with IREE's reason for each.

Two kinds, as IREE has them: a whole CTS test file left out of a driver's
suite (`EXCLUDED_TESTS`; "semaphore_submission" is IREE's
semaphore_submission_test.h, ported as tests/hal/cts/test_semaphore_submission.py),
and single cases filtered out of it (`--gtest_filter=-...`;
"SemaphoreTest.WaitThenFail" is `test_wait_then_fail` of that port's
test_semaphore.py). A port's case on a device of a driver IREE excludes it
for is deselected when the tests are collected (tests/hal/cts/conftest.py),
never skipped.
"""

from __future__ import annotations

# IREE's reasons, as its CMake files give them.
SUBMIT_WITH_WAIT_HANGS = "SubmitWithWait hangs (requires async)"
NO_EXECUTABLE_REFLECTION = "TODO: implement executable reflection."
NO_HAL_EVENT = "HAL event is unimplemented for now."
FAIL_ON_VULKAN = "TODO: investigate why these tests fail on Vulkan."
# The CPU drivers' filter comes with no comment. The change that added these
# cases (IREE #18021, "[runtime][hip] Propagate errors through semaphores")
# made HIP's semaphores pass a failure on to their waiters and to the signals
# of work waiting on them, and filtered the cases out for the drivers it did
# not change (for Vulkan with the comment above).
NO_FAILURE_PROPAGATION = ("filtered out by IREE #18021, which added these cases with "
                          "failure propagation through semaphores for HIP only")

# The cases every filter below names, in IREE's order.
SEMAPHORE_FAILURE_CASES = (
    "SemaphoreTest.WaitThenFail",
    "SemaphoreTest.FailThenWait",
    "SemaphoreTest.MultiWaitThenFail",
    "SemaphoreTest.DeviceMultiWaitThenFail",
    "SemaphoreSubmissionTest.PropagateFailSignal",
)


def _filtered(reason: str) -> dict[str, str]:
    return dict.fromkeys(SEMAPHORE_FAILURE_CASES, reason)


# Driver name -> {CTS test file or Suite.Case: IREE's reason}. CUDA filters
# no case (IREE #18095 made its semaphores propagate failures); Vulkan's
# filter also holds SemaphoreTest.WaitForFiniteTime on Android only, which
# ireec does not run on.
IREE_CTS_EXCLUSIONS: dict[str, dict[str, str]] = {
    "local-sync": {"semaphore_submission": SUBMIT_WITH_WAIT_HANGS,
                   **_filtered(NO_FAILURE_PROPAGATION)},
    "local-task": _filtered(NO_FAILURE_PROPAGATION),
    "vulkan": {"executable": NO_EXECUTABLE_REFLECTION,
               "semaphore_submission": SUBMIT_WITH_WAIT_HANGS,
               **_filtered(FAIL_ON_VULKAN)},
    "cuda": {"event": NO_HAL_EVENT,
             "executable": NO_EXECUTABLE_REFLECTION},
}


def _camel(snake: str) -> str:
    return "".join(word.capitalize() for word in snake.split("_"))


def iree_case(port_module: str, port_function: str) -> tuple[str, str]:
    """(IREE's CTS test file, its Suite.Case) of the port `port_function` in
    tests/hal/cts/`port_module`.py: test_semaphore, test_wait_then_fail ->
    ("semaphore", "SemaphoreTest.WaitThenFail")."""
    cts_test = port_module.removeprefix("test_")
    return cts_test, f"{_camel(cts_test)}Test.{_camel(port_function.removeprefix('test_'))}"


def iree_exclusion(driver: str, port_module: str,
                   port_function: str) -> tuple[str, str] | None:
    """(what IREE leaves out, why) where IREE leaves the ported case out of
    `driver`'s CTS, the file or the case; None where IREE runs it."""
    excluded = IREE_CTS_EXCLUSIONS.get(driver, {})
    for name in iree_case(port_module, port_function):
        if name in excluded:
            return name, excluded[name]
    return None


def driver_of(uri: str) -> str:
    """The driver name of a device URI ("local-task://?memory=discrete")."""
    return uri.split(":", 1)[0]
