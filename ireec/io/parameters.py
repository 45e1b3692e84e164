"""Parameters: weights that live outside a compiled module.

Programs whose globals read `#flow.parameter.named<"scope"::"key">` (what
`iree-import-onnx --externalize-params` and iree-turbine emit) import the
`io_parameters` VM module, which asks parameter providers for each key. This
module holds:

* `ParameterIndex`, an `iree_io_parameter_index_t`: keys mapped to ranges of
  files (irpa, gguf, safetensors, parsed by IREE) or of memory given from
  Python (`add`);
* `SessionParameters`, what `Session.load_parameters` keeps: one index per
  scope, and the io_parameters module made from them, registered into the
  session before the next module is loaded.

Files are mapped, not read (`mode="mmap"`): loading indexes the file's header
only, pages are read when a parameter is used, and on CPU devices parameters
aligned to 64 bytes are used in place. The mapping is private
(copy-on-write): a program that updates a global loaded from it changes its
own copy, never the file.
"""

from __future__ import annotations

import contextlib
import operator
import os
import re
from collections import Counter
from typing import TYPE_CHECKING, Any, Callable, Iterator, NamedTuple

if TYPE_CHECKING:
    from ..types import CData

from .. import _cext
from .._core.handle import Handle, use
from .._core.library import ffi, lib
from .._core.status import check_status
from .._core.strings import from_string_view, string_view
from .._core.validate import UINT64, checked_int, contiguous_bytes, refuse_special_file
from ..errors import AlreadyExistsError, IreeError, OutOfRangeError, UnimplementedError
from ._format_checks import check as check_file_format
from .file_handle import wrap_host_allocation
from .index_entry import entry_metadata, splat_pattern
from .irpa_builder import ArchiveBuilder, add_index_entry, file_handle_bytes
from .parameter_archive import DATA_ALIGNMENT

# How a parameter file is opened, by ParameterIndex.load's `mode`: mapped
# (ireec's), or as iree-run-module's --parameter_mode does (`file`: read
# with pread as parameters are loaded; `preload`: read whole into memory).
MODES = ("mmap", "file", "preload")

# Where in-memory data must start for a CPU device to use it in place (IREE's
# heap buffer alignment); copies made here are aligned to it.
_ALIGNMENT = 64

_STORAGE_NAMES = {
    lib.IREE_IO_PARAMETER_INDEX_ENTRY_STORAGE_TYPE_FILE: "file",
    lib.IREE_IO_PARAMETER_INDEX_ENTRY_STORAGE_TYPE_SPLAT: "splat",
}


# ----------------------------------------------------------------------------
# Indices
# ----------------------------------------------------------------------------

@contextlib.contextmanager
def _file_contents(handle: CData) -> Iterator[Any]:
    """The bytes IREE's parsers read from the iree_io_file_handle_t*
    `handle`, as a buffer valid in the block: the memory of a host-allocation
    handle (a mapped or preloaded file), or a read-only mapping of a file
    descriptor's file, as those parsers map it; None when it cannot be
    mapped (the parser then reports why)."""
    primitive = lib.iree_io_file_handle_primitive(handle)
    if primitive.type == lib.IREE_IO_FILE_HANDLE_TYPE_HOST_ALLOCATION:
        span = primitive.value.host_allocation
        yield ffi.buffer(span.data, span.data_length) if span.data_length else b""
        return
    mapping = _cext.IoFileMappingHandle()
    try:
        mapping._create(None, None, lib.iree_io_file_map_view, handle,
                        lib.IREE_IO_FILE_ACCESS_READ, 0, lib.IREE_HOST_SIZE_MAX,
                        lib.IREE_IO_FILE_MAPPING_FLAG_EXCLUDE_FROM_DUMPS,
                        lib.iree_allocator_system())
    except IreeError:
        yield None
        return
    try:
        with use(mapping) as (mapping_ptr,):
            contents = lib.iree_io_file_mapping_contents_ro(mapping_ptr)
            yield (ffi.buffer(contents.data, contents.data_length)
                   if contents.data_length else b"")
    finally:
        mapping.close()


class ParameterEntry(NamedTuple):
    """One entry of a ParameterIndex (an iree_io_parameter_index_entry_t).

    storage is "file" (`offset` bytes into a file or a block of memory) or
    "splat" (`pattern` repeated to `length` bytes)."""
    key: str
    length: int
    storage: str
    offset: int | None = None
    pattern: bytes | None = None
    metadata: bytes = b""


def _entry(c_entry) -> ParameterEntry:
    storage = _STORAGE_NAMES.get(c_entry.type, f"type {c_entry.type}")
    offset = pattern = None
    if storage == "file":
        offset = c_entry.storage.file.offset
    elif storage == "splat":
        pattern = splat_pattern(c_entry)
    # Keys that are not UTF-8 (a gguf's names are any bytes) keep their bytes,
    # so they can be looked up again.
    key = from_string_view(c_entry.key, "surrogateescape")
    return ParameterEntry(key, c_entry.length, storage, offset, pattern,
                          entry_metadata(c_entry))


def _check_key(key: object) -> None:
    """What add and add_splat take as a key: a non-empty str."""
    if not isinstance(key, str):
        raise TypeError(f"parameter key must be a str, not {type(key).__name__}")
    if not key:
        raise ValueError("parameter key must not be empty")


class ParameterIndex(Handle, _cext.ParameterIndexHandle):
    """An `iree_io_parameter_index_t`: parameters by key.

    `load(path)` adds every parameter of an irpa, gguf or safetensors file
    (chosen by extension); `add(key, data)` one held in memory. `len()`,
    `keys()`, `in`, `index[key]` (a ParameterEntry) and iteration over the
    entries read it back, `read(key)` an entry's bytes; `save(path)` writes
    the entries to a parameter archive. Hand it to `Session.load_parameters`.
    """

    __slots__ = ()

    def __init__(self) -> None:
        """An empty index (`ParameterIndex.from_handle(ptr, retain=...)`
        adopts an existing `iree_io_parameter_index_t*`)."""
        self._create(None, None, lib.iree_io_parameter_index_create,
                     lib.iree_allocator_system())

    def load(self, path: str | os.PathLike[str], *, mode: str = "mmap") -> "ParameterIndex":
        """Adds the parameters of the file at `path` (.irpa, .gguf or
        .safetensors: iree_io_parse_file_index) and returns self.

        `mode`: "mmap" (the default) maps the file; "file" reads it with
        pread as parameters are loaded; "preload" reads it whole now. A key
        already in the index, or twice in the file, is an
        AlreadyExistsError and the index is left as it was (IREE would
        keep both, and a program would read the first). The file stays
        open, through its entries, for as long as the index or anything
        made from it lives.
        """
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"ParameterIndex.load takes a path (str or os.PathLike), "
                            f"not {type(path).__name__}")
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(map(repr, MODES))}, "
                             f"not {mode!r}")
        text = os.fsdecode(path)
        # A directory crashes IREE's preload; a FIFO or device blocks its open.
        refuse_special_file(text, "parameter file")
        view, owner = string_view(os.fsencode(path))
        allocator = lib.iree_allocator_system()
        file = _cext.IoFileHandle()
        try:
            if mode == "mmap":
                file._create(None, None, lib.ireec_io_file_handle_open_mapped, view, allocator)
            elif mode == "file":
                file._create(None, None, lib.iree_io_file_handle_open,
                             lib.IREE_IO_FILE_MODE_READ, view, allocator)
            else:
                file._create(None, None, lib.iree_io_file_handle_preload,
                             lib.IREE_IO_FILE_MODE_READ, view, allocator)
            # Parsed into an index of its own, then added as extend adds
            # (refusing keys already here), so that a file failing half-way
            # or naming a key twice adds nothing.
            parsed = ParameterIndex()
            try:
                # The index is parsed into while it is in use: a close() on
                # another thread meanwhile waits for the parse.
                with use(parsed, file) as (index, file_ptr):
                    # Checked as IREE then parses it: the same open file.
                    with _file_contents(file_ptr) as data:
                        if data is not None:
                            check_file_format(text, data)
                    check_status(lib.iree_io_parse_file_index(view, file_ptr, index,
                                                              allocator))
                self.extend(parsed)
            finally:
                # The index's entries hold their own references to the file.
                file.close()
                parsed.close()
        except IreeError as error:
            error.add_note(f"loading parameters from '{text}'")
            raise
        del owner
        return self

    def add(self, key: str, data: Any, *, metadata: bytes = b"") -> None:
        """Adds the parameter `key` whose bytes are `data` (a numpy array or
        any C-contiguous buffer; its raw bytes, in native order): an entry
        stored in an iree_io_file_handle_t over that memory
        (iree_io_parameter_index_add).

        Writable memory is used in place, without a copy, and kept alive for
        as long as IREE may read it: on CPU devices a program reads memory
        aligned to 64 bytes (`ireec.empty_aligned`) where it is, so later
        changes to it are seen by later calls, and a program that updates a
        global loaded from it may write into it. Read-only memory (bytes,
        read-only arrays) is copied once into memory of the index's own,
        since such a program would otherwise write into it.
        """
        _check_key(key)
        view = contiguous_bytes(data, f"parameter {key!r}: data")
        if view.nbytes == 0:
            raise ValueError(f"parameter {key!r}: data is empty")
        if key in self:
            raise AlreadyExistsError(f"parameter {key!r} is already in the index",
                                     lib.IREE_STATUS_ALREADY_EXISTS)
        if view.readonly:
            copy = bytearray(view.nbytes + _ALIGNMENT - 1)
            base = ffi.from_buffer(copy)
            shift = -int(ffi.cast("uintptr_t", base)) % _ALIGNMENT
            ffi.memmove(base + shift, view.cast("B"), view.nbytes)
            owner, pointer = (copy, base), base + shift
        else:
            exported = ffi.from_buffer(view)
            owner, pointer = (view, exported), exported
        handle = wrap_host_allocation(pointer, view.nbytes, owner, lib.IREE_IO_FILE_ACCESS_READ)
        try:
            entry = ffi.new("iree_io_parameter_index_entry_t*")
            key_view, key_owner = string_view(key)
            meta = ffi.from_buffer(bytes(metadata))
            entry.key = key_view
            entry.metadata = lib.iree_make_const_byte_span(meta, len(metadata))
            entry.length = view.nbytes
            entry.type = lib.IREE_IO_PARAMETER_INDEX_ENTRY_STORAGE_TYPE_FILE
            entry.storage.file.handle = handle
            entry.storage.file.offset = 0
            with use(self) as (index,):
                check_status(lib.iree_io_parameter_index_add(index, entry))
        finally:
            # The entry holds its own reference; dropping ours releases the
            # memory at once if adding failed.
            lib.iree_io_file_handle_release(handle)

    def add_splat(self, key: str, pattern: bytes, length: int) -> None:
        """Adds the parameter `key`: `pattern` (1 to 16 bytes, e.g. one
        element's bytes) repeated to `length` bytes, stored in no file
        (iree_io_parameter_index_add of a splat entry)."""
        _check_key(key)
        length = checked_int(length, UINT64, f"the length of parameter {key!r}")
        pattern = bytes(pattern)
        if not 1 <= len(pattern) <= lib.IREE_IO_PARAMETER_MAX_SPLAT_PATTERN_LENGTH:
            raise ValueError(f"splat pattern must be 1 to "
                             f"{lib.IREE_IO_PARAMETER_MAX_SPLAT_PATTERN_LENGTH} bytes, "
                             f"not {len(pattern)}")
        if length < 0 or length % len(pattern):
            raise ValueError(f"splat length {length} is not a multiple of the "
                             f"pattern's {len(pattern)} bytes")
        if key in self:
            raise AlreadyExistsError(f"parameter {key!r} is already in the index",
                                     lib.IREE_STATUS_ALREADY_EXISTS)
        entry = ffi.new("iree_io_parameter_index_entry_t*")
        key_view, key_owner = string_view(key)
        entry.key = key_view
        entry.length = length
        entry.type = lib.IREE_IO_PARAMETER_INDEX_ENTRY_STORAGE_TYPE_SPLAT
        entry.storage.splat.pattern_length = len(pattern)
        for i, byte in enumerate(pattern):
            entry.storage.splat.pattern[i] = byte
        with use(self) as (index,):
            check_status(lib.iree_io_parameter_index_add(index, entry))

    def extend(self, other: "ParameterIndex") -> None:
        """Adds every entry of `other` (they share its files and memory):
        iree_io_parameter_index_get of each, iree_io_parameter_index_add
        here. A key already here, or twice in `other`, is an
        AlreadyExistsError, as in `add`, and nothing is added."""
        if not isinstance(other, ParameterIndex):
            raise TypeError(f"extend takes a ParameterIndex, not {type(other).__name__}")
        out = ffi.new("iree_io_parameter_index_entry_t**")
        with use(other, self) as (source, index):
            counts = Counter(read_entries(
                other, lambda e: from_string_view(e.key, "surrogateescape")))
            problems = [f"{key!r} is given twice" for key, n in counts.items() if n > 1]
            problems += [f"{key!r} is already in the index" for key in counts
                         if _lookup(index, key) is not None]
            if problems:
                more = f" (and {len(problems) - 8} more)" if len(problems) > 8 else ""
                raise AlreadyExistsError(
                    f"parameter {'; '.join(problems[:8])}{more}: a key names one parameter "
                    f"(IREE would keep each entry and a program would read the first)",
                    lib.IREE_STATUS_ALREADY_EXISTS)
            for i in range(lib.iree_io_parameter_index_count(source)):
                check_status(lib.iree_io_parameter_index_get(source, i, out))
                check_status(lib.iree_io_parameter_index_add(index, out[0]))


    def __len__(self) -> int:
        with use(self) as (index,):
            return lib.iree_io_parameter_index_count(index)

    def keys(self) -> list[str]:
        """The keys in index order (of each iree_io_parameter_index_get)."""
        return read_entries(self, lambda e: from_string_view(e.key, "surrogateescape"))

    def entries(self) -> list[ParameterEntry]:
        """Every entry, in index order (iree_io_parameter_index_get)."""
        return read_entries(self, _entry)

    def __iter__(self) -> Iterator[ParameterEntry]:
        return iter(self.entries())

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, str):
            return False
        with use(self) as (index,):
            return _lookup(index, key) is not None

    def __getitem__(self, key: str) -> ParameterEntry:
        with use(self) as (index,):
            entry = _lookup(index, key) if isinstance(key, str) else None
            if entry is None:
                raise KeyError(key)
            return _entry(entry)

    def read(self, key: str, offset: int = 0, length: int | None = None) -> bytes:
        """The bytes of parameter `key` (a splat's pattern repeated to its
        length), or of the slice of `length` bytes (to its end: None) from
        `offset`; read from the file or memory the entry lives in (the
        entry found by iree_io_parameter_index_lookup)."""
        with use(self) as (index,):
            entry = _lookup(index, key) if isinstance(key, str) else None
            if entry is None:
                raise KeyError(key)
            return _read_entry(entry, key, offset, length)

    def save(self, path: str | os.PathLike[str], *, alignment: int = DATA_ALIGNMENT) -> None:
        """Writes every entry to a parameter archive (.irpa) at `path`, as
        iree_io_build_parameter_archive (iree-convert-parameters) does:
        splats stay splats, other entries' bytes are copied from the files
        or memory they live in, each starting `alignment` bytes aligned.
        A file the index reads from may be the one replaced."""
        builder = ArchiveBuilder(alignment)
        read_entries(self, lambda entry: add_index_entry(builder, entry))
        builder.write(path)

    def dump(self, scope: str = "") -> str:
        """IREE's text listing of the index (iree_io_parameter_index_dump)."""
        view, owner = string_view(scope)
        builder = ffi.new("iree_string_builder_t*")
        lib.iree_string_builder_initialize(lib.iree_allocator_system(), builder)
        try:
            with use(self) as (index,):
                check_status(lib.iree_io_parameter_index_dump(view, index, builder))
            size = lib.iree_string_builder_size(builder)
            return (ffi.unpack(lib.iree_string_builder_buffer(builder), size).decode(
                "utf-8", "replace") if size else "")
        finally:
            lib.iree_string_builder_deinitialize(builder)

    def __repr__(self) -> str:
        if self.closed:
            return "<ireec.ParameterIndex closed>"
        return f"<ireec.ParameterIndex {len(self)} entries>"


def read_entries(index: ParameterIndex, read: Callable[[CData], Any]) -> list[Any]:
    """`read(entry)` of every C entry (an iree_io_parameter_index_entry_t*,
    borrowed) of `index`, in index order (iree_io_parameter_index_get), the
    index in use meanwhile."""
    out = ffi.new("iree_io_parameter_index_entry_t**")
    with use(index) as (index_ptr,):
        results = []
        for i in range(lib.iree_io_parameter_index_count(index_ptr)):
            check_status(lib.iree_io_parameter_index_get(index_ptr, i, out))
            results.append(read(out[0]))
        return results


def _lookup(index: CData, key: str) -> CData | None:
    """The C entry for `key` in the index `index` (in use by the caller), or
    None (iree_io_parameter_index_lookup; a miss is an ordinary answer
    here, its status dropped)."""
    view, owner = string_view(key)
    out = ffi.new("iree_io_parameter_index_entry_t**")
    status = lib.iree_io_parameter_index_lookup(index, view, out)
    if lib.iree_status_is_ok(status):
        return out[0]
    code = lib.iree_status_consume_code(status)
    if code != lib.IREE_STATUS_NOT_FOUND:
        raise IreeError(f"looking up parameter {key!r} failed", code)
    return None


def _read_entry(entry: CData, key: str, offset: int, length: int | None) -> bytes:
    """The bytes of the C entry `entry` (of an index in use by the caller),
    or of the slice of `length` bytes from `offset`."""
    offset = operator.index(offset)
    total = entry.length
    length = total - offset if length is None else operator.index(length)
    if not (0 <= offset <= total and 0 <= length <= total - offset):
        raise OutOfRangeError(f"parameter {key!r} has {total} bytes; cannot read "
                              f"{length} from offset {offset}",
                              lib.IREE_STATUS_OUT_OF_RANGE)
    if entry.type == lib.IREE_IO_PARAMETER_INDEX_ENTRY_STORAGE_TYPE_SPLAT:
        pattern = splat_pattern(entry)
        phase = offset % len(pattern)
        repeats = -(-(phase + length) // len(pattern))
        return (pattern * repeats)[phase:phase + length]
    if entry.type != lib.IREE_IO_PARAMETER_INDEX_ENTRY_STORAGE_TYPE_FILE:
        raise UnimplementedError(f"parameter {key!r} has storage of type "
                                 f"{entry.type}, which cannot be read",
                                 lib.IREE_STATUS_UNIMPLEMENTED)
    return bytes(file_handle_bytes(entry.storage.file.handle,
                                   entry.storage.file.offset + offset, length))


# ----------------------------------------------------------------------------
# A session's parameters
# ----------------------------------------------------------------------------

class SessionParameters:
    """The parameters a Session's modules can read: one ParameterIndex per
    scope, each served by an index provider of the io_parameters module.

    `add` (Session.load_parameters) merges a file's or an index's entries
    into the scope's index; `register` (Session.load_module, before it
    loads anything) makes the io_parameters module over every scope and
    appends it to the session if a scope is new since the last one. A
    module's globals are read from parameters while the module loads, so:

    * parameters must be given before the modules reading them are loaded;
      a module loaded without the scope it needs fails to load, naming it;
    * entries added later to a scope already registered are seen by modules
      loaded afterwards (the provider reads the same index); a new scope
      registers a new io_parameters module, holding every scope, that the
      modules loaded afterwards bind to;
    * modules already loaded keep what they loaded: nothing is re-read.
    """

    __slots__ = {"indices": "{scope: ParameterIndex}: every scope given so far.",
                 "_registered": None}

    def __init__(self):
        self.indices: dict[str, ParameterIndex] = {}
        self._registered: frozenset[str] = frozenset()

    def add(self, source: "str | os.PathLike[str] | ParameterIndex", scope: str = "", *,
            mode: str = "mmap") -> None:
        """Adds the parameters of `source` to `scope`'s index.

        Parameters
        ----------
        source : str, os.PathLike or ParameterIndex
            A parameter file (.irpa, .gguf, .safetensors), loaded on its own
            first so that a file failing half-way adds nothing, or an index.
        scope : str
            The scope the program names its parameters in ("" for none).
        mode : {"mmap", "file", "preload"}
            How a file is read (ParameterIndex.load).
        """
        if not isinstance(scope, str):
            raise TypeError(f"scope must be a str, not {type(scope).__name__}")
        if isinstance(source, ParameterIndex):
            source._require_open()  # refuse a closed index
            loaded = source
        elif isinstance(source, (str, os.PathLike)):
            # Loaded on its own first, so a file that fails half-way adds
            # nothing to the scope.
            loaded = ParameterIndex().load(source, mode=mode)
        else:
            raise TypeError(f"load_parameters takes a path (str or os.PathLike) or an "
                            f"ireec.ParameterIndex, not {type(source).__name__}")
        index = self.indices.get(scope)
        if index is None:
            index = ParameterIndex()
        index.extend(loaded)
        self.indices[scope] = index

    def close(self) -> None:
        """Drops the session's references to its indices (what IREE still
        holds stays alive until IREE lets it go)."""
        indices, self.indices = self.indices, {}
        for index in indices.values():
            index.close()

    def register(self, instance: _cext.InstanceHandle,
                 append: Callable[[Handle], None]) -> None:
        """Appends (through `append(module)`) an io_parameters module over
        every scope if any scope is new since the last one."""
        if not self.indices or frozenset(self.indices) == self._registered:
            return
        providers: list[_cext.ParameterProviderHandle] = []
        module = _cext.VmModuleHandle()
        try:
            with use(instance) as (instance_ptr,):
                allocator = lib.iree_runtime_instance_host_allocator(instance_ptr)
                # (The instance's VM instance is the process's one.)
                for scope, index in self.indices.items():
                    view, owner = string_view(scope)
                    provider = _cext.ParameterProviderHandle()
                    providers.append(provider)
                    with use(index) as (index_ptr,):
                        provider._create(
                            None, None, lib.iree_io_parameter_index_provider_create, view,
                            index_ptr,
                            lib.IREE_IO_PARAMETER_INDEX_PROVIDER_DEFAULT_MAX_CONCURRENT_OPERATIONS,
                            allocator)
                with use(*providers) as provider_ptrs:
                    pointers = ffi.new("iree_io_parameter_provider_t*[]", provider_ptrs)
                    module._create(None, None, lib.iree_io_parameters_module_create,
                                   lib.iree_runtime_instance_vm_instance(instance_ptr),
                                   len(providers), pointers, allocator)
            append(module)
        finally:
            # The module holds its own references to the providers.
            module.close()
            for provider in providers:
                provider.close()
        self._registered = frozenset(self.indices)


# IREE's messages for a parameter a module asked for and did not get.
_MISSING_KEY = re.compile(r"no parameter found in index with key '([^']*)'")
_MISSING_SCOPE = re.compile(r"no provider registered that handles scopes like '([^']*)'")


def note_missing_parameters(error: IreeError, parameters: SessionParameters) -> None:
    """Completes the error of a module that failed to load for want of a
    parameter: IREE names a missing key without its scope, so the scopes
    lacking that key are appended to the message (the scope the module
    asked in is among them), and the session's scopes are noted."""
    message = error.message
    indices = parameters.indices
    missing_key = _MISSING_KEY.search(message)
    if missing_key:
        key = missing_key.group(1)
        lacking = [scope for scope, index in indices.items() if key not in index]
        scopes = " or ".join(repr(scope) for scope in lacking) or "(none)"
        error.message = (f"{message}; parameter {key!r} of scope {scopes} is in no "
                         f"parameters given to the session")
        error.args = (error.message,)
    elif "io_parameters" not in message and not _MISSING_SCOPE.search(message):
        return
    if not indices:
        error.add_note("the module reads parameters and the session has none: call "
                       "Session.load_parameters(path_or_index, scope=...) before "
                       "load_module")
    else:
        listed = ", ".join(f"{scope!r} ({len(index)} entries)"
                           for scope, index in indices.items())
        error.add_note(f"the session's parameter scopes: {listed}")


__all__ = ["ParameterIndex", "ParameterEntry", "SessionParameters", "MODES"]
