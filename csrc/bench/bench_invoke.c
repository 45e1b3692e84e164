// ireec_bench_invoke: the C baselines of the call benchmarks.
//
//   ireec_bench_invoke DEVICE_URI MODULE.vmfb FUNCTION SHAPE CALLS REPEATS [MODE]
//
// Calls FUNCTION (two f32 tensors of SHAPE in, one out; SHAPE is `4` or
// `64x64`) CALLS times per repeat with iree_runtime_session_call (what a C
// program on ireec's runtime calls, as IREE's template sample does) and prints
// one line per repeat: the mean wall-clock microseconds per call, then the mean
// CPU microseconds per call (user and system time of every thread of the
// process, workers included). MODE "reuse" (the default) reuses the input and
// output lists exactly as a bound call does and leaves each result unread; MODE
// "full" does what a numpy-in, numpy-out call must: copies both inputs from
// host memory into new buffer views, invokes, and reads the result back into
// host memory. MODE "import" first appends a native module written in C,
// "bench", exporting add (0ii_i: a + b), and calls FUNCTION (one i32 in) with
// SHAPE (one count, N) as its argument: a program calling that import N times
// is the floor of the same import written in Python. These are the floors the
// Python binding is compared against: the same runtime library, the same
// session setup, no Python.
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include <iree/modules/hal/types.h>
#include <iree/runtime/api.h>
#include <iree/vm/native_module.h>

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

// CPU time of the whole process (every thread), as Python's
// resource.getrusage(RUSAGE_SELF) reads it.
static double cpu_us(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e6 +
         (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

// The most dimensions SHAPE may have.
#define MAX_RANK 4

typedef struct shape_t {
  iree_host_size_t rank;
  iree_hal_dim_t dims[MAX_RANK];
  iree_hal_dim_t count;  // elements
} shape_t;

// Parses `4` or `64x64`.
static iree_status_t parse_shape(const char* text, shape_t* out_shape) {
  memset(out_shape, 0, sizeof(*out_shape));
  out_shape->count = 1;
  const char* cursor = text;
  while (*cursor) {
    char* end = NULL;
    unsigned long long dim = strtoull(cursor, &end, 10);
    if (end == cursor || out_shape->rank == MAX_RANK ||
        (*end && *end != 'x')) {
      return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                              "SHAPE must be like 4 or 64x64, not '%s'", text);
    }
    out_shape->dims[out_shape->rank++] = (iree_hal_dim_t)dim;
    out_shape->count *= (iree_hal_dim_t)dim;
    cursor = *end ? end + 1 : end;
  }
  if (out_shape->rank == 0) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT, "SHAPE is empty");
  }
  return iree_ok_status();
}

// Copies |shape|'s floats at |data| into a new buffer view pushed onto |inputs|.
static iree_status_t push_copy(iree_runtime_session_t* session,
                               iree_vm_list_t* inputs, const shape_t* shape,
                               const float* data) {
  const iree_hal_dim_t count = shape->count;
  iree_hal_buffer_view_t* view = NULL;
  IREE_RETURN_IF_ERROR(iree_hal_buffer_view_allocate_buffer_copy(
      iree_runtime_session_device(session),
      iree_runtime_session_device_allocator(session), shape->rank, shape->dims,
      IREE_HAL_ELEMENT_TYPE_FLOAT_32, IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR,
      (iree_hal_buffer_params_t){
          .type = IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL,
          .access = IREE_HAL_MEMORY_ACCESS_ALL,
          .usage = IREE_HAL_BUFFER_USAGE_DEFAULT,
      },
      iree_make_const_byte_span(data, count * sizeof(float)), &view));
  // The list takes the only reference.
  iree_vm_ref_t ref = iree_hal_buffer_view_move_ref(view);
  iree_status_t status = iree_vm_list_push_ref_move(inputs, &ref);
  if (!iree_status_is_ok(status)) iree_hal_buffer_view_release(view);
  return status;
}

// One numpy-in, numpy-out call: both inputs copied in, the result read out.
static iree_status_t full_call(iree_runtime_session_t* session,
                               iree_vm_function_t function,
                               iree_vm_list_t* inputs, iree_vm_list_t* outputs,
                               const shape_t* shape, const float* lhs,
                               const float* rhs, float* result) {
  IREE_RETURN_IF_ERROR(iree_vm_list_resize(inputs, 0));
  IREE_RETURN_IF_ERROR(iree_vm_list_resize(outputs, 0));
  IREE_RETURN_IF_ERROR(push_copy(session, inputs, shape, lhs));
  IREE_RETURN_IF_ERROR(push_copy(session, inputs, shape, rhs));
  IREE_RETURN_IF_ERROR(
      iree_runtime_session_call(session, &function, inputs, outputs));
  iree_hal_buffer_view_t* view =
      iree_vm_list_get_buffer_view_assign(outputs, 0);
  if (!view) {
    return iree_make_status(IREE_STATUS_FAILED_PRECONDITION,
                            "the function returned no buffer view");
  }
  return iree_hal_buffer_map_read(iree_hal_buffer_view_buffer(view), 0, result,
                                  shape->count * sizeof(float));
}

// Pushes a new view of |shape|'s floats value, value + 1, ... onto |inputs|.
static iree_status_t push_input(iree_runtime_session_t* session,
                                iree_vm_list_t* inputs, const shape_t* shape,
                                float value) {
  const iree_hal_dim_t count = shape->count;
  float* data = NULL;
  IREE_RETURN_IF_ERROR(iree_allocator_malloc(
      iree_allocator_system(), count * sizeof(float), (void**)&data));
  for (iree_hal_dim_t i = 0; i < count; ++i) data[i] = value + (float)i;
  iree_status_t status = push_copy(session, inputs, shape, data);
  iree_allocator_free(iree_allocator_system(), data);
  return status;
}

// The "bench" module's add: its shim unpacks two i32s and packs one, as
// IREE's generated shims do.
typedef iree_status_t (*bench_add_fn_t)(int32_t a, int32_t b, int32_t* out);
static iree_status_t bench_add(int32_t a, int32_t b, int32_t* out) {
  *out = a + b;
  return iree_ok_status();
}
static iree_status_t bench_shim_ii_i(iree_vm_stack_t* stack,
                                     iree_vm_native_function_flags_t flags,
                                     iree_byte_span_t args, iree_byte_span_t rets,
                                     iree_vm_native_function_target_t target,
                                     void* module, void* state) {
  if (args.data_length != 2 * sizeof(int32_t) ||
      rets.data_length != sizeof(int32_t)) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "0ii_i takes two i32s and returns one");
  }
  int32_t a, b;
  memcpy(&a, args.data, sizeof(a));
  memcpy(&b, args.data + sizeof(a), sizeof(b));
  int32_t result = 0;
  IREE_RETURN_IF_ERROR(((bench_add_fn_t)(void (*)(void))target)(a, b, &result));
  memcpy(rets.data, &result, sizeof(result));
  return iree_ok_status();
}
static const iree_vm_native_export_descriptor_t bench_exports[] = {
    {IREE_SVL("add"), IREE_SVL("0ii_i"), 0, NULL},
};
static const iree_vm_native_function_ptr_t bench_functions[] = {
    {bench_shim_ii_i, (iree_vm_native_function_target_t)(void (*)(void))bench_add},
};
static const iree_vm_native_module_descriptor_t bench_descriptor = {
    .name = IREE_SVL("bench"),
    .export_count = IREE_ARRAYSIZE(bench_exports),
    .exports = bench_exports,
    .function_count = IREE_ARRAYSIZE(bench_functions),
    .functions = bench_functions,
};

// Appends the "bench" module to |session|.
static iree_status_t append_bench_module(iree_runtime_instance_t* instance,
                                         iree_runtime_session_t* session) {
  iree_vm_module_t interface;
  IREE_RETURN_IF_ERROR(iree_vm_module_initialize(&interface, NULL));
  iree_vm_module_t* module = NULL;
  IREE_RETURN_IF_ERROR(iree_vm_native_module_create(
      &interface, &bench_descriptor, iree_runtime_instance_vm_instance(instance),
      iree_allocator_system(), &module));
  iree_status_t status = iree_runtime_session_append_module(session, module);
  iree_vm_module_release(module);
  return status;
}

static iree_status_t run(int argc, char** argv) {
  if (argc != 7 && argc != 8) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "usage: ireec_bench_invoke DEVICE_URI MODULE.vmfb "
                            "FUNCTION SHAPE CALLS REPEATS [reuse|full|import]");
  }
  shape_t shape;
  IREE_RETURN_IF_ERROR(parse_shape(argv[4], &shape));
  const iree_hal_dim_t elements = shape.count;
  long calls = strtol(argv[5], NULL, 10);
  long repeats = strtol(argv[6], NULL, 10);
  bool full = argc == 8 && strcmp(argv[7], "full") == 0;
  bool import = argc == 8 && strcmp(argv[7], "import") == 0;
  if (argc == 8 && !full && !import && strcmp(argv[7], "reuse") != 0) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "MODE must be reuse, full or import, not '%s'",
                            argv[7]);
  }

  iree_runtime_instance_options_t instance_options;
  iree_runtime_instance_options_initialize(&instance_options);
  iree_runtime_instance_options_use_all_available_drivers(&instance_options);
  iree_runtime_instance_t* instance = NULL;
  IREE_RETURN_IF_ERROR(iree_runtime_instance_create(
      &instance_options, iree_allocator_system(), &instance));
  iree_allocator_t host = iree_runtime_instance_host_allocator(instance);

  iree_hal_device_t* device = NULL;
  iree_runtime_session_t* session = NULL;
  iree_vm_list_t* inputs = NULL;
  iree_vm_list_t* outputs = NULL;
  iree_status_t status = iree_hal_create_device(
      iree_runtime_instance_driver_registry(instance),
      iree_make_cstring_view(argv[1]), host, &device);
  if (iree_status_is_ok(status)) {
    iree_runtime_session_options_t session_options;
    iree_runtime_session_options_initialize(&session_options);
    status = iree_runtime_session_create_with_device(
        instance, &session_options, device, host, &session);
  }
  if (iree_status_is_ok(status) && import) {
    status = append_bench_module(instance, session);
  }
  if (iree_status_is_ok(status)) {
    status = iree_runtime_session_append_bytecode_module_from_file(session,
                                                                   argv[2]);
  }
  iree_vm_function_t function;
  if (iree_status_is_ok(status)) {
    status = iree_runtime_session_lookup_function(
        session, iree_make_cstring_view(argv[3]), &function);
  }
  if (iree_status_is_ok(status)) {
    status = iree_vm_list_create(iree_vm_make_undefined_type_def(), 2, host,
                                 &inputs);
  }
  if (iree_status_is_ok(status)) {
    status = iree_vm_list_create(iree_vm_make_undefined_type_def(), 1, host,
                                 &outputs);
  }
  if (iree_status_is_ok(status) && import) {
    iree_vm_value_t count = iree_vm_value_make_i32((int32_t)elements);
    status = iree_vm_list_push_value(inputs, &count);
  } else {
    if (iree_status_is_ok(status)) status = push_input(session, inputs, &shape, 1.0f);
    if (iree_status_is_ok(status)) status = push_input(session, inputs, &shape, 2.0f);
  }

  // Host arrays for the full calls: two inputs and the result.
  float* host_arrays = NULL;
  if (iree_status_is_ok(status) && full) {
    status = iree_allocator_malloc(iree_allocator_system(),
                                   3 * elements * sizeof(float),
                                   (void**)&host_arrays);
    for (iree_hal_dim_t i = 0; iree_status_is_ok(status) && i < 2 * elements;
         ++i) {
      host_arrays[i] = 1.0f + (float)i;
    }
  }

  for (long r = 0; iree_status_is_ok(status) && r < repeats; ++r) {
    double start = now_us();
    double start_cpu = cpu_us();
    for (long i = 0; iree_status_is_ok(status) && i < calls; ++i) {
      if (full) {
        status = full_call(session, function, inputs, outputs, &shape,
                           host_arrays, host_arrays + elements,
                           host_arrays + 2 * elements);
        continue;
      }
      // Dropping the previous result is part of every call's cost, as it is
      // for a prepared call that hands its result back.
      status = iree_vm_list_resize(outputs, 0);
      if (iree_status_is_ok(status)) {
        status = iree_runtime_session_call(session, &function, inputs, outputs);
      }
    }
    if (iree_status_is_ok(status)) {
      double wall = (now_us() - start) / (double)calls;
      double cpu = (cpu_us() - start_cpu) / (double)calls;
      fprintf(stdout, "%.3f %.3f\n", wall, cpu);
      fflush(stdout);
    }
  }

  iree_allocator_free(iree_allocator_system(), host_arrays);
  iree_vm_list_release(outputs);
  iree_vm_list_release(inputs);
  iree_runtime_session_release(session);
  iree_hal_device_release(device);
  iree_runtime_instance_release(instance);
  return status;
}

int main(int argc, char** argv) {
  iree_status_t status = run(argc, argv);
  if (!iree_status_is_ok(status)) {
    iree_status_fprint(stderr, status);
    fprintf(stderr, "\n");
    return (int)iree_status_code(iree_status_consume_code(status));
  }
  return 0;
}
