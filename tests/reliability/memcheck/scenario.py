"""The memcheck scenario: a short run through the Pythonic layer, meant to be
run under valgrind (tests/reliability/test_memcheck.py). It creates, calls,
reads back and closes objects in every order, waits on fences, and makes a
bound call, so that any invalid read or write in ireec's own code shows up
in valgrind's report. It prints one line, "scenario done", when it ran through.

Usage: python scenario.py SIMPLE_MUL_VMFB ASYNC_OPS_VMFB
"""

import gc
import itertools
import sys

import numpy as np

import ireec

mul_path, async_path = sys.argv[1], sys.argv[2]
a = np.arange(4, dtype=np.float32)
b = np.full(4, 2, np.float32)
expected = (a * b).tolist()


def made(uri="local-sync"):
    instance = ireec.Instance()
    device = ireec.Device(instance, uri)
    session = ireec.Session(instance, device)
    session.load_module(mul_path)
    return instance, device, session


# Create, call, read back; then close the four objects in every order.
for order in itertools.permutations(range(4)):
    instance, device, session = made()
    (result,) = session.call("module.simple_mul", a, b)
    assert result.to_numpy().tolist() == expected
    assert str(result) == "4xf32=0 2 4 6"
    objects = [instance, device, session, result]
    for index in order:
        objects[index].close()
    del objects, instance, device, session, result
    gc.collect()

# Results outliving the session, read after it is closed.
instance, device, session = made()
results = [session.call("module.simple_mul", a, b)[0] for _ in range(3)]
session.close()
assert [r.to_numpy().tolist() for r in results] == [expected] * 3

# A module loaded from bytes, a Function lookup, attributes, prepared calls,
# out=, BufferView arguments and a zero-copy import.
session = ireec.Session(instance, device)
with open(mul_path, "rb") as f:
    session.load_module(f.read())
function = session.function("module.simple_mul")
assert function.signature and isinstance(function.attributes, dict)
out = np.empty(4, np.float32)
session.call("module.simple_mul", a, b, out=out)
assert out.tolist() == expected
view_a = ireec.BufferView.from_numpy(device, a)
aligned = ireec.empty_aligned(4, np.float32)
aligned[:] = b
view_b = ireec.BufferView.from_numpy(device, aligned, zero_copy=True)
(chained,) = function(view_a, view_b)
assert np.asarray(chained).tolist() == expected
prepared = function.prepare()
assert prepared(a, b)[0].to_numpy().tolist() == expected

# A bound call, its results kept and dropped, then closed before its session.
bound = prepared.bind(a, b)
kept = [bound()[0] for _ in range(3)]
bound_out = function.prepare().bind(a, b, out=out)
bound_out()
assert out.tolist() == expected
bound.close()
bound_out.close()
session.close()
assert [k.to_numpy().tolist() for k in kept] == [expected] * 3
for v in (view_a, view_b, chained, *kept):
    v.close()

# Fences and semaphores: an async call chained on a fence signalled from the
# host, a failed semaphore, a timed-out wait.
session = ireec.Session(instance, device)
session.load_module(async_path)
semaphore = ireec.Semaphore(device, 0)
gate = ireec.Fence.at(semaphore, 1)
semaphore.signal(1)
results, signal = session.call_async("async_ops.async_mul", a, b, wait=gate)
signal.wait(10)
assert results[0].to_numpy().tolist() == expected
(synced,) = session.call("async_ops.async_mul", a, b)
assert synced.to_numpy().tolist() == expected
pending = ireec.Semaphore(device, 0)
try:
    ireec.Fence.at(pending, 1).wait(0.01)
except ireec.DeadlineExceededError:
    pass
else:
    raise AssertionError("an unsignalled fence was reached")
pending.fail("failed on purpose")
try:
    pending.wait(1, 1)
except ireec.Error:
    pass
else:
    raise AssertionError("a failed semaphore was waited on")
joined = ireec.Fence.join([signal, ireec.Fence.at(semaphore, 1)])
joined.wait(1)
for obj in (joined, gate, signal, semaphore, pending, *results, synced, session, device,
            instance):
    obj.close()
gc.collect()
print("scenario done", flush=True)
