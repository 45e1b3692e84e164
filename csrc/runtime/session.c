// iree_runtime_session_t: a VM context holding the HAL module (bound to the
// session's devices) followed by whatever modules the caller appends.

#include <string.h>
#include <fcntl.h>
#include <linux/stat.h>
#include <sys/stat.h>

#include "iree/modules/hal/module.h"
#include "iree/vm/bytecode/module.h"
#include "runtime_internal.h"

//===----------------------------------------------------------------------===//
// iree_runtime_session_options_t
//===----------------------------------------------------------------------===//

IREE_API_EXPORT void iree_runtime_session_options_initialize(
    iree_runtime_session_options_t* out_options) {
  if (!out_options) return;
  memset(out_options, 0, sizeof(*out_options));
  out_options->context_flags = IREE_VM_CONTEXT_FLAG_NONE;
  out_options->builtin_modules = IREE_RUNTIME_SESSION_BUILTIN_ALL;
}

//===----------------------------------------------------------------------===//
// iree_runtime_session_t
//===----------------------------------------------------------------------===//

struct iree_runtime_session_t {
  ireec_runtime_ref_count_t ref_count;

  // Allocates the session, its context and the modules it creates.
  iree_allocator_t host_allocator;

  // Retained: the session's context comes from the instance's VM instance, and
  // callers reach the instance (and its driver registry) through the session.
  iree_runtime_instance_t* instance;

  // Retained. Holds the HAL module first, then the appended modules.
  // Thread-compatible, as is the whole session.
  iree_vm_context_t* context;

  // The HAL module's state within |context|, which owns it; kept here so the
  // device accessors need no lookup.
  iree_vm_module_state_t* hal_module_state;
};

IREE_API_EXPORT iree_status_t ireec_runtime_session_create_with_devices(
    iree_runtime_instance_t* instance,
    const iree_runtime_session_options_t* options,
    iree_host_size_t device_count, iree_hal_device_t* const* devices,
    iree_allocator_t host_allocator, iree_runtime_session_t** out_session) {
  // Traces print to stderr, as IREE's tools print them.
  return ireec_runtime_session_create_with_debug_sink(
      instance, options, device_count, devices,
      iree_hal_module_debug_sink_stdio(stderr), host_allocator, out_session);
}

// Checks the arguments of a session's creation; OK or INVALID_ARGUMENT.
static iree_status_t ireec_runtime_session_check_create_arguments(
    iree_runtime_instance_t* instance,
    const iree_runtime_session_options_t* options,
    iree_host_size_t device_count, iree_hal_device_t* const* devices,
    iree_runtime_session_t** out_session) {
  if (!out_session) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "out_session must not be NULL");
  }
  *out_session = NULL;
  if (!instance) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "instance must not be NULL");
  }
  if (!options) {
    return iree_make_status(
        IREE_STATUS_INVALID_ARGUMENT,
        "options must not be NULL (initialize them with "
        "iree_runtime_session_options_initialize)");
  }
  if (device_count == 0 || !devices) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "a session needs at least one device");
  }
  for (iree_host_size_t i = 0; i < device_count; ++i) {
    if (!devices[i]) {
      return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                              "device %zu of %zu is NULL", (size_t)i,
                              (size_t)device_count);
    }
  }
  return iree_ok_status();
}

// Calls the release of |debug_sink| (one the session never came to own).
static void ireec_debug_sink_release(iree_hal_module_debug_sink_t debug_sink) {
  if (debug_sink.release.fn) debug_sink.release.fn(debug_sink.release.user_data);
}

IREE_API_EXPORT iree_status_t ireec_runtime_session_create_with_debug_sink(
    iree_runtime_instance_t* instance,
    const iree_runtime_session_options_t* options,
    iree_host_size_t device_count, iree_hal_device_t* const* devices,
    iree_hal_module_debug_sink_t debug_sink, iree_allocator_t host_allocator,
    iree_runtime_session_t** out_session) {
  iree_status_t status = ireec_runtime_session_check_create_arguments(
      instance, options, device_count, devices, out_session);
  if (!iree_status_is_ok(status)) {
    ireec_debug_sink_release(debug_sink);
    return status;
  }

  iree_runtime_session_t* session = NULL;
  status = iree_allocator_malloc(host_allocator, sizeof(*session),
                                 (void**)&session);
  if (!iree_status_is_ok(status)) {
    ireec_debug_sink_release(debug_sink);
    return status;
  }
  memset(session, 0, sizeof(*session));
  ireec_runtime_ref_count_init(&session->ref_count);
  session->host_allocator = host_allocator;
  session->instance = instance;
  iree_runtime_instance_retain(instance);

  iree_vm_instance_t* vm_instance = iree_runtime_instance_vm_instance(instance);
  status = iree_vm_context_create(
      vm_instance, options->context_flags, host_allocator, &session->context);

  // The HAL module comes first so that every module appended later can import
  // from it. It retains the devices; the array itself is only read (the const
  // is dropped because iree_hal_module_create's parameter is not const).
  // |options->builtin_modules| selects nothing today: the HAL module is the
  // only builtin and the runtime API cannot work without it, as in IREE.
  // The HAL module owns |debug_sink| once made (it calls the sink's release
  // when destroyed); a module that was not made never took it.
  iree_vm_module_t* hal_module = NULL;
  if (iree_status_is_ok(status)) {
    status = iree_hal_module_create(
        vm_instance, iree_hal_module_device_policy_default(), device_count,
        (iree_hal_device_t**)devices, IREE_HAL_MODULE_FLAG_NONE, debug_sink,
        host_allocator, &hal_module);
  }
  if (!hal_module) ireec_debug_sink_release(debug_sink);
  if (iree_status_is_ok(status)) {
    status = iree_vm_context_register_modules(session->context,
                                              /*module_count=*/1, &hal_module);
  }
  if (iree_status_is_ok(status)) {
    status = iree_vm_context_resolve_module_state(session->context, hal_module,
                                                  &session->hal_module_state);
  }
  // The context holds its own reference once registered.
  iree_vm_module_release(hal_module);

  if (iree_status_is_ok(status)) {
    *out_session = session;
  } else {
    iree_runtime_session_release(session);
  }
  return status;
}

IREE_API_EXPORT iree_status_t iree_runtime_session_create_with_device(
    iree_runtime_instance_t* instance,
    const iree_runtime_session_options_t* options, iree_hal_device_t* device,
    iree_allocator_t host_allocator, iree_runtime_session_t** out_session) {
  if (!device) {
    if (out_session) *out_session = NULL;
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "device must not be NULL");
  }
  return ireec_runtime_session_create_with_devices(
      instance, options, /*device_count=*/1, &device, host_allocator,
      out_session);
}

static void iree_runtime_session_destroy(iree_runtime_session_t* session) {
  // The context goes first: its modules (and the devices the HAL module
  // retains) may still be using the VM instance the runtime instance holds.
  iree_vm_context_release(session->context);
  iree_runtime_instance_release(session->instance);
  iree_allocator_t host_allocator = session->host_allocator;
  iree_allocator_free(host_allocator, session);
}

IREE_API_EXPORT void iree_runtime_session_retain(
    iree_runtime_session_t* session) {
  if (session) ireec_runtime_ref_count_inc(&session->ref_count);
}

IREE_API_EXPORT void iree_runtime_session_release(
    iree_runtime_session_t* session) {
  if (session && ireec_runtime_ref_count_dec(&session->ref_count)) {
    iree_runtime_session_destroy(session);
  }
}

IREE_API_EXPORT iree_allocator_t
iree_runtime_session_host_allocator(const iree_runtime_session_t* session) {
  if (!session) return iree_allocator_null();
  return session->host_allocator;
}

IREE_API_EXPORT iree_runtime_instance_t* iree_runtime_session_instance(
    const iree_runtime_session_t* session) {
  if (!session) return NULL;
  return session->instance;
}

IREE_API_EXPORT iree_vm_context_t* iree_runtime_session_context(
    const iree_runtime_session_t* session) {
  if (!session) return NULL;
  return session->context;
}

IREE_API_EXPORT iree_hal_device_t* iree_runtime_session_device(
    const iree_runtime_session_t* session) {
  if (!session || !session->hal_module_state) return NULL;
  // A session made with several devices answers with the first, the one a
  // single-device program runs on.
  return iree_hal_module_state_device_get(session->hal_module_state, 0);
}

IREE_API_EXPORT iree_hal_allocator_t* iree_runtime_session_device_allocator(
    const iree_runtime_session_t* session) {
  iree_hal_device_t* device = iree_runtime_session_device(session);
  return device ? iree_hal_device_allocator(device) : NULL;
}

IREE_API_EXPORT iree_status_t
iree_runtime_session_trim(iree_runtime_session_t* session) {
  if (!session) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "session must not be NULL");
  }
  // Every module in the context (the HAL module included, which trims its
  // devices) drops what it can rebuild on demand.
  return iree_vm_context_notify(session->context, IREE_VM_SIGNAL_LOW_MEMORY);
}

IREE_API_EXPORT iree_status_t iree_runtime_session_append_module(
    iree_runtime_session_t* session, iree_vm_module_t* module) {
  if (!session) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "session must not be NULL");
  }
  if (!module) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "module must not be NULL");
  }
  // The context retains the module; the caller keeps its own reference.
  return iree_vm_context_register_modules(session->context,
                                          /*module_count=*/1, &module);
}

IREE_API_EXPORT iree_status_t
iree_runtime_session_append_bytecode_module_from_memory(
    iree_runtime_session_t* session, iree_const_byte_span_t flatbuffer_data,
    iree_allocator_t flatbuffer_allocator) {
  // Ownership contract (IREE's): with iree_allocator_null() the caller keeps
  // the bytes alive for as long as the module lives, and they are never freed
  // here. With any other allocator the bytes are handed over on every path:
  // the module frees them with that allocator when it is destroyed, and if no
  // module comes into being they are freed before returning, failures
  // (including the argument checks below) included, so callers never need to
  // work out whether to free them.
  if (!session) {
    iree_allocator_free(flatbuffer_allocator, (void*)flatbuffer_data.data);
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "session must not be NULL");
  }

  iree_vm_module_t* module = NULL;
  iree_status_t status = iree_vm_bytecode_module_create(
      iree_runtime_instance_vm_instance(session->instance), flatbuffer_data,
      flatbuffer_allocator, session->host_allocator, &module);
  if (!iree_status_is_ok(status)) {
    // What the bytes are, when they are not a module at all.
    status = ireec_runtime_module_describe_refused(status, flatbuffer_data);
  } else {
    // Refused before any of its code runs (appending runs its initializer,
    // which loads its executables): CPU executables for features this
    // machine lacks would die of SIGILL (module_checks.c).
    status = ireec_runtime_module_check_cpu_features(flatbuffer_data);
    if (!iree_status_is_ok(status)) {
      iree_vm_module_release(module);  // (frees the bytes it owns)
      return status;
    }
  }
  if (!iree_status_is_ok(status)) {
    // The module was never made, so it does not own the bytes yet.
    iree_allocator_free(flatbuffer_allocator, (void*)flatbuffer_data.data);
    return status;
  }

  // From here the module owns the bytes: if appending fails, releasing the
  // module frees them.
  status = iree_runtime_session_append_module(session, module);
  iree_vm_module_release(module);
  return status;
}

// Refuses a path that names anything but a regular file (or a link to one),
// before anything opens it: IREE's whole-file reader crashes on a directory,
// waits forever for a writer on a FIFO, and reads /dev/zero until memory
// runs out. statx() opens nothing, so a FIFO does not block here. (statx,
// glibc 2.28, rather than stat, which glibc 2.33 turned into a symbol of its
// own: the library must load on the manylinux_2_28 systems the wheel names.)
// glibc declares statx only for _GNU_SOURCE, which this file does not ask
// for; the function (GLIBC_2.28) and struct statx (the kernel's) are these.
int statx(int dirfd, const char* pathname, int flags, unsigned int mask,
          struct statx* statxbuf);

static iree_status_t ireec_require_regular_file(const char* file_path) {
  struct statx info;
  if (statx(AT_FDCWD, file_path, 0, STATX_TYPE, &info) != 0) {
    // Missing or unreadable: IREE's reader says so with its own NOT_FOUND.
    return iree_ok_status();
  }
  const mode_t mode = info.stx_mode;
  if (S_ISREG(mode)) return iree_ok_status();
  const char* kind = S_ISDIR(mode)    ? "a directory"
                     : S_ISFIFO(mode) ? "a FIFO"
                     : S_ISCHR(mode)  ? "a character device"
                     : S_ISBLK(mode)  ? "a block device"
                     : S_ISSOCK(mode) ? "a socket"
                                      : "not a regular file";
  return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                          "module file '%s' is %s; a module is read from a "
                          "regular file",
                          file_path, kind);
}

IREE_API_EXPORT iree_status_t
iree_runtime_session_append_bytecode_module_from_file(
    iree_runtime_session_t* session, const char* file_path) {
  if (!session) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "session must not be NULL");
  }
  if (!file_path) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "file_path must not be NULL");
  }
  IREE_RETURN_IF_ERROR(ireec_require_regular_file(file_path));
  // The whole file is read into memory from the session's host allocator
  // (page-aligned, as IREE's reader lays it out); the module takes ownership
  // of it and frees it when the module is destroyed.
  iree_io_file_contents_t* contents = NULL;
  IREE_RETURN_IF_ERROR(
      iree_io_file_contents_read(iree_make_cstring_view(file_path),
                                 session->host_allocator, &contents),
      "reading module file '%s'", file_path);
  return iree_runtime_session_append_bytecode_module_from_memory(
      session, contents->const_buffer,
      iree_io_file_contents_deallocator(contents));
}

IREE_API_EXPORT iree_status_t
iree_runtime_session_append_bytecode_module_from_stdin(
    iree_runtime_session_t* session) {
  if (!session) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "session must not be NULL");
  }
  // As from_file, with stdin read to its end.
  iree_io_file_contents_t* contents = NULL;
  IREE_RETURN_IF_ERROR(
      iree_io_file_contents_read_stdin(session->host_allocator, &contents),
      "reading a module from stdin");
  return iree_runtime_session_append_bytecode_module_from_memory(
      session, contents->const_buffer,
      iree_io_file_contents_deallocator(contents));
}

IREE_API_EXPORT iree_status_t iree_runtime_session_lookup_function(
    const iree_runtime_session_t* session, iree_string_view_t full_name,
    iree_vm_function_t* out_function) {
  if (!out_function) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "out_function must not be NULL");
  }
  memset(out_function, 0, sizeof(*out_function));
  if (!session) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "session must not be NULL");
  }
  // |full_name| is `module.function`, e.g. `module.simple_mul`.
  return iree_vm_context_resolve_function(session->context, full_name,
                                          out_function);
}

IREE_API_EXPORT iree_status_t iree_runtime_session_call(
    iree_runtime_session_t* session, const iree_vm_function_t* function,
    iree_vm_list_t* input_list, iree_vm_list_t* output_list) {
  if (!session) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "session must not be NULL");
  }
  if (!function || !function->module) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "function must be a resolved function (from "
                            "iree_runtime_session_lookup_function)");
  }
  // Synchronous, as iree_vm_invoke (which ireec_runtime_vm_invoke is, less
  // a clear of 8 KiB per call): the lists are checked against the function's
  // signature and, on success, the contents of |output_list| replaced with
  // the results; |input_list| is left as it was.
  return ireec_runtime_vm_invoke(session->context, *function,
                                 IREE_VM_INVOCATION_FLAG_NONE, input_list,
                                 output_list, session->host_allocator);
}

IREE_API_EXPORT iree_status_t iree_runtime_session_call_by_name(
    iree_runtime_session_t* session, iree_string_view_t full_name,
    iree_vm_list_t* input_list, iree_vm_list_t* output_list) {
  iree_vm_function_t function;
  IREE_RETURN_IF_ERROR(
      iree_runtime_session_lookup_function(session, full_name, &function));
  return iree_runtime_session_call(session, &function, input_list,
                                   output_list);
}

IREE_API_EXPORT iree_status_t iree_runtime_session_call_direct(
    iree_runtime_session_t* session, const iree_vm_function_call_t call) {
  if (!session) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "session must not be NULL");
  }
  if (!call.function.module) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "call.function must be a resolved function");
  }
  // The caller has already laid the arguments and results out in the
  // function's calling convention, so this skips the list marshaling of
  // iree_vm_invoke and enters the module directly on a VM stack that lives on
  // the host stack for the duration of the call. The stack only grows onto the
  // heap (through the host allocator) for deep call chains.
  ireec_runtime_vm_stack_storage_t stack_storage;
  iree_vm_stack_t* stack = NULL;
  IREE_RETURN_IF_ERROR(iree_vm_stack_initialize(
      iree_make_byte_span(stack_storage.bytes, sizeof(stack_storage.bytes)),
      IREE_VM_INVOCATION_FLAG_NONE,
      iree_vm_context_state_resolver(session->context),
      session->host_allocator, &stack));
  iree_vm_module_t* module = call.function.module;
  iree_status_t status =
      module->begin_call
          ? module->begin_call(module->self, stack, call)
          : iree_make_status(IREE_STATUS_UNIMPLEMENTED,
                             "the module cannot be called directly");
  iree_vm_stack_deinitialize(stack);
  return status;
}
