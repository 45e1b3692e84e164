"""How much of IREE's public C API ireec declares, and what is left and why.

"Public" is every function the runtime exports with a header declaration (the
ABI facts' `functions`), leaving out what no program outside IREE calls:
internals (iree/base/internal/, *_impl.h), the microkernel builtins, the HIP
driver's and the task system's own pieces, the ELF loader's internals, the VM
argument shims of IREE's own native modules (iree/vm/shims.h) and the VMVX
kernels. The entry points among them that programs outside IREE call stay in:
the HIP driver's and local-task's (iree/hal/drivers/hip/api.h, task_device.h,
task_driver.h, iree/task/api.h), the CPU queries and flag parser IREE's tools
and test mains use (iree/base/internal/cpu.h, flags.h) and the bytecode
interpreter's (iree/vm/bytecode/module_impl.h). Run with -s to see the counts.
"""

from __future__ import annotations

import collections

from ireec import lib

PUBLIC_ENTRY_POINTS = {
    "iree/base/internal/cpu.h",
    "iree/base/internal/flags.h",
    "iree/vm/bytecode/module_impl.h",
    "iree/hal/drivers/hip/api.h",
    "iree/hal/drivers/local_task/task_device.h",
    "iree/hal/drivers/local_task/task_driver.h",
    "iree/task/api.h",
}
INTERNAL_PREFIXES = (
    "iree/builtins/", "iree/hal/drivers/hip/", "iree/hal/drivers/local_task/",
    "iree/task/", "iree/hal/local/elf/",
)
INTERNAL_HEADERS = {
    "iree/vm/shims.h",
    "iree/modules/vmvx/elementwise.h",
}

# What is public but not declared here, by reason. Each entry is a header
# (every undeclared function in it) or a function name.
LEFT_OUT = {
    # What only a HAL driver implementation calls, on pieces no driver here
    # uses: resource sets and the collective batching over them, and the
    # queue operations emulated with command buffers.
    "driver implementation": [
        "iree/hal/utils/resource_set.h", "iree/hal/utils/collective_batch.h",
        "iree/hal/utils/queue_emulation.h",
        "iree/hal/utils/queue_host_call_emulation.h",
    ],
    # GPU drivers' timestamp tracing; compiled out of this runtime.
    "GPU stream tracing": ["iree/hal/utils/stream_tracing.h"],
    # Takes flatbuffer table types generated from IREE's debug-info schema,
    # which nothing else here needs.
    "flatbuffer-typed": ["iree/hal/utils/executable_debug_info.h"],
    # Takes a va_list, which a cffi cdef cannot express; iree_status_allocate_f
    # (declared) is the variadic form.
    "va_list": ["iree_status_allocate_vf"],
}


def _is_public(header: str) -> bool:
    if header in PUBLIC_ENTRY_POINTS:
        return True
    if "/internal/" in header or header.endswith("_impl.h"):
        return False
    if header in INTERNAL_HEADERS:
        return False
    return not header.startswith(INTERNAL_PREFIXES)


def _coverage(abi_facts):
    public = {name: f["header"] for name, f in abi_facts["functions"].items()
              if _is_public(f["header"])}
    declared = {name for name in dir(lib) if callable(getattr(lib, name))}
    missing = {name: header for name, header in public.items() if name not in declared}
    return public, declared, missing


def _reason(name, header):
    for reason, entries in LEFT_OUT.items():
        if name in entries or header in entries:
            return reason
    return None


def test_public_functions_declared(abi_facts):
    public, declared, missing = _coverage(abi_facts)
    count = len(public) - len(missing)
    by_reason = collections.Counter(_reason(n, h) for n, h in missing.items())
    print(f"\npublic functions: {len(public)}; declared: {count}; left out: "
          + ", ".join(f"{reason} {n}" for reason, n in sorted(by_reason.items(),
                                                                key=str)))
    assert count >= 763, f"only {count} of {len(public)} public functions declared"


def test_every_undeclared_public_function_has_a_reason(abi_facts):
    _, _, missing = _coverage(abi_facts)
    unexplained = sorted(f"{h}: {n}" for n, h in missing.items() if _reason(n, h) is None)
    assert not unexplained, "public functions neither declared nor left out " \
        "for a reason:\n" + "\n".join(unexplained)


def test_groups_the_api_promises(abi_facts):
    # Each group of IREE's public API is declared whole.
    public, declared, _ = _coverage(abi_facts)
    for header in ("iree/base/loop.h", "iree/base/loop_sync.h",
                   "iree/base/loop_inline.h", "iree/base/wait_source.h",
                   "iree/hal/channel.h", "iree/hal/channel_provider.h",
                   "iree/hal/executable.h", "iree/vm/stack.h",
                   "iree/vm/invocation.h", "iree/vm/native_module.h",
                   "iree/hal/local/executable_loader.h",
                   "iree/vm/bytecode/utils/features.h",
                   "iree/hal/command_buffer_validation.h",
                   "iree/vm/bytecode/utils/block_list.h",
                   "iree/vm/bytecode/module_impl.h",
                   "iree/base/internal/cpu.h", "iree/base/internal/flags.h"):
        names = [n for n, h in public.items() if h == header]
        assert names, header
        assert not [n for n in names if n not in declared], header
