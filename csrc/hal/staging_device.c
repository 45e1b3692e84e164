// The staging device (see staging.h): a forwarding device that stages the
// buffers its device cannot reach through host memory.
//
// For one queue operation naming such buffers (a "stage set"):
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
//
// Command buffers are mapping command buffers (mapping_command_buffer.h):
// direct references to foreign buffers get a staging buffer when recorded
// (copied in and out at each execution; copied in as recorded when the
// command buffer may execute while recording), and the binding-table slots
// the commands may write are noted, so a table's read-only foreign buffers
// are not copied back.

#include "staging.h"

#include <string.h>

#include "discrete.h"
#include "forwarding_device.h"
#include "ireec/decls/hal_staging.h"
#include "mapping_command_buffer.h"

typedef struct ireec_hal_staging_state_t {
  ireec_hal_staging_reach_t reach;
  char name[128];  // NUL-terminated, for messages
} ireec_hal_staging_state_t;

static void ireec_hal_staging_device_on_destroy(
    ireec_hal_forwarding_device_t* device);

// The state of |device| if it is a staging device, else NULL.
static ireec_hal_staging_state_t* ireec_hal_staging_state(
    iree_hal_device_t* device) {
  if (!device || ireec_hal_device_vtable(device)->destroy !=
                     ireec_hal_forwarding_device_vtable.destroy) {
    return NULL;
  }
  ireec_hal_forwarding_device_t* forwarding =
      ireec_hal_forwarding_device_cast(device);
  if (forwarding->on_destroy != ireec_hal_staging_device_on_destroy) {
    return NULL;
  }
  return (ireec_hal_staging_state_t*)ireec_hal_forwarding_device_state(
      forwarding);
}

// A device's name in messages: its staging name, else its id.
static iree_string_view_t ireec_hal_staging_device_name(
    iree_hal_device_t* device) {
  ireec_hal_staging_state_t* state = ireec_hal_staging_state(device);
  if (state) return iree_make_cstring_view(state->name);
  return device ? iree_hal_device_id(device) : IREE_SV("(no device)");
}

//===----------------------------------------------------------------------===//
// What a device reaches, and whose a buffer is
//===----------------------------------------------------------------------===//

// Whether |device| is |candidate| or wraps it (forwarding devices' inner
// devices, all the way down).
static bool ireec_hal_device_is_or_wraps(iree_hal_device_t* device,
                                         iree_hal_device_t* candidate) {
  while (device) {
    if (device == candidate) return true;
    if (ireec_hal_device_vtable(device)->destroy !=
        ireec_hal_forwarding_device_vtable.destroy) {
      return false;
    }
    device = ireec_hal_forwarding_device_inner(device);
  }
  return false;
}

// Whether |device| can use |buffer| in its queue operations.
static bool ireec_hal_device_reaches(iree_hal_device_t* device,
                                     iree_hal_buffer_t* buffer) {
  iree_hal_allocator_t* discrete_allocator = NULL;
  if (ireec_hal_discrete_buffer_owner(buffer, &discrete_allocator, NULL)) {
    return discrete_allocator == iree_hal_device_allocator(device);
  }
  ireec_hal_staging_state_t* state = ireec_hal_staging_state(device);
  // Devices that are not ours take what they are given, as in IREE.
  if (!state) return true;
  iree_hal_buffer_t* allocated = iree_hal_buffer_allocated_buffer(buffer);
  iree_hal_device_t* placed_on =
      iree_hal_buffer_allocation_placement(allocated).device;
  if (placed_on && ireec_hal_device_is_or_wraps(device, placed_on)) {
    return true;
  }
  if (state->reach == IREEC_HAL_STAGING_REACH_HOST_MEMORY) {
    // Host memory: host-visible buffers, and buffers of no device (the CPU
    // heap's, whatever their memory type says); not another device's own.
    return !placed_on ||
           iree_all_bits_set(iree_hal_buffer_memory_type(allocated),
                             IREE_HAL_MEMORY_TYPE_HOST_VISIBLE);
  }
  return false;
}

// Whether |owner|, the device copying a foreign buffer, reaches |buffer|:
// as ireec_hal_device_reaches for ireec's devices; a device that is not ours
// (the inner HIP device IREE's HIP allocator names in its buffers) is taken
// to reach only its own memory.
static bool ireec_hal_owner_reaches(iree_hal_device_t* owner,
                                    iree_hal_buffer_t* buffer) {
  if (ireec_hal_staging_state(owner)) {
    return ireec_hal_device_reaches(owner, buffer);
  }
  iree_hal_device_t* placed_on =
      iree_hal_buffer_allocation_placement(
          iree_hal_buffer_allocated_buffer(buffer))
          .device;
  return placed_on && ireec_hal_device_is_or_wraps(owner, placed_on);
}

// A new reference to the device that can copy |buffer| (whose memory it
// is), or a status naming |device| and why no device can.
static iree_status_t ireec_hal_buffer_owner(iree_hal_device_t* device,
                                            iree_hal_buffer_t* buffer,
                                            iree_hal_device_t** out_owner) {
  *out_owner = NULL;
  iree_string_view_t name = ireec_hal_staging_device_name(device);
  iree_hal_allocator_t* discrete_allocator = NULL;
  if (ireec_hal_discrete_buffer_owner(buffer, &discrete_allocator, out_owner)) {
    if (*out_owner) return iree_ok_status();
    return iree_make_status(
        IREE_STATUS_FAILED_PRECONDITION,
        "device '%.*s' cannot use this buffer: it is the memory of device "
        "'%s', which no longer exists; '%.*s' cannot reach that memory and "
        "nothing can copy it any more",
        (int)name.size, name.data,
        ireec_hal_discrete_allocator_owner_name(discrete_allocator),
        (int)name.size, name.data);
  }
  iree_hal_device_t* placed_on =
      iree_hal_buffer_allocation_placement(
          iree_hal_buffer_allocated_buffer(buffer))
          .device;
  if (!placed_on) {
    return iree_make_status(
        IREE_STATUS_FAILED_PRECONDITION,
        "device '%.*s' cannot reach this buffer's memory, and the buffer "
        "names no device that could copy it",
        (int)name.size, name.data);
  }
  iree_hal_device_retain(placed_on);
  *out_owner = placed_on;
  return iree_ok_status();
}

//===----------------------------------------------------------------------===//
// Stage sets: the foreign buffers of one operation
//===----------------------------------------------------------------------===//

typedef struct ireec_hal_stage_t {
  iree_hal_buffer_t* foreign;  // allocated buffer, retained
  // The range used, in |foreign|'s own offsets; |stage| starts at |begin|.
  iree_device_size_t begin;
  iree_device_size_t end;
  bool written;
  // Filled already (when recorded into a command buffer that may execute
  // while recording): not copied in at submission.
  bool filled;
  iree_hal_device_t* owner;  // retained; the device copying |foreign|
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

static void ireec_hal_stage_set_initialize(iree_hal_device_t* device,
                                           ireec_hal_stage_set_t* out_set) {
  memset(out_set, 0, sizeof(*out_set));
  out_set->device = device;
  out_set->host_allocator =
      ireec_hal_forwarding_device_cast(device)->host_allocator;
  out_set->capacity = IREE_ARRAYSIZE(out_set->inline_stages);
  out_set->stages = out_set->inline_stages;
}

static void ireec_hal_stage_set_deinitialize(ireec_hal_stage_set_t* set) {
  for (iree_host_size_t i = 0; i < set->count; ++i) {
    iree_hal_buffer_release(set->stages[i].foreign);
    iree_hal_device_release(set->stages[i].owner);
    iree_hal_buffer_release(set->stages[i].stage);
  }
  if (set->stages != set->inline_stages) {
    iree_allocator_free(set->host_allocator, set->stages);
  }
  set->count = 0;
}

static ireec_hal_stage_t* ireec_hal_stage_set_find(ireec_hal_stage_set_t* set,
                                                   iree_hal_buffer_t* allocated) {
  for (iree_host_size_t i = 0; i < set->count; ++i) {
    if (set->stages[i].foreign == allocated) return &set->stages[i];
  }
  return NULL;
}

static iree_status_t ireec_hal_stage_set_append(ireec_hal_stage_set_t* set,
                                                ireec_hal_stage_t** out_stage) {
  if (set->count == set->capacity) {
    iree_host_size_t capacity = set->capacity * 2;
    ireec_hal_stage_t* stages = NULL;
    IREE_RETURN_IF_ERROR(iree_allocator_malloc(
        set->host_allocator, capacity * sizeof(*stages), (void**)&stages));
    memcpy(stages, set->stages, set->count * sizeof(*stages));
    if (set->stages != set->inline_stages) {
      iree_allocator_free(set->host_allocator, set->stages);
    }
    set->stages = stages;
    set->capacity = capacity;
  }
  *out_stage = &set->stages[set->count++];
  memset(*out_stage, 0, sizeof(**out_stage));
  return iree_ok_status();
}

// The range of |buffer| a reference [offset, offset + length) covers, in its
// allocated buffer's offsets.
static void ireec_hal_ref_range(iree_hal_buffer_t* buffer,
                                iree_device_size_t offset,
                                iree_device_size_t length,
                                iree_device_size_t* out_begin,
                                iree_device_size_t* out_end) {
  const iree_device_size_t byte_length = iree_hal_buffer_byte_length(buffer);
  if (offset > byte_length) offset = byte_length;
  if (length == IREE_HAL_WHOLE_BUFFER || length > byte_length - offset) {
    length = byte_length - offset;
  }
  *out_begin = iree_hal_buffer_byte_offset(buffer) + offset;
  *out_end = *out_begin + length;
}

// Notes that the operation uses [offset, offset + length) of |buffer| (and
// writes it if |written|): nothing if the device reaches it.
static iree_status_t ireec_hal_stage_set_note(ireec_hal_stage_set_t* set,
                                              iree_hal_buffer_t* buffer,
                                              iree_device_size_t offset,
                                              iree_device_size_t length,
                                              bool written) {
  if (!buffer || ireec_hal_device_reaches(set->device, buffer)) {
    return iree_ok_status();
  }
  iree_hal_buffer_t* allocated = iree_hal_buffer_allocated_buffer(buffer);
  iree_device_size_t begin = 0, end = 0;
  ireec_hal_ref_range(buffer, offset, length, &begin, &end);
  ireec_hal_stage_t* stage = ireec_hal_stage_set_find(set, allocated);
  if (stage) {
    if (!stage->stage) {  // not yet allocated: the range may still grow
      if (begin < stage->begin) stage->begin = begin;
      if (end > stage->end) stage->end = end;
    }
    stage->written |= written;
    return iree_ok_status();
  }
  iree_hal_device_t* owner = NULL;
  IREE_RETURN_IF_ERROR(ireec_hal_buffer_owner(set->device, buffer, &owner));
  iree_status_t status = ireec_hal_stage_set_append(set, &stage);
  if (!iree_status_is_ok(status)) {
    iree_hal_device_release(owner);
    return status;
  }
  stage->foreign = allocated;
  iree_hal_buffer_retain(allocated);
  stage->begin = begin;
  stage->end = end;
  stage->written = written;
  stage->owner = owner;
  return iree_ok_status();
}

// A host-visible buffer of |length| bytes that both |device| and |owner|
// reach: from |device|'s allocator if |owner| reaches its host memory, else
// from |owner|'s if |device| reaches that.
static iree_status_t ireec_hal_staging_buffer_allocate(
    iree_hal_device_t* device, iree_hal_device_t* owner,
    iree_device_size_t length, iree_hal_buffer_t** out_buffer) {
  *out_buffer = NULL;
  const iree_hal_buffer_params_t params = {
      .type = IREE_HAL_MEMORY_TYPE_HOST_LOCAL |
              IREE_HAL_MEMORY_TYPE_DEVICE_VISIBLE,
      .access = IREE_HAL_MEMORY_ACCESS_ALL,
      .usage = IREE_HAL_BUFFER_USAGE_TRANSFER |
               IREE_HAL_BUFFER_USAGE_DISPATCH_STORAGE |
               IREE_HAL_BUFFER_USAGE_MAPPING,
  };
  iree_hal_device_t* candidates[2] = {device, owner};
  for (int i = 0; i < 2; ++i) {
    iree_hal_buffer_t* buffer = NULL;
    iree_status_t status = iree_hal_allocator_allocate_buffer(
        iree_hal_device_allocator(candidates[i]), params,
        length ? length : 1, &buffer);
    if (!iree_status_is_ok(status)) {
      iree_status_ignore(status);
      continue;
    }
    if (ireec_hal_device_reaches(device, buffer) &&
        ireec_hal_owner_reaches(owner, buffer)) {
      *out_buffer = buffer;
      return iree_ok_status();
    }
    iree_hal_buffer_release(buffer);
  }
  iree_string_view_t name = ireec_hal_staging_device_name(device);
  iree_string_view_t owner_name = ireec_hal_staging_device_name(owner);
  return iree_make_status(
      IREE_STATUS_FAILED_PRECONDITION,
      "device '%.*s' cannot use a buffer of device '%.*s': neither device "
      "can allocate host memory the other reaches to stage it through",
      (int)name.size, name.data, (int)owner_name.size, owner_name.data);
}

static iree_status_t ireec_hal_stage_set_allocate(ireec_hal_stage_set_t* set) {
  for (iree_host_size_t i = 0; i < set->count; ++i) {
    ireec_hal_stage_t* stage = &set->stages[i];
    if (stage->stage) continue;
    IREE_RETURN_IF_ERROR(ireec_hal_staging_buffer_allocate(
        set->device, stage->owner, stage->end - stage->begin, &stage->stage));
  }
  return iree_ok_status();
}

// Replaces a reference to a staged buffer with its staging buffer.
static void ireec_hal_stage_set_map(ireec_hal_stage_set_t* set,
                                    iree_hal_buffer_t** inout_buffer,
                                    iree_device_size_t* inout_offset,
                                    iree_device_size_t* inout_length) {
  iree_hal_buffer_t* buffer = *inout_buffer;
  if (!buffer || set->count == 0) return;
  ireec_hal_stage_t* stage =
      ireec_hal_stage_set_find(set, iree_hal_buffer_allocated_buffer(buffer));
  if (!stage) return;
  iree_device_size_t begin = 0, end = 0;
  ireec_hal_ref_range(buffer, *inout_offset, inout_length ? *inout_length : 0,
                      &begin, &end);
  if (inout_length && *inout_length == IREE_HAL_WHOLE_BUFFER) {
    *inout_length = end - begin;
  }
  *inout_buffer = stage->stage;
  *inout_offset = begin - stage->begin;
}

static void ireec_hal_stage_set_map_ref(ireec_hal_stage_set_t* set,
                                        iree_hal_buffer_ref_t* ref) {
  ireec_hal_stage_set_map(set, &ref->buffer, &ref->offset, &ref->length);
}

// Issues the operation on the inner device with the given lists.
typedef iree_status_t (*ireec_hal_staged_issue_fn_t)(
    void* context, iree_hal_semaphore_list_t waits,
    iree_hal_semaphore_list_t signals);

static iree_hal_semaphore_list_t ireec_hal_one_semaphore(
    iree_hal_semaphore_t** semaphore, uint64_t* value) {
  return (iree_hal_semaphore_list_t){
      .count = 1, .semaphores = semaphore, .payload_values = value};
}

// Copies in, issues, copies back (see the top of this file).
static iree_status_t ireec_hal_stage_set_submit(
    ireec_hal_stage_set_t* set, iree_hal_queue_affinity_t queue_affinity,
    iree_hal_semaphore_list_t waits, iree_hal_semaphore_list_t signals,
    ireec_hal_staged_issue_fn_t issue, void* context) {
  if (set->count == 0) return issue(context, waits, signals);
  iree_hal_semaphore_t* chain = NULL;
  IREE_RETURN_IF_ERROR(iree_hal_semaphore_create(
      ireec_hal_forwarding_device_inner(set->device),
      IREE_HAL_QUEUE_AFFINITY_ANY, 0, 0, &chain));
  uint64_t value = 0, next_value = 0;
  iree_status_t status = iree_ok_status();
  bool chained = false;  // whether the chain holds the caller's waits yet
  for (iree_host_size_t i = 0; i < set->count && iree_status_is_ok(status);
       ++i) {
    ireec_hal_stage_t* stage = &set->stages[i];
    if (stage->filled) continue;
    next_value = value + 1;
    status = iree_hal_device_queue_copy(
        stage->owner, IREE_HAL_QUEUE_AFFINITY_ANY,
        chained ? ireec_hal_one_semaphore(&chain, &value) : waits,
        ireec_hal_one_semaphore(&chain, &next_value), stage->foreign,
        stage->begin, stage->stage, 0, stage->end - stage->begin,
        IREE_HAL_COPY_FLAG_NONE);
    value = next_value;
    chained = true;
  }
  iree_host_size_t written_count = 0;
  for (iree_host_size_t i = 0; i < set->count; ++i) {
    if (set->stages[i].written) ++written_count;
  }
  if (iree_status_is_ok(status)) {
    next_value = value + 1;
    status = issue(context,
                   chained ? ireec_hal_one_semaphore(&chain, &value) : waits,
                   written_count ? ireec_hal_one_semaphore(&chain, &next_value)
                                 : signals);
    if (written_count) value = next_value;
  }
  for (iree_host_size_t i = 0; i < set->count && iree_status_is_ok(status);
       ++i) {
    ireec_hal_stage_t* stage = &set->stages[i];
    if (!stage->written) continue;
    const bool last = --written_count == 0;
    next_value = value + 1;
    status = iree_hal_device_queue_copy(
        stage->owner, IREE_HAL_QUEUE_AFFINITY_ANY,
        ireec_hal_one_semaphore(&chain, &value),
        last ? signals : ireec_hal_one_semaphore(&chain, &next_value),
        stage->stage, 0, stage->foreign, stage->begin,
        stage->end - stage->begin, IREE_HAL_COPY_FLAG_NONE);
    value = next_value;
  }
  if (!iree_status_is_ok(status)) {
    // What was queued waits on the chain; failing it ends that work, and the
    // caller's signals fail with the same error.
    iree_hal_semaphore_fail(chain, iree_status_clone(status));
    iree_hal_semaphore_list_fail(signals, iree_status_clone(status));
  }
  iree_hal_semaphore_release(chain);
  return status;
}

//===----------------------------------------------------------------------===//
// Command buffers: direct references staged when recorded, slots noted
//===----------------------------------------------------------------------===//

typedef struct ireec_hal_staging_recording_t {
  iree_allocator_t host_allocator;
  iree_hal_device_t* device;  // retained
  // Direct references to foreign buffers, each with its staging buffer
  // (whole buffers; owners looked up again at each execution).
  ireec_hal_stage_set_t stages;
  // Whether the command buffer may execute while it is recorded (ONE_SHOT
  // with ALLOW_INLINE_EXECUTION: local-sync then does): its staging buffers
  // are filled as they are recorded, and copied back after submission.
  bool fills_when_recorded;
  // One bit per binding-table slot the commands may write.
  iree_host_size_t slot_capacity;
  uint8_t written_slots[];
} ireec_hal_staging_recording_t;

static void ireec_hal_staging_recording_release(void* state) {
  ireec_hal_staging_recording_t* recording =
      (ireec_hal_staging_recording_t*)state;
  ireec_hal_stage_set_deinitialize(&recording->stages);
  iree_hal_device_release(recording->device);
  iree_allocator_free(recording->host_allocator, recording);
}

// Copies |stage|'s buffer into it now: its device's queue_copy, waited for
// (the command buffer may execute as soon as the command is recorded, and
// its caller vouches that what it reads is ready by then).
static iree_status_t ireec_hal_stage_fill_now(ireec_hal_stage_t* stage) {
  iree_hal_semaphore_t* done = NULL;
  IREE_RETURN_IF_ERROR(iree_hal_semaphore_create(
      stage->owner, IREE_HAL_QUEUE_AFFINITY_ANY, 0, 0, &done));
  uint64_t done_value = 1;
  iree_status_t status = iree_hal_device_queue_copy(
      stage->owner, IREE_HAL_QUEUE_AFFINITY_ANY,
      iree_hal_semaphore_list_empty(),
      ireec_hal_one_semaphore(&done, &done_value), stage->foreign,
      stage->begin, stage->stage, 0, stage->end - stage->begin,
      IREE_HAL_COPY_FLAG_NONE);
  if (iree_status_is_ok(status)) {
    status = iree_hal_semaphore_wait(done, done_value, iree_infinite_timeout(),
                                     IREE_HAL_WAIT_FLAG_DEFAULT);
  }
  iree_hal_semaphore_release(done);
  stage->filled = iree_status_is_ok(status);
  return status;
}

static iree_status_t ireec_hal_staging_map_ref(void* state,
                                               iree_hal_buffer_ref_t* ref,
                                               ireec_hal_ref_use_t use) {
  ireec_hal_staging_recording_t* recording =
      (ireec_hal_staging_recording_t*)state;
  const bool written = use != IREEC_HAL_REF_USE_READ;
  if (!ref->buffer) {
    if (written && ref->buffer_slot < recording->slot_capacity) {
      recording->written_slots[ref->buffer_slot / 8] |=
          (uint8_t)(1u << (ref->buffer_slot % 8));
    }
    return iree_ok_status();
  }
  if (ireec_hal_device_reaches(recording->device, ref->buffer)) {
    return iree_ok_status();
  }
  // The whole buffer is staged, once: commands recorded earlier keep their
  // offsets into it.
  iree_hal_buffer_t* allocated = iree_hal_buffer_allocated_buffer(ref->buffer);
  const iree_host_size_t known_count = recording->stages.count;
  IREE_RETURN_IF_ERROR(ireec_hal_stage_set_note(
      &recording->stages, allocated, 0, IREE_HAL_WHOLE_BUFFER, written));
  IREE_RETURN_IF_ERROR(ireec_hal_stage_set_allocate(&recording->stages));
  if (recording->fills_when_recorded &&
      recording->stages.count > known_count) {
    IREE_RETURN_IF_ERROR(ireec_hal_stage_fill_now(
        &recording->stages.stages[recording->stages.count - 1]));
  }
  ireec_hal_stage_set_map_ref(&recording->stages, ref);
  return iree_ok_status();
}

static bool ireec_hal_staging_recording_writes_slot(
    const ireec_hal_staging_recording_t* recording, iree_host_size_t slot) {
  // Slots past what was recorded: unknown, so possibly written.
  if (!recording || slot >= recording->slot_capacity) return true;
  return (recording->written_slots[slot / 8] >> (slot % 8)) & 1;
}

static iree_status_t ireec_hal_staging_device_create_command_buffer(
    iree_hal_device_t* base_device, iree_hal_command_buffer_mode_t mode,
    iree_hal_command_category_t command_categories,
    iree_hal_queue_affinity_t queue_affinity, iree_host_size_t binding_capacity,
    iree_hal_command_buffer_t** out_command_buffer) {
  ireec_hal_forwarding_device_t* device =
      ireec_hal_forwarding_device_cast(base_device);
  ireec_hal_staging_recording_t* recording = NULL;
  IREE_RETURN_IF_ERROR(iree_allocator_malloc(
      device->host_allocator,
      sizeof(*recording) + (binding_capacity + 7) / 8, (void**)&recording));
  memset(recording, 0, sizeof(*recording) + (binding_capacity + 7) / 8);
  recording->host_allocator = device->host_allocator;
  recording->device = base_device;
  iree_hal_device_retain(base_device);
  ireec_hal_stage_set_initialize(base_device, &recording->stages);
  recording->slot_capacity = binding_capacity;
  recording->fills_when_recorded = iree_all_bits_set(
      mode, IREE_HAL_COMMAND_BUFFER_MODE_ONE_SHOT |
                IREE_HAL_COMMAND_BUFFER_MODE_ALLOW_INLINE_EXECUTION);
  iree_hal_command_buffer_t* inner = NULL;
  iree_status_t status = iree_hal_command_buffer_create(
      device->inner, mode, command_categories, queue_affinity,
      binding_capacity, &inner);
  if (!iree_status_is_ok(status)) {
    ireec_hal_staging_recording_release(recording);
    return status;
  }
  ireec_hal_ref_mapper_t mapper = {
      .map = ireec_hal_staging_map_ref,
      .state = recording,
      .release_state = ireec_hal_staging_recording_release,
  };
  return ireec_hal_mapping_command_buffer_wrap(
      iree_hal_device_allocator(device->inner), mode, command_categories,
      queue_affinity, binding_capacity, inner, mapper, device->host_allocator,
      out_command_buffer);
}

//===----------------------------------------------------------------------===//
// Queue operations
//===----------------------------------------------------------------------===//

// The operations' arguments after staging, and how to issue them.
typedef struct ireec_hal_staged_op_t {
  iree_hal_device_t* device;
  iree_hal_queue_affinity_t queue_affinity;
  iree_hal_buffer_t* source;
  iree_device_size_t source_offset;
  iree_hal_buffer_t* target;
  iree_device_size_t target_offset;
  iree_device_size_t length;
  const void* bytes;  // fill pattern, update source
  iree_host_size_t bytes_length;  // pattern length, update source offset
  iree_hal_file_t* file;
  uint64_t file_offset;
  uint64_t flags;
  // Dispatch.
  iree_hal_executable_t* executable;
  iree_hal_executable_export_ordinal_t export_ordinal;
  iree_hal_dispatch_config_t config;
  iree_const_byte_span_t constants;
  iree_hal_buffer_ref_list_t bindings;
  // Execute.
  iree_hal_command_buffer_t* command_buffer;
  iree_hal_buffer_binding_table_t binding_table;
} ireec_hal_staged_op_t;

#define IREEC_STAGED_INNER(op, method, waits, signals, ...) \
  IREEC_FORWARD_ENTRY((op)->device, method, (op)->queue_affinity, waits, \
                      signals, __VA_ARGS__)

// The base (forwarding) entry of |method|: the inner device, waits mapped.
#define IREEC_FORWARD_ENTRY(device, method, ...) \
  ireec_hal_forwarding_device_vtable.method((device), __VA_ARGS__)

static iree_status_t ireec_hal_staged_fill(void* context,
                                           iree_hal_semaphore_list_t waits,
                                           iree_hal_semaphore_list_t signals) {
  ireec_hal_staged_op_t* op = (ireec_hal_staged_op_t*)context;
  return IREEC_STAGED_INNER(op, queue_fill, waits, signals, op->target,
                            op->target_offset, op->length, op->bytes,
                            op->bytes_length, op->flags);
}

static iree_status_t ireec_hal_staged_update(void* context,
                                             iree_hal_semaphore_list_t waits,
                                             iree_hal_semaphore_list_t signals) {
  ireec_hal_staged_op_t* op = (ireec_hal_staged_op_t*)context;
  return IREEC_STAGED_INNER(op, queue_update, waits, signals, op->bytes,
                            op->bytes_length, op->target, op->target_offset,
                            op->length, op->flags);
}

static iree_status_t ireec_hal_staged_copy(void* context,
                                           iree_hal_semaphore_list_t waits,
                                           iree_hal_semaphore_list_t signals) {
  ireec_hal_staged_op_t* op = (ireec_hal_staged_op_t*)context;
  return IREEC_STAGED_INNER(op, queue_copy, waits, signals, op->source,
                            op->source_offset, op->target, op->target_offset,
                            op->length, op->flags);
}

static iree_status_t ireec_hal_staged_read(void* context,
                                           iree_hal_semaphore_list_t waits,
                                           iree_hal_semaphore_list_t signals) {
  ireec_hal_staged_op_t* op = (ireec_hal_staged_op_t*)context;
  return IREEC_STAGED_INNER(op, queue_read, waits, signals, op->file,
                            op->file_offset, op->target, op->target_offset,
                            op->length, op->flags);
}

static iree_status_t ireec_hal_staged_write(void* context,
                                            iree_hal_semaphore_list_t waits,
                                            iree_hal_semaphore_list_t signals) {
  ireec_hal_staged_op_t* op = (ireec_hal_staged_op_t*)context;
  return IREEC_STAGED_INNER(op, queue_write, waits, signals, op->source,
                            op->source_offset, op->file, op->file_offset,
                            op->length, op->flags);
}

static iree_status_t ireec_hal_staged_dispatch(
    void* context, iree_hal_semaphore_list_t waits,
    iree_hal_semaphore_list_t signals) {
  ireec_hal_staged_op_t* op = (ireec_hal_staged_op_t*)context;
  return IREEC_STAGED_INNER(op, queue_dispatch, waits, signals, op->executable,
                            op->export_ordinal, op->config, op->constants,
                            op->bindings, op->flags);
}

static iree_status_t ireec_hal_staged_execute(
    void* context, iree_hal_semaphore_list_t waits,
    iree_hal_semaphore_list_t signals) {
  ireec_hal_staged_op_t* op = (ireec_hal_staged_op_t*)context;
  return IREEC_STAGED_INNER(op, queue_execute, waits, signals,
                            op->command_buffer, op->binding_table, op->flags);
}

// Stages the operation's source (read) and target (written) buffers, those
// it names, and submits it.
static iree_status_t ireec_hal_staging_submit_op(
    ireec_hal_staged_op_t* op, iree_hal_semaphore_list_t waits,
    iree_hal_semaphore_list_t signals, ireec_hal_staged_issue_fn_t issue) {
  ireec_hal_stage_set_t set;
  ireec_hal_stage_set_initialize(op->device, &set);
  iree_status_t status = ireec_hal_stage_set_note(
      &set, op->source, op->source_offset, op->length, /*written=*/false);
  if (iree_status_is_ok(status)) {
    // A whole-buffer length is the source's, as IREE's copy takes it.
    iree_device_size_t target_length = op->length;
    if (op->source && op->length == IREE_HAL_WHOLE_BUFFER &&
        op->source_offset <= iree_hal_buffer_byte_length(op->source)) {
      target_length = iree_hal_buffer_byte_length(op->source) -
                      op->source_offset;
    }
    status = ireec_hal_stage_set_note(&set, op->target, op->target_offset,
                                      target_length, /*written=*/true);
  }
  if (iree_status_is_ok(status)) status = ireec_hal_stage_set_allocate(&set);
  if (iree_status_is_ok(status)) {
    ireec_hal_stage_set_map(&set, &op->source, &op->source_offset, NULL);
    ireec_hal_stage_set_map(&set, &op->target, &op->target_offset, NULL);
    status = ireec_hal_stage_set_submit(&set, op->queue_affinity, waits,
                                        signals, issue, op);
  }
  ireec_hal_stage_set_deinitialize(&set);
  return status;
}

static iree_status_t ireec_hal_staging_device_queue_fill(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, const void* pattern,
    iree_host_size_t pattern_length, iree_hal_fill_flags_t flags) {
  ireec_hal_staged_op_t op = {
      .device = device, .queue_affinity = queue_affinity,
      .target = target_buffer, .target_offset = target_offset,
      .length = length, .bytes = pattern, .bytes_length = pattern_length,
      .flags = flags};
  return ireec_hal_staging_submit_op(&op, wait_semaphore_list,
                                     signal_semaphore_list,
                                     ireec_hal_staged_fill);
}

static iree_status_t ireec_hal_staging_device_queue_update(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    const void* source_buffer, iree_host_size_t source_offset,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, iree_hal_update_flags_t flags) {
  ireec_hal_staged_op_t op = {
      .device = device, .queue_affinity = queue_affinity,
      .target = target_buffer, .target_offset = target_offset,
      .length = length, .bytes = source_buffer, .bytes_length = source_offset,
      .flags = flags};
  return ireec_hal_staging_submit_op(&op, wait_semaphore_list,
                                     signal_semaphore_list,
                                     ireec_hal_staged_update);
}

static iree_status_t ireec_hal_staging_device_queue_copy(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* source_buffer, iree_device_size_t source_offset,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, iree_hal_copy_flags_t flags) {
  ireec_hal_staged_op_t op = {
      .device = device, .queue_affinity = queue_affinity,
      .source = source_buffer, .source_offset = source_offset,
      .target = target_buffer, .target_offset = target_offset,
      .length = length, .flags = flags};
  return ireec_hal_staging_submit_op(&op, wait_semaphore_list,
                                     signal_semaphore_list,
                                     ireec_hal_staged_copy);
}

static iree_status_t ireec_hal_staging_device_queue_read(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_file_t* source_file, uint64_t source_offset,
    iree_hal_buffer_t* target_buffer, iree_device_size_t target_offset,
    iree_device_size_t length, iree_hal_read_flags_t flags) {
  ireec_hal_staged_op_t op = {
      .device = device, .queue_affinity = queue_affinity,
      .file = source_file, .file_offset = source_offset,
      .target = target_buffer, .target_offset = target_offset,
      .length = length, .flags = flags};
  return ireec_hal_staging_submit_op(&op, wait_semaphore_list,
                                     signal_semaphore_list,
                                     ireec_hal_staged_read);
}

static iree_status_t ireec_hal_staging_device_queue_write(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_buffer_t* source_buffer, iree_device_size_t source_offset,
    iree_hal_file_t* target_file, uint64_t target_offset,
    iree_device_size_t length, iree_hal_write_flags_t flags) {
  ireec_hal_staged_op_t op = {
      .device = device, .queue_affinity = queue_affinity,
      .source = source_buffer, .source_offset = source_offset,
      .file = target_file, .file_offset = target_offset,
      .length = length, .flags = flags};
  return ireec_hal_staging_submit_op(&op, wait_semaphore_list,
                                     signal_semaphore_list,
                                     ireec_hal_staged_write);
}

static iree_status_t ireec_hal_staging_device_queue_dispatch(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_executable_t* executable,
    iree_hal_executable_export_ordinal_t export_ordinal,
    const iree_hal_dispatch_config_t config, iree_const_byte_span_t constants,
    const iree_hal_buffer_ref_list_t bindings,
    iree_hal_dispatch_flags_t flags) {
  ireec_hal_stage_set_t set;
  ireec_hal_stage_set_initialize(device, &set);
  iree_status_t status = ireec_hal_stage_set_note(
      &set, config.workgroup_count_ref.buffer, config.workgroup_count_ref.offset,
      config.workgroup_count_ref.length, false);
  for (iree_host_size_t i = 0; i < bindings.count && iree_status_is_ok(status);
       ++i) {
    status = ireec_hal_stage_set_note(&set, bindings.values[i].buffer,
                                      bindings.values[i].offset,
                                      bindings.values[i].length, true);
  }
  if (iree_status_is_ok(status) && set.count == 0) {
    return IREEC_FORWARD_ENTRY(device, queue_dispatch, queue_affinity,
                               wait_semaphore_list, signal_semaphore_list,
                               executable, export_ordinal, config, constants,
                               bindings, flags);
  }
  iree_hal_buffer_ref_t* mapped = NULL;
  if (iree_status_is_ok(status)) status = ireec_hal_stage_set_allocate(&set);
  if (iree_status_is_ok(status) && bindings.count) {
    status = iree_allocator_malloc(set.host_allocator,
                                   bindings.count * sizeof(*mapped),
                                   (void**)&mapped);
  }
  if (iree_status_is_ok(status)) {
    for (iree_host_size_t i = 0; i < bindings.count; ++i) {
      mapped[i] = bindings.values[i];
      ireec_hal_stage_set_map_ref(&set, &mapped[i]);
    }
    ireec_hal_staged_op_t op = {
        .device = device, .queue_affinity = queue_affinity,
        .executable = executable, .export_ordinal = export_ordinal,
        .config = config, .constants = constants,
        .bindings = {.count = bindings.count, .values = mapped},
        .flags = flags};
    ireec_hal_stage_set_map_ref(&set, &op.config.workgroup_count_ref);
    status = ireec_hal_stage_set_submit(&set, queue_affinity,
                                        wait_semaphore_list,
                                        signal_semaphore_list,
                                        ireec_hal_staged_dispatch, &op);
  }
  iree_allocator_free(set.host_allocator, mapped);
  ireec_hal_stage_set_deinitialize(&set);
  return status;
}

static iree_status_t ireec_hal_staging_device_queue_execute(
    iree_hal_device_t* device, iree_hal_queue_affinity_t queue_affinity,
    const iree_hal_semaphore_list_t wait_semaphore_list,
    const iree_hal_semaphore_list_t signal_semaphore_list,
    iree_hal_command_buffer_t* command_buffer,
    iree_hal_buffer_binding_table_t binding_table,
    iree_hal_execute_flags_t flags) {
  void* state = NULL;
  iree_hal_command_buffer_t* inner_command_buffer =
      ireec_hal_mapping_command_buffer_unwrap(
          command_buffer, ireec_hal_staging_map_ref, &state);
  ireec_hal_staging_recording_t* recording =
      (ireec_hal_staging_recording_t*)state;

  ireec_hal_stage_set_t set;
  ireec_hal_stage_set_initialize(device, &set);
  iree_status_t status = iree_ok_status();
  for (iree_host_size_t i = 0;
       i < binding_table.count && iree_status_is_ok(status); ++i) {
    const iree_hal_buffer_binding_t* binding = &binding_table.bindings[i];
    status = ireec_hal_stage_set_note(
        &set, binding->buffer, binding->offset, binding->length,
        ireec_hal_staging_recording_writes_slot(recording, i));
  }
  // The command buffer's own staging buffers, copied in and out each time.
  for (iree_host_size_t i = 0;
       recording && i < recording->stages.count && iree_status_is_ok(status);
       ++i) {
    const ireec_hal_stage_t* recorded = &recording->stages.stages[i];
    ireec_hal_stage_t* stage = NULL;
    iree_hal_device_t* owner = NULL;
    status = ireec_hal_buffer_owner(device, recorded->foreign, &owner);
    if (iree_status_is_ok(status)) {
      status = ireec_hal_stage_set_append(&set, &stage);
      if (!iree_status_is_ok(status)) iree_hal_device_release(owner);
    }
    if (iree_status_is_ok(status)) {
      *stage = *recorded;
      stage->owner = owner;
      iree_hal_buffer_retain(stage->foreign);
      iree_hal_buffer_retain(stage->stage);
    }
  }
  if (iree_status_is_ok(status) && set.count == 0) {
    return IREEC_FORWARD_ENTRY(device, queue_execute, queue_affinity,
                               wait_semaphore_list, signal_semaphore_list,
                               inner_command_buffer, binding_table, flags);
  }
  iree_hal_buffer_binding_t* mapped = NULL;
  if (iree_status_is_ok(status)) status = ireec_hal_stage_set_allocate(&set);
  if (iree_status_is_ok(status) && binding_table.count) {
    status = iree_allocator_malloc(set.host_allocator,
                                   binding_table.count * sizeof(*mapped),
                                   (void**)&mapped);
  }
  if (iree_status_is_ok(status)) {
    for (iree_host_size_t i = 0; i < binding_table.count; ++i) {
      mapped[i] = binding_table.bindings[i];
      ireec_hal_stage_set_map(&set, &mapped[i].buffer, &mapped[i].offset,
                              &mapped[i].length);
    }
    ireec_hal_staged_op_t op = {
        .device = device, .queue_affinity = queue_affinity,
        .command_buffer = inner_command_buffer,
        .binding_table = {.count = binding_table.count,
                          .bindings = binding_table.count ? mapped : NULL},
        .flags = flags};
    status = ireec_hal_stage_set_submit(&set, queue_affinity,
                                        wait_semaphore_list,
                                        signal_semaphore_list,
                                        ireec_hal_staged_execute, &op);
  }
  iree_allocator_free(set.host_allocator, mapped);
  ireec_hal_stage_set_deinitialize(&set);
  return status;
}

//===----------------------------------------------------------------------===//
// The staging device
//===----------------------------------------------------------------------===//

static void ireec_hal_staging_device_on_destroy(
    ireec_hal_forwarding_device_t* device) {
  // Buffers of this device outliving it can no longer be staged.
  ireec_hal_discrete_allocator_clear_owner(
      iree_hal_device_allocator(device->inner), (iree_hal_device_t*)device);
}

static const iree_hal_device_vtable_t ireec_hal_staging_device_overrides = {
    .create_command_buffer = ireec_hal_staging_device_create_command_buffer,
    .queue_fill = ireec_hal_staging_device_queue_fill,
    .queue_update = ireec_hal_staging_device_queue_update,
    .queue_copy = ireec_hal_staging_device_queue_copy,
    .queue_read = ireec_hal_staging_device_queue_read,
    .queue_write = ireec_hal_staging_device_queue_write,
    .queue_dispatch = ireec_hal_staging_device_queue_dispatch,
    .queue_execute = ireec_hal_staging_device_queue_execute,
};

IREEC_HAL_INTERNAL iree_status_t ireec_hal_staging_device_wrap(
    iree_hal_device_t* inner, iree_string_view_t name,
    ireec_hal_staging_reach_t reach, iree_allocator_t host_allocator,
    iree_hal_device_t** out_device) {
  IREE_RETURN_IF_ERROR(ireec_hal_forwarding_device_create(
      inner, &ireec_hal_staging_device_overrides, /*wait_hooks=*/NULL,
      sizeof(ireec_hal_staging_state_t), host_allocator, out_device));
  ireec_hal_forwarding_device_t* device =
      ireec_hal_forwarding_device_cast(*out_device);
  device->on_destroy = ireec_hal_staging_device_on_destroy;
  ireec_hal_staging_state_t* state =
      (ireec_hal_staging_state_t*)ireec_hal_forwarding_device_state(device);
  state->reach = reach;
  iree_host_size_t length = name.size < sizeof(state->name) - 1
                                ? name.size
                                : sizeof(state->name) - 1;
  memcpy(state->name, name.data, length);
  state->name[length] = 0;
  ireec_hal_discrete_allocator_set_owner(iree_hal_device_allocator(inner),
                                         *out_device,
                                         iree_make_cstring_view(state->name));
  return iree_ok_status();
}

//===----------------------------------------------------------------------===//
// What callers may ask (ireec/decls/hal_staging.h)
//===----------------------------------------------------------------------===//

IREE_API_EXPORT bool ireec_hal_device_stages_foreign_buffers(
    iree_hal_device_t* device) {
  return ireec_hal_staging_state(device) != NULL;
}

IREE_API_EXPORT bool ireec_hal_device_reaches_buffer(
    iree_hal_device_t* device, iree_hal_buffer_t* buffer) {
  if (!device || !buffer) return false;
  return ireec_hal_device_reaches(device, buffer);
}
