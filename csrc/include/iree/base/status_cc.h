// The C++ side of IREE's statuses (iree/base/status.h includes it when
// compiled as C++): iree::Status, an owning wrapper of iree_status_t;
// iree::StatusOr<T>, a value or the failure that prevented it;
// iree::StatusCode, OkStatus, IsOk, StatusCodeToString, IREE_LOC and
// IREE_ASSIGN_OR_RETURN. Written for ireec with IREE's names and behaviour,
// so C++ written against IREE (its HAL conformance tests, its samples)
// compiles and behaves the same.
//
// Ownership follows IREE: a Status owns its iree_status_t and frees it when
// destroyed; moving (and, as in IREE, copying from a non-const Status) takes
// the storage and leaves the source with only the code. The C macros
// (IREE_RETURN_IF_ERROR, IREE_CHECK_OK, ...) work in C++ on expressions of
// either type: a Status converts to iree_status_t when it is an rvalue, and
// iree_status_t converts to Status and StatusOr<T> on return.
#ifndef IREE_BASE_STATUS_CC_H_
#define IREE_BASE_STATUS_CC_H_

#ifndef __cplusplus
#error "iree/base/status_cc.h is C++ only."
#endif

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <new>
#include <string>
#include <type_traits>
#include <utility>

#include "iree/base/api.h"
#include "iree/base/attributes.h"
#include "iree/base/target_platform.h"

// Unused results of these types are diagnosed, as IREE does; on classes that
// takes C++17's [[nodiscard]] (the GNU attribute only applies to functions).
#if __cplusplus >= 201703L
#define IREEC_NODISCARD_CLASS [[nodiscard]]
#else
#define IREEC_NODISCARD_CLASS
#endif

namespace iree {

// Where a status was made (file and line), for the Status constructors that
// take one.
class SourceLocation {
 public:
  constexpr SourceLocation() : line_(0), file_name_(nullptr) {}
  constexpr SourceLocation(std::uint_least32_t line, const char* file_name)
      : line_(line), file_name_(file_name) {}
  constexpr std::uint_least32_t line() const { return line_; }
  constexpr const char* file_name() const { return file_name_; }

 private:
  std::uint_least32_t line_;
  const char* file_name_;
};

#define IREE_LOC ::iree::SourceLocation(__LINE__, __FILE__)

// IREE's status codes with C++ enum spellings; values equal the C codes.
enum class StatusCode : uint32_t {
  kOk = IREE_STATUS_OK,
  kCancelled = IREE_STATUS_CANCELLED,
  kUnknown = IREE_STATUS_UNKNOWN,
  kInvalidArgument = IREE_STATUS_INVALID_ARGUMENT,
  kDeadlineExceeded = IREE_STATUS_DEADLINE_EXCEEDED,
  kNotFound = IREE_STATUS_NOT_FOUND,
  kAlreadyExists = IREE_STATUS_ALREADY_EXISTS,
  kPermissionDenied = IREE_STATUS_PERMISSION_DENIED,
  kResourceExhausted = IREE_STATUS_RESOURCE_EXHAUSTED,
  kFailedPrecondition = IREE_STATUS_FAILED_PRECONDITION,
  kAborted = IREE_STATUS_ABORTED,
  kOutOfRange = IREE_STATUS_OUT_OF_RANGE,
  kUnimplemented = IREE_STATUS_UNIMPLEMENTED,
  kInternal = IREE_STATUS_INTERNAL,
  kUnavailable = IREE_STATUS_UNAVAILABLE,
  kDataLoss = IREE_STATUS_DATA_LOSS,
  kUnauthenticated = IREE_STATUS_UNAUTHENTICATED,
  kDeferred = IREE_STATUS_DEFERRED,
  kIncompatible = IREE_STATUS_INCOMPATIBLE,
};

// "OK", "NOT_FOUND", ...
static inline const char* StatusCodeToString(StatusCode code) {
  return iree_status_code_string(static_cast<iree_status_code_t>(code));
}

namespace status_impl {
// Takes |slot|'s status, leaving only its code behind (what a moved-from
// status keeps in IREE).
inline iree_status_t TakeLeavingCode(iree_status_t& slot) {
  iree_status_t taken = slot;
  slot = iree_status_from_code(iree_status_code(taken));
  return taken;
}
}  // namespace status_impl

class IREEC_NODISCARD_CLASS Status final {
 public:
  // The full text of |status| as iree_status_format gives it ("OK" for OK).
  static std::string ToString(iree_status_t status) {
    if (iree_status_is_ok(status)) return "OK";
    iree_host_size_t length = 0;
    if (!iree_status_format(status, 0, nullptr, &length)) return "<!>";
    std::string text(length, '\0');
    if (!iree_status_format(status, text.size() + 1, &text[0], &length)) {
      return "<!>";
    }
    text.resize(length);
    return text;
  }

  Status() = default;
  // Takes ownership of |status| (leaving it holding only its code).
  Status(iree_status_t&& status) noexcept
      : value_(status_impl::TakeLeavingCode(status)) {}
  // Both take |other|'s storage, as IREE's do.
  Status(Status& other) noexcept
      : value_(status_impl::TakeLeavingCode(other.value_)) {}
  Status(Status&& other) noexcept
      : value_(status_impl::TakeLeavingCode(other.value_)) {}
  Status& operator=(Status&& other) noexcept {
    if (this != &other) Reset(status_impl::TakeLeavingCode(other.value_));
    return *this;
  }

  Status(iree_status_code_t code) : value_(iree_status_from_code(code)) {}
  Status& operator=(const iree_status_code_t& code) {
    Reset(iree_status_from_code(code));
    return *this;
  }
  Status(StatusCode code) : value_(iree_status_from_code(code)) {}
  Status& operator=(const StatusCode& code) {
    Reset(iree_status_from_code(code));
    return *this;
  }
  // A failure with |message| (a code alone when the message is empty).
  Status(StatusCode code, const char* message) {
    if (code == StatusCode::kOk) return;
    value_ = (!message || !message[0])
                 ? iree_status_from_code(code)
                 : iree_status_allocate(static_cast<iree_status_code_t>(code),
                                        nullptr, 0,
                                        iree_make_cstring_view(message));
  }
  Status(StatusCode code, SourceLocation location, const char* message) {
    if (code == StatusCode::kOk) return;
    value_ = iree_status_allocate(
        static_cast<iree_status_code_t>(code), location.file_name(),
        location.line(), iree_make_cstring_view(message ? message : ""));
  }

  ~Status() { Reset(iree_ok_status()); }

  IREE_MUST_USE_RESULT bool ok() const { return iree_status_is_ok(value_); }
  IREE_MUST_USE_RESULT StatusCode code() const {
    return static_cast<StatusCode>(iree_status_code(value_));
  }
  IREE_MUST_USE_RESULT std::string ToString() const { return ToString(value_); }

  // Frees the storage, keeping the code.
  void IgnoreError() {
    value_ = iree_status_from_code(iree_status_code(iree_status_ignore(value_)));
  }

  // Hands the C status (and its storage) to C code; only from an rvalue, so
  // IREE_RETURN_IF_ERROR and `return std::move(status);` work and a named
  // status is never silently emptied.
  IREE_MUST_USE_RESULT operator iree_status_t() && {
    return status_impl::TakeLeavingCode(value_);
  }
  // The C status, still owned by this Status.
  iree_status_t get() const { return value_; }
  // Hands the C status over, leaving this Status OK.
  IREE_MUST_USE_RESULT iree_status_t release() {
    iree_status_t taken = value_;
    value_ = iree_ok_status();
    return taken;
  }

  // Statuses compare by code only.
  friend bool operator==(const Status& lhs, const Status& rhs) {
    return lhs.code() == rhs.code();
  }
  friend bool operator!=(const Status& lhs, const Status& rhs) {
    return !(lhs == rhs);
  }
  friend bool operator==(const Status& lhs, const StatusCode& rhs) {
    return lhs.code() == rhs;
  }
  friend bool operator!=(const Status& lhs, const StatusCode& rhs) {
    return !(lhs == rhs);
  }
  friend bool operator==(const StatusCode& lhs, const Status& rhs) {
    return lhs == rhs.code();
  }
  friend bool operator!=(const StatusCode& lhs, const Status& rhs) {
    return !(lhs == rhs);
  }

 private:
  // Only storage beyond the code bits needs freeing.
  void Reset(iree_status_t value) {
    if ((uintptr_t)value_ & ~(uintptr_t)IREE_STATUS_CODE_MASK) {
      iree_status_free(value_);
    }
    value_ = value;
  }

  iree_status_t value_ = iree_ok_status();
};

IREE_MUST_USE_RESULT static inline Status OkStatus() { return Status(); }

IREE_MUST_USE_RESULT static inline bool IsOk(const Status& status) {
  return status.code() == StatusCode::kOk;
}
IREE_MUST_USE_RESULT static inline bool IsOk(const iree_status_t& status) {
  return iree_status_is_ok(status);
}

namespace status_impl {
struct in_place_t {
  explicit in_place_t() = default;
};
constexpr in_place_t in_place{};
}  // namespace status_impl

// A T, or the failed Status that prevented it. Reading the value of a failed
// StatusOr aborts the process printing the status (IREE's IREE_CHECK
// failure), as does making a StatusOr from an OK status without a value.
template <typename T>
class IREEC_NODISCARD_CLASS StatusOr {
  template <typename U>
  friend class StatusOr;

  template <typename U>
  using EnableIfValue = std::enable_if_t<
      !std::is_same<std::decay_t<U>, StatusOr>::value &&
          !std::is_same<std::decay_t<U>, Status>::value &&
          !std::is_same<std::decay_t<U>, iree_status_t>::value &&
          !std::is_same<std::decay_t<U>, StatusCode>::value &&
          !std::is_same<std::decay_t<U>, status_impl::in_place_t>::value &&
          std::is_constructible<T, U&&>::value,
      int>;

 public:
  typedef T element_type;

  // A failure with UNKNOWN, as IREE's default.
  explicit StatusOr() : status_(StatusCode::kUnknown, "") {}

  StatusOr(const T& value) : has_value_(true) { new (&value_) T(value); }
  StatusOr(T&& value) : has_value_(true) { new (&value_) T(std::move(value)); }
  template <typename U = T, EnableIfValue<U> = 0>
  StatusOr(U&& value) : has_value_(true) {
    new (&value_) T(std::forward<U>(value));
  }
  template <typename... Args>
  explicit StatusOr(status_impl::in_place_t, Args&&... args) : has_value_(true) {
    new (&value_) T(std::forward<Args>(args)...);
  }

  StatusOr(Status&& status) : status_(std::move(status)) { EnsureNotOk(); }
  StatusOr(const Status& status)
      : status_(const_cast<Status&>(status).code()) {
    EnsureNotOk();
  }
  StatusOr(iree_status_t&& status) noexcept : status_(std::move(status)) {
    EnsureNotOk();
  }

  StatusOr(const StatusOr& other) : has_value_(other.has_value_) {
    if (has_value_) {
      new (&value_) T(other.value_);
    } else {
      status_ = other.status_.code();
    }
  }
  StatusOr(StatusOr&& other) noexcept(std::is_nothrow_move_constructible<T>::value)
      : status_(std::move(other.status_)), has_value_(other.has_value_) {
    if (has_value_) new (&value_) T(std::move(other.value_));
  }
  // From a StatusOr of a convertible type.
  template <typename U,
            std::enable_if_t<!std::is_same<T, U>::value &&
                                 std::is_constructible<T, U&&>::value,
                             int> = 0>
  StatusOr(StatusOr<U>&& other) : status_(std::move(other.status_)) {
    if (other.has_value_) {
      new (&value_) T(std::move(other.value_));
      has_value_ = true;
    }
  }

  StatusOr& operator=(const StatusOr& other) {
    if (this == &other) return *this;
    Clear();
    if (other.has_value_) {
      new (&value_) T(other.value_);
      has_value_ = true;
      status_ = StatusCode::kOk;
    } else {
      status_ = other.status_.code();
    }
    return *this;
  }
  StatusOr& operator=(StatusOr&& other) {
    if (this == &other) return *this;
    Clear();
    status_ = std::move(other.status_);
    if (other.has_value_) {
      new (&value_) T(std::move(other.value_));
      has_value_ = true;
    }
    return *this;
  }
  StatusOr& operator=(Status&& status) {
    Clear();
    status_ = std::move(status);
    EnsureNotOk();
    return *this;
  }

  ~StatusOr() { Clear(); }

  explicit operator bool() const { return ok(); }
  IREE_MUST_USE_RESULT bool ok() const { return has_value_; }

  const Status& status() const& { return status_; }
  Status status() && { return std::move(status_); }

  const T& value() const& { return EnsureOk(), value_; }
  T& value() & { return EnsureOk(), value_; }
  const T&& value() const&& { return EnsureOk(), std::move(value_); }
  T&& value() && { return EnsureOk(), std::move(value_); }

  const T& operator*() const& { return value(); }
  T& operator*() & { return value(); }
  const T&& operator*() const&& { return std::move(*this).value(); }
  T&& operator*() && { return std::move(*this).value(); }
  const T* operator->() const { return &value(); }
  T* operator->() { return &value(); }

  template <typename U>
  T value_or(U&& default_value) const& {
    return ok() ? value_ : static_cast<T>(std::forward<U>(default_value));
  }
  template <typename U>
  T value_or(U&& default_value) && {
    return ok() ? std::move(value_)
                : static_cast<T>(std::forward<U>(default_value));
  }

  // Frees a failure's storage (keeping its code).
  void IgnoreError() const { const_cast<Status&>(status_).IgnoreError(); }

 private:
  void Clear() {
    if (has_value_) {
      value_.~T();
      has_value_ = false;
    }
  }
  void EnsureOk() const {
    if (!has_value_) iree_status_abort(status_.get());
  }
  void EnsureNotOk() {
    if (status_.ok()) {
      iree_status_abort(iree_make_status(
          IREE_STATUS_FAILED_PRECONDITION,
          "an OK status is not a valid constructor argument to StatusOr<T>"));
    }
  }

  Status status_;
  bool has_value_ = false;
  union {
    T value_;
  };
};

template <typename T>
IREE_MUST_USE_RESULT static inline bool IsOk(const StatusOr<T>& status_or) {
  return status_or.ok();
}

}  // namespace iree

#define IREEC_STATUS_CC_CAT_INNER_(a, b) a##b
#define IREEC_STATUS_CC_CAT_(a, b) IREEC_STATUS_CC_CAT_INNER_(a, b)

// Evaluates |rexpr| (a StatusOr<T>); on success moves its value into |lhs|
// (a declaration or an lvalue), otherwise returns its status from the
// calling function:
//   IREE_ASSIGN_OR_RETURN(auto device, CreateDevice());
#define IREE_ASSIGN_OR_RETURN(lhs, rexpr) \
  IREEC_ASSIGN_OR_RETURN_(IREEC_STATUS_CC_CAT_(ireec_status_or_, __COUNTER__), lhs, rexpr)
#define IREEC_ASSIGN_OR_RETURN_(statusor, lhs, rexpr) \
  auto statusor = (rexpr);                            \
  if (IREE_UNLIKELY(!::iree::IsOk(statusor))) {       \
    return std::move(statusor).status();              \
  }                                                   \
  lhs = std::move(statusor).value()

#endif  // IREE_BASE_STATUS_CC_H_
