// A native module written in C (iree/vm/native_module.h) registered with a
// session: "custom" exports add_one (i32 -> i32) and checked_sqrt (f32 ->
// f32, failing with OUT_OF_RANGE below zero), each with a shim of its own
// that unpacks the argument and packs the result, as IREE's generated shims
// do. The session calls them by name.
//
// Usage: native_module

#include <math.h>

#include "iree/vm/native_module.h"
#include "sample_support.h"

typedef iree_status_t (*i32_to_i32_fn_t)(iree_vm_stack_t* stack, void* module,
                                          void* state, int32_t value,
                                          int32_t* out_result);
typedef iree_status_t (*f32_to_f32_fn_t)(iree_vm_stack_t* stack, void* module,
                                          void* state, float value,
                                          float* out_result);

// Shims for the calling conventions "0i_i" and "0f_f": the arguments and
// results arrive as packed bytes. Targets are stored as the generic target
// type and cast back (through void (*)(void), the cast C allows between
// function types).
static iree_status_t shim_i32_to_i32(iree_vm_stack_t* stack,
                                     iree_vm_native_function_flags_t flags,
                                     iree_byte_span_t args, iree_byte_span_t rets,
                                     iree_vm_native_function_target_t target,
                                     void* module, void* state) {
  if (args.data_length != sizeof(int32_t) || rets.data_length != sizeof(int32_t)) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "0i_i takes and returns one i32");
  }
  int32_t value = *(const int32_t*)args.data;
  return ((i32_to_i32_fn_t)(void (*)(void))target)(stack, module, state, value,
                                   (int32_t*)rets.data);
}

static iree_status_t shim_f32_to_f32(iree_vm_stack_t* stack,
                                     iree_vm_native_function_flags_t flags,
                                     iree_byte_span_t args, iree_byte_span_t rets,
                                     iree_vm_native_function_target_t target,
                                     void* module, void* state) {
  if (args.data_length != sizeof(float) || rets.data_length != sizeof(float)) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "0f_f takes and returns one f32");
  }
  float value = *(const float*)args.data;
  return ((f32_to_f32_fn_t)(void (*)(void))target)(stack, module, state, value,
                                   (float*)rets.data);
}

static iree_status_t custom_add_one(iree_vm_stack_t* stack, void* module,
                                    void* state, int32_t value,
                                    int32_t* out_result) {
  *out_result = value + 1;
  return iree_ok_status();
}

static iree_status_t custom_checked_sqrt(iree_vm_stack_t* stack, void* module,
                                         void* state, float value,
                                         float* out_result) {
  if (value < 0.0f) {
    return iree_make_status(IREE_STATUS_OUT_OF_RANGE,
                            "checked_sqrt of a negative value (%g)", value);
  }
  *out_result = sqrtf(value);
  return iree_ok_status();
}

// Exports sorted by name; functions[i] implements exports[i].
static const iree_vm_native_export_descriptor_t custom_exports[] = {
    {IREE_SVL("add_one"), IREE_SVL("0i_i"), 0, NULL},
    {IREE_SVL("checked_sqrt"), IREE_SVL("0f_f"), 0, NULL},
};
static const iree_vm_native_function_ptr_t custom_functions[] = {
    {shim_i32_to_i32, (iree_vm_native_function_target_t)(void (*)(void))custom_add_one},
    {shim_f32_to_f32, (iree_vm_native_function_target_t)(void (*)(void))custom_checked_sqrt},
};
static const iree_vm_native_module_descriptor_t custom_descriptor = {
    .name = IREE_SVL("custom"),
    .version = 1,
    .export_count = IREE_ARRAYSIZE(custom_exports),
    .exports = custom_exports,
    .function_count = IREE_ARRAYSIZE(custom_functions),
    .functions = custom_functions,
};

// The module keeps no state: alloc_state hands back a placeholder.
static iree_status_t custom_alloc_state(void* self, iree_allocator_t allocator,
                                        iree_vm_module_state_t** out_state) {
  *out_state = (iree_vm_module_state_t*)self;
  return iree_ok_status();
}
static void custom_free_state(void* self, iree_vm_module_state_t* state) {}
static void custom_destroy(void* self) {}

static iree_status_t call_one(iree_runtime_session_t* session, const char* name,
                              iree_vm_value_t argument) {
  iree_allocator_t host_allocator = iree_runtime_session_host_allocator(session);
  iree_vm_list_t* inputs = NULL;
  iree_vm_list_t* outputs = NULL;
  IREE_RETURN_IF_ERROR(iree_vm_list_create(iree_vm_make_undefined_type_def(), 1,
                                           host_allocator, &inputs));
  iree_status_t status = iree_vm_list_create(iree_vm_make_undefined_type_def(),
                                             1, host_allocator, &outputs);
  if (iree_status_is_ok(status)) status = iree_vm_list_push_value(inputs, &argument);
  if (iree_status_is_ok(status)) {
    status = iree_runtime_session_call_by_name(
        session, iree_make_cstring_view(name), inputs, outputs);
  }
  iree_vm_value_t result;
  if (iree_status_is_ok(status)) status = iree_vm_list_get_value(outputs, 0, &result);
  if (iree_status_is_ok(status)) {
    if (result.type == IREE_VM_VALUE_TYPE_I32) {
      printf("%s -> %d\n", name, result.i32);
    } else {
      printf("%s -> %g\n", name, result.f32);
    }
  }
  iree_vm_list_release(inputs);
  iree_vm_list_release(outputs);
  return status;
}

static iree_status_t run(void) {
  iree_runtime_instance_t* instance = NULL;
  iree_runtime_session_t* session = NULL;
  iree_hal_device_t* device = NULL;
  iree_status_t status =
      sample_open("local-task", &instance, &device, &session);

  iree_vm_module_t* module = NULL;
  if (iree_status_is_ok(status)) {
    printf("native module size: %s\n",
           iree_vm_native_module_size() > 0 ? "nonzero" : "zero");
    iree_vm_module_t interface;
    status = iree_vm_module_initialize(&interface, NULL);
    if (iree_status_is_ok(status)) {
      interface.destroy = custom_destroy;
      interface.alloc_state = custom_alloc_state;
      interface.free_state = custom_free_state;
      status = iree_vm_native_module_create(
          &interface, &custom_descriptor,
          iree_runtime_instance_vm_instance(instance), iree_allocator_system(),
          &module);
    }
  }
  if (iree_status_is_ok(status)) {
    iree_string_view_t name = iree_vm_module_name(module);
    printf("module %.*s with %d exports\n", (int)name.size, name.data,
           (int)iree_vm_module_signature(module).export_function_count);
    status = iree_runtime_session_append_module(session, module);
  }
  iree_vm_module_release(module);

  if (iree_status_is_ok(status)) {
    status = call_one(session, "custom.add_one", iree_vm_value_make_i32(41));
  }
  if (iree_status_is_ok(status)) {
    status = call_one(session, "custom.checked_sqrt",
                      iree_vm_value_make_f32(2.25f));
  }
  if (iree_status_is_ok(status)) {
    // A failure inside the module comes back through the session call.
    iree_status_t failed = call_one(session, "custom.checked_sqrt",
                                    iree_vm_value_make_f32(-4.0f));
    printf("checked_sqrt(-4): %s\n",
           iree_status_code_string(iree_status_code(failed)));
    iree_status_fprint(stdout, failed);
    iree_status_ignore(failed);
  }
  sample_close(instance, device, session);
  return status;
}

int main(void) { return sample_finish(run()); }
