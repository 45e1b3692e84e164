// Shared by the C sample programs the tests compile: the template sample's
// set-up (instance, device by URI, session), a local-task device made from a
// caller's executable loaders (as IREE's samples make their devices), f32
// input views, and a call of simple_mul (tests/programs/simple_mul.mlir) that
// prints its result.
#ifndef IREEC_TESTS_SAMPLE_SUPPORT_H_
#define IREEC_TESTS_SAMPLE_SUPPORT_H_

#include <stdio.h>

#include "iree/hal/drivers/local_task/task_device.h"
#include "iree/runtime/api.h"
#include "iree/task/api.h"

// A task device with one single-worker executor and a heap allocator,
// loading executables only with |loaders|.
static inline iree_status_t sample_create_task_device(
    iree_host_size_t loader_count, iree_hal_executable_loader_t** loaders,
    iree_allocator_t host_allocator, iree_hal_device_t** out_device) {
  iree_task_topology_t topology;
  iree_task_topology_initialize_from_group_count(1, &topology);
  iree_task_executor_options_t options;
  iree_task_executor_options_initialize(&options);
  iree_task_executor_t* executor = NULL;
  iree_status_t status =
      iree_task_executor_create(options, &topology, host_allocator, &executor);
  iree_task_topology_deinitialize(&topology);
  iree_hal_allocator_t* device_allocator = NULL;
  if (iree_status_is_ok(status)) {
    status = iree_hal_allocator_create_heap(IREE_SV("local"), host_allocator,
                                            host_allocator, &device_allocator);
  }
  if (iree_status_is_ok(status)) {
    iree_hal_task_device_params_t params;
    iree_hal_task_device_params_initialize(&params);
    status = iree_hal_task_device_create(IREE_SV("local"), &params, 1, &executor,
                                         loader_count, loaders, device_allocator,
                                         host_allocator, out_device);
  }
  iree_hal_allocator_release(device_allocator);
  iree_task_executor_release(executor);
  return status;
}

// A 1-D f32 view of |count| values copied from |data| into DEVICE_LOCAL
// memory of the session's device.
static inline iree_status_t sample_f32_view(iree_runtime_session_t* session,
                                            iree_host_size_t count,
                                            const float* data,
                                            iree_hal_buffer_view_t** out_view) {
  const iree_hal_dim_t shape[1] = {(iree_hal_dim_t)count};
  iree_hal_buffer_params_t params = {0};
  params.type = IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL;
  params.access = IREE_HAL_MEMORY_ACCESS_ALL;
  params.usage = IREE_HAL_BUFFER_USAGE_DEFAULT;
  return iree_hal_buffer_view_allocate_buffer_copy(
      iree_runtime_session_device(session),
      iree_runtime_session_device_allocator(session), 1, shape,
      IREE_HAL_ELEMENT_TYPE_FLOAT_32, IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR,
      params, iree_make_const_byte_span(data, count * sizeof(float)), out_view);
}

// Invokes |call| (its inputs pushed) and prints its first result view with
// at most |max_elements| elements.
static inline iree_status_t sample_invoke_and_print(
    iree_runtime_session_t* session, iree_runtime_call_t* call,
    iree_host_size_t max_elements) {
  IREE_RETURN_IF_ERROR(iree_runtime_call_invoke(call, 0));
  iree_hal_buffer_view_t* result = NULL;
  IREE_RETURN_IF_ERROR(
      iree_runtime_call_outputs_pop_front_buffer_view(call, &result));
  iree_status_t status = iree_hal_buffer_view_fprint(
      stdout, result, max_elements,
      iree_runtime_session_host_allocator(session));
  iree_hal_buffer_view_release(result);
  return status;
}

// Calls |function| (simple_mul's signature) with [1 2 3 4] and [10 20 30 40]
// and prints the result view.
static inline iree_status_t sample_call_simple_mul(
    iree_runtime_session_t* session, const char* function) {
  iree_runtime_call_t call;
  IREE_RETURN_IF_ERROR(iree_runtime_call_initialize_by_name(
      session, iree_make_cstring_view(function), &call));
  static const float lhs[4] = {1.0f, 2.0f, 3.0f, 4.0f};
  static const float rhs[4] = {10.0f, 20.0f, 30.0f, 40.0f};
  const float* inputs[2] = {lhs, rhs};
  iree_status_t status = iree_ok_status();
  for (int i = 0; i < 2 && iree_status_is_ok(status); ++i) {
    iree_hal_buffer_view_t* view = NULL;
    status = sample_f32_view(session, 4, inputs[i], &view);
    if (iree_status_is_ok(status)) {
      status = iree_runtime_call_inputs_push_back_buffer_view(&call, view);
    }
    iree_hal_buffer_view_release(view);
  }
  if (iree_status_is_ok(status)) {
    status = sample_invoke_and_print(session, &call, 64);
  }
  if (iree_status_is_ok(status)) fputc('\n', stdout);
  iree_runtime_call_deinitialize(&call);
  return status;
}

// An instance with every driver available.
static inline iree_status_t sample_create_instance(
    iree_runtime_instance_t** out_instance) {
  iree_runtime_instance_options_t instance_options;
  iree_runtime_instance_options_initialize(&instance_options);
  iree_runtime_instance_options_use_all_available_drivers(&instance_options);
  return iree_runtime_instance_create(&instance_options,
                                      iree_allocator_system(), out_instance);
}

// A session of |instance| on |device|.
static inline iree_status_t sample_create_session_on(
    iree_runtime_instance_t* instance, iree_hal_device_t* device,
    iree_runtime_session_t** out_session) {
  iree_runtime_session_options_t session_options;
  iree_runtime_session_options_initialize(&session_options);
  return iree_runtime_session_create_with_device(
      instance, &session_options, device,
      iree_runtime_instance_host_allocator(instance), out_session);
}

// A session on |device| with the bytecode module at |vmfb_path| loaded.
static inline iree_status_t sample_create_session(
    iree_hal_device_t* device, const char* vmfb_path,
    iree_runtime_instance_t** out_instance,
    iree_runtime_session_t** out_session) {
  IREE_RETURN_IF_ERROR(sample_create_instance(out_instance));
  IREE_RETURN_IF_ERROR(
      sample_create_session_on(*out_instance, device, out_session));
  if (!vmfb_path) return iree_ok_status();
  return iree_runtime_session_append_bytecode_module_from_file(*out_session,
                                                              vmfb_path);
}

// simple_mul (sample_call_simple_mul) from |vmfb_path| run through a session
// on |device|.
static inline iree_status_t sample_run_simple_mul(iree_hal_device_t* device,
                                                  const char* vmfb_path) {
  iree_runtime_instance_t* instance = NULL;
  iree_runtime_session_t* session = NULL;
  iree_status_t status =
      sample_create_session(device, vmfb_path, &instance, &session);
  if (iree_status_is_ok(status)) {
    status = sample_call_simple_mul(session, "module.simple_mul");
  }
  iree_runtime_session_release(session);
  iree_runtime_instance_release(instance);
  return status;
}

// The template sample's set-up: an instance with every driver, the device
// |device_uri| names, and a session on it. The caller releases what was made
// (sample_close), also when this fails.
static inline iree_status_t sample_open(const char* device_uri,
                                        iree_runtime_instance_t** out_instance,
                                        iree_hal_device_t** out_device,
                                        iree_runtime_session_t** out_session) {
  IREE_RETURN_IF_ERROR(sample_create_instance(out_instance));
  IREE_RETURN_IF_ERROR(iree_hal_create_device(
      iree_runtime_instance_driver_registry(*out_instance),
      iree_make_cstring_view(device_uri),
      iree_runtime_instance_host_allocator(*out_instance), out_device));
  return sample_create_session_on(*out_instance, *out_device, out_session);
}

static inline void sample_close(iree_runtime_instance_t* instance,
                                iree_hal_device_t* device,
                                iree_runtime_session_t* session) {
  iree_runtime_session_release(session);
  iree_hal_device_release(device);
  iree_runtime_instance_release(instance);
}

// Prints a failed status to stderr and returns its code as an exit status.
static inline int sample_finish(iree_status_t status) {
  if (iree_status_is_ok(status)) return 0;
  int code = (int)iree_status_code(status);
  iree_status_fprint(stderr, status);
  iree_status_ignore(status);
  return code;
}

// main of a program taking one argument, |arg_name|, passed to |run|.
static inline int sample_main(int argc, char** argv, const char* arg_name,
                              iree_status_t (*run)(const char* arg)) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s %s\n", argv[0], arg_name);
    return 2;
  }
  return sample_finish(run(argv[1]));
}

#endif  // IREEC_TESTS_SAMPLE_SUPPORT_H_
