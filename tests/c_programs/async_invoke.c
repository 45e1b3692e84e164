// iree_vm_async_invoke on IREE's loops: simple_mul invoked on the inline loop
// (it runs as it is scheduled) and on a synchronous loop's scope (it runs
// when the loop is drained), each delivering the results to a callback.
//
// Usage: async_invoke SIMPLE_MUL_VMFB

#include "iree/base/loop_sync.h"
#include "iree/modules/hal/types.h"
#include "iree/vm/invocation.h"
#include "sample_support.h"

typedef struct {
  const char* label;
  iree_hal_device_t* device;
  iree_allocator_t host_allocator;
  int calls;
} invoke_result_t;

// Prints the result view; owns |status| and the invocation's reference to
// |outputs|, as the loop hands them over.
static iree_status_t on_invoked(void* user_data, iree_loop_t loop,
                                iree_status_t status, iree_vm_list_t* outputs) {
  invoke_result_t* result = (invoke_result_t*)user_data;
  ++result->calls;
  if (iree_status_is_ok(status)) {
    iree_hal_buffer_view_t* view = iree_vm_list_get_buffer_view_assign(outputs, 0);
    printf("%s: ", result->label);
    status = iree_hal_buffer_view_fprint(stdout, view, 64, result->host_allocator);
    fputc('\n', stdout);
  }
  iree_vm_list_release(outputs);
  return status;
}

static iree_status_t make_inputs(iree_runtime_session_t* session,
                                 iree_vm_list_t** out_inputs) {
  iree_allocator_t host_allocator = iree_runtime_session_host_allocator(session);
  IREE_RETURN_IF_ERROR(iree_vm_list_create(iree_vm_make_undefined_type_def(), 2,
                                           host_allocator, out_inputs));
  static const float lhs[4] = {1.0f, 2.0f, 3.0f, 4.0f};
  static const float rhs[4] = {5.0f, 5.0f, 5.0f, 5.0f};
  const float* data[2] = {lhs, rhs};
  iree_status_t status = iree_ok_status();
  for (int i = 0; i < 2 && iree_status_is_ok(status); ++i) {
    iree_hal_buffer_view_t* view = NULL;
    status = sample_f32_view(session, 4, data[i], &view);
    if (iree_status_is_ok(status)) {
      iree_vm_ref_t ref = iree_hal_buffer_view_move_ref(view);
      status = iree_vm_list_push_ref_move(*out_inputs, &ref);
    }
  }
  return status;
}

// One async invocation of module.simple_mul on |loop|.
static iree_status_t invoke_on(iree_loop_t loop, iree_runtime_session_t* session,
                               iree_vm_async_invoke_state_t* state,
                               invoke_result_t* result) {
  iree_vm_function_t function;
  IREE_RETURN_IF_ERROR(iree_runtime_session_lookup_function(
      session, IREE_SV("module.simple_mul"), &function));
  iree_allocator_t host_allocator = iree_runtime_session_host_allocator(session);
  iree_vm_list_t* inputs = NULL;
  iree_vm_list_t* outputs = NULL;
  iree_status_t status = make_inputs(session, &inputs);
  if (iree_status_is_ok(status)) {
    status = iree_vm_list_create(iree_vm_make_undefined_type_def(), 1,
                                 host_allocator, &outputs);
  }
  if (iree_status_is_ok(status)) {
    // The invocation keeps a reference to |outputs| of its own, handed to the
    // callback, which releases it; ours is released below as usual.
    status = iree_vm_async_invoke(loop, state,
                                  iree_runtime_session_context(session),
                                  function, IREE_VM_INVOCATION_FLAG_NONE, NULL,
                                  inputs, outputs, host_allocator, on_invoked,
                                  result);
  }
  iree_vm_list_release(outputs);
  iree_vm_list_release(inputs);
  return status;
}

static iree_status_t run(const char* vmfb_path) {
  iree_runtime_instance_t* instance = NULL;
  iree_runtime_session_t* session = NULL;
  iree_hal_device_t* device = NULL;
  iree_status_t status =
      sample_open("local-task", &instance, &device, &session);
  if (iree_status_is_ok(status)) {
    status = iree_runtime_session_append_bytecode_module_from_file(session,
                                                                  vmfb_path);
  }

  // The inline loop: done when iree_vm_async_invoke returns; the first
  // failure (none here) would be in loop_status.
  static iree_vm_async_invoke_state_t state;  // 8 KiB of stack storage inside
  invoke_result_t inline_result = {"inline", device, iree_allocator_system(), 0};
  if (iree_status_is_ok(status)) {
    iree_status_t loop_status = iree_ok_status();
    status = invoke_on(iree_loop_inline(&loop_status), session, &state,
                       &inline_result);
    if (iree_status_is_ok(status)) status = loop_status;
    else iree_status_ignore(loop_status);
    printf("inline callbacks after invoke returned: %d\n", inline_result.calls);
  }

  // The synchronous loop: nothing runs until it is drained.
  iree_loop_sync_t* loop_sync = NULL;
  invoke_result_t sync_result = {"sync", device, iree_allocator_system(), 0};
  if (iree_status_is_ok(status)) {
    iree_loop_sync_options_t options = {.max_queue_depth = 16, .max_wait_count = 4};
    status = iree_loop_sync_allocate(options, iree_allocator_system(), &loop_sync);
  }
  if (iree_status_is_ok(status)) {
    iree_loop_sync_scope_t scope;
    iree_loop_sync_scope_initialize(loop_sync, NULL, NULL, &scope);
    status = invoke_on(iree_loop_sync_scope(&scope), session, &state, &sync_result);
    printf("sync callbacks before draining: %d\n", sync_result.calls);
    if (iree_status_is_ok(status)) {
      status = iree_loop_sync_wait_idle(loop_sync, iree_infinite_timeout());
    }
    printf("sync callbacks after draining: %d\n", sync_result.calls);
    iree_loop_sync_scope_deinitialize(&scope);
  }
  iree_loop_sync_free(loop_sync);

  sample_close(instance, device, session);
  return status;
}

int main(int argc, char** argv) {
  return sample_main(argc, argv, "SIMPLE_MUL_VMFB", run);
}
