// IREE's status assertions and matchers (iree/testing/status_matchers.h) on
// every kind of status they take, what a failing one reports, and a flag
// defined with IREE_FLAG reaching the test through gtest_main.cc's
// iree_flags_parse_checked (the test is run with --answer=42).

#include <string>

#include "iree/base/api.h"
#include "iree/base/internal/flags.h"
#include "iree/testing/gtest.h"
#include "iree/testing/status_matchers.h"

IREE_FLAG(int32_t, answer, 0, "A value the test checks was parsed.");

namespace {

using ::iree::testing::status::IsOk;
using ::iree::testing::status::IsOkAndHolds;
using ::iree::testing::status::StatusIs;

iree::StatusOr<int> Halve(int value) {
  if (value % 2) {
    return iree::Status(iree::StatusCode::kInvalidArgument, "odd");
  }
  return value / 2;
}

TEST(Flags, IreeFlagParsedByTheTestMain) { EXPECT_EQ(FLAG_answer, 42); }

TEST(StatusMatchers, OkOfEachKind) {
  IREE_EXPECT_OK(iree_ok_status());
  IREE_ASSERT_OK(iree::OkStatus());
  IREE_EXPECT_OK(Halve(4));
  iree_status_t named = iree_ok_status();
  IREE_EXPECT_OK(named);
  EXPECT_THAT(Halve(2), IsOk());
}

TEST(StatusMatchers, CodesOfEachKind) {
  // A C status made in the assertion is freed by it.
  IREE_EXPECT_STATUS_IS(IREE_STATUS_NOT_FOUND,
                        iree_make_status(IREE_STATUS_NOT_FOUND, "no %s", "file"));
  IREE_ASSERT_STATUS_IS(iree::StatusCode::kInvalidArgument, Halve(3));
  // A named one is only read: its owner frees it.
  iree_status_t named = iree_make_status(IREE_STATUS_ABORTED, "stopped");
  IREE_EXPECT_STATUS_IS(IREE_STATUS_ABORTED, named);
  EXPECT_THAT(named, StatusIs(iree::StatusCode::kAborted));
  iree_status_ignore(named);
  EXPECT_THAT(iree::Status(iree::StatusCode::kDataLoss, "gone"),
              StatusIs(iree::StatusCode::kDataLoss, "DATA_LOSS; gone"));
  EXPECT_THAT(iree::Status(iree::StatusCode::kDataLoss, "gone"),
              ::testing::Not(StatusIs(iree::StatusCode::kDataLoss, "lost")));
}

TEST(StatusMatchers, ValuesOfStatusOr) {
  EXPECT_THAT(Halve(84), IsOkAndHolds(42));
  EXPECT_THAT(Halve(84), IsOkAndHolds(::testing::Gt(40)));
  EXPECT_THAT(Halve(1), ::testing::Not(IsOkAndHolds(0)));
  IREE_ASSERT_OK_AND_ASSIGN(int half, Halve(10));
  EXPECT_EQ(half, 5);
}

TEST(StatusMatchers, FailuresReportTheStatus) {
  EXPECT_NONFATAL_FAILURE(
      IREE_EXPECT_OK(iree_make_status(IREE_STATUS_UNAVAILABLE, "busy now")),
      "UNAVAILABLE; busy now");
  EXPECT_NONFATAL_FAILURE(
      IREE_EXPECT_STATUS_IS(IREE_STATUS_NOT_FOUND, Halve(4)),
      "has status code NOT_FOUND");
  EXPECT_NONFATAL_FAILURE(EXPECT_THAT(Halve(5), IsOkAndHolds(2)),
                          "which is not OK: INVALID_ARGUMENT; odd");
  EXPECT_FATAL_FAILURE(IREE_ASSERT_OK(iree::Status(iree::StatusCode::kInternal, "broke")),
                       "INTERNAL; broke");
}

}  // namespace
