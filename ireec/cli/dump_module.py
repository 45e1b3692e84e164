"""`python -m ireec dump-module [--output=...] module.vmfb`: IREE's
iree-dump-module over ireec.

    --output=metadata           (default) the module's name and version,
                                attributes, required types, dependencies,
                                imports and exports with their calling
                                conventions and attributes, its sections
                                (state, bytecode, rodata and rwdata
                                segments) and functions, and how much debug
                                information it carries
    --output=flatbuffer-binary  the module's FlatBuffer, as it is
    --output=flatbuffer-json    the FlatBuffer as JSON (--flatbuffer_pretty
                                indents it), as flatcc prints it

The archive is found and verified by the runtime, as iree-dump-module does
(a file that is not a module, or a FlatBuffer failing verification, is an
error naming the file); the FlatBuffer is read with ireec's reader
(`ireec.vm.bytecode_module_def`). The output is iree-dump-module's, byte for
byte.
"""

from __future__ import annotations

import sys
from typing import BinaryIO, Callable, Sequence

from .._core.flatbuffer import FlatBufferError, Table, print_json
from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.strings import from_string_view
from .._core.validate import refuse_special_file
from ..errors import IreeError
from ..runtime.advice import source_map_advice
from ..vm.bytecode_module_def import read_module_archive
from ._common import CliError, FlagParser, expand_flagfiles, run_tool
from .inputs import annotate

OUTPUT_MODES = ("metadata", "flatbuffer-binary", "flatbuffer-json")
_RULE = "//===" + "-" * 110 + "===//\n"

Write = Callable[[str], object]


def _text(value: bytes | None) -> str:
    """A FlatBuffer string as C's printf("%s") prints it: to its first NUL,
    "(null)" when absent; bytes that are not UTF-8 kept as they are."""
    if value is None:
        return "(null)"
    return value.split(b"\0", 1)[0].decode("utf-8", "surrogateescape")


def _section(write: Write, title: str) -> None:
    write(_RULE + f"// {title}\n" + _RULE)


def _feature_bits(write: Write, bits: int) -> int:
    """Writes IREE's names of feature bits; returns how many characters."""
    parts = []
    for bit, name in ((1, "EXT_F32"), (2, "EXT_F64")):
        if bits & bit:
            parts.append(name)
            bits &= ~bit
    if bits:
        parts.append(f"{bits:08X}")
    write(" | ".join(parts))
    return sum(len(p) for p in parts)


def _attrs(write: Write, attrs: list[Table], indent: int) -> None:
    for attr in attrs:
        write(" " * indent + f"{_text(attr.get('key'))}: {_text(attr.get('value'))}\n")


_CCONV_TYPES = {"i": "i32", "f": "f32", "I": "i64", "F": "f64", "r": "!vm.ref<?>"}


def _cconv_fragment(fragment: str) -> str:
    """A calling convention fragment ("rrI") as IREE prints it."""
    parts, i = [], 0
    while i < len(fragment):
        char = fragment[i]
        if char == "v":
            parts.append("")
        elif char in _CCONV_TYPES:
            parts.append(_CCONV_TYPES[char])
        elif char == "C":
            end = fragment.find("D", i + 1)
            if end < 0:
                raise CliError("unterminated cconv span", lib.IREE_STATUS_FAILED_PRECONDITION)
            parts.append(f"tuple<{_cconv_fragment(fragment[i + 1:end])}>...")
            i = end
        else:
            raise CliError(f"unsupported cconv type '{char}'", lib.IREE_STATUS_UNIMPLEMENTED)
        i += 1
    return ", ".join(parts)


def _cconv(cconv: bytes) -> str:
    """`(arguments) -> (results)` of a calling convention string, split by
    the runtime (iree_vm_function_call_get_cconv_fragments)."""
    signature = ffi.new("iree_vm_function_signature_t*")
    owner = ffi.new("char[]", cconv)
    signature.calling_convention = lib.iree_make_string_view(owner, len(cconv))
    arguments = ffi.new("iree_string_view_t*")
    results = ffi.new("iree_string_view_t*")
    check_status(lib.iree_vm_function_call_get_cconv_fragments(signature, arguments, results))
    return (f"({_cconv_fragment(from_string_view(arguments[0]))}) -> "
            f"({_cconv_fragment(from_string_view(results[0]))})")


def _signature(write: Write, signature: Table | None, attrs_indent: int) -> None:
    """A function's calling convention (when present), then its attributes."""
    if signature is not None and signature.has("calling_convention"):
        write(_cconv(signature.get("calling_convention")))
    write("\n")
    if signature is not None and signature.has("attrs"):
        _attrs(write, signature.get("attrs"), attrs_indent)


def _imports(write: Write, imports: list[Table], indent: int) -> None:
    for i, function in enumerate(imports):
        write(" " * indent + f"[{i:3d}] ")
        if function.get("flags") & 2:  # OPTIONAL
            write("?")
        write(_text(function.get("full_name")))
        _signature(write, function.get("signature"), indent + 6)


def _exports(write: Write, exports: list[Table], signatures: list[Table],
             indent: int) -> None:
    for i, function in enumerate(exports):
        write(" " * indent + f"[{i:3d}] {_text(function.get('local_name'))}")
        ordinal = function.get("internal_ordinal")
        if not 0 <= ordinal < len(signatures):
            raise CliError(f"export {i} names function {ordinal}, not one of the "
                           f"module's {len(signatures)}", lib.IREE_STATUS_OUT_OF_RANGE)
        _signature(write, signatures[ordinal], 8)


def _printable_prefix(data: list[int]) -> int | None:
    """The length of the string `data` holds (to its first NUL), or None
    when a byte before it is not printable (iree-dump-module's test)."""
    length = data.index(0) if 0 in data else len(data)
    if all(0x20 <= byte < 0x7F for byte in data[:length]):
        return length
    return None


def _rodata(write: Write, segments: list[Table], indent: int) -> None:
    for i, segment in enumerate(segments):
        write(" " * indent + f".rodata[{i:3d}] ")
        if segment.get("compression_type")[0] == 1:
            write("uncompressed ")
        if segment.has("embedded_data"):
            data = segment.get("embedded_data")
            write(f"embedded {len(data):8d} bytes")
            length = _printable_prefix(data)
            if length is not None:
                write(f" `{bytes(data[:min(32, length)]).decode('ascii')}`")
                if length >= 32:
                    write("...")
        else:
            offset = segment.get("external_data_offset")
            length = segment.get("external_data_length")
            write(f"external {length:8d} bytes (offset {offset} / {offset:X}h to "
                  f"{offset + length:X}h)")
        write("\n")


def _function_descriptors(write: Write, descriptors: list[dict], exports: list[Table]) -> None:
    write("  # | Offset   |   Length | Blocks | i32 # | ref # | Requirements | Aliases\n")
    write("----+----------+----------+--------+-------+-------+--------------+-"
          + "-" * 52 + "\n")
    for i, d in enumerate(descriptors):
        write(f"{i:3d} | {d['bytecode_offset'] & 0xFFFFFFFF:08X} | {d['bytecode_length']:8d} "
              f"| {d['block_count']:6d} | {d['i32_register_count']:5d} "
              f"| {d['ref_register_count']:5d} | ")
        width = _feature_bits(write, d["requirements"])
        if width < 12:
            write(" " * (12 - width))
        write(" | ")
        write(", ".join(_text(e.get("local_name")) for e in exports
                        if e.get("internal_ordinal") == i))
        write("\n")


def dump_metadata(write: Write, module: Table, flatbuffer_size: int) -> None:
    """iree-dump-module's --output=metadata."""
    version = module.get("version")
    _section(write, f"@{_text(module.get('name'))} : version {version}")
    write("\n")
    if module.has("requirements"):
        write("Requirements: ")
        _feature_bits(write, module.get("requirements"))
        write("\n\n")
    if module.has("attrs"):
        write("Attributes:\n")
        _attrs(write, module.get("attrs"), 2)
        write("\n")
    if module.has("types"):
        write("Required Types:\n")
        for i, type_def in enumerate(module.get("types")):
            write(f"  [{i:3d}] {_text(type_def.get('full_name'))}\n")
        write("\n")
    if module.has("dependencies"):
        write("Module Dependencies:\n")
        for dependency in module.get("dependencies"):
            kind = "optional" if dependency.get("flags") & 2 else "required"
            write(f"  {_text(dependency.get('name'))}, version >= "
                  f"{_int32(dependency.get('minimum_version'))}, {kind}\n")
        write("\n")
    if module.has("imported_functions"):
        write("Imported Functions:\n")
        _imports(write, module.get("imported_functions"), 2)
        write("\n")
    exports = module.get("exported_functions")
    if module.has("exported_functions"):
        write("Exported Functions:\n")
        _exports(write, exports, module.get("function_signatures"), 2)
        write("\n")

    _section(write, "Sections")
    write("\n")
    state = module.get("module_state")
    if state is not None:
        capacity, refs = state.get("global_bytes_capacity"), state.get("global_ref_count")
        ref_size = ffi.sizeof("iree_vm_ref_t")
        write(f"Module State:\n  {capacity} bytes, {refs} refs, "
              f"~{(capacity + ref_size * refs) % (1 << 64)} bytes total\n\n")
    write(f"FlatBuffer: {flatbuffer_size} bytes\n")
    if module.has("bytecode_data"):
        write(f"  Bytecode: {len(module.get('bytecode_data'))} bytes\n")
    rodata = module.get("rodata_segments")
    _rodata(write, rodata, 2)
    for i, segment in enumerate(module.get("rwdata_segments")):
        write(f"  .rwdata[{i:3d}] {segment.get('byte_size')} bytes\n")
    write("\n")
    external = sum(s.get("external_data_length") for s in rodata
                   if not s.has("embedded_data"))
    if external:
        write(f"External .rodata: ~{external} bytes\n\n")

    _section(write, f"Bytecode : version {version}")
    write("\n")
    if module.has("function_descriptors"):
        _function_descriptors(write, module.get("function_descriptors"), exports)
    write("\n")

    debug = module.get("debug_database")
    if debug is not None:
        _section(write, "Debug Information")
        write("// NOTE: debug databases are large and should be stripped in deployed "
              "artifacts.\n\n")
        write(f"Locations: {len(debug.get('location_table'))}\n\n")


def _int32(value: int) -> int:
    """An unsigned 32-bit value as printf("%d") prints it."""
    return value - (1 << 32) if value >= 1 << 31 else value


def _read_module_file(path: str) -> bytes:
    refuse_special_file(path, "module file")
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise CliError(f"failed to open file '{path}': {e.strerror}",
                       lib.IREE_STATUS_NOT_FOUND if isinstance(e, FileNotFoundError)
                       else lib.IREE_STATUS_UNAVAILABLE) from None


def dump_module(path: str, output: str, pretty: bool, out: BinaryIO) -> None:
    """Writes `output` of the module at `path` to the binary stream `out`."""
    if output not in OUTPUT_MODES:
        raise CliError(f"unrecognized --output= flag value '{output}'")
    data = _read_module_file(path)
    try:
        archive = read_module_archive(data)
        if output == "flatbuffer-binary":
            out.write(bytes(archive.flatbuffer))
        elif output == "flatbuffer-json":
            out.write(print_json(archive.module, pretty))
        else:
            parts: list[str] = []
            dump_metadata(parts.append, archive.module, len(archive.flatbuffer))
            out.write("".join(parts).encode("utf-8", "surrogateescape"))
    except (IreeError, CliError) as e:
        note = f"reading module '{path}'"
        advice = source_map_advice(str(e))
        raise annotate(e, f"{note}; {advice}" if advice else note) from None
    except FlatBufferError as e:
        raise CliError(f"{e}; reading module '{path}'") from None


def main(argv: Sequence[str] | None = None, prog: str = "python -m ireec dump-module") -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = FlagParser(prog=prog, description=(
        "Dumps IREE VM module details to stdout, as iree-dump-module does."))
    parser.add_argument("module", nargs="*", help="the compiled module (.vmfb); "
                        "only the first is read, as in iree-dump-module")
    parser.add_argument("--output", default="metadata", help=(
        "'metadata': module metadata and size breakdown; 'flatbuffer-binary': module "
        "flatbuffer in binary format; 'flatbuffer-json': module flatbuffer in JSON format"))
    parser.add_bool_flag("--flatbuffer_pretty", "pretty print flatbuffer JSON")
    parser.add_argument("--verbose", action="store_true",
                        help="on failure, print the full traceback")

    def body() -> int:
        args = parser.parse_args(expand_flagfiles(argv))
        if not args.module:
            print(f"Syntax: {prog} [--output=...] module.vmfb", file=sys.stderr)
            return 1
        dump_module(args.module[0], args.output, args.flatbuffer_pretty,
                    sys.stdout.buffer)
        return 0

    return run_tool(prog, body, "--verbose" in argv)
