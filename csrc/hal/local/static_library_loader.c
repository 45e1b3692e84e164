// iree_hal_static_library_loader_create: IREE's loader for executable
// libraries linked into the program (compiled with
// --iree-llvmcpu-link-embedded=false --iree-llvmcpu-static-library-output-path),
// which the runtime we bind does not export. Same name, signature and
// behaviour as IREE's (iree/hal/local/loaders/static_library_loader.h).
//
// A program compiled that way carries, for each executable, the format
// "static" and the library's name as its data. The loader asks each query
// function it was given for its library once, at creation, and on load finds
// the library whose header has that name.

#include <string.h>

#include "iree/hal/local/executable_environment.h"
#include "iree/hal/local/executable_library_util.h"
#include "iree/hal/local/loaders/static_library_loader.h"
#include "local_executable_layout.h"

//===----------------------------------------------------------------------===//
// Executables over a linked-in library
//===----------------------------------------------------------------------===//

typedef struct ireec_static_executable_t {
  iree_hal_local_executable_t base;  // first: the HAL sees this record
  // The library's record as its query function returned it; version 0 is the
  // only one this runtime knows, and its record begins with the header
  // pointer the query returned a pointer to.
  const iree_hal_executable_library_v0_t* library;
  // Followed by the executable's constants, if it has any.
} ireec_static_executable_t;

static const iree_hal_local_executable_vtable_t ireec_static_executable_vtable;

// Imports are called directly: nothing to switch around the call.
static int ireec_static_executable_call_import(
    iree_hal_executable_import_v0_t fn, void* params, void* context,
    void* reserved) {
  return fn(params, context, reserved);
}

static iree_status_t ireec_static_executable_create(
    const iree_hal_executable_params_t* params,
    const iree_hal_executable_library_header_t** library_header,
    iree_hal_executable_import_provider_t import_provider,
    iree_allocator_t host_allocator, iree_hal_executable_t** out_executable) {
  *out_executable = NULL;
  if (params->constant_count && !params->constants) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "%zu executable constants given without values",
                            (size_t)params->constant_count);
  }
  ireec_static_executable_t* executable = NULL;
  iree_host_size_t constants_size =
      params->constant_count * sizeof(params->constants[0]);
  IREE_RETURN_IF_ERROR(iree_allocator_malloc(
      host_allocator, sizeof(*executable) + constants_size,
      (void**)&executable));
  iree_hal_local_executable_initialize(&ireec_static_executable_vtable,
                                       host_allocator, &executable->base);
  executable->library = (const iree_hal_executable_library_v0_t*)library_header;
  executable->base.dispatch_attrs = executable->library->exports.attrs;
  if (constants_size) {
    uint32_t* constants = (uint32_t*)(executable + 1);
    memcpy(constants, params->constants, constants_size);
    executable->base.environment.constants = constants;
  }

  iree_status_t status = iree_hal_executable_library_initialize_imports(
      &executable->base.environment, import_provider,
      &executable->library->imports, ireec_static_executable_call_import,
      host_allocator);
  if (iree_status_is_ok(status)) {
    status = iree_hal_executable_library_verify(params, executable->library);
  }
  if (!iree_status_is_ok(status)) {
    // Drops the reference initialize made, which destroys it.
    iree_hal_executable_release((iree_hal_executable_t*)executable);
    return status;
  }
  *out_executable = (iree_hal_executable_t*)executable;
  return iree_ok_status();
}

static void ireec_static_executable_destroy(iree_hal_executable_t* base) {
  ireec_static_executable_t* executable = (ireec_static_executable_t*)base;
  iree_allocator_t host_allocator = executable->base.host_allocator;
  // Safe on an environment whose imports were never (or only partly) set up.
  iree_hal_executable_library_deinitialize_imports(
      &executable->base.environment, host_allocator);
  iree_hal_local_executable_deinitialize(&executable->base);
  iree_allocator_free(host_allocator, executable);
}

static iree_status_t ireec_static_executable_issue_call(
    iree_hal_local_executable_t* base, iree_host_size_t ordinal,
    const iree_hal_executable_dispatch_state_v0_t* dispatch_state,
    const iree_hal_executable_workgroup_state_v0_t* workgroup_state,
    uint32_t worker_id) {
  const iree_hal_executable_library_v0_t* library =
      ((ireec_static_executable_t*)base)->library;
  if (ordinal >= library->exports.count) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "export ordinal %zu is out of range (the library "
                            "'%s' has %u exports)",
                            (size_t)ordinal, library->header[0].name,
                            library->exports.count);
  }
  int result = library->exports.ptrs[ordinal](&base->environment,
                                              dispatch_state, workgroup_state);
  if (result != 0) {
    return iree_make_status(IREE_STATUS_INTERNAL,
                            "export %zu of the static library '%s' failed "
                            "with %d",
                            (size_t)ordinal, library->header[0].name, result);
  }
  return iree_ok_status();
}

// The export queries read the library's tables, as for every CPU executable.
static iree_host_size_t ireec_static_executable_export_count(
    iree_hal_executable_t* base) {
  return iree_hal_executable_library_export_count(
      ((ireec_static_executable_t*)base)->library);
}

static iree_status_t ireec_static_executable_export_info(
    iree_hal_executable_t* base, iree_hal_executable_export_ordinal_t ordinal,
    iree_hal_executable_export_info_t* out_info) {
  return iree_hal_executable_library_export_info(
      ((ireec_static_executable_t*)base)->library, ordinal, out_info);
}

static iree_status_t ireec_static_executable_export_parameters(
    iree_hal_executable_t* base, iree_hal_executable_export_ordinal_t ordinal,
    iree_host_size_t capacity,
    iree_hal_executable_export_parameter_t* out_parameters) {
  return iree_hal_executable_library_export_parameters(
      ((ireec_static_executable_t*)base)->library, ordinal, capacity,
      out_parameters);
}

static iree_status_t ireec_static_executable_lookup_export_by_name(
    iree_hal_executable_t* base, iree_string_view_t name,
    iree_hal_executable_export_ordinal_t* out_ordinal) {
  return iree_hal_executable_library_lookup_export_by_name(
      ((ireec_static_executable_t*)base)->library, name, out_ordinal);
}

static const iree_hal_local_executable_vtable_t ireec_static_executable_vtable =
    {
        .base =
            {
                .destroy = ireec_static_executable_destroy,
                .export_count = ireec_static_executable_export_count,
                .export_info = ireec_static_executable_export_info,
                .export_parameters = ireec_static_executable_export_parameters,
                .lookup_export_by_name =
                    ireec_static_executable_lookup_export_by_name,
            },
        .issue_call = ireec_static_executable_issue_call,
};

//===----------------------------------------------------------------------===//
// The loader
//===----------------------------------------------------------------------===//

typedef struct ireec_static_library_loader_t {
  iree_hal_executable_loader_t base;  // first: the HAL sees this record
  iree_allocator_t host_allocator;
  iree_host_size_t library_count;
  // What each query function returned: a pointer to the library's header
  // pointer (which is also the start of its versioned record).
  const iree_hal_executable_library_header_t** libraries[];
} ireec_static_library_loader_t;

static const iree_hal_executable_loader_vtable_t ireec_static_library_loader_vtable;

IREE_API_EXPORT iree_status_t iree_hal_static_library_loader_create(
    iree_host_size_t library_count,
    const iree_hal_executable_library_query_fn_t* library_query_fns,
    iree_hal_executable_import_provider_t import_provider,
    iree_allocator_t host_allocator,
    iree_hal_executable_loader_t** out_executable_loader) {
  if (!out_executable_loader) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "out_executable_loader is NULL");
  }
  *out_executable_loader = NULL;
  if (library_count && !library_query_fns) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "%zu libraries given without query functions",
                            (size_t)library_count);
  }

  ireec_static_library_loader_t* loader = NULL;
  IREE_RETURN_IF_ERROR(iree_allocator_malloc(
      host_allocator,
      sizeof(*loader) + library_count * sizeof(loader->libraries[0]),
      (void**)&loader));
  iree_hal_executable_loader_initialize(&ireec_static_library_loader_vtable,
                                        import_provider, &loader->base);
  loader->host_allocator = host_allocator;
  loader->library_count = library_count;

  // The libraries see the host's processor information when queried, as
  // they will when they run.
  iree_hal_executable_environment_v0_t environment;
  iree_hal_executable_environment_initialize(host_allocator, &environment);
  iree_status_t status = iree_ok_status();
  for (iree_host_size_t i = 0; i < library_count && iree_status_is_ok(status);
       ++i) {
    if (!library_query_fns[i]) {
      status = iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                                "library query function %zu is NULL", (size_t)i);
      break;
    }
    const iree_hal_executable_library_header_t** header =
        library_query_fns[i](IREE_HAL_EXECUTABLE_LIBRARY_VERSION_LATEST,
                             &environment);
    if (!header || !*header) {
      status = iree_make_status(
          IREE_STATUS_UNAVAILABLE,
          "static library %zu has no library for runtime version %d",
          (size_t)i, IREE_HAL_EXECUTABLE_LIBRARY_VERSION_LATEST);
    } else if ((*header)->version > IREE_HAL_EXECUTABLE_LIBRARY_VERSION_LATEST) {
      status = iree_make_status(
          IREE_STATUS_FAILED_PRECONDITION,
          "static library '%s' needs executable library version %u; this "
          "runtime supports up to %d",
          (*header)->name ? (*header)->name : "", (*header)->version,
          IREE_HAL_EXECUTABLE_LIBRARY_VERSION_LATEST);
    } else {
      loader->libraries[i] = header;
    }
  }
  if (!iree_status_is_ok(status)) {
    iree_allocator_free(host_allocator, loader);
    return status;
  }
  *out_executable_loader = &loader->base;
  return iree_ok_status();
}

static void ireec_static_library_loader_destroy(
    iree_hal_executable_loader_t* base) {
  ireec_static_library_loader_t* loader = (ireec_static_library_loader_t*)base;
  iree_allocator_free(loader->host_allocator, loader);
}

// The executable's data is its library's name (NUL-terminated by the
// compiler); its size is the whole data, or up to the NUL when no length is
// known.
static iree_status_t ireec_static_library_loader_infer_format(
    iree_hal_executable_loader_t* base,
    iree_hal_executable_caching_mode_t caching_mode,
    iree_const_byte_span_t executable_data,
    iree_host_size_t executable_format_capacity, char* executable_format,
    iree_host_size_t* out_inferred_size) {
  static const char kFormat[] = "static";
  if (executable_format_capacity < sizeof(kFormat)) {
    return iree_make_status(IREE_STATUS_OUT_OF_RANGE,
                            "the format string needs %zu bytes; %zu given",
                            sizeof(kFormat), (size_t)executable_format_capacity);
  }
  memcpy(executable_format, kFormat, sizeof(kFormat));
  if (executable_data.data_length) {
    *out_inferred_size = executable_data.data_length;
  } else {
    *out_inferred_size = strlen((const char*)executable_data.data) + 1;
  }
  return iree_ok_status();
}

static bool ireec_static_library_loader_query_support(
    iree_hal_executable_loader_t* base,
    iree_hal_executable_caching_mode_t caching_mode,
    iree_string_view_t executable_format) {
  return iree_string_view_equal(executable_format, IREE_SV("static"));
}

static iree_status_t ireec_static_library_loader_try_load(
    iree_hal_executable_loader_t* base,
    const iree_hal_executable_params_t* params,
    iree_host_size_t worker_capacity, iree_hal_executable_t** out_executable) {
  ireec_static_library_loader_t* loader = (ireec_static_library_loader_t*)base;
  // The name ends at the data's end or its first NUL.
  const char* data = (const char*)params->executable_data.data;
  iree_host_size_t length = params->executable_data.data_length;
  if (data && !length) length = strlen(data);
  const char* nul = data ? memchr(data, 0, length) : NULL;
  iree_string_view_t name =
      iree_make_string_view(data, nul ? (iree_host_size_t)(nul - data) : length);
  for (iree_host_size_t i = 0; i < loader->library_count; ++i) {
    const char* library_name = (*loader->libraries[i])->name;
    if (library_name &&
        iree_string_view_equal(name, iree_make_cstring_view(library_name))) {
      return ireec_static_executable_create(params, loader->libraries[i],
                                            base->import_provider,
                                            loader->host_allocator,
                                            out_executable);
    }
  }
  return iree_make_status(IREE_STATUS_NOT_FOUND,
                          "no static library named '%.*s' was given to this "
                          "loader",
                          (int)name.size, name.data);
}

static const iree_hal_executable_loader_vtable_t
    ireec_static_library_loader_vtable = {
        .destroy = ireec_static_library_loader_destroy,
        .infer_format = ireec_static_library_loader_infer_format,
        .query_support = ireec_static_library_loader_query_support,
        .try_load = ireec_static_library_loader_try_load,
};
