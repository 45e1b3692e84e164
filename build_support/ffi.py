"""cffi builder (API mode) for ireec._ireec_cffi.

The cdef is the text of csrc/include/ireec/decls/**.h: those headers are plain C
declarations precisely so that the C headers and the cdef cannot drift apart.
API mode compiles a small C module against the real headers, so the C compiler
checks every cdef prototype and computes every layout; tests/c_api/test_abi_facts.py
then checks those layouts and prototypes against the IREE ABI facts.
"""

from __future__ import annotations

import re
from pathlib import Path

import cffi

ROOT = Path(__file__).resolve().parent.parent
INCLUDE_DIR = ROOT / "csrc" / "include"
DECLS_DIR = INCLUDE_DIR / "ireec" / "decls"

# The decls files, under DECLS_DIR: iree/<path> holds the declarations of
# IREE's header iree/<path>, ireec/ ireec's own. In dependency order: each
# file only uses names from the ones before it (and #includes those).
DECL_FILES = (
    # iree/base/
    "iree/base/config.h", "iree/base/string_view.h", "iree/base/allocator.h",
    "iree/base/status.h", "iree/base/status_payload.h",
    "iree/base/string_builder.h", "iree/base/bitfield.h", "iree/base/time.h",
    "iree/base/tracing.h", "iree/base/wait_source.h", "iree/base/loop.h",
    "iree/base/loop_inline.h", "iree/base/loop_sync.h",
    # iree/base/internal/
    "iree/base/internal/arena.h", "iree/base/internal/atomics.h",
    "iree/base/internal/flags.h", "iree/base/internal/cpu.h",
    "iree/base/internal/synchronization.h",
    "iree/base/internal/threading.h",
    # iree/io/
    "iree/io/file_handle.h", "iree/io/file_contents.h",
    # iree/hal/
    "iree/hal/channel_provider.h", "iree/hal/executable.h", "iree/hal/queue.h",
    "iree/hal/buffer.h", "iree/hal/allocator.h", "iree/hal/buffer_heap_impl.h",
    "iree/hal/buffer_transfer.h", "iree/hal/buffer_view.h",
    "iree/hal/buffer_view_util.h", "iree/hal/channel.h", "iree/hal/event.h",
    "iree/hal/executable_cache.h", "iree/hal/file.h", "iree/hal/resource.h",
    "iree/hal/command_buffer.h",
    "iree/hal/command_buffer_validation.h", "iree/hal/semaphore.h", "iree/hal/device.h",
    "iree/hal/driver.h", "iree/hal/driver_registry.h", "iree/hal/fence.h",
    "iree/hal/string_util.h",
    # iree/io/
    "iree/io/parameter_index.h", "iree/io/formats/gguf/gguf_parser.h",
    "iree/io/formats/irpa/irpa_parser.h", "iree/io/formats/parser_registry.h",
    "iree/io/formats/safetensors/safetensors_parser.h",
    "iree/io/parameter_provider.h", "iree/io/parameter_index_provider.h",
    # iree/vm/
    "iree/vm/module.h", "iree/vm/ref.h", "iree/vm/buffer.h",
    "iree/vm/instance.h", "iree/vm/native_module.h", "iree/vm/stack.h",
    "iree/vm/context.h", "iree/vm/value.h", "iree/vm/type_def.h",
    "iree/vm/variant.h", "iree/vm/list.h", "iree/vm/invocation.h",
    # iree/schemas/
    "iree/schemas/bytecode_module_def_reader.h",
    # iree/vm/bytecode/
    "iree/vm/bytecode/archive.h", "iree/vm/bytecode/module.h",
    "iree/vm/bytecode/module_impl.h", "iree/vm/bytecode/utils/block_list.h",
    "iree/vm/bytecode/utils/features.h",
    "iree/vm/bytecode/utils/isa.h", "iree/vm/bytecode/verifier.h",
    # iree/modules/
    "iree/modules/hal/debugging.h", "iree/modules/hal/module.h",
    "iree/modules/hal/types.h", "iree/modules/hal/utils/buffer_diagnostics.h",
    "iree/modules/io/parameters/module.h", "iree/modules/vmvx/module.h",
    # iree/hal/utils/
    "iree/hal/utils/allocators.h", "iree/hal/utils/caching_allocator.h",
    "iree/hal/utils/debug_allocator.h",
    "iree/hal/utils/deferred_command_buffer.h",
    "iree/hal/utils/executable_header.h", "iree/hal/utils/fd_file.h",
    "iree/hal/utils/file_cache.h", "iree/hal/utils/file_registry.h",
    "iree/hal/utils/file_transfer.h", "iree/hal/utils/memory_file.h",
    "iree/hal/utils/queue_emulation.h", "iree/hal/utils/semaphore_base.h",
    # iree/hal/local/
    "iree/hal/local/executable_format.h",
    "iree/hal/local/executable_library.h",
    "iree/hal/local/executable_environment.h",
    "iree/hal/local/executable_loader.h",
    "iree/hal/local/executable_library_util.h",
    "iree/hal/local/executable_plugin.h",
    "iree/hal/local/executable_plugin_manager.h",
    "iree/hal/local/loaders/embedded_elf_loader.h",
    "iree/hal/local/loaders/registration/init.h",
    "iree/hal/local/loaders/static_library_loader.h",
    "iree/hal/local/loaders/system_library_loader.h",
    "iree/hal/local/loaders/vmvx_module_loader.h",
    "iree/hal/local/local_executable.h",
    "iree/hal/local/local_executable_cache.h",
    # iree/task/
    "iree/task/scope.h", "iree/task/topology.h", "iree/task/executor.h",
    "iree/task/api.h",
    # iree/hal/drivers/
    "iree/hal/drivers/cuda/registration/driver_module.h",
    "iree/hal/drivers/hip/api.h",
    "iree/hal/drivers/hip/registration/driver_module.h",
    "iree/hal/drivers/init.h",
    "iree/hal/drivers/local_sync/registration/driver_module.h",
    "iree/hal/drivers/local_sync/sync_device.h",
    "iree/hal/drivers/local_sync/sync_driver.h",
    "iree/hal/drivers/local_task/registration/driver_module.h",
    "iree/hal/drivers/local_task/task_device.h",
    "iree/hal/drivers/local_task/task_driver.h",
    "iree/hal/drivers/local_task/task_semaphore.h",
    "iree/hal/drivers/vulkan/registration/driver_module.h",
    # iree/runtime/
    "iree/runtime/instance.h", "iree/runtime/session.h", "iree/runtime/call.h",
    # ireec/
    "ireec/base/cpu_features.h", "ireec/base/huge_page_allocator.h",
    "ireec/hal/drivers/borrowed_drivers.h", "ireec/hal/drivers/device_params.h",
    "ireec/hal/external_buffers.h", "ireec/hal/shape_checks.h",
    "ireec/hal/staging_device.h", "ireec/io/file_mapping.h",
    "ireec/runtime/buffer_view_io.h", "ireec/runtime/instance.h", "ireec/runtime/session.h",
    "ireec/runtime/session_invoke.h", "ireec/vm/module_state.h",
)

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
extern "Python" void ireec_vm_python_module_destroy(void* self);
extern "Python" void ireec_vm_python_ref_destroy(void* ptr);
extern "Python" struct iree_status_handle_t* ireec_hal_python_buffer_view_trace(void* user_data, iree_string_view_t key, unsigned long buffer_view_count, iree_hal_buffer_view_t** buffer_views, iree_allocator_t host_allocator);
extern "Python" void ireec_hal_python_debug_sink_release(void* user_data);
extern "Python" struct iree_status_handle_t* ireec_hal_python_driver_lender(void* user_data, iree_string_view_t driver_name, iree_hal_driver_t** out_driver);
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
    # A flexible array member (the requirements of each binding table slot,
    # sized at run time) after bit-fields: cffi takes neither it nor `...;`
    # there. It adds nothing to the struct's size, so the struct without it
    # has the same layout.
    ("iree_hal_command_buffer_validation_state_t", ("binding_requirements",),
     "\n  iree_hal_buffer_binding_requirements_t binding_requirements[];\n",
     "\n"),
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
