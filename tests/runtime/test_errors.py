"""Errors: one base, `ireec.Error`, under every exception ireec raises, each
keeping its builtin; IREE statuses become typed exceptions carrying IREE's
own message."""

from __future__ import annotations

import pytest

import ireec
from ireec import check_status, errors, lib
from ireec.compile import compile_mlir

CASES = [
    ("CANCELLED", ireec.CancelledError, ()),
    ("UNKNOWN", ireec.UnknownError, ()),
    ("INVALID_ARGUMENT", ireec.InvalidArgumentError, (ValueError,)),
    ("DEADLINE_EXCEEDED", ireec.DeadlineExceededError, (TimeoutError,)),
    ("NOT_FOUND", ireec.NotFoundError, (LookupError,)),
    ("ALREADY_EXISTS", ireec.AlreadyExistsError, ()),
    ("PERMISSION_DENIED", ireec.PermissionDeniedError, (PermissionError,)),
    ("RESOURCE_EXHAUSTED", ireec.ResourceExhaustedError, (MemoryError,)),
    ("FAILED_PRECONDITION", ireec.FailedPreconditionError, ()),
    ("ABORTED", ireec.AbortedError, ()),
    ("OUT_OF_RANGE", ireec.OutOfRangeError, (IndexError,)),
    ("UNIMPLEMENTED", ireec.UnimplementedError, (NotImplementedError,)),
    ("INTERNAL", ireec.InternalError, ()),
    ("UNAVAILABLE", ireec.UnavailableError, ()),
    ("DATA_LOSS", ireec.DataLossError, ()),
    ("UNAUTHENTICATED", ireec.UnauthenticatedError, ()),
    ("DEFERRED", ireec.DeferredError, ()),
    ("INCOMPATIBLE", ireec.IncompatibleError, ()),
]


@pytest.mark.parametrize("cls,builtin", [
    (ireec.IreeError, RuntimeError),
    (ireec.ClosedError, ValueError),
    (ireec.RuntimeNotFoundError, ImportError),
    (ireec.CompilerNotFoundError, FileNotFoundError),
    (ireec.CompileError, RuntimeError),
    (ireec.InvalidArgumentError, ValueError),
    (ireec.DeadlineExceededError, TimeoutError),
])
def test_every_error_is_an_ireec_error_and_keeps_its_builtin(cls, builtin):
    assert issubclass(cls, ireec.Error)
    assert issubclass(cls, builtin)
    assert cls.__module__ == "ireec.errors"


def test_status_errors_are_written_out_with_iree_codes():
    assert len(errors.STATUS_ERRORS) == 18
    for cls in errors.STATUS_ERRORS:
        assert issubclass(cls, ireec.IreeError)
        assert cls.code == getattr(lib, f"IREE_STATUS_{cls.code_name}")
        assert cls.__doc__ == f"IREE_STATUS_{cls.code_name}."
        # Written in errors.py, so importable by name from there.
        assert getattr(errors, cls.__name__) is cls


def test_a_closed_object_raises_an_ireec_error(instance):
    device = ireec.Device(instance, "local-task")
    device.close()
    with pytest.raises(ireec.Error, match="Device is closed"):
        device.id


def test_a_compile_failure_is_a_compile_error(tmp_path):
    with pytest.raises(ireec.CompileError, match="iree-compile failed"):
        compile_mlir("this is not MLIR", tmp_path / "bad.vmfb")


def make_status(code_name: str, message: bytes = b"something broke"):
    code = getattr(lib, f"IREE_STATUS_{code_name}")
    return lib.iree_status_allocate(code, b"probe.c", 42, lib.iree_make_cstring_view(message))


@pytest.mark.parametrize("code_name,cls,builtins", CASES)
def test_each_code_has_its_exception(code_name, cls, builtins):
    with pytest.raises(cls) as info:
        check_status(make_status(code_name))
    error = info.value
    assert isinstance(error, ireec.IreeError)
    assert isinstance(error, RuntimeError)
    for builtin in builtins:
        assert isinstance(error, builtin)
    assert error.code == getattr(lib, f"IREE_STATUS_{code_name}")
    assert error.code_name == code_name
    assert str(error) == error.message
    # IREE's own formatting: source location, code name, message.
    assert error.message == f"probe.c:42: {code_name}; something broke"


def test_annotations_are_kept():
    status = make_status("NOT_FOUND", b"no module")
    status = lib.iree_status_annotate(status, lib.iree_make_cstring_view(b"while loading x.vmfb"))
    with pytest.raises(ireec.NotFoundError) as info:
        check_status(status)
    assert "no module" in info.value.message
    assert "while loading x.vmfb" in info.value.message


def test_ok_is_not_an_error():
    assert check_status(lib.iree_ok_status()) is None
    assert lib.iree_status_is_ok(lib.iree_ok_status())
    assert lib.iree_status_code(lib.iree_status_from_code(lib.IREE_STATUS_ABORTED)) == 10


def test_code_only_statuses_format():
    # A status made from a code alone has no storage; it still formats.
    with pytest.raises(ireec.AbortedError) as info:
        check_status(lib.iree_status_from_code(lib.IREE_STATUS_ABORTED))
    assert "ABORTED" in info.value.message


def test_many_statuses_do_not_leak():
    # error_from_status frees each status exactly once: a leak or a double free
    # would show up as growth, a crash or a garbled message over many
    # iterations.
    messages = set()
    for _ in range(20000):
        with pytest.raises(ireec.InternalError) as info:
            check_status(make_status("INTERNAL", b"x" * 200))
        messages.add(info.value.message)
    (message,) = messages
    assert "x" * 200 in message
