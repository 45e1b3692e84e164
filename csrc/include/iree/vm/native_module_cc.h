// iree::vm::NativeModule<State>: a VM module written as a C++ class, with
// IREE's names and behaviour. The module is a table of member functions of
// State (iree::vm::MakeNativeFunction, iree/vm/native_module_packing.h); each
// context the module is added to gets its own State from CreateState (or
// ForkState when a context is forked), and calls run on that State.
//
//   class MyModule final : public iree::vm::NativeModule<MyState> {
//     using NativeModule::NativeModule;
//     StatusOr<std::unique_ptr<MyState>> CreateState(iree_allocator_t) override;
//     StatusOr<std::unique_ptr<MyState>> ForkState(MyState*, iree_allocator_t) override;
//   };
//   auto module = std::make_unique<MyModule>("my", 0, instance, allocator,
//       iree::span<const iree::vm::NativeFunction<MyState>>(kFunctions));
//   iree_vm_module_t* c_module = module.release()->interface();
//
// The C module owns the C++ object: releasing its last reference deletes it.
// Modules written this way export functions only (no imports).
#ifndef IREE_VM_NATIVE_MODULE_CC_H_
#define IREE_VM_NATIVE_MODULE_CC_H_

#ifndef __cplusplus
#error "iree/vm/native_module_cc.h is C++ only."
#endif

#include <cstring>
#include <functional>
#include <memory>
#include <utility>

#include "iree/base/api.h"
#include "iree/base/internal/span.h"
#include "iree/vm/instance.h"
#include "iree/vm/module.h"
#include "iree/vm/native_module_packing.h"
#include "iree/vm/stack.h"

namespace iree {
namespace vm {

template <typename State>
class NativeModule {
 public:
  // |name| and |dispatch_table| must outlive the module (they are not
  // copied); the module holds a reference to |instance|.
  NativeModule(const char* name, uint32_t version, iree_vm_instance_t* instance,
               iree_allocator_t allocator,
               iree::span<const NativeFunction<State>> dispatch_table)
      : name_(name),
        version_(version),
        instance_(instance),
        allocator_(allocator),
        dispatch_table_(dispatch_table) {
    iree_vm_instance_retain(instance_);
    IREE_CHECK_OK(iree_vm_module_initialize(&interface_, this));
    interface_.destroy = &NativeModule::ModuleDestroy;
    interface_.name = &NativeModule::ModuleName;
    interface_.signature = &NativeModule::ModuleSignature;
    interface_.enumerate_dependencies = &NativeModule::ModuleEnumerateDependencies;
    interface_.lookup_function = &NativeModule::ModuleLookupFunction;
    interface_.get_function = &NativeModule::ModuleGetFunction;
    interface_.alloc_state = &NativeModule::ModuleAllocState;
    interface_.free_state = &NativeModule::ModuleFreeState;
    interface_.fork_state = &NativeModule::ModuleForkState;
    interface_.resolve_import = &NativeModule::ModuleResolveImport;
    interface_.notify = &NativeModule::ModuleNotify;
    interface_.begin_call = &NativeModule::ModuleBeginCall;
  }

  NativeModule(const NativeModule&) = delete;
  NativeModule& operator=(const NativeModule&) = delete;

  virtual ~NativeModule() { iree_vm_instance_release(instance_); }

  iree_vm_instance_t* instance() const { return instance_; }

  // The C module (whose `self` is this object).
  iree_vm_module_t* interface() { return &interface_; }

 protected:
  // Reports each module this one depends on to |callback|; none by default.
  virtual Status EnumerateDependencies(
      std::function<Status(const iree_vm_module_dependency_t*)> callback) {
    return OkStatus();
  }

  // A new State for a context.
  virtual StatusOr<std::unique_ptr<State>> CreateState(
      iree_allocator_t allocator) = 0;

  // A State for a context forked from the one owning |parent_state|.
  virtual StatusOr<std::unique_ptr<State>> ForkState(
      State* parent_state, iree_allocator_t allocator) = 0;

  // A signal from the context (suspend, resume, low memory, fork).
  virtual Status Notify(State* state, iree_vm_signal_t signal) {
    return OkStatus();
  }

 private:
  static NativeModule* Self(void* self) { return static_cast<NativeModule*>(self); }
  static State* StateOf(iree_vm_module_state_t* state) {
    return reinterpret_cast<State*>(state);
  }
  iree_host_size_t function_count() const { return dispatch_table_.size(); }

  static void ModuleDestroy(void* self) { delete Self(self); }

  static iree_string_view_t ModuleName(void* self) {
    return iree_make_cstring_view(Self(self)->name_);
  }

  static iree_vm_module_signature_t ModuleSignature(void* self) {
    iree_vm_module_signature_t signature;
    std::memset(&signature, 0, sizeof(signature));
    signature.version = Self(self)->version_;
    signature.export_function_count = Self(self)->function_count();
    return signature;
  }

  static iree_status_t ModuleEnumerateDependencies(
      void* self, iree_vm_module_dependency_callback_t callback,
      void* user_data) {
    auto forward = [callback, user_data](
                       const iree_vm_module_dependency_t* dependency) {
      return Status(callback(user_data, dependency));
    };
    return Self(self)->EnumerateDependencies(std::move(forward));
  }

  static iree_status_t ModuleGetFunction(
      void* self, iree_vm_function_linkage_t linkage, iree_host_size_t ordinal,
      iree_vm_function_t* out_function, iree_string_view_t* out_name,
      iree_vm_function_signature_t* out_signature) {
    if (out_function) std::memset(out_function, 0, sizeof(*out_function));
    if (out_name) *out_name = iree_string_view_empty();
    if (out_signature) std::memset(out_signature, 0, sizeof(*out_signature));
    NativeModule* module = Self(self);
    if (IREE_UNLIKELY(ordinal >= module->function_count())) {
      return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                              "function out of bounds: 0 < %" PRIhsz
                              " < %" PRIhsz,
                              ordinal, module->function_count());
    }
    const NativeFunction<State>& function = module->dispatch_table_[ordinal];
    if (out_function) {
      out_function->module = module->interface();
      out_function->linkage = IREE_VM_FUNCTION_LINKAGE_EXPORT;
      out_function->ordinal = static_cast<uint16_t>(ordinal);
    }
    if (out_name) *out_name = function.name;
    if (out_signature) out_signature->calling_convention = function.cconv;
    return iree_ok_status();
  }

  static iree_status_t ModuleLookupFunction(
      void* self, iree_vm_function_linkage_t linkage, iree_string_view_t name,
      const iree_vm_function_signature_t* expected_signature,
      iree_vm_function_t* out_function) {
    IREE_ASSERT_ARGUMENT(out_function);
    std::memset(out_function, 0, sizeof(*out_function));
    if (IREE_UNLIKELY(!name.data || !name.size)) {
      return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                              "function name empty");
    }
    NativeModule* module = Self(self);
    out_function->module = module->interface();
    out_function->linkage = IREE_VM_FUNCTION_LINKAGE_EXPORT;
    for (iree_host_size_t i = 0; i < module->function_count(); ++i) {
      if (iree_string_view_equal(name, module->dispatch_table_[i].name)) {
        out_function->ordinal = static_cast<uint16_t>(i);
        return iree_ok_status();
      }
    }
    return iree_make_status(IREE_STATUS_NOT_FOUND, "function %.*s not exported",
                            (int)name.size, name.data);
  }

  static iree_status_t ModuleAllocState(
      void* self, iree_allocator_t allocator,
      iree_vm_module_state_t** out_module_state) {
    IREE_ASSERT_ARGUMENT(out_module_state);
    *out_module_state = nullptr;
    IREE_ASSIGN_OR_RETURN(auto state, Self(self)->CreateState(allocator));
    *out_module_state = reinterpret_cast<iree_vm_module_state_t*>(state.release());
    return iree_ok_status();
  }

  static void ModuleFreeState(void* self, iree_vm_module_state_t* module_state) {
    delete StateOf(module_state);
  }

  static iree_status_t ModuleForkState(void* self,
                                       iree_vm_module_state_t* parent_state,
                                       iree_allocator_t allocator,
                                       iree_vm_module_state_t** out_child_state) {
    IREE_ASSERT_ARGUMENT(out_child_state);
    *out_child_state = nullptr;
    if (!parent_state) return iree_ok_status();
    IREE_ASSIGN_OR_RETURN(
        auto child, Self(self)->ForkState(StateOf(parent_state), allocator));
    *out_child_state = reinterpret_cast<iree_vm_module_state_t*>(child.release());
    return iree_ok_status();
  }

  static iree_status_t ModuleResolveImport(
      void* self, iree_vm_module_state_t* module_state,
      iree_host_size_t ordinal, const iree_vm_function_t* function,
      const iree_vm_function_signature_t* signature) {
    return iree_make_status(IREE_STATUS_UNIMPLEMENTED,
                            "C++ API does not support imports");
  }

  static iree_status_t ModuleNotify(void* self,
                                    iree_vm_module_state_t* module_state,
                                    iree_vm_signal_t signal) {
    return Self(self)->Notify(StateOf(module_state), signal);
  }

  // Enters a native frame, calls the function on the frame's State and
  // leaves; a failure is annotated with the function's name.
  static iree_status_t ModuleBeginCall(void* self, iree_vm_stack_t* stack,
                                       iree_vm_function_call_t call) {
    NativeModule* module = Self(self);
    if (IREE_UNLIKELY(call.function.ordinal >= module->function_count())) {
      return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                              "function ordinal out of bounds: 0 < %u < %" PRIhsz,
                              call.function.ordinal, module->function_count());
    }
    const NativeFunction<State>& function =
        module->dispatch_table_[call.function.ordinal];
    iree_vm_stack_frame_t* frame = nullptr;
    IREE_RETURN_IF_ERROR(iree_vm_stack_function_enter(
        stack, &call.function, IREE_VM_STACK_FRAME_NATIVE, /*frame_size=*/0,
        /*frame_cleanup_fn=*/nullptr, &frame));
    iree_status_t status =
        function.call(function.ptr, StateOf(frame->module_state), stack, call);
    if (IREE_UNLIKELY(!iree_status_is_ok(status))) {
      return iree_status_annotate_f(status, "while invoking C++ function %s.%.*s",
                                    module->name_, (int)function.name.size,
                                    function.name.data);
    }
    return iree_vm_stack_function_leave(stack);
  }

  const char* name_;
  uint32_t version_;
  iree_vm_instance_t* instance_;
  const iree_allocator_t allocator_;
  iree_vm_module_t interface_;
  const iree::span<const NativeFunction<State>> dispatch_table_;
};

}  // namespace vm
}  // namespace iree

#endif  // IREE_VM_NATIVE_MODULE_CC_H_
