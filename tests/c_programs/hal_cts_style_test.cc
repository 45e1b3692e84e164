// A gtest suite written the way IREE's HAL conformance tests are
// (runtime/src/iree/hal/cts): C++ including iree/base/api.h and
// iree/hal/api.h, a fixture that makes a driver through the driver registry
// and its default device, and tests of semaphores, command buffers and queue
// host calls that check what the device did.
//
// Built with `python -m ireec config --cflags --cxxflags` and
// `--libs` plus gtest; the driver name is the first argument (after gtest's
// own flags).

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "iree/base/api.h"
#include "iree/hal/api.h"
#include "iree/hal/drivers/init.h"

namespace {

std::string g_driver_name = "local-task";

// IREE's CTS asserts statuses with IREE_ASSERT_OK; this is that check, with
// the status text in the failure message and the status consumed.
#define CTS_ASSERT_OK(expr)                                              \
  do {                                                                   \
    ::iree::Status cts_status_ = (expr);                                 \
    ASSERT_TRUE(::iree::IsOk(cts_status_)) << cts_status_.ToString(); \
  } while (0)

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
    CTS_ASSERT_OK(iree_hal_driver_registry_try_create(
        iree_hal_driver_registry_default(),
        iree_make_cstring_view(g_driver_name.c_str()), iree_allocator_system(),
        &driver_));
    CTS_ASSERT_OK(iree_hal_driver_create_default_device(
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
    iree::Status status = iree_hal_allocator_allocate_buffer(
        iree_hal_device_allocator(device_), params, size, &buffer);
    EXPECT_TRUE(iree::IsOk(status)) << status.ToString();
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
  CTS_ASSERT_OK(iree_hal_semaphore_create(device_, IREE_HAL_QUEUE_AFFINITY_ANY,
                                          2, 0, &semaphore));
  uint64_t value = 0;
  CTS_ASSERT_OK(iree_hal_semaphore_query(semaphore, &value));
  EXPECT_EQ(value, 2u);
  CTS_ASSERT_OK(iree_hal_semaphore_signal(semaphore, 5));
  CTS_ASSERT_OK(iree_hal_semaphore_query(semaphore, &value));
  EXPECT_EQ(value, 5u);
  // Reached values return at once; unreached ones time out.
  CTS_ASSERT_OK(iree_hal_semaphore_wait(semaphore, 4, iree_immediate_timeout(), 0));
  iree::Status timed_out =
      iree_hal_semaphore_wait(semaphore, 6, iree_make_timeout_ms(1), 0);
  EXPECT_EQ(timed_out.code(), iree::StatusCode::kDeadlineExceeded)
      << timed_out.ToString();
  iree_hal_semaphore_release(semaphore);
}

TEST_F(SemaphoreTest, FailurePropagatesToWaiters) {
  iree_hal_semaphore_t* semaphore = nullptr;
  CTS_ASSERT_OK(iree_hal_semaphore_create(device_, IREE_HAL_QUEUE_AFFINITY_ANY,
                                          0, 0, &semaphore));
  iree_hal_semaphore_fail(semaphore,
                          iree_make_status(IREE_STATUS_DATA_LOSS, "lost"));
  iree::Status waited =
      iree_hal_semaphore_wait(semaphore, 1, iree_infinite_timeout(), 0);
  EXPECT_FALSE(iree::IsOk(waited));
  EXPECT_EQ(waited.code(), iree::StatusCode::kAborted) << waited.ToString();
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
  CTS_ASSERT_OK(iree_hal_command_buffer_create(
      device_, IREE_HAL_COMMAND_BUFFER_MODE_ONE_SHOT,
      IREE_HAL_COMMAND_CATEGORY_ANY, IREE_HAL_QUEUE_AFFINITY_ANY, 0,
      &command_buffer));
  CTS_ASSERT_OK(iree_hal_command_buffer_begin(command_buffer));
  // source = 0x07 everywhere, then bytes [16, 20) = 1 2 3 4.
  const uint8_t fill_pattern = 0x07;
  CTS_ASSERT_OK(iree_hal_command_buffer_fill_buffer(
      command_buffer, iree_hal_make_buffer_ref(source, 0, kSize),
      &fill_pattern, sizeof(fill_pattern), 0));
  CTS_ASSERT_OK(iree_hal_command_buffer_execution_barrier(
      command_buffer, IREE_HAL_EXECUTION_STAGE_TRANSFER,
      IREE_HAL_EXECUTION_STAGE_TRANSFER, 0, 0, nullptr, 0, nullptr));
  const uint8_t update[4] = {1, 2, 3, 4};
  CTS_ASSERT_OK(iree_hal_command_buffer_update_buffer(
      command_buffer, update, 0, iree_hal_make_buffer_ref(source, 16, 4), 0));
  CTS_ASSERT_OK(iree_hal_command_buffer_execution_barrier(
      command_buffer, IREE_HAL_EXECUTION_STAGE_TRANSFER,
      IREE_HAL_EXECUTION_STAGE_TRANSFER, 0, 0, nullptr, 0, nullptr));
  // target = all of source.
  CTS_ASSERT_OK(iree_hal_command_buffer_copy_buffer(
      command_buffer, iree_hal_make_buffer_ref(source, 0, kSize),
      iree_hal_make_buffer_ref(target, 0, kSize), 0));
  CTS_ASSERT_OK(iree_hal_command_buffer_end(command_buffer));
  CTS_ASSERT_OK(SubmitAndWait(command_buffer));

  std::vector<uint8_t> actual(kSize);
  CTS_ASSERT_OK(iree_hal_buffer_map_read(target, 0, actual.data(), kSize));
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
  CTS_ASSERT_OK(iree_hal_buffer_binding_table_resolve_ref(
      table, iree_hal_make_indirect_buffer_ref(0, 4, 8), &resolved));
  EXPECT_EQ(resolved.buffer, buffer);
  EXPECT_EQ(resolved.offset, 12u);
  EXPECT_EQ(resolved.length, 8u);
  iree::Status out_of_range = iree_hal_buffer_binding_table_resolve_ref(
      table, iree_hal_make_indirect_buffer_ref(3, 0, 8), &resolved);
  EXPECT_EQ(out_of_range.code(), iree::StatusCode::kOutOfRange);
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
    CTS_ASSERT_OK(iree_hal_semaphore_create(device_, IREE_HAL_QUEUE_AFFINITY_ANY,
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
    const bool runs_inline = std::string(g_driver_name) == "local-sync";
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
  CTS_ASSERT_OK(QueueAndWait(Sum, &seen));
  EXPECT_EQ(seen.calls, 1);
  EXPECT_EQ(seen.sum, 46u);
  EXPECT_EQ(seen.device, device_);
}

TEST_F(QueueHostCallTest, FailureFailsTheSignalSemaphores) {
  Seen seen;
  iree::Status waited = QueueAndWait(Fail, &seen);
  EXPECT_EQ(seen.calls, 1);
  EXPECT_EQ(waited.code(), iree::StatusCode::kAborted) << waited.ToString();
  // The semaphore keeps the call's own failure.
  uint64_t value = 0;
  iree::Status failure = iree_hal_semaphore_query(semaphore_, &value);
  EXPECT_EQ(failure.code(), iree::StatusCode::kDataLoss) << failure.ToString();
  EXPECT_NE(failure.ToString().find("host call failed on purpose"),
            std::string::npos)
      << failure.ToString();
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  if (argc > 1) g_driver_name = argv[1];
  return RUN_ALL_TESTS();
}
