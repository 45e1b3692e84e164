// A gtest suite written the way IREE's HAL conformance tests are
// (runtime/src/iree/hal/cts): C++ including iree/base/api.h, iree/hal/api.h
// and IREE's test helpers (iree/testing/gtest.h, status_matchers.h), a
// fixture that makes a driver through the driver registry and its default
// device, and tests of semaphores, command buffers and queue host calls that
// check what the device did.
//
// Built with `python -m ireec config --cflags --cxxflags` and `--libs` plus
// gmock/gtest, and linked with gtest_main.cc, which parses IREE's flags as
// IREE's test main does: the driver is --driver=NAME (IREE_FLAG below).

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "iree/base/api.h"
#include "iree/base/internal/flags.h"
#include "iree/hal/api.h"
#include "iree/hal/drivers/init.h"
#include "iree/testing/gtest.h"
#include "iree/testing/status_matchers.h"

IREE_FLAG(string, driver, "local-task", "The HAL driver the tests run on.");

namespace {

class CtsTestBase : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    iree_status_t status = iree_hal_register_all_available_drivers(
        iree_hal_driver_registry_default());
    // Registering twice (another suite did it) is ALREADY_EXISTS.
    if (iree_status_is_already_exists(status)) {
      iree_status_ignore(status);
    } else {
      IREE_CHECK_OK(status);
    }
  }

  void SetUp() override {
    IREE_ASSERT_OK(iree_hal_driver_registry_try_create(
        iree_hal_driver_registry_default(),
        iree_make_cstring_view(FLAG_driver), iree_allocator_system(),
        &driver_));
    IREE_ASSERT_OK(iree_hal_driver_create_default_device(
        driver_, iree_allocator_system(), &device_));
  }

  void TearDown() override {
    iree_hal_device_release(device_);
    iree_hal_driver_release(driver_);
  }

  iree_hal_buffer_t* AllocateBuffer(iree_device_size_t size) {
    iree_hal_buffer_params_t params = {};
    params.type = IREE_HAL_MEMORY_TYPE_DEVICE_LOCAL |
                  IREE_HAL_MEMORY_TYPE_HOST_VISIBLE;
    params.usage = IREE_HAL_BUFFER_USAGE_DEFAULT | IREE_HAL_BUFFER_USAGE_MAPPING;
    params.access = IREE_HAL_MEMORY_ACCESS_ALL;
    iree_hal_buffer_t* buffer = nullptr;
    IREE_EXPECT_OK(iree_hal_allocator_allocate_buffer(
        iree_hal_device_allocator(device_), params, size, &buffer));
    return buffer;
  }

  // Submits |command_buffer| and waits for it on the host.
  iree::Status SubmitAndWait(iree_hal_command_buffer_t* command_buffer) {
    iree_hal_semaphore_t* semaphore = nullptr;
    IREE_RETURN_IF_ERROR(iree_hal_semaphore_create(
        device_, IREE_HAL_QUEUE_AFFINITY_ANY, 0, 0, &semaphore));
    uint64_t signal_value = 1;
    iree_hal_semaphore_list_t signal_list = {1, &semaphore, &signal_value};
    iree_hal_semaphore_list_t wait_list = {0, nullptr, nullptr};
    iree_status_t status = iree_hal_device_queue_execute(
        device_, IREE_HAL_QUEUE_AFFINITY_ANY, wait_list, signal_list,
        command_buffer, iree_hal_buffer_binding_table_empty(), 0);
    if (iree_status_is_ok(status)) {
      status = iree_hal_semaphore_wait(semaphore, 1, iree_infinite_timeout(), 0);
    }
    iree_hal_semaphore_release(semaphore);
    return status;
  }

  iree_hal_driver_t* driver_ = nullptr;
  iree_hal_device_t* device_ = nullptr;
};

//===----------------------------------------------------------------------===//
// Semaphores
//===----------------------------------------------------------------------===//

class SemaphoreTest : public CtsTestBase {};

TEST_F(SemaphoreTest, SignalQueryWait) {
  iree_hal_semaphore_t* semaphore = nullptr;
  IREE_ASSERT_OK(iree_hal_semaphore_create(device_, IREE_HAL_QUEUE_AFFINITY_ANY,
                                          2, 0, &semaphore));
  uint64_t value = 0;
  IREE_ASSERT_OK(iree_hal_semaphore_query(semaphore, &value));
  EXPECT_EQ(value, 2u);
  IREE_ASSERT_OK(iree_hal_semaphore_signal(semaphore, 5));
  IREE_ASSERT_OK(iree_hal_semaphore_query(semaphore, &value));
  EXPECT_EQ(value, 5u);
  // Reached values return at once; unreached ones time out.
  IREE_ASSERT_OK(iree_hal_semaphore_wait(semaphore, 4, iree_immediate_timeout(), 0));
  IREE_EXPECT_STATUS_IS(
      IREE_STATUS_DEADLINE_EXCEEDED,
      iree_hal_semaphore_wait(semaphore, 6, iree_make_timeout_ms(1), 0));
  iree_hal_semaphore_release(semaphore);
}

TEST_F(SemaphoreTest, FailurePropagatesToWaiters) {
  iree_hal_semaphore_t* semaphore = nullptr;
  IREE_ASSERT_OK(iree_hal_semaphore_create(device_, IREE_HAL_QUEUE_AFFINITY_ANY,
                                          0, 0, &semaphore));
  iree_hal_semaphore_fail(semaphore,
                          iree_make_status(IREE_STATUS_DATA_LOSS, "lost"));
  IREE_EXPECT_STATUS_IS(
      IREE_STATUS_ABORTED,
      iree_hal_semaphore_wait(semaphore, 1, iree_infinite_timeout(), 0));
  iree_hal_semaphore_release(semaphore);
}

//===----------------------------------------------------------------------===//
// Command buffers
//===----------------------------------------------------------------------===//

class CommandBufferTest : public CtsTestBase {};

TEST_F(CommandBufferTest, FillUpdateCopy) {
  const iree_device_size_t kSize = 64;
  iree_hal_buffer_t* source = AllocateBuffer(kSize);
  iree_hal_buffer_t* target = AllocateBuffer(kSize);
  ASSERT_NE(source, nullptr);
  ASSERT_NE(target, nullptr);

  iree_hal_command_buffer_t* command_buffer = nullptr;
  IREE_ASSERT_OK(iree_hal_command_buffer_create(
      device_, IREE_HAL_COMMAND_BUFFER_MODE_ONE_SHOT,
      IREE_HAL_COMMAND_CATEGORY_ANY, IREE_HAL_QUEUE_AFFINITY_ANY, 0,
      &command_buffer));
  IREE_ASSERT_OK(iree_hal_command_buffer_begin(command_buffer));
  // source = 0x07 everywhere, then bytes [16, 20) = 1 2 3 4.
  const uint8_t fill_pattern = 0x07;
  IREE_ASSERT_OK(iree_hal_command_buffer_fill_buffer(
      command_buffer, iree_hal_make_buffer_ref(source, 0, kSize),
      &fill_pattern, sizeof(fill_pattern), 0));
  IREE_ASSERT_OK(iree_hal_command_buffer_execution_barrier(
      command_buffer, IREE_HAL_EXECUTION_STAGE_TRANSFER,
      IREE_HAL_EXECUTION_STAGE_TRANSFER, 0, 0, nullptr, 0, nullptr));
  const uint8_t update[4] = {1, 2, 3, 4};
  IREE_ASSERT_OK(iree_hal_command_buffer_update_buffer(
      command_buffer, update, 0, iree_hal_make_buffer_ref(source, 16, 4), 0));
  IREE_ASSERT_OK(iree_hal_command_buffer_execution_barrier(
      command_buffer, IREE_HAL_EXECUTION_STAGE_TRANSFER,
      IREE_HAL_EXECUTION_STAGE_TRANSFER, 0, 0, nullptr, 0, nullptr));
  // target = all of source.
  IREE_ASSERT_OK(iree_hal_command_buffer_copy_buffer(
      command_buffer, iree_hal_make_buffer_ref(source, 0, kSize),
      iree_hal_make_buffer_ref(target, 0, kSize), 0));
  IREE_ASSERT_OK(iree_hal_command_buffer_end(command_buffer));
  IREE_ASSERT_OK(SubmitAndWait(command_buffer));

  std::vector<uint8_t> actual(kSize);
  IREE_ASSERT_OK(iree_hal_buffer_map_read(target, 0, actual.data(), kSize));
  std::vector<uint8_t> expected(kSize, 0x07);
  std::memcpy(&expected[16], update, sizeof(update));
  EXPECT_EQ(actual, expected);

  iree_hal_command_buffer_release(command_buffer);
  iree_hal_buffer_release(source);
  iree_hal_buffer_release(target);
}

TEST_F(CommandBufferTest, IndirectRefsResolveThroughBindingTable) {
  iree_hal_buffer_t* buffer = AllocateBuffer(32);
  ASSERT_NE(buffer, nullptr);
  iree_hal_buffer_binding_t binding = {buffer, 8, 16};
  iree_hal_buffer_binding_table_t table = {1, &binding};
  iree_hal_buffer_ref_t resolved;
  IREE_ASSERT_OK(iree_hal_buffer_binding_table_resolve_ref(
      table, iree_hal_make_indirect_buffer_ref(0, 4, 8), &resolved));
  EXPECT_EQ(resolved.buffer, buffer);
  EXPECT_EQ(resolved.offset, 12u);
  EXPECT_EQ(resolved.length, 8u);
  IREE_EXPECT_STATUS_IS(IREE_STATUS_OUT_OF_RANGE,
                        iree_hal_buffer_binding_table_resolve_ref(
                            table, iree_hal_make_indirect_buffer_ref(3, 0, 8),
                            &resolved));
  EXPECT_TRUE(iree_hal_buffer_binding_table_is_empty(
      iree_hal_buffer_binding_table_empty()));
  iree_hal_buffer_release(buffer);
}

//===----------------------------------------------------------------------===//
// Host calls
//===----------------------------------------------------------------------===//

class QueueHostCallTest : public CtsTestBase {
 protected:
  struct Seen {
    uint64_t sum = 0;
    iree_hal_device_t* device = nullptr;
    int calls = 0;
  };

  static iree_status_t Sum(void* user_data, const uint64_t args[4],
                           iree_hal_host_call_context_t* context) {
    Seen* seen = static_cast<Seen*>(user_data);
    ++seen->calls;
    seen->sum = args[0] + args[1] + args[2] + args[3];
    seen->device = context->device;
    return iree_ok_status();
  }

  static iree_status_t Fail(void* user_data, const uint64_t args[4],
                            iree_hal_host_call_context_t* context) {
    ++static_cast<Seen*>(user_data)->calls;
    return iree_make_status(IREE_STATUS_DATA_LOSS, "host call failed on purpose");
  }

  void SetUp() override {
    CtsTestBase::SetUp();
    IREE_ASSERT_OK(iree_hal_semaphore_create(device_, IREE_HAL_QUEUE_AFFINITY_ANY,
                                            0, 0, &semaphore_));
  }
  void TearDown() override {
    iree_hal_semaphore_release(semaphore_);
    CtsTestBase::TearDown();
  }

  // Queues |fn| to run once semaphore_ reaches 1 and to signal it to 2, then
  // reaches 1 and waits for 2.
  iree::Status QueueAndWait(iree_hal_host_call_fn_t fn, Seen* seen) {
    uint64_t wait_value = 1, signal_value = 2;
    iree_hal_semaphore_list_t wait_list = {1, &semaphore_, &wait_value};
    iree_hal_semaphore_list_t signal_list = {1, &semaphore_, &signal_value};
    const uint64_t args[4] = {1, 2, 3, 40};
    // local-sync runs queue operations on the calling thread once their waits
    // are reached, so there the wait is satisfied first and the call has run
    // when the queue operation returns; local-task queues it until then.
    const bool runs_inline = std::string(FLAG_driver) == "local-sync";
    if (runs_inline) {
      IREE_RETURN_IF_ERROR(iree_hal_semaphore_signal(semaphore_, 1));
    }
    IREE_RETURN_IF_ERROR(iree_hal_device_queue_host_call(
        device_, IREE_HAL_QUEUE_AFFINITY_ANY, wait_list, signal_list,
        iree_hal_make_host_call(fn, seen), args, IREE_HAL_HOST_CALL_FLAG_NONE));
    if (runs_inline) {
      EXPECT_EQ(seen->calls, 1);
    } else {
      // Nothing runs before the wait is satisfied.
      EXPECT_EQ(seen->calls, 0);
      IREE_RETURN_IF_ERROR(iree_hal_semaphore_signal(semaphore_, 1));
    }
    return iree_hal_semaphore_wait(semaphore_, 2, iree_infinite_timeout(), 0);
  }

  iree_hal_semaphore_t* semaphore_ = nullptr;
};

TEST_F(QueueHostCallTest, RunsInQueueOrderAndSignals) {
  Seen seen;
  IREE_ASSERT_OK(QueueAndWait(Sum, &seen));
  EXPECT_EQ(seen.calls, 1);
  EXPECT_EQ(seen.sum, 46u);
  EXPECT_EQ(seen.device, device_);
}

TEST_F(QueueHostCallTest, FailureFailsTheSignalSemaphores) {
  Seen seen;
  IREE_EXPECT_STATUS_IS(IREE_STATUS_ABORTED, QueueAndWait(Fail, &seen));
  EXPECT_EQ(seen.calls, 1);
  // The semaphore keeps the call's own failure.
  uint64_t value = 0;
  iree::Status failure = iree_hal_semaphore_query(semaphore_, &value);
  EXPECT_THAT(failure, iree::testing::status::StatusIs(iree::StatusCode::kDataLoss));
  EXPECT_THAT(failure.ToString(),
              ::testing::HasSubstr("host call failed on purpose"));
}

}  // namespace
