"""Every declaration ireec binds, checked against the IREE ABI facts.

A wrong declaration is silent memory corruption, so nothing is taken on trust:
struct sizes, alignments, field offsets, field types and bit-fields; every
function's result, parameters and variadic-ness; every constant's value; and
that each function is exported by the library it is bound from (IREE's by the
runtime, the rest by libireec_runtime). Layouts come from ireec's compiled
extension (API mode: the C compiler laid them out from our headers).
"""

from __future__ import annotations

import ctypes
import hashlib
from pathlib import Path

import pytest

import ireec
from ireec import ffi, lib
from locations import ABI_FACTS_FILE, REPO_ROOT


def _load_build_ffi():
    # The cffi builder is build-only (not installed): read from the source tree.
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "_ireec_build_ffi", REPO_ROOT / "build_support" / "ffi.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_build_ffi = _load_build_ffi()
CDEF_HIDDEN_FIELDS, PYTHON_CALLBACKS = _build_ffi.CDEF_HIDDEN_FIELDS, _build_ffi.PYTHON_CALLBACKS

# Declared for Python's sake but provided by C macros or libc, not by IREE's
# functions; they have no entry in the facts.
MACRO_FUNCTIONS = {"iree_ok_status", "iree_status_from_code", "iree_status_code",
                   "iree_status_is_ok"}
LIBC_NAMES = {"stdout", "stderr", "fflush", "fputs", "fprintf"}
# ireec's own additions, named ireec_* because IREE has no such function.
IREEC_PREFIX = "ireec_"


def _declared_names():
    functions, constants, variables = [], [], []
    for name in dir(lib):
        # extern "Python" callbacks are defined by the extension module itself.
        if name in LIBC_NAMES or name in MACRO_FUNCTIONS or name in PYTHON_CALLBACKS:
            continue
        value = getattr(lib, name)
        if callable(value):
            functions.append(name)
        elif name.endswith("_registration"):
            variables.append(name)
        else:
            constants.append(name)
    return functions, constants, variables


FUNCTIONS, CONSTANTS, VARIABLES = _declared_names()


# IREE declarations the facts lack because the runtime neither exports them
# nor was asked to record them; ireec implements them. Spelled from IREE's
# headers at the bound commit (0f64f41a0ae3), in the facts' own form.
SUPPLEMENT_FUNCTIONS = {
    # iree/hal/drivers/{cuda,vulkan}/registration/driver_module.h: the runtime
    # has neither driver; ireec registers IREE's own, lent by IREE's official
    # runtime (csrc/hal/drivers/borrowed_drivers.c).
    **{f"iree_hal_{driver}_driver_module_register": {
        "returns": "iree_status_t",
        "params": [["iree_hal_driver_registry_t *", "registry"]],
        "variadic": False,
    } for driver in ("cuda", "vulkan")},
    # iree/hal/local/loaders/static_library_loader.h
    "iree_hal_static_library_loader_create": {
        "returns": "iree_status_t",
        "params": [["iree_host_size_t", "library_count"],
                   ["const iree_hal_executable_library_query_fn_t *", "library_query_fns"],
                   ["iree_hal_executable_import_provider_t", "import_provider"],
                   ["iree_allocator_t", "host_allocator"],
                   ["iree_hal_executable_loader_t **", "out_executable_loader"]],
        "variadic": False,
    },
}
# Typedefs from the headers flatcc generates from IREE's schemas, which the
# facts leave out: iree/schemas/bytecode_module_def.fbs declares
# `enum FeatureBits : uint32 (bit_flags)`.
SUPPLEMENT_TYPEDEFS = {"iree_vm_FeatureBits_enum_t": "unsigned int"}


def _function_facts(facts, name):
    for section in (facts["functions"], facts["not_exported"]["functions"],
                    facts["inline_functions"], SUPPLEMENT_FUNCTIONS):
        if name in section:
            return section[name]
    return None


def _ctype(spelling: str):
    """The cffi type for a facts type string; arrays decay as parameters do in
    C (cffi's function types already are function pointers)."""
    # cffi's parser knows no restrict; the qualifier does not change the type.
    ct = ffi.typeof(spelling.replace("*restrict", "*"))
    if ct.kind == "array":
        ct = ffi.typeof(ffi.getctype(ct.item, "*"))
    return ct


def test_declares_a_substantial_api():
    # The groups the binding promises; a broken cdef load would shrink these.
    assert len(FUNCTIONS) > 500
    for name in ("iree_runtime_instance_create", "iree_hal_create_device",
                 "iree_hal_buffer_view_allocate_buffer_copy", "iree_hal_fence_wait",
                 "iree_vm_invoke", "iree_hal_module_create",
                 "iree_vm_bytecode_module_create", "iree_hal_device_transfer_d2h",
                 "iree_hal_allocator_import_buffer", "iree_allocator_system"):
        assert name in FUNCTIONS


@pytest.mark.parametrize("name", [f for f in FUNCTIONS if not f.startswith(IREEC_PREFIX)])
def test_function_signature(abi_facts, name):
    facts = _function_facts(abi_facts, name)
    assert facts is not None, f"{name} is declared but IREE declares no such function"
    actual = ffi.typeof(getattr(lib, name))
    assert actual.result is _ctype(facts["returns"]), \
        f"{name} returns {actual.result.cname}, IREE says {facts['returns']}"
    expected_args = [_ctype(t) for t, _ in facts["params"]]
    assert len(actual.args) == len(expected_args), \
        f"{name} takes {len(actual.args)} parameters, IREE says {len(expected_args)}"
    for i, (got, want) in enumerate(zip(actual.args, expected_args)):
        assert got is want, (f"{name} parameter {i} ({facts['params'][i][1]}) is "
                             f"{got.cname}, IREE says {facts['params'][i][0]}")
    if facts.get("variadic"):
        assert actual.ellipsis, f"{name} is variadic in IREE"
    elif actual.ellipsis:
        # cffi reports struct-by-value functions as variadic in API mode (it
        # calls them through a generated wrapper); anything else is a mismatch.
        by_value = [actual.result, *actual.args]
        assert any(t.kind in ("struct", "union") for t in by_value), \
            f"{name} is declared variadic but IREE's is not"


def _records(facts):
    records = dict(facts["records"])
    records.update(facts["not_exported"]["records"])
    return records


def _declared_record_types():
    typedefs, structs, unions = ffi.list_types()
    names = []
    for name in typedefs:
        if ffi.typeof(name).kind in ("struct", "union"):
            names.append(name)
    names += [f"struct {s}" for s in structs if not s.startswith("$")]
    names += [f"union {u}" for u in unions if not u.startswith("$")]
    return sorted(set(names))


# ireec's own records (ireec_host_array_t, ...) are IREE's in no header; the
# C compiler lays them out for both sides, as for every record here.
RECORD_TYPES = [name for name in _declared_record_types()
                if not name.removeprefix("struct ").startswith(IREEC_PREFIX)]


def _record_facts(records, name):
    if name in records:
        return records[name]
    for key, record in records.items():
        if record.get("tag") == name:
            return record
    return None


@pytest.mark.parametrize("name", RECORD_TYPES)
def test_record_layout(abi_facts, name):
    facts = _record_facts(_records(abi_facts), name)
    assert facts is not None, f"{name} is declared but IREE has no such record"
    ct = ffi.typeof(name)
    try:
        ffi.sizeof(ct)  # also completes a lazily built struct before .fields
    except ffi.error:
        # Opaque here: nothing to lay out, but IREE must agree it is a record.
        assert facts["kind"] in ("opaque", "struct", "union")
        return
    assert facts["kind"] == ct.kind, f"{name} is a {ct.kind}, IREE says {facts['kind']}"
    assert ffi.sizeof(ct) == facts["size"], f"sizeof({name})"
    assert ffi.alignof(ct) == facts["align"], f"alignof({name})"
    fields = facts.get("flat_fields") or facts["fields"]
    bit_offsets = facts.get("bitfield_bit_offsets", {})
    hidden = CDEF_HIDDEN_FIELDS.get(name.removeprefix("struct ").removeprefix("union "), ())
    checked = 0
    for field_name, field_type, offset, bit_width in fields:
        if not field_name or field_name in hidden:
            continue
        path = field_name.split(".")
        if bit_width is not None:
            cfield = dict(ct.fields)[field_name]
            assert cfield.bitsize == bit_width, f"{name}.{field_name} width"
            assert cfield.offset * 8 + cfield.bitshift == bit_offsets[field_name], \
                f"{name}.{field_name} bit offset"
        else:
            assert ffi.offsetof(ct, *path) == offset, f"offsetof({name}, {field_name})"
            if "<" not in field_type:
                actual = _field_type(ct, path)
                assert actual is ffi.typeof(field_type), \
                    f"{name}.{field_name} is {actual.cname}, IREE says {field_type}"
        checked += 1
    assert checked == len([f for f in fields if f[0] and f[0] not in hidden])
    # Nothing declared here that IREE's record lacks.
    declared = {n for n, _ in ct.fields if n}
    known = {f[0].split(".")[0] for f in fields if f[0]}
    assert declared <= known, f"{name} declares fields IREE lacks: {declared - known}"


# The vtables drivers implemented here fill in: each must be declared (once,
# in the decls of its IREE header, ireec/decls/iree/hal/...) so
# test_record_layout checks it field by field against IREE's.
HAL_VTABLES = ("iree_hal_resource_vtable_t", "iree_hal_driver_vtable_t",
               "iree_hal_device_vtable_t", "iree_hal_semaphore_vtable_t",
               "iree_hal_command_buffer_vtable_t", "iree_hal_allocator_vtable_t",
               "iree_hal_event_vtable_t", "iree_hal_file_vtable_t",
               "iree_hal_executable_cache_vtable_t")


@pytest.mark.parametrize("name", HAL_VTABLES)
def test_hal_vtables_are_declared_and_checked(abi_facts, name):
    assert name in RECORD_TYPES
    facts = _record_facts(_records(abi_facts), name)
    assert ffi.sizeof(name) == facts["size"]
    assert [n for n, _ in ffi.typeof(name).fields] == [f[0] for f in facts["fields"]]


def _field_type(ct, path):
    for part in path:
        ct = dict(ct.fields)[part].type
    return ct


@pytest.mark.parametrize("name", [c for c in CONSTANTS if not c.startswith("IREEC_")])
def test_constant_value(abi_facts, name):
    value = getattr(lib, name)
    if name in abi_facts["enum_constants"]:
        expected = abi_facts["enum_constants"][name]
    elif name in abi_facts["constants"]:
        expected = abi_facts["constants"][name]
    else:
        enums = abi_facts["not_exported"]["enums"]
        values = {k: v for e in enums.values() for k, v in e["values"].items()}
        assert name in values, f"{name} is declared but IREE has no such constant"
        expected = values[name]
    assert value == expected, f"{name} = {value}, IREE says {expected}"


def test_scalar_typedefs(abi_facts):
    typedefs = dict(abi_facts["typedefs"])
    typedefs.update(abi_facts["not_exported"]["typedefs"])
    typedefs.update(SUPPLEMENT_TYPEDEFS)
    checked = 0
    for name in ffi.list_types()[0]:
        ct = ffi.typeof(name)
        if ct.kind not in ("primitive", "enum"):
            continue
        if name.startswith(IREEC_PREFIX):
            continue  # ireec's own (ireec_hal_cpu_device_param_kind_t): in no IREE header
        canonical = typedefs.get(name)
        assert canonical is not None, f"typedef {name} is not IREE's"
        expected = ffi.typeof(canonical.replace("_Bool", "bool"))
        assert ffi.sizeof(ct) == ffi.sizeof(expected), f"sizeof({name})"
        if ct.kind == "primitive" and expected.kind == "primitive":
            assert _signed(ct) == _signed(expected), f"signedness of {name}"
        checked += 1
    assert checked > 50


def _signed(ct):
    return ffi.cast(ct, -1) < 0 if "float" not in ct.cname and "double" not in ct.cname else True


@pytest.fixture(scope="module")
def libraries():
    runtime = ctypes.CDLL(str(ireec.RUNTIME_LIBRARY_PATH))
    ours = ctypes.CDLL(str(Path(ireec.get_library_dir()) / "libireec_runtime.so"))
    return runtime, ours


def test_functions_are_exported_where_bound(abi_facts, libraries):
    runtime, ours = libraries
    problems = []
    for name in FUNCTIONS:
        in_runtime, in_ours = hasattr(runtime, name), hasattr(ours, name)
        if name in abi_facts["functions"]:
            if not in_runtime:
                problems.append(f"{name}: IREE exports it but the runtime lacks it")
            if in_ours:
                problems.append(f"{name}: libireec_runtime redefines a runtime export")
        elif not in_ours:
            problems.append(f"{name}: not exported by libireec_runtime")
    for name in VARIABLES:
        assert name in abi_facts["variables"], name
        if not hasattr(runtime, name):
            problems.append(f"{name}: variable not exported by the runtime")
    assert not problems, "\n".join(problems)


def test_runtime_library_identity():
    # ireec refuses unknown builds unless told otherwise; this one is known.
    from ireec._core.runtime_location import KNOWN_RUNTIME_SHA256
    assert ireec.RUNTIME_LIBRARY_SHA256 in KNOWN_RUNTIME_SHA256


def test_the_facts_describe_the_runtime_ireec_binds(abi_facts):
    # The declarations are checked against the very build ireec loads.
    from ireec._core.runtime_location import IREE_COMMIT, KNOWN_RUNTIME_SHA256, RUNTIME_FILE_NAME
    meta = abi_facts["meta"]
    assert meta["iree_commit"] == IREE_COMMIT
    assert meta["library"].rsplit("/", 1)[-1] == RUNTIME_FILE_NAME
    assert meta["library_sha256"] in KNOWN_RUNTIME_SHA256


def test_the_facts_file_is_the_one_its_readme_names():
    # The tests' copy is kept byte for byte as it was made: an edit by hand
    # would silently change what every declaration is checked against.
    readme = (ABI_FACTS_FILE.parent / "README.md").read_text()
    digest = hashlib.sha256(ABI_FACTS_FILE.read_bytes()).hexdigest()
    assert f"`{ABI_FACTS_FILE.name}`" in readme
    assert f"`{digest}`" in readme, f"{ABI_FACTS_FILE.name} has sha256 {digest}"
