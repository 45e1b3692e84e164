"""cffi builder (API mode) for ireec._ireec_cffi.

The cdef is the text of csrc/include/ireec/decls/*.h: those headers are plain C
declarations precisely so that the C headers and the cdef cannot drift apart.
API mode compiles a small C module against the real headers, so the C compiler
checks every cdef prototype and computes every layout; tests/test_abi_facts.py
then checks those layouts and prototypes against the IREE ABI facts.
"""

from __future__ import annotations

import re
from pathlib import Path

import cffi

ROOT = Path(__file__).resolve().parent.parent
INCLUDE_DIR = ROOT / "csrc" / "include"
DECLS_DIR = INCLUDE_DIR / "ireec" / "decls"

# Dependency order: each file only uses names from the ones before it.
DECL_FILES = ("base.h", "io.h", "hal.h", "vm.h", "drivers.h",
              # Loops, channels, executables and dispatch: what HAL vtables
              # pass, so ahead of anything declaring those.
              "loop.h", "hal_channel.h", "hal_executable.h",
              # What a HAL driver implements and fills in, then ours.
              "hal_driver_api.h", "local_sync.h",
              # Buffers of devices that cannot reach each other's memory.
              "hal_staging.h",
              "modules.h", "runtime.h",
              # The rest of IREE's public API, one file per group.
              "hal_executable_library.h", "hal_local.h", "hal_utils.h",
              "vm_invoke.h", "vm_native_module.h", "vm_bytecode.h",
              "vm_storage.h", "modules_extra.h", "io_parameters.h")

# Things the C headers provide as function-like macros (or that libc provides)
# but that Python needs as calls. API mode turns each into a real call, so a
# macro satisfies its prototype here.
CDEF_MACROS_AND_LIBC = """
iree_status_t iree_ok_status(void);
iree_status_t iree_status_from_code(iree_status_code_t code);
iree_status_code_t iree_status_code(iree_status_t status);
bool iree_status_is_ok(iree_status_t status);

extern FILE* stdout;
extern FILE* stderr;
int fflush(FILE* stream);
int fputs(const char* s, FILE* stream);
int fprintf(FILE* stream, const char* format, ...);
"""

# Python functions IREE calls back. cffi generates each `extern "Python"` as a
# C function, defined in the extension module itself (not by IREE, not by
# libireec_runtime), that takes the GIL from whatever thread IREE calls it on
# and runs the Python function bound to it with @ffi.def_extern.
CDEF_PYTHON_CALLBACKS = """
extern "Python" void ireec_release_host_allocation(void* user_data, iree_hal_buffer_t* buffer);
extern "Python" void ireec_release_parameter_memory(void* user_data, iree_io_file_handle_primitive_t handle_primitive);
"""
PYTHON_CALLBACKS = tuple(re.findall(r"(\w+)\(", CDEF_PYTHON_CALLBACKS))

# Where the cdef must differ from the C text: (record, the fields this hides
# from Python, text in the decls, text in the cdef). API mode still lays these
# records out with the C compiler, so the layout is unchanged.
CDEF_REWRITES = (
    # cffi cannot build a struct holding a function pointer that takes that
    # same struct by value; Python never calls through ctl.
    ("iree_wait_source_t", ("ctl",),
     "\n  iree_wait_source_ctl_fn_t ctl;\n", "\n  ...;\n"),
    # cffi places the members of an anonymous struct inside a named union
    # member at offset 0 (write_fd would alias read_fd); fds[] covers both.
    ("iree_wait_primitive_value_t", ("pipe.read_fd", "pipe.write_fd"),
     "\n    struct {\n      int read_fd;\n      int write_fd;\n    };\n", "\n"),
)
CDEF_HIDDEN_FIELDS = {record: hidden for record, hidden, _, _ in CDEF_REWRITES}

_DIRECTIVE = re.compile(r"^\s*#.*$", re.M)
# (Blanks, not \s: a valueless #define, such as an include guard, must not
# take the next line as its value.)
_OBJECT_MACRO = re.compile(r"^[ \t]*#[ \t]*define[ \t]+(IREEC?_\w+)[ \t]+\S.*$", re.M)


def cdef_text() -> str:
    """The cdef: every decls header, preprocessor lines turned into cffi's form.

    Object-like IREE_* (and ireec's own IREEC_*) macros become
    `#define NAME ...` so that cffi takes their values from the compiled
    headers; include guards and #includes are dropped.
    """
    parts = []
    for name in DECL_FILES:
        text = (DECLS_DIR / name).read_text()
        text = _OBJECT_MACRO.sub(lambda m: f"#define {m.group(1)} ...", text)
        text = "\n".join(
            line for line in text.splitlines()
            if not _DIRECTIVE.match(line) or line.endswith(" ...")
        )
        for _, _, c_text, cdef in CDEF_REWRITES:
            text = text.replace(c_text, cdef)
        parts.append(f"/* {name} */\n{text}")
    parts.append(CDEF_MACROS_AND_LIBC)
    parts.append(CDEF_PYTHON_CALLBACKS)
    return "\n".join(parts)


def make_builder(library_dirs=(), extra_link_args=()) -> cffi.FFI:
    ffibuilder = cffi.FFI()
    ffibuilder.cdef(cdef_text())
    ffibuilder.set_source(
        "ireec._ireec_cffi",
        '#include "ireec/api.h"\n',
        include_dirs=[str(INCLUDE_DIR)],
        libraries=["ireec_runtime"],
        library_dirs=[str(d) for d in library_dirs],
        # libireec_runtime.so sits in ireec/lib/ beside this extension module.
        extra_link_args=["-Wl,-rpath,$ORIGIN/lib", *extra_link_args],
        extra_compile_args=["-std=gnu11"],
    )
    return ffibuilder


def build_ffi() -> cffi.FFI:
    """The builder setup.py's cffi_modules names (built only when asked)."""
    return make_builder()

if __name__ == "__main__":
    print(cdef_text())
