// VM refs: reference-counted objects and their registered types.
#ifndef IREE_VM_REF_H_
#define IREE_VM_REF_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/vm/ref.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/base/internal/atomics.h"

// The alignment (and unit) of a type descriptor's offsetof_counter.
#define IREE_VM_REF_COUNTER_ALIGNMENT sizeof(iree_atomic_ref_count_t)

// For code that defines its own ref-counted types: DECLARE goes in a header
// and DEFINE in exactly one source file. The registration variable is filled
// in by iree_vm_instance_register_type. In C++ DECLARE also gives the type's
// iree::vm::ref_type_descriptor (iree/vm/ref_cc.h), so iree::vm::ref<T> holds
// it. check_deref spells out the type check
// (IREE calls its inline iree_vm_ref_check, which ireec does not export) with
// the same status codes and messages.

#define IREE_VM_REF_ASSERT(expr)

#define IREE_VM_DECLARE_TYPE_ADAPTERS(name, T)                              \
  IREE_API_EXPORT_VARIABLE iree_vm_ref_type_t name##_registration;          \
  static inline iree_vm_ref_type_t name##_type(void) {                      \
    return name##_registration;                                             \
  }                                                                         \
  static inline bool name##_isa(const iree_vm_ref_t ref) {                  \
    return ref.type == name##_registration;                                 \
  }                                                                         \
  static inline T* name##_deref(const iree_vm_ref_t ref) {                  \
    return IREE_LIKELY(name##_isa(ref)) ? (T*)ref.ptr : NULL;               \
  }                                                                         \
  IREE_API_EXPORT iree_vm_ref_t name##_retain_ref(T* value);                \
  IREE_API_EXPORT iree_vm_ref_t name##_move_ref(T* value);                  \
  IREE_API_EXPORT iree_status_t name##_check_deref(const iree_vm_ref_t ref, \
                                                   T** out_ptr);            \
  IREE_API_EXPORT iree_status_t name##_check_deref_or_null(                 \
      const iree_vm_ref_t ref, T** out_ptr);                                \
  IREE_VM_DECLARE_CC_TYPE_LOOKUP(name, T)

#define IREE_VM_DEFINE_TYPE_ADAPTERS(name, T)                                \
  iree_vm_ref_type_t name##_registration = 0;                                \
  IREE_API_EXPORT iree_vm_ref_t name##_retain_ref(T* value) {                \
    iree_vm_ref_t ref = iree_vm_ref_null();                                  \
    iree_vm_ref_wrap_retain(value, name##_type(), &ref);                     \
    return ref;                                                              \
  }                                                                          \
  IREE_API_EXPORT iree_vm_ref_t name##_move_ref(T* value) {                  \
    iree_vm_ref_t ref = iree_vm_ref_null();                                  \
    iree_vm_ref_wrap_assign(value, name##_type(), &ref);                     \
    return ref;                                                              \
  }                                                                          \
  IREE_API_EXPORT iree_status_t name##_check_deref(const iree_vm_ref_t ref,  \
                                                   T** out_ptr) {            \
    if (IREE_UNLIKELY(ref.type != name##_type())) {                          \
      return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,                  \
                              ref.type == IREE_VM_REF_TYPE_NULL              \
                                  ? "ref is null"                            \
                                  : "ref type mismatch");                    \
    }                                                                        \
    *out_ptr = (T*)ref.ptr;                                                  \
    return iree_ok_status();                                                 \
  }                                                                          \
  IREE_API_EXPORT iree_status_t name##_check_deref_or_null(                  \
      const iree_vm_ref_t ref, T** out_ptr) {                                \
    *out_ptr = NULL;                                                         \
    if (ref.type == IREE_VM_REF_TYPE_NULL) return iree_ok_status();          \
    return name##_check_deref(ref, out_ptr);                                 \
  }

// The C++ ref<T> wrappers; in C the macros that declare them for a type are
// empty.
#ifdef __cplusplus
#include "iree/vm/ref_cc.h"
#else
#define IREE_VM_DECLARE_CC_TYPE_LOOKUP(name, T)
#define IREE_VM_DECLARE_CC_TYPE_ADAPTERS(name, T)
#endif  // __cplusplus

#endif  // IREE_VM_REF_H_
