"""Ctrl-C (SIGINT) in a child process: waits on a fence or a semaphore
nobody signals, a call_async waiting for such a fence, and a call whose
device is busy computing each end in KeyboardInterrupt, and the session and
its device then still give right answers."""

from __future__ import annotations

import json
import signal

from child_process import python_child
from locations import PROGRAMS_DIR

ASYNC_FLAGS = ("--iree-execution-model=async-external",)
# Only a guard against a wait that never ends (the failure these tests look
# for); nothing here measures how long anything took.
CHILD_TIMEOUT = 120

# A watcher thread announces a wait ("waiting WHAT") once the main thread is
# inside it (seen in its stack); the parent answers with SIGINT.
ANNOUNCE_WHEN_WAITING = '''
import json, sys, threading, time
import numpy as np
import ireec

main = threading.main_thread().ident

def announce_when_waiting(what):
    def watch():
        while True:
            frame = sys._current_frames().get(main)
            while frame is not None and frame.f_code.co_name != "sliced_wait":
                frame = frame.f_back
            if frame is not None:
                print("waiting", what, flush=True)
                return
            time.sleep(0.001)
    threading.Thread(target=watch, daemon=True).start()

def interruptible(what, wait):
    announce_when_waiting(what)
    try:
        wait()
        print("returned", what, flush=True)
    except KeyboardInterrupt:
        print("interrupted", what, flush=True)

instance = ireec.Instance()
device = instance.create_device(sys.argv[2])
session = ireec.Session(instance, device)
session.load_module(sys.argv[1])
'''

# Waits on things that are never reached, one after another.
WAITS = ANNOUNCE_WHEN_WAITING + '''
a = np.ones(4, np.float32)
never = ireec.Semaphore(device)
interruptible("fence", lambda: never.fence(1).wait())
interruptible("semaphore", lambda: never.wait(1))
interruptible("call_async", lambda: session.call_async("async_ops.async_mul", a, a,
                                                       wait=never.fence(1)))
# Still usable after the interruptions.
print(json.dumps(session.call("async_ops.async_mul", a, a)[0].to_numpy().tolist()), flush=True)
'''

# A call whose device is busy computing, repeated so the signal lands during
# a computation however fast the machine is.
COMPUTATION = ANNOUNCE_WHEN_WAITING + '''
big = np.ones((1024, 1024), np.float32)
def compute():
    for _ in range(20):
        session.call("blocking.matmul", big, big)
interruptible("computation", compute)
small = np.full((2, 3), 2, np.float32)
print(json.dumps(session.call("blocking.matmul", small, small.T)[0].to_numpy().tolist()),
      flush=True)
'''


def interrupt_each(child_source: str, vmfb, uri: str, *waits: str):
    """Runs the child, interrupting each of its `waits` in turn; the JSON it
    prints last."""
    with python_child("-c", child_source, vmfb, uri, timeout=CHILD_TIMEOUT) as child:
        for what in waits:
            assert child.stdout.readline() == f"waiting {what}\n"
            child.send_signal(signal.SIGINT)
            assert child.stdout.readline() == f"interrupted {what}\n", \
                f"the {what} wait did not end on SIGINT"
        last = child.stdout.readline()
        out, err = child.communicate()
        assert child.returncode == 0, err
        assert out == "", out
    return json.loads(last)


def test_ctrl_c_interrupts_waits(compile_mlir, cpu_driver):
    # On local-sync too: a call_async whose wait fence is pending waits for
    # it first, interruptibly, instead of blocking inside the submission.
    vmfb = compile_mlir(PROGRAMS_DIR / "async_ops.mlir", *ASYNC_FLAGS)
    assert interrupt_each(WAITS, vmfb, cpu_driver, "fence", "semaphore",
                          "call_async") == [1.0, 1.0, 1.0, 1.0]


def test_ctrl_c_during_a_computation(compile_mlir):
    vmfb = compile_mlir(PROGRAMS_DIR / "blocking.mlir", *ASYNC_FLAGS)
    assert interrupt_each(COMPUTATION, vmfb, "local-task", "computation") == [
        [12.0, 12.0], [12.0, 12.0]]
