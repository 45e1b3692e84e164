"""ireec.vm.Buffer: IREE's vm.buffer (a program's `!util.buffer`) with the
buffer protocol, read-only where IREE made it so; bytes, bytearrays,
memoryviews and numpy arrays where a function declares a buffer; buffers
into and out of programs, mutated by them, and a module's constants."""

from __future__ import annotations

import numpy as np
import pytest

import ireec
from ireec.vm import Buffer

from locations import PROGRAMS_DIR

KEEP_F64 = "--iree-input-demote-f64-to-f32=false"


@pytest.fixture(scope="module")
def session(instance, device, compile_mlir):
    session = ireec.Session(instance, device)
    session.load_module(compile_mlir(PROGRAMS_DIR / "vm_arguments.mlir", KEEP_F64))
    return session


def test_a_buffer_copies_bytes_and_lends_them_through_the_buffer_protocol():
    buffer = Buffer(b"hello")
    assert len(buffer) == 5 and bytes(buffer) == b"hello" and buffer.mutable
    view = memoryview(buffer)
    assert not view.readonly and view.nbytes == 5
    view[0:1] = b"j"  # IREE's own memory, written in place
    assert bytes(buffer) == b"jello"
    words = np.frombuffer(Buffer(np.array([1, 2, 3], np.int32)), np.int32)
    assert words.tolist() == [1, 2, 3]
    assert bytes(Buffer(4)) == bytes(4)
    assert len(Buffer(b"")) == 0 and bytes(memoryview(Buffer(0))) == b""
    readonly = Buffer(b"fixed", mutable=False)
    assert readonly.readonly and memoryview(readonly).readonly
    with pytest.raises(TypeError, match="read-only"):
        memoryview(readonly)[0:1] = b"x"
    assert not np.frombuffer(readonly, np.uint8).flags.writeable
    with pytest.raises(BufferError, match="read-only|not writable"):
        ireec.ffi.from_buffer(readonly, require_writable=True)


def test_a_buffer_closed_while_viewed_keeps_its_memory_until_the_view_goes():
    buffer = Buffer(b"kept")
    view = memoryview(buffer)
    buffer.close()
    assert buffer.closed and not buffer._released
    assert bytes(view) == b"kept"
    with pytest.raises(ireec.ClosedError):
        memoryview(buffer)
    view.release()
    assert buffer._released


def test_bad_buffers_raise_clear_errors():
    with pytest.raises(TypeError, match=r"data must be a bytes-like object \(.*\), not str"):
        Buffer("text")
    with pytest.raises(ValueError, match="a Buffer's size is -1; it must be 0 to"):
        Buffer(-1)
    with pytest.raises(ValueError, match="C-contiguous"):
        Buffer(np.arange(8)[::2])


@pytest.mark.parametrize("data", [b"hello", bytearray(b"hello"), memoryview(b"xhello")[1:],
                                  np.frombuffer(b"hello", np.uint8), Buffer(b"hello")],
                         ids=["bytes", "bytearray", "memoryview", "numpy", "Buffer"])
def test_bytes_like_arguments_become_buffers(session, data):
    assert session.call("vmargs.buffer_size", data) == [5]
    assert session.call("vmargs.buffer_byte", data, 1) == [ord("e")]
    (same,) = session.call("vmargs.same_buffer", data)
    assert type(same) is Buffer and bytes(same) == b"hello"


def test_an_empty_buffer_goes_in_and_out(session):
    assert session.call("vmargs.buffer_size", b"") == [0]
    (same,) = session.call("vmargs.same_buffer", b"")
    assert len(same) == 0


def test_a_program_writes_into_a_buffer_passed_as_a_buffer(session):
    buffer = Buffer(b"hello")
    assert session.call("vmargs.buffer_store", buffer, 0, ord("j")) == []
    assert bytes(buffer) == b"jello"
    # bytes are copied in: the caller's object is never written.
    data = bytearray(b"hello")
    session.call("vmargs.buffer_store", data, 0, ord("j"))
    assert data == b"hello"
    (same,) = session.call("vmargs.same_buffer", buffer)
    assert same.handle == buffer.handle


def test_a_module_constant_is_a_read_only_buffer(session):
    (constant,) = session.call("vmargs.constant")
    assert bytes(constant) == b"constant" and constant.readonly
    assert memoryview(constant).readonly
    assert "read-only" in repr(constant)
    with pytest.raises(ireec.PermissionDeniedError, match="read-only"):
        session.call("vmargs.buffer_store", constant, 0, 1)
    # The session keeps working.
    assert session.call("vmargs.buffer_size", constant) == [8]


def test_arguments_declared_as_buffers_refuse_other_values(session):
    for wrong in ([1, 2], 5, "text"):
        with pytest.raises(TypeError, match=r"argument 1 of vmargs.buffer_size takes a "
                                            r"!util.buffer"):
            session.call("vmargs.buffer_size", wrong)
    # None is a null ref, which the program itself refuses.
    with pytest.raises(ireec.InvalidArgumentError, match="buffer is null"):
        session.call("vmargs.buffer_size", None)
