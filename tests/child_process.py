"""The tests' child processes: Python in a fresh interpreter (a snippet with
`-c`, a script, a case whose outcome is reported back, ireec's command-line
tools with `-m ireec`, a child the test talks to while it runs), and the
other programs the tests run (C programs they built, IREE's tools), all
started the same way.

Every child runs for a bounded time: the bound is a guard against the hangs
the tests look for, never a measurement. Unless told otherwise it starts in
a new empty working directory, never the checkout: `-c` and `-m` put the
working directory first on sys.path, where the source tree's unbuilt ireec/
would shadow the installed package. How a child ended is reported as its
exit status or the signal that killed it.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

# Generous: a hung child fails its test instead of the whole run.
CHILD_TIMEOUT = 300


def _text(output: str | bytes | None) -> str:
    if isinstance(output, bytes):
        return output.decode(errors="replace")
    return output or ""


def _tail(output: str | bytes | None, limit: int = 4000) -> str:
    text = _text(output)
    return text if len(text) <= limit else "..." + text[-limit:]


def how_it_ended(returncode: int) -> str:
    """`exit status N`, or `killed by signal SIGNAME`."""
    if returncode >= 0:
        return f"exit status {returncode}"
    try:
        return f"killed by signal {signal.Signals(-returncode).name}"
    except ValueError:
        return f"killed by signal {-returncode}"


@dataclass(frozen=True)
class ChildResult:
    """A finished child: its command, exit status (negative: the signal that
    killed it), stdout and stderr (text, or bytes when run with text=False)."""

    args: list[str]
    returncode: int
    stdout: str | bytes
    stderr: str | bytes

    def report(self) -> str:
        """How the child ended and the end of what it printed, for a failed
        assertion's message."""
        return (f"{how_it_ended(self.returncode)}: {' '.join(self.args)[:300]}\n"
                f"stdout:\n{_tail(self.stdout)}\nstderr:\n{_tail(self.stderr)}")

    def check(self, status: int = 0) -> ChildResult:
        """Asserts the child exited with `status`; returns it."""
        assert self.returncode == status, self.report()
        return self

    def json_line(self, index: int = -1):
        """The JSON value printed on stdout's line `index`."""
        return json.loads(_text(self.stdout).splitlines()[index])


@contextlib.contextmanager
def working_directory(cwd: str | Path | None) -> Iterator[str | Path]:
    """`cwd`, or a new empty folder removed afterwards."""
    if cwd is not None:
        yield cwd
        return
    with tempfile.TemporaryDirectory(prefix="ireec-child-") as fresh:
        yield fresh


def _environment(extra_env: dict[str, str] | None) -> dict[str, str] | None:
    return None if extra_env is None else {**os.environ, **extra_env}


def run_python(*argv: object, **options) -> ChildResult:
    """`python ARGV...` (e.g. `"-c", source, arg`, or `script, arg`), as
    run_program runs it."""
    return run_program(sys.executable, *argv, **options)


def run_ireec(*args: object, **options) -> ChildResult:
    """`python -m ireec ARGS...`, as run_program runs it."""
    return run_python("-m", "ireec", *args, **options)


def run_installed_script(name: str, *args: object, **options) -> ChildResult:
    """The console script `name` installed beside this Python, as a user
    runs it, as run_program runs it."""
    return run_program(Path(sys.executable).parent / name, *args, **options)


def run_program(program: str | Path, *argv: object, input: str | bytes | None = None,
                cwd: str | Path | None = None, extra_env: dict[str, str] | None = None,
                timeout: float = CHILD_TIMEOUT, text: bool = True,
                merge_stderr: bool = False) -> ChildResult:
    """`program ARGV...` run to its end with `input` on stdin; the test fails,
    naming the command and showing its output, if it has not ended within
    `timeout` seconds. merge_stderr: stderr goes to stdout, interleaved as on
    a console."""
    args = [str(program), *map(str, argv)]
    with working_directory(cwd) as where:
        try:
            done = subprocess.run(
                args, input=input, cwd=where, env=_environment(extra_env), text=text,
                stdin=None if input is not None else subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT if merge_stderr else subprocess.PIPE,
                timeout=timeout)
        except subprocess.TimeoutExpired as timed_out:
            hung = timed_out  # reported below, without the subprocess traceback
        else:
            hung = None
    if hung is not None:
        pytest.fail(f"did not end within {timeout} s (hung?): {' '.join(args)[:300]}\n"
                    f"stdout:\n{_tail(hung.stdout)}\nstderr:\n{_tail(hung.stderr)}")
    stderr = done.stderr if done.stderr is not None else "" if text else b""
    return ChildResult(args, done.returncode, done.stdout, stderr)


@contextlib.contextmanager
def python_child(*argv: object, cwd: str | Path | None = None,
                 extra_env: dict[str, str] | None = None,
                 timeout: float | None = CHILD_TIMEOUT, stdin: bool = False,
                 stderr=subprocess.PIPE) -> Iterator[subprocess.Popen]:
    """`python ARGV...` running while the block talks to it (unbuffered,
    text pipes; stdin only if asked). After `timeout` seconds (None: no
    bound) it is killed, so a read waiting for a hung child returns; it is
    killed too if still running when the block ends."""
    with working_directory(cwd) as where:
        child = subprocess.Popen(
            [sys.executable, *map(str, argv)], cwd=where, text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1", **(extra_env or {})},
            stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=stderr)
        guard = threading.Timer(timeout, child.kill) if timeout is not None else None
        if guard is not None:
            guard.start()
        try:
            yield child
        except BaseException as error:
            if guard is not None and guard.finished.is_set():
                error.add_note(f"the child was killed after {timeout} s (hung?)")
            raise
        finally:
            if guard is not None:
                guard.cancel()
            if child.poll() is None:
                child.kill()
            child.wait()
            for stream in (child.stdin, child.stdout, child.stderr):
                if stream is not None:
                    stream.close()


def run_ireec_on_a_terminal(*args: object, timeout: float = CHILD_TIMEOUT) -> ChildResult:
    """`python -m ireec ARGS...` with its stderr on a terminal (a pty), as a
    user at a console sees it; stderr is what the terminal received."""
    import pty

    controller, terminal = pty.openpty()
    try:
        with python_child("-m", "ireec", *args, timeout=timeout, stderr=terminal) as child:
            os.close(terminal)
            terminal = -1
            seen = b""
            while True:
                try:
                    chunk = os.read(controller, 4096)
                except OSError:  # the terminal closed: the tool has exited
                    break
                if not chunk:
                    break
                seen += chunk
            stdout = child.stdout.read()
            returncode = child.wait()
    finally:
        os.close(controller)
        if terminal != -1:
            os.close(terminal)
    return ChildResult(child.args, returncode, stdout, seen.decode())


# --- cases: code whose outcome (a value or an exception) comes back --------------------

CASE_OUTCOME = "case outcome: "
_REPORT_CASE = '''
def _report_case(case):
    import json
    try:
        value = case()
    except Exception as error:
        outcome = {"raised": type(error).__name__,
                   "mro": [c.__name__ for c in type(error).__mro__],
                   "message": str(error),
                   "notes": list(getattr(error, "__notes__", []))}
    else:
        outcome = {"raised": None, "value": value}
    print(%r + json.dumps(outcome), flush=True)

_report_case(case)
''' % CASE_OUTCOME


def run_case(setup: str, body: str, *args: object, after: str = "", **options) -> dict:
    """Runs `setup`, then `body` as the body of a function case(), then
    `after`, in a child that must end normally. Returns case()'s outcome:
    {"raised": None, "value": what it returned (JSON)} or {"raised": the
    exception's class name, "mro": its classes' names, "message", "notes"};
    with "stdout", the lines the child printed before the outcome, and
    "after", those it printed after."""
    source = (textwrap.dedent(setup) + "\ndef case():\n"
              + textwrap.indent(textwrap.dedent(body), "    ") + "\n" + _REPORT_CASE
              + textwrap.dedent(after))
    child = run_python("-c", source, *args, **options).check()
    lines = child.stdout.splitlines()
    (at,) = [i for i, line in enumerate(lines) if line.startswith(CASE_OUTCOME)]
    outcome = json.loads(lines[at][len(CASE_OUTCOME):])
    return {**outcome, "stdout": lines[:at], "after": lines[at + 1:]}


def returned(outcome: dict):
    """What the case returned; it must not have raised."""
    assert outcome["raised"] is None, outcome
    return outcome["value"]


def expect_error(outcome: dict, error: str, *fragments: str) -> dict:
    """The case raised `error` (or a subclass), and its message with its
    notes holds every fragment."""
    assert outcome["raised"] is not None, f"no exception; case returned {outcome.get('value')!r}"
    assert error in outcome["mro"], outcome
    text = outcome["message"] + "\n".join(outcome["notes"])
    for fragment in fragments:
        assert fragment in text, f"{fragment!r} not in {text!r}"
    return outcome


# --- fork: inherited objects used in a forked child -----------------------------

# Source of a function for a child's code: forked_uses(uses, more=None) forks;
# the forked child calls each of `uses` (name -> function) and reports for
# each "no error", or its ClosedError: "inherited" when it says the object
# crossed fork(), else "closed"; adds what more() returns, and exits plainly
# (sys.exit, every inherited object still referenced). Returns (the forked
# child's exit code, its report).
FORKED_USES = '''
def forked_uses(uses, more=None):
    import json, os, sys
    import ireec
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        report = {}
        for name, use in uses.items():
            try:
                use()
                report[name] = "no error"
            except ireec.ClosedError as error:
                report[name] = "inherited" if "across fork()" in str(error) else "closed"
        if more is not None:
            report.update(more())
        os.write(write, json.dumps(report).encode())
        os.close(write)
        sys.exit(0)
    os.close(write)
    with os.fdopen(read) as f:
        report = json.loads(f.read() or "{}")
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), report
'''


# What the body of a session case finds: P, the programs given (name ->
# path, and "uri", the device's; local-task when absent); MUL, the bytes of
# P["mul"]; an instance, a device and a session with nothing loaded; and
# a = [0, 1, 2, 3] as float32.
SESSION_SETUP = '''
import gc, json, mmap, os, sys
import numpy as np
import ireec
from ireec import ffi, lib

P = json.loads(sys.argv[1])
MUL = open(P["mul"], "rb").read()
instance = ireec.Instance()
device = instance.create_device(P.get("uri", "local-task"))
session = ireec.Session(instance, device)
a = np.arange(4, dtype=np.float32)
'''


def run_session_case(programs: dict, body: str, **options) -> dict:
    """run_case of `body` after SESSION_SETUP, given `programs`."""
    return run_case(SESSION_SETUP, body, json.dumps(programs), **options)
