"""fork() and IREE objects: what a child process inherits is abandoned.

A forked child has a copy of the parent's memory but only the thread that
called fork(): IREE's task executors, whose worker threads did the work and
whose destruction joins them, are gone. Any call on an inherited device then
waits for ever for a worker that does not exist, and so does releasing one,
which is what a plain exit does while objects are still alive.

So, in the child, right after fork (os.register_at_fork), every ireec object
inherited from the parent is abandoned: its C references are deliberately
leaked (never released: the memory is the parent's copy, and the process's
exit reclaims it), and the object behaves as closed, raising ClosedError that
says it was inherited across fork(). New objects made in the child work as
in any process. multiprocessing's "spawn" (or "forkserver") start method
starts children without inheriting anything and is the way to use ireec in
worker processes.
"""

from __future__ import annotations

import ctypes
import gc
import os

from . import library  # noqa: F401  isort: skip  (loads the runtime first)
from .. import _cext  # isort: skip

# What must never be deallocated (so never released): the abandoned objects.
_leaked: list = []
_pid_before_fork: int = os.getpid()


def _leak(obj) -> None:
    """Keeps `obj` alive for the rest of the process, even through the
    interpreter's final teardown of module globals."""
    ctypes.pythonapi.Py_IncRef(ctypes.py_object(obj))
    _leaked.append(obj)


def _abandon(obj) -> None:
    """Makes `obj` closed without ever releasing its reference."""
    lock = getattr(obj, "_lock", None)
    if isinstance(lock, _cext.Lock):
        # Another thread of the parent may have held it at the fork, and
        # nothing in the child would ever release it. Made new in place:
        # the object's invokers hold this same lock (closed or not, a call
        # takes it before finding the session closed).
        lock._at_fork_reinit()
    if obj._released:
        return
    # Closed but still in use counts too: its last user leaving (or the
    # collector) would release it.
    _leak(obj)
    # Its reference lives in C with its users counted: a use never given
    # back keeps it from being released, and it is closed for the C paths,
    # its ClosedError naming the parent (csrc/python/handle.c).
    obj._leak_reference(_pid_before_fork)


# Whether the collector was on before the fork (see _before_fork).
_gc_was_enabled = False


def _before_fork() -> None:
    global _pid_before_fork, _gc_was_enabled
    _pid_before_fork = os.getpid()
    # The collector stays off until every inherited object is abandoned: the
    # child runs other fork hooks first (threading's), and a collection
    # there would release the inherited objects in garbage cycles, which
    # hangs on the parent's worker threads.
    _gc_was_enabled = gc.isenabled()
    gc.disable()


def _after_fork_in_parent() -> None:
    if _gc_was_enabled:
        gc.enable()


def _after_fork_in_child() -> None:
    try:
        for obj in gc.get_objects():
            # Every wrapper's base is the C Handle.
            if isinstance(obj, _cext.Handle):
                _abandon(obj)
            elif isinstance(obj, _cext.Invoker):
                # A prepared or bound call: its VM lists (and a bound call's
                # arguments in them) are leaked too, and it is closed.
                obj._abandon()
    finally:
        if _gc_was_enabled:
            gc.enable()


os.register_at_fork(before=_before_fork, after_in_parent=_after_fork_in_parent,
                    after_in_child=_after_fork_in_child)
