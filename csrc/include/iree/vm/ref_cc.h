// The C++ side of VM refs (iree/vm/ref.h includes it when compiled as C++),
// with IREE's names and behaviour:
//   iree::vm::ref<T>           an owning pointer to a ref-counted T, holding
//                              an iree_vm_ref_t (pointer and registered type);
//   retain_ref / assign_ref    a ref<T> that adds a reference / adopts one;
//   make_ref<T>(args...)       a new T (a RefObject<T>) in a ref<T>;
//   RefObject<T>               a C++ base giving T an atomic counter;
//   opaque_ref                 an owning iree_vm_ref_t of any type;
//   ref_type_descriptor<T>     T's registered type, which
//                              IREE_VM_DECLARE_TYPE_ADAPTERS provides (through
//                              IREE_VM_DECLARE_CC_TYPE_LOOKUP) for each type.
// Types retained by their own functions (instance, context, module) get a
// pointer-only ref<T> from IREE_VM_DECLARE_CC_TYPE_ADAPTERS.
#ifndef IREE_VM_REF_CC_H_
#define IREE_VM_REF_CC_H_

#ifndef __cplusplus
#error "iree/vm/ref_cc.h is C++ only."
#endif

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <utility>

#include "iree/base/api.h"
#include "iree/base/attributes.h"
#include "iree/vm/ref.h"

namespace iree {
namespace vm {

// T's registered VM type: type() (and get(), the same value as a descriptor
// pointer). Specialized per type by IREE_VM_DECLARE_CC_TYPE_LOOKUP.
template <typename T>
struct ref_type_descriptor {
  static iree_vm_ref_type_t type();
};

// Adds / drops one reference of a T (nothing for null). Specialized per type
// by IREE_VM_DECLARE_CC_TYPE_ADAPTERS for types with their own functions.
template <typename T>
static inline void ref_type_retain(T* p) {
  iree_vm_ref_object_retain(p, ref_type_descriptor<T>::type());
}
template <typename T>
static inline void ref_type_release(T* p) {
  iree_vm_ref_object_release(p, ref_type_descriptor<T>::type());
}

// A C++ base for a ref-counted T (class T : public RefObject<T>): the counter
// starts at 1 when constructed, and the last release deletes the object with
// T::Delete(p) when T declares one, `delete` otherwise. offsetof_counter() is
// the value a type descriptor's offsetof_counter takes.
template <class T>
class RefObject {
  static_assert(!std::is_array<T>::value, "T must not be an array");

  template <typename C>
  static auto HasDeleteTest(C*) -> decltype(C::Delete(nullptr), std::true_type());
  template <typename C>
  static std::false_type HasDeleteTest(...);
  static constexpr bool kHasCustomDelete =
      decltype(HasDeleteTest<T>(nullptr))::value;

  template <bool custom>
  struct Deleter {
    static void Destroy(T* p) { T::Delete(p); }
  };
  template <bool custom_unused>
  struct PlainDeleter {
    static void Destroy(T* p) { delete p; }
  };
  using DeleterOf =
      std::conditional_t<kHasCustomDelete, Deleter<true>, PlainDeleter<false>>;

 public:
  friend void ref_ptr_add_ref(T* p) {
    static_cast<RefObject*>(p)->counter_.fetch_add(1);
  }
  friend void ref_ptr_release_ref(T* p) {
    if (static_cast<RefObject*>(p)->counter_.fetch_sub(1) == 1) {
      DeleterOf::Destroy(p);
    }
  }
  friend void ref_ptr_destroy_ref(T* p) { DeleterOf::Destroy(p); }

  // A type descriptor's destroy function for T.
  static void DirectDestroy(void* p) {
    ref_ptr_destroy_ref(reinterpret_cast<T*>(p));
  }

  void AddReference() { ref_ptr_add_ref(static_cast<T*>(this)); }
  void ReleaseReference() { ref_ptr_release_ref(static_cast<T*>(this)); }

  static constexpr size_t offsetof_counter() {
    return offsetof(T, counter_) / IREE_VM_REF_COUNTER_ALIGNMENT;
  }

 protected:
  RefObject() { ref_ptr_add_ref(static_cast<T*>(this)); }
  RefObject(const RefObject&) = default;
  RefObject& operator=(const RefObject&) { return *this; }

  std::atomic<int32_t> counter_{0};
};

// An owning reference to a T of T's registered type. Moves transfer the
// reference, copies add one, destruction drops it. `&r` yields a T** for C
// functions that return a new reference (the ref adopts it, with T's type).
template <typename T>
class ref {
  template <typename U>
  friend class ref;

 public:
  IREE_ATTRIBUTE_ALWAYS_INLINE ref() noexcept : ref_(iree_vm_ref_null()) {}
  IREE_ATTRIBUTE_ALWAYS_INLINE ref(std::nullptr_t) noexcept {}
  // Adopts |p|'s reference (no retain).
  IREE_ATTRIBUTE_ALWAYS_INLINE ref(T* p) noexcept {
    if (!p) return;
    ref_.ptr = p;
    ref_.type = ref_type_descriptor<T>::type();
  }
  IREE_ATTRIBUTE_ALWAYS_INLINE ~ref() noexcept { ref_type_release<T>(get()); }

  ref(const ref& other) noexcept : ref_(other.ref_) {
    ref_type_retain<T>(get());
  }
  ref& operator=(const ref&) noexcept = delete;
  ref(ref&& other) noexcept : ref_(other.ref_) { other.release(); }
  ref& operator=(ref&& other) noexcept {
    if (get() != other.get()) {
      ref_type_release<T>(get());
      ref_ = other.ref_;
      other.release();
    }
    return *this;
  }
  template <typename U>
  ref(ref<U>&& other) noexcept {  // NOLINT: converting, as IREE's
    iree_vm_ref_type_t type = other.ref_.type;
    ref_.ptr = static_cast<T*>(other.release());
    ref_.type = type;
  }
  template <typename U>
  ref& operator=(ref<U>&& other) noexcept {
    if (get() != other.get()) {
      ref_type_release<T>(get());
      ref_.ptr = static_cast<T*>(other.release());
    }
    return *this;
  }

  IREE_ATTRIBUTE_ALWAYS_INLINE iree_vm_ref_type_t type() const noexcept {
    return ref_.type;
  }
  constexpr T* get() const noexcept { return static_cast<T*>(ref_.ptr); }
  constexpr T& operator*() const noexcept { return *get(); }
  constexpr T* operator->() const noexcept { return get(); }
  constexpr operator bool() const noexcept { return get() != nullptr; }  // NOLINT
  constexpr bool operator!() const noexcept { return get() == nullptr; }
  // The underlying iree_vm_ref_t, still owned by this ref.
  constexpr operator iree_vm_ref_t*() const noexcept { return &ref_; }

  // Drops the reference held.
  void reset() noexcept {
    ref_type_release<T>(get());
    ref_ = iree_vm_ref_null();
  }
  // Hands the reference to the caller, leaving this ref null.
  IREE_ATTRIBUTE_ALWAYS_INLINE T* release() noexcept {
    T* p = get();
    ref_ = iree_vm_ref_null();
    return p;
  }
  // Drops the reference held and adopts |value|'s.
  IREE_ATTRIBUTE_ALWAYS_INLINE void assign(T* value) noexcept {
    reset();
    ref_.ptr = value;
    ref_.type = ref_type_descriptor<T>::type();
  }
  void swap(ref& other) noexcept { std::swap(ref_, other.ref_); }

  // What `&r` gives: a T** for the C out-parameter; the ref takes T's type
  // (or null's) once the call has filled it in.
  class Assignment {
   public:
    explicit Assignment(iree_vm_ref_t* target) : target_(target) {}
    ~Assignment() {
      target_->type = target_->ptr ? ref_type_descriptor<T>::type()
                                   : IREE_VM_REF_TYPE_NULL;
    }
    operator T**() noexcept {  // NOLINT: what C out-parameters take
      return reinterpret_cast<T**>(&target_->ptr);
    }

   private:
    iree_vm_ref_t* target_;
  };
  Assignment operator&() noexcept { return Assignment(&ref_); }  // NOLINT

 private:
  mutable iree_vm_ref_t ref_ = {};
};

template <typename T, typename... Args>
inline ref<T> make_ref(Args&&... args) {
  return ref<T>(new T(std::forward<Args>(args)...));
}

// A new reference to what |value| holds.
template <typename T>
inline ref<T> retain_ref(const ref<T>& value) {
  ref_type_retain<T>(value.get());
  return ref<T>(value.get());
}
// A new reference to |value| (which keeps its own).
template <typename T>
inline ref<T> retain_ref(T* value) {
  ref_type_retain<T>(value);
  return ref<T>(value);
}
// Adopts |value|'s reference.
template <typename T>
inline ref<T> assign_ref(T* value) {
  return ref<T>(value);
}

template <class T, class U>
inline bool operator==(const ref<T>& a, const ref<U>& b) {
  return a.get() == b.get();
}
template <class T, class U>
inline bool operator!=(const ref<T>& a, const ref<U>& b) {
  return a.get() != b.get();
}
template <class T, class U>
inline bool operator==(const ref<T>& a, U* b) {
  return a.get() == b;
}
template <class T, class U>
inline bool operator!=(const ref<T>& a, U* b) {
  return a.get() != b;
}
template <class T, class U>
inline bool operator==(T* a, const ref<U>& b) {
  return a == b.get();
}
template <class T, class U>
inline bool operator!=(T* a, const ref<U>& b) {
  return a != b.get();
}
template <class T>
inline bool operator<(const ref<T>& a, const ref<T>& b) {
  return a.get() < b.get();
}
template <class T>
void swap(ref<T>& a, ref<T>& b) {
  a.swap(b);
}

// An owning iree_vm_ref_t of any registered type: move-only, released when
// destroyed. `&r` (or get()) is the iree_vm_ref_t for C calls.
class opaque_ref {
 public:
  opaque_ref() = default;
  opaque_ref(const opaque_ref&) = delete;
  opaque_ref& operator=(const opaque_ref&) = delete;
  opaque_ref(opaque_ref&& other) noexcept {
    iree_vm_ref_move(&other.value_, &value_);
  }
  opaque_ref& operator=(opaque_ref&& other) noexcept {
    iree_vm_ref_move(&other.value_, &value_);
    return *this;
  }
  ~opaque_ref() { iree_vm_ref_release(&value_); }

  constexpr iree_vm_ref_t* get() const noexcept { return &value_; }
  constexpr operator iree_vm_ref_t*() const noexcept { return &value_; }
  constexpr bool operator!() const noexcept { return value_.ptr == nullptr; }
  iree_vm_ref_t* operator&() noexcept { return &value_; }  // NOLINT

 private:
  mutable iree_vm_ref_t value_ = {};
};

}  // namespace vm
}  // namespace iree

// ref_type_descriptor<T> for a type whose name##_type() returns its
// registered type (what IREE_VM_DECLARE_TYPE_ADAPTERS declares). At global
// scope.
#define IREE_VM_DECLARE_CC_TYPE_LOOKUP(name, T)                          \
  namespace iree {                                                       \
  namespace vm {                                                         \
  template <>                                                            \
  struct ref_type_descriptor<T> {                                        \
    static inline const iree_vm_ref_type_descriptor_t* get() {           \
      return reinterpret_cast<const iree_vm_ref_type_descriptor_t*>(     \
          name##_type());                                                \
    }                                                                    \
    static inline iree_vm_ref_type_t type() { return name##_type(); }    \
  };                                                                     \
  }                                                                      \
  }

// ref<T> for a type retained and released by its own name##_retain and
// name##_release (no registered type): a plain owning pointer, `&r` a T**.
// At global scope.
#define IREE_VM_DECLARE_CC_TYPE_ADAPTERS(name, T)                            \
  namespace iree {                                                           \
  namespace vm {                                                             \
  template <>                                                                \
  inline void ref_type_retain(T* p) {                                        \
    name##_retain(p);                                                        \
  }                                                                          \
  template <>                                                                \
  inline void ref_type_release(T* p) {                                       \
    name##_release(p);                                                       \
  }                                                                          \
  template <>                                                                \
  class ref<T> {                                                             \
   public:                                                                   \
    IREE_ATTRIBUTE_ALWAYS_INLINE ref() noexcept : ptr_(nullptr) {}           \
    IREE_ATTRIBUTE_ALWAYS_INLINE ref(std::nullptr_t) noexcept                \
        : ptr_(nullptr) {}                                                   \
    IREE_ATTRIBUTE_ALWAYS_INLINE ref(T* p) noexcept : ptr_(p) {}             \
    IREE_ATTRIBUTE_ALWAYS_INLINE ~ref() noexcept { ref_type_release<T>(ptr_); } \
    ref(const ref& other) noexcept : ptr_(other.ptr_) {                      \
      ref_type_retain<T>(ptr_);                                              \
    }                                                                        \
    ref& operator=(const ref&) noexcept = delete;                            \
    ref(ref&& other) noexcept : ptr_(other.release()) {}                     \
    ref& operator=(ref&& other) noexcept {                                   \
      if (ptr_ != other.ptr_) {                                              \
        ref_type_release<T>(ptr_);                                           \
        ptr_ = other.release();                                              \
      }                                                                      \
      return *this;                                                          \
    }                                                                        \
    template <typename U>                                                    \
    ref(ref<U>&& other) noexcept : ptr_(static_cast<T*>(other.release())) {} \
    template <typename U>                                                    \
    ref& operator=(ref<U>&& other) noexcept {                                \
      if (ptr_ != other.get()) {                                             \
        ref_type_release<T>(ptr_);                                           \
        ptr_ = static_cast<T*>(other.release());                             \
      }                                                                      \
      return *this;                                                          \
    }                                                                        \
    void reset() noexcept {                                                  \
      ref_type_release<T>(ptr_);                                             \
      ptr_ = nullptr;                                                        \
    }                                                                        \
    IREE_ATTRIBUTE_ALWAYS_INLINE T* release() noexcept {                     \
      T* p = ptr_;                                                           \
      ptr_ = nullptr;                                                        \
      return p;                                                              \
    }                                                                        \
    IREE_ATTRIBUTE_ALWAYS_INLINE void assign(T* value) noexcept {            \
      reset();                                                               \
      ptr_ = value;                                                          \
    }                                                                        \
    constexpr T* get() const noexcept { return ptr_; }                       \
    constexpr T& operator*() const noexcept { return *ptr_; }                \
    constexpr T* operator->() const noexcept { return ptr_; }                \
    T** operator&() noexcept { return &ptr_; }                               \
    constexpr operator bool() const noexcept { /* NOLINT */                  \
      return ptr_ != nullptr;                                                \
    }                                                                        \
    constexpr bool operator!() const noexcept { return ptr_ == nullptr; }    \
    void swap(ref& other) noexcept { std::swap(ptr_, other.ptr_); }          \
                                                                             \
   private:                                                                  \
    T* ptr_ = nullptr;                                                       \
  };                                                                         \
  }                                                                          \
  }

#endif  // IREE_VM_REF_CC_H_
