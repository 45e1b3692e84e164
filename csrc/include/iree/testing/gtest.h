// googletest and googlemock for tests written as IREE's are: IREE's tests
// include this one header for gtest's and gmock's macros, matchers and the
// test-part reporting of gtest-spi.h (EXPECT_NONFATAL_FAILURE, ...).
// C++ only; needs gtest and gmock (Debian: libgtest-dev, libgmock-dev) and
// linking with -lgmock -lgtest.
#ifndef IREE_TESTING_GTEST_H_
#define IREE_TESTING_GTEST_H_

#ifndef __cplusplus
#error "iree/testing/gtest.h is C++ only."
#endif

#include "gmock/gmock-matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest-message.h"
#include "gtest/gtest-spi.h"
#include "gtest/gtest-test-part.h"
#include "gtest/gtest.h"

#endif  // IREE_TESTING_GTEST_H_
