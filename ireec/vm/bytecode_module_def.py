"""IREE's bytecode module schema (iree/schemas/bytecode_module_def.fbs) as data
for ireec's FlatBuffer reader (`ireec._core.flatbuffer`), and a compiled
module's archive (.vmfb) opened for reading: its FlatBuffer, found and
verified by the runtime (iree_vm_bytecode_archive_parse_header,
iree_vm_bytecode_module_flatbuffer_verify), then read from Python.
"""

from __future__ import annotations

from typing import NamedTuple

from .._core.flatbuffer import Enum, Field, Schema, Struct, Table
from .._core.library import ffi, lib
from .._core.status import check_status, error_from_status

_FEATURE_BITS = Enum("u32", {1: "EXT_F32", 2: "EXT_F64"}, bit_flags=True)
_DEPENDENCY_FLAGS = Enum("u32", {1: "REQUIRED", 2: "OPTIONAL"}, bit_flags=True)

SCHEMA = Schema(
    tables={
        "AttrDef": (Field("key", "string"), Field("value", "string")),
        "TypeDef": (Field("full_name", "string"),),
        "FunctionSignatureDef": (Field("calling_convention", "string"),
                                 Field("attrs", ("vector", ("table", "AttrDef")))),
        "ModuleDependencyDef": (Field("name", "string"), Field("minimum_version", "u32"),
                                Field("flags", ("enum", "ModuleDependencyFlagBits"), 1)),
        "ImportFunctionDef": (Field("full_name", "string"),
                              Field("signature", ("table", "FunctionSignatureDef")),
                              Field("flags", ("enum", "ImportFlagBits"), 1)),
        "ExportFunctionDef": (Field("local_name", "string"), Field("internal_ordinal", "i32")),
        "UncompressedDataDef": (),
        "RodataSegmentDef": (Field("compression_type", ("union", "CompressionTypeDef")),
                             Field("embedded_data", ("vector", "u8")),
                             Field("external_data_offset", "u64"),
                             Field("external_data_length", "u64")),
        "RwdataSegmentDef": (Field("byte_size", "i32"),),
        "ModuleStateDef": (Field("global_bytes_capacity", "i32"),
                           Field("global_ref_count", "i32")),
        "CallSiteLocDef": (Field("callee", "i32"), Field("caller", "i32")),
        "FileLineColLocDef": (Field("filename", "string"), Field("line", "i32"),
                              Field("column", "i32")),
        "FusedLocDef": (Field("metadata", "string"), Field("locations", ("vector", "i32"))),
        "NameLocDef": (Field("name", "string"), Field("child_location", "i32")),
        "FunctionSourceMapDef": (Field("local_name", "string"),
                                 Field("locations", ("vector", ("struct", "BytecodeLocationDef")))),
        "DebugDatabaseDef": (Field("location_table", ("vector", ("union", "LocationTypeDef"))),
                             Field("functions", ("vector", ("table", "FunctionSourceMapDef")))),
        "BytecodeModuleDef": (
            Field("name", "string"), Field("version", "u32"),
            Field("requirements", ("enum", "FeatureBits")),
            Field("attrs", ("vector", ("table", "AttrDef"))),
            Field("types", ("vector", ("table", "TypeDef"))),
            Field("dependencies", ("vector", ("table", "ModuleDependencyDef"))),
            Field("imported_functions", ("vector", ("table", "ImportFunctionDef"))),
            Field("exported_functions", ("vector", ("table", "ExportFunctionDef"))),
            Field("function_signatures", ("vector", ("table", "FunctionSignatureDef"))),
            Field("rodata_segments", ("vector", ("table", "RodataSegmentDef"))),
            Field("rwdata_segments", ("vector", ("table", "RwdataSegmentDef"))),
            Field("module_state", ("table", "ModuleStateDef")),
            Field("function_descriptors", ("vector", ("struct", "FunctionDescriptor"))),
            Field("bytecode_version", "u32"),
            Field("bytecode_data", ("vector", "u8")),
            Field("debug_database", ("table", "DebugDatabaseDef"))),
    },
    structs={
        "FunctionDescriptor": Struct(20, (
            ("bytecode_offset", "i32", 0), ("bytecode_length", "i32", 4),
            ("requirements", ("enum", "FeatureBits"), 8), ("reserved", "i16", 12),
            ("block_count", "i16", 14), ("i32_register_count", "i16", 16),
            ("ref_register_count", "i16", 18))),
        "BytecodeLocationDef": Struct(8, (("bytecode_offset", "i32", 0),
                                          ("location", "i32", 4))),
    },
    enums={"FeatureBits": _FEATURE_BITS, "ModuleDependencyFlagBits": _DEPENDENCY_FLAGS,
           "ImportFlagBits": _DEPENDENCY_FLAGS},
    unions={"CompressionTypeDef": ("NONE", "UncompressedDataDef"),
            "LocationTypeDef": ("NONE", "CallSiteLocDef", "FileLineColLocDef",
                                "FusedLocDef", "NameLocDef")},
)

# What the runtime's verifier says when flatcc's own verification fails (the
# only part of it iree-dump-module runs: the checks after it are the
# loader's, and a module failing them can still be read).
FLATBUFFER_VERIFICATION_FAILED = "FlatBuffer verification failed"


class ModuleArchive(NamedTuple):
    """A bytecode module archive: its FlatBuffer's bytes (`flatbuffer`), the
    root table (`module`, a BytecodeModuleDef) and where the external
    rodata starts in the archive."""
    flatbuffer: memoryview
    module: Table
    rodata_offset: int


def read_module_archive(data: bytes) -> ModuleArchive:
    """Finds and verifies the FlatBuffer of the archive `data` and opens its
    root. Raises the runtime's error (InvalidArgumentError, ...) for what is
    not a module or fails FlatBuffer verification."""
    data = bytes(data)
    # The C view of `data` is released before anything is raised or
    # returned: an exported buffer caught in a traceback's reference cycle
    # cannot be collected safely.
    base = ffi.from_buffer(data)
    try:
        archive = lib.iree_make_const_byte_span(base, len(data))
        contents = ffi.new("iree_const_byte_span_t*")
        rodata_offset = ffi.new("iree_host_size_t*")
        parsed = lib.iree_vm_bytecode_archive_parse_header(archive, contents, rodata_offset)
        verified = None
        if lib.iree_status_is_ok(parsed):
            start = int(ffi.cast("uintptr_t", contents.data)) - int(
                ffi.cast("uintptr_t", base))
            length, rodata = contents.data_length, rodata_offset[0]
            verified = lib.iree_vm_bytecode_module_flatbuffer_verify(archive, contents[0],
                                                                     rodata)
    finally:
        ffi.release(base)
    check_status(parsed)
    if not lib.iree_status_is_ok(verified):
        error = error_from_status(verified)
        if FLATBUFFER_VERIFICATION_FAILED in error.message:
            raise error
    flatbuffer = memoryview(data)[start:start + length]
    return ModuleArchive(flatbuffer, Table.root(flatbuffer, SCHEMA, "BytecodeModuleDef"),
                         rodata)


__all__ = ["SCHEMA", "ModuleArchive", "read_module_archive", "FLATBUFFER_VERIFICATION_FAILED"]
