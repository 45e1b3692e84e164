// IREE HAL collective channels (iree/hal/channel.h), channel providers
// (iree/hal/channel_provider.h) and the collective operations command buffers
// record on them (iree/hal/command_buffer.h).
//
// Plain C declarations (no macros with arguments, no inline bodies) so that the
// same text is both C and the cffi cdef. Layouts and signatures are those of
// IREE at commit 0f64f41a0ae3; tests/test_abi_facts.py checks them.
#ifndef IREEC_DECLS_HAL_CHANNEL_H_
#define IREEC_DECLS_HAL_CHANNEL_H_

#include "ireec/decls/hal.h"

// The flag, kind, reduction and element type enumerators are in
// ireec/decls/hal.h; these are the types that carry them.
#define IREE_HAL_CHANNEL_RANK_DEFAULT (-1)
#define IREE_HAL_CHANNEL_COUNT_DEFAULT (-1)
#define IREE_HAL_CHANNEL_NO_COLOR (-1)

typedef uint64_t iree_hal_channel_flags_t;
typedef uint8_t iree_hal_collective_kind_t;
typedef uint8_t iree_hal_collective_reduction_t;
typedef uint8_t iree_hal_collective_element_type_t;

typedef struct iree_hal_channel_t iree_hal_channel_t;
typedef struct iree_hal_channel_provider_t iree_hal_channel_provider_t;

//===----------------------------------------------------------------------===//
// Channels
//===----------------------------------------------------------------------===//
// A channel is one participant (rank) of a group of |count| participants that
// exchange data with collective operations. Which implementation backs it
// (none on the CPU drivers, RCCL on HIP) depends on the device.

typedef struct {
  iree_hal_channel_flags_t flags;
  // The group's shared identifier (e.g. an NCCL unique id); empty to ask the
  // device's channel provider for its default.
  iree_const_byte_span_t id;
  iree_string_view_t group;
  // -1 (IREE_HAL_CHANNEL_RANK_DEFAULT) asks the provider.
  int32_t rank;
  int32_t count;
} iree_hal_channel_params_t;

iree_status_t iree_hal_channel_create(iree_hal_device_t* device,
                                      iree_hal_queue_affinity_t queue_affinity,
                                      iree_hal_channel_params_t params,
                                      iree_hal_channel_t** out_channel);
void iree_hal_channel_retain(iree_hal_channel_t* channel);
void iree_hal_channel_release(iree_hal_channel_t* channel);
// Called by release when the last reference goes.
void iree_hal_channel_destroy(iree_hal_channel_t* channel);

// Splits the group by |color|; |key| orders ranks within each new group.
iree_status_t iree_hal_channel_split(iree_hal_channel_t* base_channel,
                                     int32_t color, int32_t key,
                                     iree_hal_channel_flags_t flags,
                                     iree_hal_channel_t** out_split_channel);
void iree_hal_channel_query_rank_and_count(const iree_hal_channel_t* channel,
                                           int32_t* out_rank,
                                           int32_t* out_count);
int32_t iree_hal_channel_rank(const iree_hal_channel_t* channel);
int32_t iree_hal_channel_count(const iree_hal_channel_t* channel);

//===----------------------------------------------------------------------===//
// Channel providers
//===----------------------------------------------------------------------===//
// Where a device gets default ranks, counts and group ids (from MPI, the
// environment, ...) when a program creates a channel without them.

void iree_hal_channel_provider_retain(
    iree_hal_channel_provider_t* channel_provider);
void iree_hal_channel_provider_release(
    iree_hal_channel_provider_t* channel_provider);
void iree_hal_channel_provider_destroy(
    iree_hal_channel_provider_t* channel_provider);
iree_status_t iree_hal_channel_provider_query_default_rank_and_count(
    iree_hal_channel_provider_t* channel_provider, int32_t* out_rank,
    int32_t* out_count);
// Fills |id| (its whole length) with the default group id.
iree_status_t iree_hal_channel_provider_exchange_default_id(
    iree_hal_channel_provider_t* channel_provider, iree_byte_span_t id);

// Swaps the provider |device| uses (retaining |new_provider|).
void iree_hal_device_replace_channel_provider(
    iree_hal_device_t* device, iree_hal_channel_provider_t* new_provider);

//===----------------------------------------------------------------------===//
// Collective operations
//===----------------------------------------------------------------------===//

// What a collective does, packed in 32 bits: its kind, reduction and element
// type (one byte each) and a reserved byte.
typedef union {
  uint32_t packed;
  struct {
    iree_hal_collective_kind_t kind;
    iree_hal_collective_reduction_t reduction;
    iree_hal_collective_element_type_t element_type;
    uint8_t reserved;
  };
} iree_hal_collective_op_t;

iree_device_size_t iree_hal_collective_element_byte_count(
    iree_hal_collective_element_type_t element_type);
// Formats |op| as text, e.g. "all_reduce<sum, f32>".
iree_string_view_t iree_hal_collective_op_format(
    const iree_hal_collective_op_t* op, iree_bitfield_string_temp_t* out_temp);

// Records a collective on |channel|: |param| is the operation's peer rank or
// root where it has one; |send_ref| and |recv_ref| hold |element_count|
// elements each.
iree_status_t iree_hal_command_buffer_collective(
    iree_hal_command_buffer_t* command_buffer, iree_hal_channel_t* channel,
    iree_hal_collective_op_t op, uint32_t param, iree_hal_buffer_ref_t send_ref,
    iree_hal_buffer_ref_t recv_ref, iree_device_size_t element_count);

#endif  // IREEC_DECLS_HAL_CHANNEL_H_
