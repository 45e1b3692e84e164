// A native VM module written in C++ with iree::vm::NativeModule whose imports
// take and return HAL buffer views, in the shape of IREE's custom_module/sync
// and async samples:
//   call.sync(view) -> view     doubles the i32 elements on the calling thread
//                               (the runtime waited for the input);
//   call.async(view, wait_fence, signal_fence) -> view
//                               allocates the result on the queue and returns
//                               at once; a thread of its own waits for the
//                               input, doubles it and signals the result.
// Usage: hal_custom_module DEVICE_URI sync|async PROGRAM.vmfb. Runs
// `<module>.main` on [1 2 3 4 5] (tests/programs/custom_sync_call.mlir or
// custom_async_call.mlir) on the device and prints the result, which should
// be (x * x * 2) squared.

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/modules/hal/types.h"
#include "iree/runtime/api.h"
#include "iree/vm/native_module_cc.h"

namespace {

using iree::Status;
using iree::StatusOr;
namespace vm = iree::vm;

// target[i] = source[i] * 2 for |count| i32 elements, through host mappings.
Status DoubleI32(iree_hal_buffer_t* source, iree_hal_buffer_t* target,
                 iree_host_size_t count) {
  iree_hal_buffer_mapping_t source_mapping = {};
  IREE_RETURN_IF_ERROR(iree_hal_buffer_map_range(
      source, IREE_HAL_MAPPING_MODE_SCOPED, IREE_HAL_MEMORY_ACCESS_READ, 0,
      IREE_HAL_WHOLE_BUFFER, &source_mapping));
  iree_hal_buffer_mapping_t target_mapping = {};
  Status status = iree_hal_buffer_map_range(
      target, IREE_HAL_MAPPING_MODE_SCOPED, IREE_HAL_MEMORY_ACCESS_DISCARD_WRITE,
      0, IREE_HAL_WHOLE_BUFFER, &target_mapping);
  if (status.ok()) {
    const int32_t* in = reinterpret_cast<const int32_t*>(source_mapping.contents.data);
    int32_t* out = reinterpret_cast<int32_t*>(target_mapping.contents.data);
    for (iree_host_size_t i = 0; i < count; ++i) out[i] = in[i] * 2;
    status = iree_hal_buffer_unmap_range(&target_mapping);
  }
  iree_status_ignore(iree_hal_buffer_unmap_range(&source_mapping));
  return status;
}

iree_hal_buffer_params_t HostVisibleParams() {
  iree_hal_buffer_params_t params = {};
  params.usage = IREE_HAL_BUFFER_USAGE_DEFAULT | IREE_HAL_BUFFER_USAGE_MAPPING;
  params.access = IREE_HAL_MEMORY_ACCESS_ALL;
  params.type = IREE_HAL_MEMORY_TYPE_OPTIMAL_FOR_DEVICE |
                IREE_HAL_MEMORY_TYPE_HOST_VISIBLE;
  params.queue_affinity = IREE_HAL_QUEUE_AFFINITY_ANY;
  return params;
}

// The asynchronous work of one call: waits for |wait_fence|, doubles
// |source| into |target|, then signals |signal_fence| (or fails it), on a
// thread of its own, which the caller joins.
class DoubleLater {
 public:
  static std::thread Start(vm::ref<iree_hal_buffer_view_t> source,
                    vm::ref<iree_hal_buffer_view_t> target,
                    vm::ref<iree_hal_fence_t> wait_fence,
                    vm::ref<iree_hal_fence_t> signal_fence) {
    auto* work = new DoubleLater(std::move(source), std::move(target),
                                 std::move(wait_fence), std::move(signal_fence));
    return std::thread([work]() {
      work->Run();
      delete work;
    });
  }

 private:
  DoubleLater(vm::ref<iree_hal_buffer_view_t> source,
              vm::ref<iree_hal_buffer_view_t> target,
              vm::ref<iree_hal_fence_t> wait_fence,
              vm::ref<iree_hal_fence_t> signal_fence)
      : source_(std::move(source)),
        target_(std::move(target)),
        wait_fence_(std::move(wait_fence)),
        signal_fence_(std::move(signal_fence)) {}

  void Run() {
    Status status = iree_hal_fence_wait(wait_fence_.get(), iree_infinite_timeout(),
                                        IREE_HAL_WAIT_FLAG_DEFAULT);
    if (status.ok()) {
      status = DoubleI32(iree_hal_buffer_view_buffer(source_.get()),
                         iree_hal_buffer_view_buffer(target_.get()),
                         iree_hal_buffer_view_element_count(source_.get()));
    }
    if (status.ok()) status = iree_hal_fence_signal(signal_fence_.get());
    if (!status.ok()) iree_hal_fence_fail(signal_fence_.get(), status.release());
  }

  vm::ref<iree_hal_buffer_view_t> source_;
  vm::ref<iree_hal_buffer_view_t> target_;
  vm::ref<iree_hal_fence_t> wait_fence_;
  vm::ref<iree_hal_fence_t> signal_fence_;
};

class CallState final {
 public:
  CallState(vm::ref<iree_hal_device_t> device, iree_allocator_t allocator)
      : device_(std::move(device)), allocator_(allocator) {}
  // The context is going away: its calls' threads finish first.
  ~CallState() {
    for (std::thread& worker : workers_) worker.join();
  }

  StatusOr<vm::ref<iree_hal_buffer_view_t>> CallSync(
      const vm::ref<iree_hal_buffer_view_t> arg) {
    vm::ref<iree_hal_buffer_t> result_buffer;
    IREE_RETURN_IF_ERROR(iree_hal_allocator_allocate_buffer(
        iree_hal_device_allocator(device_.get()), HostVisibleParams(),
        iree_hal_buffer_view_byte_length(arg.get()), &result_buffer));
    IREE_RETURN_IF_ERROR(DoubleI32(iree_hal_buffer_view_buffer(arg.get()),
                                   result_buffer.get(),
                                   iree_hal_buffer_view_element_count(arg.get())));
    vm::ref<iree_hal_buffer_view_t> result;
    IREE_RETURN_IF_ERROR(iree_hal_buffer_view_create_like(
        result_buffer.get(), arg.get(), allocator_, &result));
    return result;
  }

  StatusOr<vm::ref<iree_hal_buffer_view_t>> CallAsync(
      const vm::ref<iree_hal_buffer_view_t> arg,
      const vm::ref<iree_hal_fence_t> wait_fence,
      const vm::ref<iree_hal_fence_t> signal_fence) {
    // [wait_fence] -> queue alloca -> [alloca_fence] -> the doubling thread
    // -> [signal_fence]
    vm::ref<iree_hal_semaphore_t> semaphore;
    IREE_RETURN_IF_ERROR(iree_hal_semaphore_create(
        device_.get(), IREE_HAL_QUEUE_AFFINITY_ANY, 0, IREE_HAL_SEMAPHORE_FLAG_DEFAULT,
        &semaphore));
    vm::ref<iree_hal_fence_t> alloca_fence;
    IREE_RETURN_IF_ERROR(
        iree_hal_fence_create_at(semaphore.get(), 1, allocator_, &alloca_fence));
    vm::ref<iree_hal_buffer_t> result_buffer;
    IREE_RETURN_IF_ERROR(iree_hal_device_queue_alloca(
        device_.get(), IREE_HAL_QUEUE_AFFINITY_ANY,
        iree_hal_fence_semaphore_list(wait_fence.get()),
        iree_hal_fence_semaphore_list(alloca_fence.get()),
        IREE_HAL_ALLOCATOR_POOL_DEFAULT, HostVisibleParams(),
        iree_hal_buffer_view_byte_length(arg.get()), IREE_HAL_ALLOCA_FLAG_NONE,
        &result_buffer));
    vm::ref<iree_hal_buffer_view_t> result;
    IREE_RETURN_IF_ERROR(iree_hal_buffer_view_create_like(
        result_buffer.get(), arg.get(), allocator_, &result));
    workers_.push_back(DoubleLater::Start(vm::retain_ref(arg), vm::retain_ref(result),
                                          std::move(alloca_fence),
                                          vm::retain_ref(signal_fence)));
    return result;
  }

 private:
  vm::ref<iree_hal_device_t> device_;
  iree_allocator_t allocator_;
  std::vector<std::thread> workers_;
};

const vm::NativeFunction<CallState> kCallFunctions[] = {
    vm::MakeNativeFunction("call.sync", &CallState::CallSync),
    vm::MakeNativeFunction("call.async", &CallState::CallAsync),
};

class CallModule final : public vm::NativeModule<CallState> {
 public:
  CallModule(iree_vm_instance_t* instance, iree_allocator_t allocator,
             iree_hal_device_t* device)
      : vm::NativeModule<CallState>(
            "custom", /*version=*/0, instance, allocator,
            iree::span<const vm::NativeFunction<CallState>>(kCallFunctions)),
        device_(vm::retain_ref(device)) {}

  StatusOr<std::unique_ptr<CallState>> CreateState(
      iree_allocator_t allocator) override {
    return std::make_unique<CallState>(vm::retain_ref(device_), allocator);
  }
  StatusOr<std::unique_ptr<CallState>> ForkState(
      CallState* parent, iree_allocator_t allocator) override {
    return CreateState(allocator);
  }

 private:
  vm::ref<iree_hal_device_t> device_;
};

iree_status_t Run(const char* device_uri, const std::string& mode,
                  const char* vmfb_path) {
  iree_allocator_t allocator = iree_allocator_system();
  iree_runtime_instance_options_t instance_options;
  iree_runtime_instance_options_initialize(&instance_options);
  iree_runtime_instance_options_use_all_available_drivers(&instance_options);
  iree_runtime_instance_t* instance = nullptr;
  IREE_RETURN_IF_ERROR(
      iree_runtime_instance_create(&instance_options, allocator, &instance));
  std::unique_ptr<iree_runtime_instance_t, void (*)(iree_runtime_instance_t*)>
      instance_owner(instance, iree_runtime_instance_release);

  vm::ref<iree_hal_device_t> device;
  IREE_RETURN_IF_ERROR(iree_runtime_instance_try_create_default_device(
      instance, iree_make_cstring_view(device_uri), &device));
  iree_runtime_session_options_t session_options;
  iree_runtime_session_options_initialize(&session_options);
  iree_runtime_session_t* session = nullptr;
  IREE_RETURN_IF_ERROR(iree_runtime_session_create_with_device(
      instance, &session_options, device.get(), allocator, &session));
  std::unique_ptr<iree_runtime_session_t, void (*)(iree_runtime_session_t*)>
      session_owner(session, iree_runtime_session_release);

  auto module = std::make_unique<CallModule>(
      iree_runtime_instance_vm_instance(instance), allocator, device.get());
  vm::ref<iree_vm_module_t> custom_module(module.release()->interface());
  IREE_RETURN_IF_ERROR(iree_runtime_session_append_module(session, custom_module.get()));
  IREE_RETURN_IF_ERROR(
      iree_runtime_session_append_bytecode_module_from_file(session, vmfb_path));

  vm::ref<iree_vm_list_t> inputs, outputs;
  IREE_RETURN_IF_ERROR(iree_vm_list_create(iree_vm_make_undefined_type_def(), 3,
                                           allocator, &inputs));
  IREE_RETURN_IF_ERROR(iree_vm_list_create(iree_vm_make_undefined_type_def(), 1,
                                           allocator, &outputs));
  const int32_t input[5] = {1, 2, 3, 4, 5};
  const iree_hal_dim_t shape[1] = {IREE_ARRAYSIZE(input)};
  iree_hal_buffer_params_t input_params = {};
  input_params.type = IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL;
  input_params.access = IREE_HAL_MEMORY_ACCESS_ALL;
  input_params.usage = IREE_HAL_BUFFER_USAGE_DEFAULT;
  iree_hal_buffer_view_t* input_view = nullptr;
  IREE_RETURN_IF_ERROR(iree_hal_buffer_view_allocate_buffer_copy(
      device.get(), iree_hal_device_allocator(device.get()), 1, shape,
      IREE_HAL_ELEMENT_TYPE_INT_32, IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR,
      input_params, iree_make_const_byte_span(input, sizeof(input)), &input_view));
  iree_vm_ref_t input_ref = iree_hal_buffer_view_move_ref(input_view);
  IREE_RETURN_IF_ERROR(iree_vm_list_push_ref_move(inputs.get(), &input_ref));

  // Async: the call runs on the timeline of our own semaphore, from T=1 (the
  // input is ready) to T=2 (the result is).
  vm::ref<iree_hal_fence_t> ready, done;
  if (mode == "async") {
    vm::ref<iree_hal_semaphore_t> timeline;
    IREE_RETURN_IF_ERROR(iree_hal_semaphore_create(
        device.get(), IREE_HAL_QUEUE_AFFINITY_ANY, 0,
        IREE_HAL_SEMAPHORE_FLAG_DEFAULT, &timeline));
    IREE_RETURN_IF_ERROR(iree_hal_fence_create_at(timeline.get(), 1, allocator, &ready));
    IREE_RETURN_IF_ERROR(iree_hal_fence_create_at(timeline.get(), 2, allocator, &done));
    iree_vm_ref_t ready_ref = iree_hal_fence_retain_ref(ready.get());
    IREE_RETURN_IF_ERROR(iree_vm_list_push_ref_move(inputs.get(), &ready_ref));
    iree_vm_ref_t done_ref = iree_hal_fence_retain_ref(done.get());
    IREE_RETURN_IF_ERROR(iree_vm_list_push_ref_move(inputs.get(), &done_ref));
    IREE_RETURN_IF_ERROR(iree_hal_fence_signal(ready.get()));
  }

  std::string entry = (mode == "async" ? "async_call" : "sync_call") + std::string(".main");
  IREE_RETURN_IF_ERROR(iree_runtime_session_call_by_name(
      session, iree_make_string_view(entry.data(), entry.size()), inputs.get(),
      outputs.get()));
  if (mode == "async") {
    IREE_RETURN_IF_ERROR(iree_hal_fence_wait(done.get(), iree_infinite_timeout(),
                                             IREE_HAL_WAIT_FLAG_DEFAULT));
    std::printf("reached T=2\n");
  }

  iree_hal_buffer_view_t* output = iree_vm_list_get_buffer_view_assign(outputs.get(), 0);
  if (!output) {
    return iree_make_status(IREE_STATUS_FAILED_PRECONDITION, "no result view");
  }
  int32_t values[5] = {};
  IREE_RETURN_IF_ERROR(iree_hal_buffer_map_read(iree_hal_buffer_view_buffer(output),
                                                0, values, sizeof(values)));
  std::printf("%s:", mode.c_str());
  for (int32_t value : values) std::printf(" %d", value);
  std::printf("\n");
  return iree_ok_status();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: hal_custom_module DEVICE_URI sync|async PROGRAM.vmfb\n");
    return 2;
  }
  iree_status_t status = Run(argv[1], argv[2], argv[3]);
  if (!iree_status_is_ok(status)) {
    iree_status_fprint(stderr, status);
    int code = static_cast<int>(iree_status_code(status));
    iree_status_free(status);
    return code;
  }
  return 0;
}
