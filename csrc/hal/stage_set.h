// Private to csrc/hal: the buffers of one queue operation that its device
// cannot reach (a "stage set"), staged through host memory by their own
// devices (stage_set.c), for the staging device (staging_device.c).
//
// For one operation:
//   1. each foreign buffer's own device copies the range the operation uses
//      into a new host-visible staging buffer (its queue_copy), the copies
//      chained on one semaphore of the staging device, the first waiting on
//      the operation's waits;
//   2. the operation runs on the inner device with the staging buffers in
//      place of the foreign ones, after the last copy;
//   3. the staging buffers the operation may write are copied back by their
//      buffers' devices, the last copy signalling the operation's signals
//      (the operation itself signals them when nothing is written).
// The queues retain what they use, so the staging buffers and the semaphore
// live as long as the work that needs them.
#ifndef IREEC_HAL_STAGE_SET_H_
#define IREEC_HAL_STAGE_SET_H_

#include "staging.h"

typedef struct ireec_hal_stage_t {
  iree_hal_buffer_t* foreign;  // allocated buffer, retained
  // The range used, in |foreign|'s own offsets; |stage| starts at |begin|.
  iree_device_size_t begin;
  iree_device_size_t end;
  bool written;
  // Filled already (when recorded into a command buffer that may execute
  // while recording): not copied in at submission.
  bool filled;
  // Retained: the device copying |foreign|; NULL when the host copies it
  // (host memory of no device).
  iree_hal_device_t* owner;
  iree_hal_buffer_t* stage;  // retained; host-visible
} ireec_hal_stage_t;

typedef struct ireec_hal_stage_set_t {
  iree_allocator_t host_allocator;
  iree_hal_device_t* device;  // the staging device (borrowed)
  iree_host_size_t count;
  iree_host_size_t capacity;
  ireec_hal_stage_t* stages;  // |inline_stages| or a heap array
  ireec_hal_stage_t inline_stages[4];
} ireec_hal_stage_set_t;

// Whether |device| can use |buffer| in its queue operations: its own memory,
// and on CPU devices host memory (host-visible, or of no device). Devices not
// ireec's take every buffer as it is.
IREEC_HAL_INTERNAL bool ireec_hal_device_reaches(iree_hal_device_t* device,
                                                 iree_hal_buffer_t* buffer);

// A new reference to the device that can copy |buffer| (whose memory it
// is); NULL when the host copies it (host memory of no device); or
// FAILED_PRECONDITION naming |device| and why nothing can.
IREEC_HAL_INTERNAL iree_status_t ireec_hal_buffer_owner(
    iree_hal_device_t* device, iree_hal_buffer_t* buffer,
    iree_hal_device_t** out_owner);

// An empty set for the staging device |device| (borrowed).
IREEC_HAL_INTERNAL void ireec_hal_stage_set_initialize(
    iree_hal_device_t* device, ireec_hal_stage_set_t* out_set);
IREEC_HAL_INTERNAL void ireec_hal_stage_set_deinitialize(
    ireec_hal_stage_set_t* set);

// A new zeroed entry (the caller fills it, retaining what it names).
IREEC_HAL_INTERNAL iree_status_t ireec_hal_stage_set_append(
    ireec_hal_stage_set_t* set, ireec_hal_stage_t** out_stage);

// Notes that the operation uses [offset, offset + length) of |buffer| (and
// writes it if |written|): nothing if the device reaches it (or it is NULL).
IREEC_HAL_INTERNAL iree_status_t ireec_hal_stage_set_note(
    ireec_hal_stage_set_t* set, iree_hal_buffer_t* buffer,
    iree_device_size_t offset, iree_device_size_t length, bool written);

// Allocates the staging buffers the set does not have yet.
IREEC_HAL_INTERNAL iree_status_t ireec_hal_stage_set_allocate(
    ireec_hal_stage_set_t* set);

// Replaces a reference to a staged buffer with its staging buffer
// (|inout_length| may be NULL; a whole-buffer length becomes the range's).
IREEC_HAL_INTERNAL void ireec_hal_stage_set_map(
    ireec_hal_stage_set_t* set, iree_hal_buffer_t** inout_buffer,
    iree_device_size_t* inout_offset, iree_device_size_t* inout_length);
IREEC_HAL_INTERNAL void ireec_hal_stage_set_map_ref(
    ireec_hal_stage_set_t* set, iree_hal_buffer_ref_t* ref);

// Issues the operation on the inner device with the given lists.
typedef iree_status_t (*ireec_hal_staged_issue_fn_t)(
    void* context, iree_hal_semaphore_list_t waits,
    iree_hal_semaphore_list_t signals);

// Copies in, issues (|issue| with |context|), copies back; on failure the
// caller's |signals| fail with the error too.
IREEC_HAL_INTERNAL iree_status_t ireec_hal_stage_set_submit(
    ireec_hal_stage_set_t* set, iree_hal_queue_affinity_t queue_affinity,
    iree_hal_semaphore_list_t waits, iree_hal_semaphore_list_t signals,
    ireec_hal_staged_issue_fn_t issue, void* context);

// Copies |stage|'s buffer into it now, waiting for the copy (command buffers
// that may execute as they are recorded).
IREEC_HAL_INTERNAL iree_status_t ireec_hal_stage_fill_now(
    ireec_hal_stage_t* stage);

#endif  // IREEC_HAL_STAGE_SET_H_
