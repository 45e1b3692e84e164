// ireec_bench_invoke: the C baseline for the prepared-call benchmark.
//
//   ireec_bench_invoke DEVICE_URI MODULE.vmfb FUNCTION ELEMENTS CALLS REPEATS
//
// Calls FUNCTION (two f32 vectors of ELEMENTS in, one out) CALLS times per
// repeat with iree_vm_invoke, reusing the input and output lists exactly as a
// prepared call does, and prints one line per repeat: the mean microseconds
// per call. This is the floor the Python binding is compared against: the
// same runtime library, the same session setup, no Python.
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <iree/runtime/api.h>

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static iree_status_t push_input(iree_runtime_session_t* session,
                                iree_vm_list_t* inputs, iree_hal_dim_t count,
                                float value) {
  float* data = NULL;
  IREE_RETURN_IF_ERROR(iree_allocator_malloc(
      iree_allocator_system(), count * sizeof(float), (void**)&data));
  for (iree_hal_dim_t i = 0; i < count; ++i) data[i] = value + (float)i;
  iree_hal_buffer_view_t* view = NULL;
  iree_status_t status = iree_hal_buffer_view_allocate_buffer_copy(
      iree_runtime_session_device(session),
      iree_runtime_session_device_allocator(session), 1, &count,
      IREE_HAL_ELEMENT_TYPE_FLOAT_32, IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR,
      (iree_hal_buffer_params_t){
          .type = IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL,
          .access = IREE_HAL_MEMORY_ACCESS_ALL,
          .usage = IREE_HAL_BUFFER_USAGE_DEFAULT,
      },
      iree_make_const_byte_span(data, count * sizeof(float)), &view);
  iree_allocator_free(iree_allocator_system(), data);
  if (iree_status_is_ok(status)) {
    iree_vm_ref_t ref = iree_hal_buffer_view_move_ref(view);
    status = iree_vm_list_push_ref_move(inputs, &ref);
  }
  return status;
}

static iree_status_t run(int argc, char** argv) {
  if (argc != 7) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "usage: ireec_bench_invoke DEVICE_URI MODULE.vmfb "
                            "FUNCTION ELEMENTS CALLS REPEATS");
  }
  iree_hal_dim_t elements = (iree_hal_dim_t)strtoull(argv[4], NULL, 10);
  long calls = strtol(argv[5], NULL, 10);
  long repeats = strtol(argv[6], NULL, 10);

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
  if (iree_status_is_ok(status)) status = push_input(session, inputs, elements, 1.0f);
  if (iree_status_is_ok(status)) status = push_input(session, inputs, elements, 2.0f);

  iree_vm_context_t* context = iree_runtime_session_context(session);
  for (long r = 0; iree_status_is_ok(status) && r < repeats; ++r) {
    double start = now_us();
    for (long i = 0; iree_status_is_ok(status) && i < calls; ++i) {
      // Dropping the previous result is part of every call's cost, as it is
      // for a prepared call that hands its result back.
      status = iree_vm_list_resize(outputs, 0);
      if (iree_status_is_ok(status)) {
        status = iree_vm_invoke(context, function, IREE_VM_INVOCATION_FLAG_NONE,
                                /*policy=*/NULL, inputs, outputs, host);
      }
    }
    if (iree_status_is_ok(status)) {
      fprintf(stdout, "%.3f\n", (now_us() - start) / (double)calls);
      fflush(stdout);
    }
  }

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
