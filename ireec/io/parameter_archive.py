"""The layout of IREE parameter archives (.irpa), as iree/schemas/parameter_archive.h
defines it: packed little-endian records, every offset in a header relative
to that header's own position in the file.

    header (88 bytes)   prefix: magic u32 "IRPA", version major u16, minor u16,
                        header_size u64, next_header_offset u64, flags u64;
                        then entry_count u64 and three segments, each
                        (offset u64, length u64): the entry table, the
                        metadata segment (names and metadata blobs, unaligned)
                        and the storage segment (parameter bytes)
    entry header        entry_size u64, type u32, flags u64, name (offset,
    (60 bytes)          length) and metadata (offset, length) in the metadata
                        segment, minimum_alignment u64
    splat entry         the entry header, length u64, pattern[16],
    (85 bytes)          pattern_length u8
    data entry          the entry header, storage (offset, length) in the
    (76 bytes)          storage segment

Entries in the table start 16-byte aligned, zero-padded between; a file
holding an archive is padded to 4096 bytes.
"""

from __future__ import annotations

import struct

MAGIC = 0x41505249  # "IRPA"
VERSION_MAJOR = 0
VERSION_MINOR = 0

_PREFIX = "IHHQQQ"
_V0_BODY = "Q" "QQ" "QQ" "QQ"       # entry_count, then the three segments
_ENTRY_HEADER = "QIQ" "QQ" "QQ" "Q"
_SPLAT_BODY = "Q16sB"               # length, pattern, pattern_length
_DATA_BODY = "QQ"                   # the storage reference

HEADER_PREFIX = struct.Struct("<" + _PREFIX)
HEADER_V0_BODY = struct.Struct("<" + _V0_BODY)   # the v0 header after its prefix
HEADER_V0 = struct.Struct("<" + _PREFIX + _V0_BODY)
ENTRY_HEADER = struct.Struct("<" + _ENTRY_HEADER)
DATA_STORAGE = struct.Struct("<" + _DATA_BODY)   # a data entry after its header
SPLAT_ENTRY = struct.Struct("<" + _ENTRY_HEADER + _SPLAT_BODY)
DATA_ENTRY = struct.Struct("<" + _ENTRY_HEADER + _DATA_BODY)

# IREE_IO_PARAMETER_ARCHIVE_ENTRY_TYPE_*.
ENTRY_TYPE_SKIP, ENTRY_TYPE_SPLAT, ENTRY_TYPE_DATA, ENTRY_TYPE_EXTERNAL = 0, 1, 2, 3

FILE_ALIGNMENT = 4096       # IREE_IO_PARAMETER_ARCHIVE_DEFAULT_FILE_ALIGNMENT
HEADER_ALIGNMENT = 16       # IREE_IO_PARAMETER_ARCHIVE_HEADER_ALIGNMENT
ENTRY_ALIGNMENT = 16        # IREE_IO_PARAMETER_ARCHIVE_ENTRY_ALIGNMENT
DATA_ALIGNMENT = 64         # IREE_IO_PARAMETER_ARCHIVE_DEFAULT_DATA_ALIGNMENT
SPLAT_PATTERN_CAPACITY = 16


def align(value: int, alignment: int) -> int:
    """`value` rounded up to a multiple of `alignment` (a power of two)."""
    return (value + alignment - 1) & ~(alignment - 1)


__all__ = ["MAGIC", "HEADER_PREFIX", "HEADER_V0_BODY", "HEADER_V0", "ENTRY_HEADER",
           "DATA_STORAGE", "SPLAT_ENTRY", "DATA_ENTRY", "FILE_ALIGNMENT", "ENTRY_ALIGNMENT",
           "DATA_ALIGNMENT", "align"]
