// The main of the gtest programs here, in the shape of IREE's test main
// (runtime/src/iree/testing/gtest_main.cc): IREE's flags (IREE_FLAG, the
// runtime's own) are parsed and removed from the command line first, leaving
// what IREE does not know (gtest's --gtest_* flags, --help) to gtest.

#include "iree/base/api.h"
#include "iree/base/internal/flags.h"
#include "iree/testing/gtest.h"

int main(int argc, char** argv) {
  IREE_TRACE_APP_ENTER();
  iree_flags_parse_checked(IREE_FLAGS_PARSE_MODE_UNDEFINED_OK |
                               IREE_FLAGS_PARSE_MODE_CONTINUE_AFTER_HELP,
                           &argc, &argv);
  ::testing::InitGoogleTest(&argc, argv);
  int exit_code = RUN_ALL_TESTS();
  IREE_TRACE_APP_EXIT(exit_code);
  return exit_code;
}
