"""Reading FlatBuffers from Python, and printing them as flatcc's JSON printer
does, from a schema written as Python data.

IREE's bytecode modules are FlatBuffers (iree/schemas/bytecode_module_def.fbs);
iree-dump-module reads them with flatcc's generated readers and prints them
with its generated JSON printer. Neither is exported by the runtime, so this
module reads the wire format itself:

* a table starts with a signed 32-bit offset back to its vtable (u16 vtable
  size, u16 table size, then one u16 offset per field id, 0 for an absent
  field); a union field takes two ids, its type (u8) then its value;
* strings, vectors, tables and unions are reached through unsigned 32-bit
  offsets relative to where the offset is stored; vectors start with a u32
  count; structs are stored inline; everything is little-endian.

Read only buffers that passed IREE's verifier (iree_vm_bytecode_module_flatbuffer_verify):
a malformed one raises FlatBufferError rather than reading outside the
buffer, but is not otherwise checked.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from typing import Any, Union

_SCALARS = {
    "bool": struct.Struct("<?"), "u8": struct.Struct("<B"), "i8": struct.Struct("<b"),
    "u16": struct.Struct("<H"), "i16": struct.Struct("<h"), "u32": struct.Struct("<I"),
    "i32": struct.Struct("<i"), "u64": struct.Struct("<Q"), "i64": struct.Struct("<q"),
}
_U32 = _SCALARS["u32"]
_I32 = _SCALARS["i32"]
_U16 = _SCALARS["u16"]


class FlatBufferError(ValueError):
    """The buffer is not what its schema says (an offset or length out of range)."""


# ----------------------------------------------------------------------------
# Schemas
#
# A field's type is a scalar name ("u32", "i16", ...), "string", or a tuple:
# ("enum", name), ("table", name), ("struct", name), ("union", name) or
# ("vector", element type).
# ----------------------------------------------------------------------------

FieldType = Union[str, tuple]


@dataclass(frozen=True)
class Field:
    name: str
    type: FieldType
    default: int = 0


@dataclass(frozen=True)
class Enum:
    base: str
    names: dict[int, str]
    bit_flags: bool = False


@dataclass(frozen=True)
class Struct:
    size: int
    fields: tuple[tuple[str, FieldType, int], ...]   # (name, type, offset)


@dataclass
class Schema:
    """A FlatBuffers schema: its tables (fields in id order), structs,
    enums and unions (member names by type value, 0 being NONE)."""
    tables: dict[str, tuple[Field, ...]]
    structs: dict[str, Struct] = field(default_factory=dict)
    enums: dict[str, Enum] = field(default_factory=dict)
    unions: dict[str, tuple[str, ...]] = field(default_factory=dict)
    _ids: dict[str, dict[str, int]] = field(default_factory=dict)

    def field_ids(self, table: str) -> dict[str, int]:
        """{field name: id} (a union field's id is its value's; its type
        is the id before)."""
        ids = self._ids.get(table)
        if ids is None:
            ids, next_id = {}, 0
            for f in self.tables[table]:
                if _is_union(f.type):
                    next_id += 1
                ids[f.name] = next_id
                next_id += 1
            self._ids[table] = ids
        return ids


# ----------------------------------------------------------------------------
# Reading
# ----------------------------------------------------------------------------

class Buffer:
    """Bounds-checked little-endian reads from a bytes-like buffer."""

    data: memoryview

    def __init__(self, data: Any) -> None:
        self.data = memoryview(data).cast("B")

    def read(self, kind: str, offset: int) -> Any:
        codec = _SCALARS[kind]
        if offset < 0 or offset + codec.size > len(self.data):
            raise FlatBufferError(f"a {kind} at offset {offset} is outside the "
                                  f"{len(self.data)}-byte buffer")
        return codec.unpack_from(self.data, offset)[0]

    def follow(self, offset: int) -> int:
        """The position a uoffset stored at `offset` points to."""
        return offset + self.read("u32", offset)

    def bytes(self, offset: int, length: int) -> bytes:
        if offset < 0 or length < 0 or offset + length > len(self.data):
            raise FlatBufferError(f"{length} bytes at offset {offset} are outside "
                                  f"the {len(self.data)}-byte buffer")
        return bytes(self.data[offset:offset + length])

    def vector(self, offset: int) -> tuple[int, int]:
        """(count, position of the first element) of the vector at `offset`."""
        return self.read("u32", offset), offset + 4

    def string(self, offset: int) -> bytes:
        count, start = self.vector(offset)
        return self.bytes(start, count)


def _is_union(kind: FieldType) -> bool:
    """A union or a vector of unions: a field taking two ids (types, values)."""
    return isinstance(kind, tuple) and (kind[0] == "union" or (
        kind[0] == "vector" and isinstance(kind[1], tuple) and kind[1][0] == "union"))


class Table:
    """A table of `schema`'s type `name`, at `position` in `buffer`."""

    __slots__ = ("buffer", "position", "schema", "name", "_vtable", "_vsize")
    buffer: Buffer
    position: int
    schema: Schema
    name: str

    def __init__(self, buffer: Buffer, position: int, schema: Schema, name: str) -> None:
        self.buffer, self.position, self.schema, self.name = buffer, position, schema, name
        self._vtable = position - buffer.read("i32", position)
        self._vsize = buffer.read("u16", self._vtable)

    @classmethod
    def root(cls, data: Any, schema: Schema, name: str) -> "Table":
        buffer = Buffer(data)
        return cls(buffer, buffer.follow(0), schema, name)

    def _slot(self, field_id: int) -> int | None:
        """The position of field `field_id`, or None when absent."""
        entry = 4 + 2 * field_id
        if entry + 2 > self._vsize:
            return None
        offset = self.buffer.read("u16", self._vtable + entry)
        return self.position + offset if offset else None

    def _field(self, name: str) -> tuple[Field, int]:
        ids = self.schema.field_ids(self.name)
        for f in self.schema.tables[self.name]:
            if f.name == name:
                return f, ids[name]
        raise KeyError(f"{self.name} has no field {name!r}")

    def has(self, name: str) -> bool:
        return self._slot(self._field(name)[1]) is not None

    def get(self, name: str) -> Any:
        """The field's value: an int, bytes (a string), a Table, a dict (a
        struct), a list (a vector), or for a union (its type name, its
        Table or None; a list of those for a vector of unions). An absent field reads as its default (None for
        strings, tables and vectors; an empty list for a vector)."""
        f, field_id = self._field(name)
        kind = f.type
        if isinstance(kind, tuple) and kind[0] == "union":
            type_slot = self._slot(field_id - 1)
            type_value = self.buffer.read("u8", type_slot) if type_slot is not None else 0
            slot = self._slot(field_id)
            members = self.schema.unions[kind[1]]
            value = None
            if type_value and slot is not None and type_value < len(members):
                value = Table(self.buffer, self.buffer.follow(slot), self.schema,
                              members[type_value])
            return type_value, value
        if _is_union(kind):
            return union_vector(self, name)
        slot = self._slot(field_id)
        if slot is None:
            if isinstance(kind, tuple) and kind[0] == "vector":
                return []
            return None if kind == "string" or isinstance(kind, tuple) and kind[0] in (
                "table", "struct") else f.default
        return read_value(self.buffer, self.schema, kind, slot)


def union_vector(table: Table, name: str) -> list[tuple[int, "Table | None"]]:
    """A vector of unions: [(type value, its Table or None for NONE)]."""
    f, field_id = table._field(name)
    buffer, schema = table.buffer, table.schema
    members = schema.unions[f.type[1][1]]
    types_slot, values_slot = table._slot(field_id - 1), table._slot(field_id)
    types = (read_vector(buffer, schema, "u8", buffer.follow(types_slot))
             if types_slot is not None else [])
    if values_slot is None:
        return [(t, None) for t in types]
    count, start = buffer.vector(buffer.follow(values_slot))
    if count != len(types):
        raise FlatBufferError(f"{name}: {len(types)} union types for {count} values")
    buffer.bytes(start, 4 * count)
    values: list[tuple[int, Table | None]] = []
    for i, type_value in enumerate(types):
        slot = start + 4 * i
        if type_value == 0 or type_value >= len(members) or not buffer.read("u32", slot):
            values.append((type_value, None))
        else:
            values.append((type_value, Table(buffer, buffer.follow(slot), schema,
                                             members[type_value])))
    return values


def _scalar_kind(schema: Schema, kind: FieldType) -> str:
    if isinstance(kind, tuple) and kind[0] == "enum":
        return schema.enums[kind[1]].base
    return kind  # type: ignore[return-value]


def read_value(buffer: Buffer, schema: Schema, kind: FieldType, slot: int) -> Any:
    """The value of type `kind` stored at `slot` (inline, or an offset)."""
    if kind == "string":
        return buffer.string(buffer.follow(slot))
    if isinstance(kind, str) or kind[0] == "enum":
        return buffer.read(_scalar_kind(schema, kind), slot)
    what, name = kind
    if what == "table":
        return Table(buffer, buffer.follow(slot), schema, name)
    if what == "struct":
        return read_struct(buffer, schema, name, slot)
    if what == "vector":
        return read_vector(buffer, schema, name, buffer.follow(slot))
    raise FlatBufferError(f"cannot read a {what} here")


def read_struct(buffer: Buffer, schema: Schema, name: str, position: int) -> dict[str, Any]:
    layout = schema.structs[name]
    return {field_name: buffer.read(_scalar_kind(schema, kind), position + offset)
            for field_name, kind, offset in layout.fields}


def read_vector(buffer: Buffer, schema: Schema, element: FieldType, position: int) -> list:
    count, start = buffer.vector(position)
    if element == "string" or isinstance(element, tuple) and element[0] == "table":
        buffer.bytes(start, 4 * count)  # the offsets are inside the buffer
        return [read_value(buffer, schema, element, start + 4 * i) for i in range(count)]
    if isinstance(element, tuple) and element[0] == "struct":
        size = schema.structs[element[1]].size
        buffer.bytes(start, size * count)
        return [read_struct(buffer, schema, element[1], start + size * i)
                for i in range(count)]
    kind = _scalar_kind(schema, element)
    codec = _SCALARS[kind]
    raw = buffer.bytes(start, codec.size * count)
    return [value for (value,) in codec.iter_unpack(raw)]


# ----------------------------------------------------------------------------
# flatcc's JSON printer
#
# What flatcc_json_printer_table_as_root prints, with skip_default set (a
# scalar equal to its default is left out; an absent field always is):
# fields in id order; enums by name (bit flags as "A B", a value that is 0
# or has unknown bits as a number); a union as "<name>_type" then its table;
# vectors of unions as "<name>_type" (names, NONE included) then the tables
# (null for NONE). Pretty printing indents by 2 and breaks lines before each
# field and scalar or string element and before each struct in a vector, but
# not before a table in a vector ("[{", "},{"); compact output has no
# newline at all, pretty output ends with one.
# ----------------------------------------------------------------------------

class _JsonPrinter:
    def __init__(self, schema: Schema, pretty: bool):
        self.schema = schema
        self.indent = 2 if pretty else 0
        self.level = 0
        self.parts: list[bytes] = []

    def nl(self) -> None:
        if self.indent:
            self.parts.append(b"\n" + b" " * (self.level * self.indent))

    def start(self, char: bytes) -> None:
        self.level += 1
        self.parts.append(char)

    def end(self, char: bytes) -> None:
        if self.indent:
            self.level -= 1
            self.parts.append(b"\n" + b" " * (self.level * self.indent))
        self.parts.append(char)

    def name(self, name: str) -> None:
        self.nl()
        self.parts.append(b'"' + name.encode() + b'":' + (b" " if self.indent else b""))

    def string(self, data: bytes) -> None:
        self.parts.append(json_string(data))

    def enum(self, enum_name: str, value: int) -> None:
        enum = self.schema.enums[enum_name]
        if enum.bit_flags:
            mask = 0
            for bit in enum.names:
                mask |= bit
            if value == 0 or value & ~mask:
                self.parts.append(str(value).encode())
                return
            names = [n for bit, n in sorted(enum.names.items()) if value & bit]
            self.parts.append(b'"' + " ".join(names).encode() + b'"')
        elif value in enum.names:
            self.parts.append(b'"' + enum.names[value].encode() + b'"')
        else:
            self.parts.append(str(value).encode())

    def scalar(self, kind: FieldType, value: Any) -> None:
        if isinstance(kind, tuple) and kind[0] == "enum":
            self.enum(kind[1], value)
        elif kind == "bool":
            self.parts.append(b"true" if value else b"false")
        else:
            self.parts.append(str(int(value)).encode())

    def table(self, table: Table) -> None:
        self.start(b"{")
        count = 0
        buffer, schema = table.buffer, self.schema
        ids = schema.field_ids(table.name)
        for f in schema.tables[table.name]:
            kind, field_id = f.type, ids[f.name]
            if isinstance(kind, tuple) and kind[0] == "union":
                count = self._union(table, f, field_id, count)
                continue
            if _is_union(kind):
                count = self._union_vector(table, f, field_id, count)
                continue
            slot = table._slot(field_id)
            if slot is None:
                continue
            if kind == "string" or not isinstance(kind, str) and kind[0] != "enum":
                value = read_value(buffer, schema, kind, slot)
            else:
                value = buffer.read(_scalar_kind(schema, kind), slot)
                if value == f.default:
                    continue
            if count:
                self.parts.append(b",")
            count += 1
            self.name(f.name)
            self.value(kind, value)
        self.end(b"}")

    def _union(self, table: Table, f: Field, field_id: int, count: int) -> int:
        members = self.schema.unions[f.type[1]]
        type_slot = table._slot(field_id - 1)
        type_value = table.buffer.read("u8", type_slot) if type_slot is not None else 0
        if not type_value:
            return count
        if count:
            self.parts.append(b",")
        self.name(f.name + "_type")
        self.parts.append(self._member_name(members, type_value))
        slot = table._slot(field_id)
        if slot is not None and type_value < len(members):
            self.parts.append(b",")
            self.name(f.name)
            self.table(Table(table.buffer, table.buffer.follow(slot), self.schema,
                             members[type_value]))
        return count + 1

    @staticmethod
    def _member_name(members: tuple[str, ...], type_value: int) -> bytes:
        if type_value < len(members):
            return b'"' + members[type_value].encode() + b'"'
        return str(type_value).encode()

    def value(self, kind: FieldType, value: Any) -> None:
        if kind == "string":
            self.string(value)
        elif isinstance(kind, str) or kind[0] == "enum":
            self.scalar(kind, value)
        elif kind[0] == "table":
            self.table(value)
        elif kind[0] == "struct":
            self.struct(kind[1], value)
        else:
            self.vector(kind[1], value)

    def struct(self, name: str, value: dict[str, Any]) -> None:
        self.start(b"{")
        for i, (field_name, kind, _) in enumerate(self.schema.structs[name].fields):
            if i:
                self.parts.append(b",")
            self.name(field_name)
            self.scalar(kind, value[field_name])
        self.end(b"}")

    def vector(self, element: FieldType, values: list) -> None:
        self.start(b"[")
        for i, item in enumerate(values):
            if i:
                self.parts.append(b",")
            if isinstance(element, tuple) and element[0] == "table":
                self.table(item)
                continue
            self.nl()
            if isinstance(element, tuple) and element[0] == "struct":
                self.struct(element[1], item)
            elif element == "string":
                self.string(item)
            else:
                self.scalar(element, item)
        self.end(b"]")

    def _union_vector(self, table: Table, f: Field, field_id: int, count: int) -> int:
        members = self.schema.unions[f.type[1][1]]
        types_slot, values_slot = table._slot(field_id - 1), table._slot(field_id)
        buffer = table.buffer
        if types_slot is not None:
            types = read_vector(buffer, self.schema, "u8", buffer.follow(types_slot))
            if count:
                self.parts.append(b",")
            count += 1
            self.name(f.name + "_type")
            self.start(b"[")
            for i, type_value in enumerate(types):
                if i:
                    self.parts.append(b",")
                self.nl()
                self.parts.append(self._member_name(members, type_value))
            self.end(b"]")
        if values_slot is not None:
            values = union_vector(table, f.name)
            if count:
                self.parts.append(b",")
            count += 1
            self.name(f.name)
            self.start(b"[")
            for i, (_, value) in enumerate(values):
                if i:
                    self.parts.append(b",")
                if value is None:
                    self.parts.append(b"null")
                else:
                    self.table(value)
            self.end(b"]")
        return count


def json_string(data: bytes) -> bytes:
    """`data` as flatcc prints a string: quoted; control characters, '"' and
    '\\' escaped; other bytes as they are (flatcc does not check UTF-8)."""
    out = bytearray(b'"')
    for byte in data:
        if byte >= 0x20 and byte not in (0x22, 0x5C):
            out.append(byte)
        else:
            out += _ESCAPES.get(byte) or b"\\u00%02x" % byte
    out += b'"'
    return bytes(out)


_ESCAPES = {0x22: b'\\"', 0x5C: b"\\\\", 0x09: b"\\t", 0x0C: b"\\f", 0x0D: b"\\r",
            0x0A: b"\\n", 0x08: b"\\b"}


def print_json(root: Table, pretty: bool = False) -> bytes:
    """The root table as flatcc's JSON printer prints it (skipping defaults)."""
    printer = _JsonPrinter(root.schema, pretty)
    printer.table(root)
    if pretty:
        printer.parts.append(b"\n")
    return b"".join(printer.parts)


__all__ = ["Schema", "Field", "Enum", "Struct", "Table", "Buffer", "FlatBufferError",
           "print_json", "json_string", "read_vector"]
