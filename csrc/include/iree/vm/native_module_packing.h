// How C++ member functions become VM functions, for iree/vm/native_module_cc.h
// (IREE's names and behaviour):
//   iree::vm::NativeFunction<Owner>   one entry of a module's function table:
//                                     name, calling convention, the member
//                                     function and the thunk that calls it;
//   iree::vm::MakeNativeFunction      that entry for a member function
//                                     returning Status or StatusOr<Result>.
// The calling convention ("0<arguments>_<results>", `v` for none) is spelled
// at compile time from the C++ types:
//   int32_t/uint32_t i   int64_t/uint64_t I   float f   double F
//   vm::ref<T>, vm::opaque_ref r   iree_string_view_t, std::string_view r
//   (the bytes of an iree_vm_buffer_t, borrowed for the call)
//   std::array<U, N>  N of U   std::tuple<Ts...>  each of Ts
//   iree::span<U>     C<U>D, a variadic list (an int32 count, then the items)
// Arguments are read from the call's argument buffer in order: a ref of the
// expected type is taken from it (the buffer's slot is cleared), a null ref
// gives a null ref<T>, a ref of another type fails with INVALID_ARGUMENT.
#ifndef IREE_VM_NATIVE_MODULE_PACKING_H_
#define IREE_VM_NATIVE_MODULE_PACKING_H_

#ifndef __cplusplus
#error "iree/vm/native_module_packing.h is C++ only."
#endif

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "iree/base/api.h"
#include "iree/base/internal/span.h"
#include "iree/vm/buffer.h"
#include "iree/vm/module.h"
#include "iree/vm/ref.h"
#include "iree/vm/stack.h"

#if __cplusplus >= 201703L
#include <string_view>
#define IREE_HAVE_STD_STRING_VIEW 1
#endif

// A function table holds every member function as one untyped member
// pointer type and casts it back to its own type to call it (a round trip
// C++ defines); GCC's -Wcast-function-type would flag both casts.
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wcast-function-type"
#endif

namespace iree {
namespace vm {
namespace packing {

template <typename T>
using remove_cvref_t = std::remove_cv_t<std::remove_reference_t<T>>;

// Scalars pass by value in the buffers; everything else has its own rules.
template <typename T>
constexpr bool is_primitive_v = std::is_arithmetic<T>::value || std::is_enum<T>::value;

//===----------------------------------------------------------------------===//
// Calling conventions, spelled at compile time
//===----------------------------------------------------------------------===//

// N characters (and a NUL) built by constexpr functions.
template <size_t N>
struct cconv_chars {
  char text[N + 1] = {};
  constexpr size_t size() const { return N; }
  constexpr const char* data() const { return text; }
};

template <size_t N>
constexpr cconv_chars<N - 1> literal(const char (&text)[N]) {
  cconv_chars<N - 1> result;
  for (size_t i = 0; i < N - 1; ++i) result.text[i] = text[i];
  return result;
}

template <size_t A, size_t B>
constexpr cconv_chars<A + B> operator+(const cconv_chars<A>& lhs,
                                       const cconv_chars<B>& rhs) {
  cconv_chars<A + B> result;
  for (size_t i = 0; i < A; ++i) result.text[i] = lhs.text[i];
  for (size_t i = 0; i < B; ++i) result.text[A + i] = rhs.text[i];
  return result;
}

constexpr cconv_chars<0> concat() { return {}; }
template <typename First, typename... Rest>
constexpr auto concat(const First& first, const Rest&... rest) {
  return first + concat(rest...);
}

template <size_t Count, size_t M>
constexpr cconv_chars<Count * M> repeat(const cconv_chars<M>& chars) {
  cconv_chars<Count * M> result;
  for (size_t i = 0; i < Count; ++i) {
    for (size_t j = 0; j < M; ++j) result.text[i * M + j] = chars.text[j];
  }
  return result;
}

// The characters of one argument or result type; a type with no entry is
// not callable from the VM (a compile error names it).
template <typename T, typename Enable = void>
struct cconv_map;
template <>
struct cconv_map<int32_t> {
  static constexpr auto chars = literal("i");
};
template <>
struct cconv_map<uint32_t> {
  static constexpr auto chars = literal("i");
};
template <>
struct cconv_map<int64_t> {
  static constexpr auto chars = literal("I");
};
template <>
struct cconv_map<uint64_t> {
  static constexpr auto chars = literal("I");
};
template <>
struct cconv_map<float> {
  static constexpr auto chars = literal("f");
};
template <>
struct cconv_map<double> {
  static constexpr auto chars = literal("F");
};
template <>
struct cconv_map<opaque_ref> {
  static constexpr auto chars = literal("r");
};
template <typename T>
struct cconv_map<ref<T>> {
  static constexpr auto chars = literal("r");
};
template <>
struct cconv_map<iree_string_view_t> {
  static constexpr auto chars = literal("r");
};
#if defined(IREE_HAVE_STD_STRING_VIEW)
template <>
struct cconv_map<std::string_view> {
  static constexpr auto chars = literal("r");
};
#endif
template <typename U, size_t S>
struct cconv_map<std::array<U, S>> {
  static constexpr auto chars = repeat<S>(cconv_map<remove_cvref_t<U>>::chars);
};
template <typename... Ts>
struct cconv_map<std::tuple<Ts...>> {
  static constexpr auto chars = concat(cconv_map<remove_cvref_t<Ts>>::chars...);
};
template <typename U>
struct cconv_map<iree::span<U>> {
  static constexpr auto chars =
      literal("C") + cconv_map<remove_cvref_t<U>>::chars + literal("D");
};

// The types of a list, or `v` when there are none.
template <typename... Ts>
struct cconv_list {
  static constexpr auto chars = concat(cconv_map<remove_cvref_t<Ts>>::chars...);
};
template <>
struct cconv_list<> {
  static constexpr auto chars = literal("v");
};

// The whole convention of a function taking Params and returning Results
// (void: none), kept as one static string per signature.
template <typename Results, typename... Params>
struct cconv_storage {
  static constexpr auto chars =
      literal("0") + cconv_list<Params...>::chars + literal("_") +
      cconv_list<Results>::chars;
  static iree_string_view_t value() {
    return iree_string_view_t{chars.data(), chars.size()};
  }
};
template <typename... Params>
struct cconv_storage<void, Params...> {
  static constexpr auto chars =
      literal("0") + cconv_list<Params...>::chars + literal("_v");
  static iree_string_view_t value() {
    return iree_string_view_t{chars.data(), chars.size()};
  }
};

//===----------------------------------------------------------------------===//
// Arguments: read from the call's argument buffer
//===----------------------------------------------------------------------===//

namespace impl {

// A read position in the argument buffer. Reading past its end fails the
// call instead of reading beyond the buffer.
struct ArgCursor {
  uint8_t* ptr;
  uint8_t* limit;
  Status status;

  // The next |length| bytes, or null (with the failure recorded) when the
  // buffer has fewer.
  uint8_t* Take(size_t length) {
    if (static_cast<size_t>(limit - ptr) < length) {
      if (status.ok()) {
        status = iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                                  "argument buffer too short for the "
                                  "function's calling convention");
      }
      ptr = limit;
      return nullptr;
    }
    uint8_t* at = ptr;
    ptr += length;
    return at;
  }
  void Fail(iree_status_t failure) {
    if (status.ok()) {
      status = std::move(failure);
    } else {
      iree_status_ignore(failure);
    }
  }
};

static inline iree_status_t WrongRefType(iree_vm_ref_type_t have,
                                         iree_vm_ref_type_t expected) {
  iree_string_view_t have_name = iree_vm_ref_type_name(have);
  iree_string_view_t expected_name = iree_vm_ref_type_name(expected);
  return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                          "parameter contains a reference to the wrong type; "
                          "have %.*s but expected %.*s",
                          (int)have_name.size, have_name.data,
                          (int)expected_name.size, expected_name.data);
}

// The bytes of an iree_vm_buffer_t argument (empty for a null ref).
static inline bool ReadBufferBytes(ArgCursor& cursor, const char** out_data,
                                   size_t* out_size) {
  *out_data = nullptr;
  *out_size = 0;
  uint8_t* slot = cursor.Take(sizeof(iree_vm_ref_t));
  if (!slot) return false;
  iree_vm_ref_t value;
  std::memcpy(&value, slot, sizeof(value));
  if (value.type == IREE_VM_REF_TYPE_NULL) return true;
  if (value.type != iree_vm_buffer_type()) {
    cursor.Fail(WrongRefType(value.type, iree_vm_buffer_type()));
    return false;
  }
  const iree_vm_buffer_t* buffer = static_cast<const iree_vm_buffer_t*>(value.ptr);
  *out_data = reinterpret_cast<const char*>(buffer->data.data);
  *out_size = buffer->data.data_length;
  return true;
}

// ArgReader<T>: storage_type (what the argument is read into) and
// Read(cursor, storage).
template <typename T, typename Enable = void>
struct ArgReader;

template <typename T>
struct ArgReader<T, std::enable_if_t<is_primitive_v<T>>> {
  using storage_type = T;
  static void Read(ArgCursor& cursor, storage_type& out) {
    if (uint8_t* at = cursor.Take(sizeof(T))) std::memcpy(&out, at, sizeof(T));
  }
};

template <>
struct ArgReader<opaque_ref> {
  using storage_type = opaque_ref;
  static void Read(ArgCursor& cursor, storage_type& out) {
    if (uint8_t* at = cursor.Take(sizeof(iree_vm_ref_t))) {
      iree_vm_ref_retain(reinterpret_cast<iree_vm_ref_t*>(at), &out);
    }
  }
};

template <typename T>
struct ArgReader<ref<T>> {
  using storage_type = ref<T>;
  static void Read(ArgCursor& cursor, storage_type& out) {
    uint8_t* at = cursor.Take(sizeof(iree_vm_ref_t));
    if (!at) return;
    iree_vm_ref_t* slot = reinterpret_cast<iree_vm_ref_t*>(at);
    const iree_vm_ref_type_t expected = ref_type_descriptor<T>::type();
    if (slot->type == expected) {
      out = retain_ref(static_cast<T*>(slot->ptr));
      std::memset(slot, 0, sizeof(*slot));
    } else if (slot->type != IREE_VM_REF_TYPE_NULL) {
      cursor.Fail(WrongRefType(slot->type, expected));
    } else {
      out = ref<T>();
    }
  }
};

template <>
struct ArgReader<iree_string_view_t> {
  using storage_type = iree_string_view_t;
  static void Read(ArgCursor& cursor, storage_type& out) {
    const char* data = nullptr;
    size_t size = 0;
    ReadBufferBytes(cursor, &data, &size);
    out = iree_make_string_view(data, size);
  }
};

#if defined(IREE_HAVE_STD_STRING_VIEW)
template <>
struct ArgReader<std::string_view> {
  using storage_type = std::string_view;
  static void Read(ArgCursor& cursor, storage_type& out) {
    const char* data = nullptr;
    size_t size = 0;
    ReadBufferBytes(cursor, &data, &size);
    out = data ? std::string_view(data, size) : std::string_view();
  }
};
#endif

template <typename U, size_t S>
struct ArgReader<std::array<U, S>> {
  using element_reader = ArgReader<remove_cvref_t<U>>;
  using storage_type = std::array<typename element_reader::storage_type, S>;
  static void Read(ArgCursor& cursor, storage_type& out) {
    for (auto& element : out) element_reader::Read(cursor, element);
  }
};

template <typename... Ts>
struct ArgReader<std::tuple<Ts...>> {
  using storage_type =
      std::tuple<typename ArgReader<remove_cvref_t<Ts>>::storage_type...>;
  static void Read(ArgCursor& cursor, storage_type& out) {
    ReadEach(cursor, out, std::index_sequence_for<Ts...>());
  }
  template <size_t... I>
  static void ReadEach(ArgCursor& cursor, storage_type& out,
                       std::index_sequence<I...>) {
    (ArgReader<remove_cvref_t<Ts>>::Read(cursor, std::get<I>(out)), ...);
  }
};

// Reads a variadic list's count (an int32).
static inline size_t ReadSpanCount(ArgCursor& cursor) {
  int32_t count = 0;
  ArgReader<int32_t>::Read(cursor, count);
  return count > 0 ? static_cast<size_t>(count) : 0;
}

// A list of scalars is viewed in place; of anything else, read into a vector.
template <typename U>
struct ArgReader<iree::span<U>, std::enable_if_t<!is_primitive_v<remove_cvref_t<U>>>> {
  using element_reader = ArgReader<remove_cvref_t<U>>;
  using storage_type = std::vector<typename element_reader::storage_type>;
  static void Read(ArgCursor& cursor, storage_type& out) {
    size_t count = ReadSpanCount(cursor);
    out.clear();
    for (size_t i = 0; i < count && cursor.ptr < cursor.limit; ++i) {
      out.emplace_back();
      element_reader::Read(cursor, out.back());
    }
  }
};
template <typename U>
struct ArgReader<iree::span<U>, std::enable_if_t<is_primitive_v<remove_cvref_t<U>>>> {
  using element_type = remove_cvref_t<U>;
  using storage_type = iree::span<const element_type>;
  static void Read(ArgCursor& cursor, storage_type& out) {
    size_t count = ReadSpanCount(cursor);
    size_t available = static_cast<size_t>(cursor.limit - cursor.ptr);
    if (count > available / sizeof(element_type)) {
      cursor.Take(available + 1);  // records the short buffer
      return;
    }
    uint8_t* at = cursor.Take(count * sizeof(element_type));
    out = storage_type(reinterpret_cast<const element_type*>(at), count);
  }
};

// Every argument of a function taking Params, in order; the whole buffer
// must be consumed.
template <typename... Params>
using ArgStorage =
    std::tuple<typename ArgReader<remove_cvref_t<Params>>::storage_type...>;

template <typename... Params, size_t... I>
static inline void ReadArgs(ArgCursor& cursor, ArgStorage<Params...>& args,
                            std::index_sequence<I...>) {
  (ArgReader<remove_cvref_t<Params>>::Read(cursor, std::get<I>(args)), ...);
}

template <typename... Params>
static inline Status ReadAllArgs(iree_byte_span_t buffer,
                                 ArgStorage<Params...>& args) {
  ArgCursor cursor{buffer.data, buffer.data + buffer.data_length, OkStatus()};
  ReadArgs<Params...>(cursor, args, std::index_sequence_for<Params...>());
  if (!cursor.status.ok()) return std::move(cursor.status);
  if (cursor.ptr != cursor.limit) {
    return iree_make_status(
        IREE_STATUS_INVALID_ARGUMENT,
        "argument buffer unpacking failure; consumed %" PRIhsz " of %" PRIhsz
        " bytes",
        static_cast<iree_host_size_t>(cursor.ptr - buffer.data),
        static_cast<iree_host_size_t>(buffer.data_length));
  }
  return OkStatus();
}

//===----------------------------------------------------------------------===//
// Results: written to the call's result buffer
//===----------------------------------------------------------------------===//

// A write position in the result buffer; writes past its end are refused
// (and reported once the results are written).
struct ResultCursor {
  uint8_t* ptr;
  uint8_t* limit;
  bool overflowed;

  uint8_t* Take(size_t length) {
    if (static_cast<size_t>(limit - ptr) < length) {
      overflowed = true;
      return nullptr;
    }
    uint8_t* at = ptr;
    ptr += length;
    return at;
  }
};

template <typename T, typename Enable = void>
struct ResultWriter;

template <typename T>
struct ResultWriter<T, std::enable_if_t<is_primitive_v<T>>> {
  static void Write(ResultCursor& cursor, T value) {
    if (uint8_t* at = cursor.Take(sizeof(T))) std::memcpy(at, &value, sizeof(T));
  }
};

template <>
struct ResultWriter<opaque_ref> {
  static void Write(ResultCursor& cursor, opaque_ref value) {
    if (uint8_t* at = cursor.Take(sizeof(iree_vm_ref_t))) {
      iree_vm_ref_move(value.get(), reinterpret_cast<iree_vm_ref_t*>(at));
    }
  }
};

// The result slot takes over the ref's reference.
template <typename T>
struct ResultWriter<ref<T>> {
  static void Write(ResultCursor& cursor, ref<T> value) {
    uint8_t* at = cursor.Take(sizeof(iree_vm_ref_t));
    if (!at || !value) return;
    iree_vm_ref_type_t type = value.type();
    iree_status_ignore(iree_vm_ref_wrap_assign(
        value.release(), type, reinterpret_cast<iree_vm_ref_t*>(at)));
  }
};

template <typename U, size_t S>
struct ResultWriter<std::array<U, S>> {
  static void Write(ResultCursor& cursor, std::array<U, S> values) {
    for (auto& value : values) ResultWriter<U>::Write(cursor, std::move(value));
  }
};

template <typename... Ts>
struct ResultWriter<std::tuple<Ts...>> {
  static void Write(ResultCursor& cursor, std::tuple<Ts...> values) {
    WriteEach(cursor, values, std::index_sequence_for<Ts...>());
  }
  template <size_t... I>
  static void WriteEach(ResultCursor& cursor, std::tuple<Ts...>& values,
                        std::index_sequence<I...>) {
    (ResultWriter<Ts>::Write(cursor, std::move(std::get<I>(values))), ...);
  }
};

}  // namespace impl

//===----------------------------------------------------------------------===//
// The thunks a function table entry calls
//===----------------------------------------------------------------------===//

// Reads the arguments, calls Owner's member function (cast back from the
// table's untyped member pointer) and writes its results.
template <typename Owner, typename Results, typename... Params>
struct DispatchFunctor {
  using FnPtr = StatusOr<Results> (Owner::*)(Params...);

  static Status Call(void (Owner::*untyped)(), Owner* self,
                     iree_vm_stack_t* /*stack*/, iree_vm_function_call_t call) {
    impl::ArgStorage<Params...> args;
    IREE_RETURN_IF_ERROR(impl::ReadAllArgs<Params...>(call.arguments, args));
    StatusOr<Results> results = Apply(reinterpret_cast<FnPtr>(untyped), self, args,
                                      std::index_sequence_for<Params...>());
    if (!results.ok()) return std::move(results).status();
    impl::ResultCursor cursor{call.results.data,
                              call.results.data + call.results.data_length, false};
    impl::ResultWriter<Results>::Write(cursor, std::move(results).value());
    if (cursor.overflowed) {
      return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                              "result buffer too small for the function's "
                              "calling convention");
    }
    return OkStatus();
  }

  template <size_t... I>
  static StatusOr<Results> Apply(FnPtr fn, Owner* self,
                                 impl::ArgStorage<Params...>& args,
                                 std::index_sequence<I...>) {
    return (self->*fn)(std::move(std::get<I>(args))...);
  }
};

// The same for member functions returning only a Status.
template <typename Owner, typename... Params>
struct DispatchFunctorVoid {
  using FnPtr = Status (Owner::*)(Params...);

  static Status Call(void (Owner::*untyped)(), Owner* self,
                     iree_vm_stack_t* /*stack*/, iree_vm_function_call_t call) {
    impl::ArgStorage<Params...> args;
    IREE_RETURN_IF_ERROR(impl::ReadAllArgs<Params...>(call.arguments, args));
    return Apply(reinterpret_cast<FnPtr>(untyped), self, args,
                 std::index_sequence_for<Params...>());
  }

  template <size_t... I>
  static Status Apply(FnPtr fn, Owner* self, impl::ArgStorage<Params...>& args,
                      std::index_sequence<I...>) {
    return (self->*fn)(std::move(std::get<I>(args))...);
  }
};

}  // namespace packing

// One function of a C++ native module: its exported name, its calling
// convention, the member function (untyped) and the thunk that calls it.
template <typename Owner>
struct NativeFunction {
  iree_string_view_t name;
  iree_string_view_t cconv;
  void (Owner::*const ptr)();
  Status (*const call)(void (Owner::*ptr)(), Owner* self, iree_vm_stack_t* stack,
                       iree_vm_function_call_t call);
};

template <typename Owner, typename Result, typename... Params>
constexpr NativeFunction<Owner> MakeNativeFunction(
    const char* name, StatusOr<Result> (Owner::*fn)(Params...)) {
  return {iree_make_cstring_view(name),
          packing::cconv_storage<Result, Params...>::value(),
          reinterpret_cast<void (Owner::*)()>(fn),
          &packing::DispatchFunctor<Owner, Result, Params...>::Call};
}

template <typename Owner, typename... Params>
constexpr NativeFunction<Owner> MakeNativeFunction(
    const char* name, Status (Owner::*fn)(Params...)) {
  return {iree_make_cstring_view(name),
          packing::cconv_storage<void, Params...>::value(),
          reinterpret_cast<void (Owner::*)()>(fn),
          &packing::DispatchFunctorVoid<Owner, Params...>::Call};
}

}  // namespace vm
}  // namespace iree

#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

#endif  // IREE_VM_NATIVE_MODULE_PACKING_H_
