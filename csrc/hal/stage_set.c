// Stage sets (see stage_set.h): which buffers a device reaches, whose a
// buffer is, and the staging of one operation's foreign buffers.

#include "stage_set.h"

#include <string.h>

#include "discrete.h"
#include "forwarding_device.h"
#include "semaphore_bridge.h"

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
IREEC_HAL_INTERNAL bool ireec_hal_device_reaches(
    iree_hal_device_t* device, iree_hal_buffer_t* buffer) {
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
    // Host memory: buffers of no device (the CPU heap's, whatever their
    // memory type says), and another device's that are host-visible and may
    // stay mapped while the CPU's executables run on them (they map their
    // bindings persistently).
    return !placed_on ||
           (iree_all_bits_set(iree_hal_buffer_memory_type(allocated),
                              IREE_HAL_MEMORY_TYPE_HOST_VISIBLE) &&
            iree_all_bits_set(iree_hal_buffer_allowed_usage(allocated),
                              IREE_HAL_BUFFER_USAGE_MAPPING_PERSISTENT));
  }
  return false;
}

// Whether the host maps |buffer| (to copy it itself).
static bool ireec_hal_host_maps(iree_hal_buffer_t* buffer) {
  iree_hal_buffer_t* allocated = iree_hal_buffer_allocated_buffer(buffer);
  return iree_all_bits_set(iree_hal_buffer_memory_type(allocated),
                           IREE_HAL_MEMORY_TYPE_HOST_VISIBLE) &&
         iree_all_bits_set(iree_hal_buffer_allowed_usage(allocated),
                           IREE_HAL_BUFFER_USAGE_MAPPING_SCOPED);
}

// Whether |owner|, the device copying a foreign buffer, reaches |buffer|:
// as ireec_hal_device_reaches for ireec's devices; a device that is not ours
// (the inner device IREE's GPU allocators name in their buffers) is taken
// to reach only its own memory; no owner (the host copies) whatever the host
// maps.
static bool ireec_hal_owner_reaches(iree_hal_device_t* owner,
                                    iree_hal_buffer_t* buffer) {
  if (!owner) return ireec_hal_host_maps(buffer);
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
// is); NULL when the host copies it (host memory of no device); or a status
// naming |device| and why nothing can.
IREEC_HAL_INTERNAL iree_status_t ireec_hal_buffer_owner(
    iree_hal_device_t* device, iree_hal_buffer_t* buffer,
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
    // Host memory of no device (a CPU heap buffer): the host copies it.
    if (ireec_hal_host_maps(buffer)) return iree_ok_status();
    return iree_make_status(
        IREE_STATUS_FAILED_PRECONDITION,
        "device '%.*s' cannot reach this buffer's memory, and the buffer "
        "names no device that could copy it nor can the host map it",
        (int)name.size, name.data);
  }
  iree_hal_device_retain(placed_on);
  *out_owner = placed_on;
  return iree_ok_status();
}

//===----------------------------------------------------------------------===//
// Stage sets: the foreign buffers of one operation
//===----------------------------------------------------------------------===//



IREEC_HAL_INTERNAL void ireec_hal_stage_set_initialize(
    iree_hal_device_t* device, ireec_hal_stage_set_t* out_set) {
  memset(out_set, 0, sizeof(*out_set));
  out_set->device = device;
  out_set->host_allocator =
      ireec_hal_forwarding_device_cast(device)->host_allocator;
  out_set->capacity = IREE_ARRAYSIZE(out_set->inline_stages);
  out_set->stages = out_set->inline_stages;
}

IREEC_HAL_INTERNAL void ireec_hal_stage_set_deinitialize(
    ireec_hal_stage_set_t* set) {
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

IREEC_HAL_INTERNAL iree_status_t ireec_hal_stage_set_append(
    ireec_hal_stage_set_t* set, ireec_hal_stage_t** out_stage) {
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
IREEC_HAL_INTERNAL iree_status_t ireec_hal_stage_set_note(
    ireec_hal_stage_set_t* set, iree_hal_buffer_t* buffer,
    iree_device_size_t offset, iree_device_size_t length, bool written) {
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
               IREE_HAL_BUFFER_USAGE_MAPPING |
               IREE_HAL_BUFFER_USAGE_MAPPING_PERSISTENT,
  };
  iree_hal_device_t* candidates[2] = {device, owner};
  for (int i = 0; i < 2 && candidates[i]; ++i) {
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
  iree_string_view_t owner_name =
      owner ? ireec_hal_staging_device_name(owner) : IREE_SV("the host");
  return iree_make_status(
      IREE_STATUS_FAILED_PRECONDITION,
      "device '%.*s' cannot use a buffer of device '%.*s': neither device "
      "can allocate host memory the other reaches to stage it through",
      (int)name.size, name.data, (int)owner_name.size, owner_name.data);
}

IREEC_HAL_INTERNAL iree_status_t ireec_hal_stage_set_allocate(
    ireec_hal_stage_set_t* set) {
  for (iree_host_size_t i = 0; i < set->count; ++i) {
    ireec_hal_stage_t* stage = &set->stages[i];
    if (stage->stage) continue;
    IREE_RETURN_IF_ERROR(ireec_hal_staging_buffer_allocate(
        set->device, stage->owner, stage->end - stage->begin, &stage->stage));
  }
  return iree_ok_status();
}

// Replaces a reference to a staged buffer with its staging buffer.
IREEC_HAL_INTERNAL void ireec_hal_stage_set_map(
    ireec_hal_stage_set_t* set, iree_hal_buffer_t** inout_buffer,
    iree_device_size_t* inout_offset, iree_device_size_t* inout_length) {
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

IREEC_HAL_INTERNAL void ireec_hal_stage_set_map_ref(
    ireec_hal_stage_set_t* set, iree_hal_buffer_ref_t* ref) {
  ireec_hal_stage_set_map(set, &ref->buffer, &ref->offset, &ref->length);
}


static iree_hal_semaphore_list_t ireec_hal_one_semaphore(
    iree_hal_semaphore_t** semaphore, uint64_t* value) {
  return (iree_hal_semaphore_list_t){
      .count = 1, .semaphores = semaphore, .payload_values = value};
}

// Copies |stage|'s range in (from its buffer into the staging buffer) or
// back, after |waits|, signalling |signals|: a queue copy of the buffer's own
// device (its lists bridged: the device may be another driver's), or, for
// host memory of no device, a host job.
static iree_status_t ireec_hal_stage_copy(ireec_hal_stage_set_t* set,
                                          ireec_hal_stage_t* stage,
                                          iree_hal_semaphore_list_t waits,
                                          iree_hal_semaphore_list_t signals,
                                          bool back) {
  ireec_hal_host_copy_t copy = {
      .source = back ? stage->stage : stage->foreign,
      .source_offset = back ? 0 : stage->begin,
      .target = back ? stage->foreign : stage->stage,
      .target_offset = back ? stage->begin : 0,
      .length = stage->end - stage->begin,
  };
  if (!stage->owner) {
    return ireec_hal_host_job_run(waits, 1, &copy, signals, set->host_allocator);
  }
  return ireec_hal_bridged_queue_copy(stage->owner, waits, signals, copy.source,
                                      copy.source_offset, copy.target,
                                      copy.target_offset, copy.length,
                                      set->host_allocator);
}

// Copies in, issues, copies back (see stage_set.h).
IREEC_HAL_INTERNAL iree_status_t ireec_hal_stage_set_submit(
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
    status = ireec_hal_stage_copy(
        set, stage, chained ? ireec_hal_one_semaphore(&chain, &value) : waits,
        ireec_hal_one_semaphore(&chain, &next_value), /*back=*/false);
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
    status = ireec_hal_stage_copy(
        set, stage, ireec_hal_one_semaphore(&chain, &value),
        last ? signals : ireec_hal_one_semaphore(&chain, &next_value),
        /*back=*/true);
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

// Copies |stage|'s buffer into it now: its device's queue_copy, waited for
// (the command buffer may execute as soon as the command is recorded, and
// its caller vouches that what it reads is ready by then).
IREEC_HAL_INTERNAL iree_status_t ireec_hal_stage_fill_now(
    ireec_hal_stage_t* stage) {
  if (!stage->owner) {  // host memory of no device: the host copies it
    iree_status_t status =
        iree_hal_buffer_map_copy(stage->foreign, stage->begin, stage->stage, 0,
                                 stage->end - stage->begin);
    stage->filled = iree_status_is_ok(status);
    return status;
  }
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
