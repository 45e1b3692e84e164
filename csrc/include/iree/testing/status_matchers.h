// gmock matchers of IREE's statuses and the assertions IREE's tests use:
//   IREE_EXPECT_OK(expr) / IREE_ASSERT_OK(expr)
//   IREE_EXPECT_STATUS_IS(code, expr) / IREE_ASSERT_STATUS_IS(code, expr)
//   IREE_ASSERT_OK_AND_ASSIGN(lhs, statusor_expr)
//   EXPECT_THAT(expr, iree::testing::status::StatusIs(code[, message]))
//   EXPECT_THAT(statusor, iree::testing::status::IsOkAndHolds(matcher))
//   EXPECT_THAT(expr, iree::testing::status::IsOk())
// |expr| is an iree_status_t, an iree::Status or an iree::StatusOr<T>. A
// failure prints the status's code and full text. An iree_status_t the
// assertion macros get as a temporary (the result of a call) is freed after
// the check; a named one is only read, so its owner still frees it.
// C++ only; see iree/testing/gtest.h for what it needs.
#ifndef IREE_TESTING_STATUS_MATCHERS_H_
#define IREE_TESTING_STATUS_MATCHERS_H_

#include <memory>
#include <ostream>
#include <string>
#include <type_traits>
#include <utility>

#include "iree/base/api.h"
#include "iree/testing/gtest.h"

namespace iree {
namespace internal {

// The code and text of each kind of status a matcher takes.
inline StatusCode CodeOf(const Status& status) { return status.code(); }
inline StatusCode CodeOf(const iree_status_t& status) {
  return static_cast<StatusCode>(iree_status_code(status));
}
inline StatusCode CodeOf(const StatusCode& code) { return code; }
template <typename T>
StatusCode CodeOf(const StatusOr<T>& status_or) {
  return status_or.status().code();
}

inline std::string TextOf(const Status& status) { return status.ToString(); }
inline std::string TextOf(const iree_status_t& status) {
  return Status::ToString(status);
}
inline std::string TextOf(const StatusCode& code) {
  return StatusCodeToString(code);
}
template <typename T>
std::string TextOf(const StatusOr<T>& status_or) {
  return status_or.status().ToString();
}

// Matches a status of |code| (and, when |message| is not empty, whose full
// text is |message|).
template <typename Matchee>
class StatusIsMatcher : public ::testing::MatcherInterface<Matchee> {
 public:
  StatusIsMatcher(StatusCode code, std::string message)
      : code_(code), message_(std::move(message)) {}

  void DescribeTo(std::ostream* os) const override {
    *os << "has status code " << StatusCodeToString(code_);
    if (!message_.empty()) *os << " and text '" << message_ << "'";
  }
  void DescribeNegationTo(std::ostream* os) const override {
    *os << "does not have status code " << StatusCodeToString(code_);
    if (!message_.empty()) *os << " with text '" << message_ << "'";
  }
  bool MatchAndExplain(Matchee matchee,
                       ::testing::MatchResultListener* listener) const override {
    StatusCode code = CodeOf(matchee);
    if (code != code_) {
      *listener << "whose status code is " << StatusCodeToString(code) << ": "
                << TextOf(matchee);
      return false;
    }
    if (!message_.empty()) {
      std::string text = TextOf(matchee);
      if (text != message_) {
        *listener << "whose status text is '" << text << "'";
        return false;
      }
    }
    return true;
  }

 private:
  const StatusCode code_;
  const std::string message_;
};

// What StatusIs returns: becomes the matcher of whichever status kind it is
// used on.
class StatusIsMatcherGenerator {
 public:
  StatusIsMatcherGenerator(StatusCode code, std::string message)
      : code_(code), message_(std::move(message)) {}

  operator ::testing::Matcher<const StatusCode&>() const {
    return Make<const StatusCode&>();
  }
  operator ::testing::Matcher<const iree_status_t&>() const {
    return Make<const iree_status_t&>();
  }
  operator ::testing::Matcher<const Status&>() const {
    return Make<const Status&>();
  }
  template <typename T>
  operator ::testing::Matcher<const StatusOr<T>&>() const {
    return Make<const StatusOr<T>&>();
  }

 private:
  template <typename Matchee>
  ::testing::Matcher<Matchee> Make() const {
    return ::testing::MakeMatcher(new StatusIsMatcher<Matchee>(code_, message_));
  }

  const StatusCode code_;
  const std::string message_;
};

// Matches an OK StatusOr whose value matches |value_matcher|.
template <typename T>
class IsOkAndHoldsMatcher
    : public ::testing::MatcherInterface<const StatusOr<T>&> {
 public:
  template <typename ValueMatcher>
  explicit IsOkAndHoldsMatcher(ValueMatcher&& value_matcher)
      : value_matcher_(::testing::SafeMatcherCast<const T&>(
            std::forward<ValueMatcher>(value_matcher))) {}

  void DescribeTo(std::ostream* os) const override {
    *os << "is OK and holds a value that ";
    value_matcher_.DescribeTo(os);
  }
  void DescribeNegationTo(std::ostream* os) const override {
    *os << "is not OK or holds a value that ";
    value_matcher_.DescribeNegationTo(os);
  }
  bool MatchAndExplain(const StatusOr<T>& status_or,
                       ::testing::MatchResultListener* listener) const override {
    if (!status_or.ok()) {
      *listener << "which is not OK: " << status_or.status().ToString();
      return false;
    }
    ::testing::StringMatchResultListener value_listener;
    bool matched = value_matcher_.MatchAndExplain(status_or.value(), &value_listener);
    if (!value_listener.str().empty()) {
      *listener << "which holds a value " << value_listener.str();
    }
    return matched;
  }

 private:
  const ::testing::Matcher<const T&> value_matcher_;
};

template <typename ValueMatcher>
class IsOkAndHoldsGenerator {
 public:
  explicit IsOkAndHoldsGenerator(ValueMatcher value_matcher)
      : value_matcher_(std::move(value_matcher)) {}

  template <typename T>
  operator ::testing::Matcher<const StatusOr<T>&>() const {
    return ::testing::MakeMatcher(new IsOkAndHoldsMatcher<T>(value_matcher_));
  }

 private:
  const ValueMatcher value_matcher_;
};

// An iree_status_t temporary becomes an owning Status (freed at the end of
// the assertion); anything else is passed on as it is.
inline Status OwnedForCheck(iree_status_t&& status) {
  return Status(std::move(status));
}
template <typename T,
          std::enable_if_t<!std::is_same<std::decay_t<T>, iree_status_t>::value ||
                               std::is_lvalue_reference<T>::value,
                           int> = 0>
T&& OwnedForCheck(T&& value) {
  return std::forward<T>(value);
}

}  // namespace internal

namespace testing {
namespace status {

inline internal::StatusIsMatcherGenerator StatusIs(StatusCode code,
                                                   std::string message = "") {
  return internal::StatusIsMatcherGenerator(code, std::move(message));
}
inline internal::StatusIsMatcherGenerator StatusIs(iree_status_code_t code,
                                                   std::string message = "") {
  return StatusIs(static_cast<StatusCode>(code), std::move(message));
}

inline internal::StatusIsMatcherGenerator IsOk() {
  return internal::StatusIsMatcherGenerator(StatusCode::kOk, "");
}

template <typename ValueMatcher>
internal::IsOkAndHoldsGenerator<ValueMatcher> IsOkAndHolds(
    ValueMatcher value_matcher) {
  return internal::IsOkAndHoldsGenerator<ValueMatcher>(std::move(value_matcher));
}

}  // namespace status
}  // namespace testing

// How gtest prints a StatusOr in failure messages.
template <typename T>
void PrintTo(const StatusOr<T>& status_or, std::ostream* os) {
  if (status_or.ok()) {
    *os << "OK: " << ::testing::PrintToString(status_or.value());
  } else {
    *os << status_or.status().ToString();
  }
}

}  // namespace iree

#define IREE_EXPECT_OK(rexpr)                                     \
  EXPECT_THAT(::iree::internal::OwnedForCheck(rexpr),             \
              ::iree::testing::status::StatusIs(::iree::StatusCode::kOk))
#define IREE_ASSERT_OK(rexpr)                                     \
  ASSERT_THAT(::iree::internal::OwnedForCheck(rexpr),             \
              ::iree::testing::status::StatusIs(::iree::StatusCode::kOk))
#define IREE_EXPECT_STATUS_IS(expected_code, expr)                \
  EXPECT_THAT(::iree::internal::OwnedForCheck(expr),              \
              ::iree::testing::status::StatusIs(                  \
                  static_cast<::iree::StatusCode>(expected_code)))
#define IREE_ASSERT_STATUS_IS(expected_code, expr)                \
  ASSERT_THAT(::iree::internal::OwnedForCheck(expr),              \
              ::iree::testing::status::StatusIs(                  \
                  static_cast<::iree::StatusCode>(expected_code)))

// Asserts |rexpr| (a StatusOr) is OK and moves its value into |lhs| (a
// declaration or an lvalue).
#define IREE_STATUS_MACROS_CONCAT_IMPL(x, y) x##y
#define IREE_STATUS_MACROS_CONCAT_NAME(x, y) IREE_STATUS_MACROS_CONCAT_IMPL(x, y)
#define IREE_ASSERT_OK_AND_ASSIGN(lhs, rexpr)                               \
  IREE_ASSERT_OK_AND_ASSIGN_IMPL(                                           \
      IREE_STATUS_MACROS_CONCAT_NAME(_status_or_value, __COUNTER__), lhs,   \
      rexpr)
#define IREE_ASSERT_OK_AND_ASSIGN_IMPL(statusor, lhs, rexpr) \
  auto statusor = (rexpr);                                   \
  IREE_ASSERT_OK(statusor.status());                         \
  lhs = std::move(statusor).value()

#endif  // IREE_TESTING_STATUS_MATCHERS_H_
