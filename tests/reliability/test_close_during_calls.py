"""close() from another thread during each blocking method of each public
class (memcheck/close_during_calls.py, in a child process; a sample of it
also runs under valgrind, test_memcheck.py): every call either finishes
with the right result or raises ClosedError, the object is released when
its last user leaves, and nothing crashes or hangs."""

from __future__ import annotations

from pathlib import Path

from child_process import run_python
from cts_support import compile_executable

SCRIPT = Path(__file__).resolve().parent / "memcheck" / "close_during_calls.py"
# A guard against a child that hangs (one of the failures looked for); it
# does not measure anything.
CHILD_TIMEOUT = 300


def test_each_blocking_method_closed_from_another_thread(program, tmp_path):
    executable = tmp_path / "executable.bin"
    executable.write_bytes(compile_executable("absolute_2xf32", "llvm-cpu", tmp_path))
    result = run_python(SCRIPT, program("simple_mul"), program("blocking"), executable,
                        tmp_path, timeout=CHILD_TIMEOUT).check()
    cases = ["semaphore_wait", "fence_wait", "device_wait_semaphores", "session_call",
             "bound_call_session", "parameter_index_load", "parameter_index_read_and_save",
             "device_transfers", "device_upload", "device_check", "buffer_view_reads",
             "buffer_view_to_device", "buffer_maps", "allocator_allocate", "file_read",
             "session_load_module", "instance_create_device", "executable_cache_prepare"]
    assert result.stdout.split("\n") == [f"{case} ok" for case in cases] + ["done", ""]
