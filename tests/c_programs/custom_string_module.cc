// A native VM module written in C++ with iree::vm::NativeModule, in the shape
// of IREE's custom_module/basic sample: it adds a ref type of its own
// (custom.message, a reference-counted string registered with the VM
// instance) and exports functions creating, measuring, repeating and
// printing messages, which tests/programs/custom_strings.mlir imports.
//
// Prints each export's calling convention (spelled at compile time from the
// C++ signatures), runs strings.main from the .vmfb given as the argument and
// prints what the module did and the function's result.

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "iree/base/api.h"
#include "iree/io/file_contents.h"
#include "iree/vm/api.h"
#include "iree/vm/bytecode/module.h"
#include "iree/vm/native_module_cc.h"

//===----------------------------------------------------------------------===//
// custom.message: the module's own ref type
//===----------------------------------------------------------------------===//

typedef struct custom_message_t {
  iree_vm_ref_object_t ref_object;  // first: the VM counts references here
  iree_allocator_t allocator;
  iree_string_view_t text;          // stored right after the struct
} custom_message_t;

IREE_VM_DECLARE_TYPE_ADAPTERS(custom_message, custom_message_t);
IREE_VM_DEFINE_TYPE_ADAPTERS(custom_message, custom_message_t);

static iree_vm_ref_type_descriptor_t custom_message_descriptor = {};

static void custom_message_destroy(void* ptr) {
  custom_message_t* message = static_cast<custom_message_t*>(ptr);
  iree_allocator_free(message->allocator, message);
}

static iree_status_t custom_message_create(iree_string_view_t text,
                                           iree_allocator_t allocator,
                                           custom_message_t** out_message) {
  custom_message_t* message = nullptr;
  IREE_RETURN_IF_ERROR(iree_allocator_malloc(
      allocator, sizeof(*message) + text.size, (void**)&message));
  message->ref_object.counter = IREE_ATOMIC_VAR_INIT(1);
  message->allocator = allocator;
  char* storage = reinterpret_cast<char*>(message + 1);
  if (text.size) std::memcpy(storage, text.data, text.size);
  message->text = iree_make_string_view(storage, text.size);
  *out_message = message;
  return iree_ok_status();
}

static iree_status_t custom_message_register_type(iree_vm_instance_t* instance) {
  custom_message_descriptor.destroy = custom_message_destroy;
  custom_message_descriptor.type_name = IREE_SV("custom.message");
  custom_message_descriptor.offsetof_counter =
      offsetof(custom_message_t, ref_object.counter) /
      IREE_VM_REF_COUNTER_ALIGNMENT;
  return iree_vm_instance_register_type(instance, &custom_message_descriptor,
                                        &custom_message_registration);
}

//===----------------------------------------------------------------------===//
// The module
//===----------------------------------------------------------------------===//

namespace {

using iree::Status;
using iree::StatusOr;
namespace vm = iree::vm;

// What one context's calls use; here only the allocator messages come from.
class MessageState final {
 public:
  explicit MessageState(iree_allocator_t allocator) : allocator_(allocator) {}

  StatusOr<vm::ref<custom_message_t>> Create(iree_string_view_t text) {
    vm::ref<custom_message_t> message;
    IREE_RETURN_IF_ERROR(custom_message_create(text, allocator_, &message));
    std::printf("create '%.*s'\n", (int)text.size, text.data);
    return message;
  }

  StatusOr<int64_t> Length(const vm::ref<custom_message_t> message) {
    if (!message) {
      return iree_make_status(IREE_STATUS_INVALID_ARGUMENT, "null message");
    }
    return static_cast<int64_t>(message->text.size);
  }

  StatusOr<vm::ref<custom_message_t>> Repeat(const vm::ref<custom_message_t> message,
                                             int32_t count) {
    if (!message || count < 0) {
      return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                              "repeat needs a message and a count >= 0");
    }
    std::string text;
    for (int32_t i = 0; i < count; ++i) {
      text.append(message->text.data, message->text.size);
    }
    vm::ref<custom_message_t> repeated;
    IREE_RETURN_IF_ERROR(custom_message_create(
        iree_make_string_view(text.data(), text.size()), allocator_, &repeated));
    return repeated;
  }

  Status Print(const vm::ref<custom_message_t> message) {
    if (!message) return iree::OkStatus();
    std::printf("print '%.*s'\n", (int)message->text.size, message->text.data);
    return iree::OkStatus();
  }

 private:
  iree_allocator_t allocator_;
};

const vm::NativeFunction<MessageState> kMessageFunctions[] = {
    vm::MakeNativeFunction("message.create", &MessageState::Create),
    vm::MakeNativeFunction("message.length", &MessageState::Length),
    vm::MakeNativeFunction("message.print", &MessageState::Print),
    vm::MakeNativeFunction("message.repeat", &MessageState::Repeat),
};

class MessageModule final : public vm::NativeModule<MessageState> {
 public:
  using vm::NativeModule<MessageState>::NativeModule;

  ~MessageModule() override {
    iree_vm_instance_unregister_type(instance(), &custom_message_descriptor);
  }

  StatusOr<std::unique_ptr<MessageState>> CreateState(
      iree_allocator_t allocator) override {
    return std::make_unique<MessageState>(allocator);
  }

  StatusOr<std::unique_ptr<MessageState>> ForkState(
      MessageState* parent, iree_allocator_t allocator) override {
    return CreateState(allocator);
  }
};

iree_status_t CreateMessageModule(iree_vm_instance_t* instance,
                                  iree_allocator_t allocator,
                                  iree_vm_module_t** out_module) {
  IREE_RETURN_IF_ERROR(custom_message_register_type(instance));
  auto module = std::make_unique<MessageModule>(
      "custom", /*version=*/0, instance, allocator,
      iree::span<const vm::NativeFunction<MessageState>>(kMessageFunctions));
  *out_module = module.release()->interface();
  return iree_ok_status();
}

// Each export's name and calling convention, as the VM sees them.
iree_status_t PrintExports(iree_vm_module_t* module) {
  iree_vm_module_signature_t signature = iree_vm_module_signature(module);
  std::printf("exports: %" PRIhsz "\n", signature.export_function_count);
  for (iree_host_size_t i = 0; i < signature.export_function_count; ++i) {
    iree_vm_function_t function;
    IREE_RETURN_IF_ERROR(iree_vm_module_lookup_function_by_ordinal(
        module, IREE_VM_FUNCTION_LINKAGE_EXPORT, i, &function));
    iree_string_view_t name = iree_vm_function_name(&function);
    iree_string_view_t cconv = iree_vm_function_signature(&function).calling_convention;
    std::printf("%.*s %.*s\n", (int)name.size, name.data, (int)cconv.size,
                cconv.data);
  }
  return iree_ok_status();
}

iree_status_t Run(const char* vmfb_path) {
  iree_allocator_t allocator = iree_allocator_system();
  iree_vm_instance_t* instance = nullptr;
  IREE_RETURN_IF_ERROR(iree_vm_instance_create(IREE_VM_TYPE_CAPACITY_DEFAULT,
                                               allocator, &instance));
  vm::ref<iree_vm_instance_t> instance_ref(instance);

  vm::ref<iree_vm_module_t> custom_module;
  IREE_RETURN_IF_ERROR(CreateMessageModule(instance, allocator, &custom_module));
  IREE_RETURN_IF_ERROR(PrintExports(custom_module.get()));

  iree_io_file_contents_t* contents = nullptr;
  IREE_RETURN_IF_ERROR(iree_io_file_contents_read(
      iree_make_cstring_view(vmfb_path), allocator, &contents));
  vm::ref<iree_vm_module_t> bytecode_module;
  iree_status_t status = iree_vm_bytecode_module_create(
      instance, contents->const_buffer,
      iree_io_file_contents_deallocator(contents), allocator, &bytecode_module);
  if (!iree_status_is_ok(status)) {
    iree_io_file_contents_free(contents);
    return status;
  }

  iree_vm_module_t* modules[] = {custom_module.get(), bytecode_module.get()};
  vm::ref<iree_vm_context_t> context;
  IREE_RETURN_IF_ERROR(iree_vm_context_create_with_modules(
      instance, IREE_VM_CONTEXT_FLAG_NONE, IREE_ARRAYSIZE(modules), modules,
      allocator, &context));

  iree_vm_function_t main_function;
  IREE_RETURN_IF_ERROR(iree_vm_context_resolve_function(
      context.get(), IREE_SV("strings.main"), &main_function));
  vm::ref<iree_vm_list_t> outputs;
  IREE_RETURN_IF_ERROR(iree_vm_list_create(iree_vm_make_undefined_type_def(), 1,
                                           allocator, &outputs));
  IREE_RETURN_IF_ERROR(iree_vm_invoke(context.get(), main_function,
                                      IREE_VM_INVOCATION_FLAG_NONE,
                                      /*policy=*/nullptr, /*inputs=*/nullptr,
                                      outputs.get(), allocator));
  iree_vm_value_t length;
  IREE_RETURN_IF_ERROR(iree_vm_list_get_value(outputs.get(), 0, &length));
  std::printf("length %" PRId64 "\n", length.i64);

  // A function the module does not export.
  iree_vm_function_t missing;
  iree::Status not_found = iree_vm_context_resolve_function(
      context.get(), IREE_SV("custom.message.missing"), &missing);
  std::printf("missing: %s\n", iree::StatusCodeToString(not_found.code()));
  return iree_ok_status();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: custom_string_module program.vmfb\n");
    return 2;
  }
  iree_status_t status = Run(argv[1]);
  if (!iree_status_is_ok(status)) {
    iree_status_fprint(stderr, status);
    int code = static_cast<int>(iree_status_code(status));
    iree_status_free(status);
    return code;
  }
  return 0;
}
