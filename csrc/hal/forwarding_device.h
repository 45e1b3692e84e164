// Private to csrc/hal: the base of the devices that wrap another device and
// pass its work on (the `memory=discrete` device, local-task's foreign-wait
// device).
//
// A forwarding device owns an inner device and a vtable of its own: the base
// entries, each passing the call to the inner device through the inner
// device's vtable (the runtime exports no entry point for some of them), with
// the wrapper's overrides in place of the entries it changes. The base also
// does what every forwarding device must:
// - host calls are rebound, so the callee sees the device its caller queued
//   on (IREE hands it context->device), not the inner one that runs it;
// - each queue operation's wait list goes through the wrapper's wait hooks,
//   when it has any, so a wrapper changing waits overrides no queue entry.
#ifndef IREEC_HAL_FORWARDING_DEVICE_H_
#define IREEC_HAL_FORWARDING_DEVICE_H_

#include "hal_object_layouts.h"

typedef struct ireec_hal_forwarding_device_t ireec_hal_forwarding_device_t;

// How a wrapper changes the semaphore lists of the queue operations.
typedef struct ireec_hal_forwarding_wait_hooks_t {
  // |*out_waits| and |*out_signals| are the lists handed to the inner device
  // in place of |waits| and |signals| (themselves when nothing changes).
  // |*out_skip| set: the operation must not run, the hook having failed its
  // signals (a wait failed); the queue operation then succeeds without
  // reaching the inner device (queue_alloca still allocates, unordered).
  // |*out_state|, NULL when the lists hold nothing of their own, is released
  // once the inner device has taken the submission or refused it
  // (|submitted|; it retains what it keeps).
  iree_status_t (*map)(ireec_hal_forwarding_device_t* device,
                       iree_hal_semaphore_list_t waits,
                       iree_hal_semaphore_list_t signals,
                       iree_hal_semaphore_list_t* out_waits,
                       iree_hal_semaphore_list_t* out_signals, void** out_state,
                       bool* out_skip);
  void (*release)(ireec_hal_forwarding_device_t* device, void* state,
                  bool submitted);
} ireec_hal_forwarding_wait_hooks_t;

struct ireec_hal_forwarding_device_t {
  iree_hal_resource_t resource;  // its vtable is |vtable| below
  iree_allocator_t host_allocator;
  iree_hal_device_t* inner;  // owned
  // NULL when queue operations wait on what their callers name.
  const ireec_hal_forwarding_wait_hooks_t* wait_hooks;
  // The base entries with the wrapper's overrides.
  iree_hal_device_vtable_t vtable;
  // Called first by the base destroy (may be NULL).
  void (*on_destroy)(ireec_hal_forwarding_device_t* device);
  // Followed by the wrapper's own state (ireec_hal_forwarding_device_state).
};

// The base entries: each forwards to the inner device (destroy releases it
// and frees the wrapper). An override that only changes its arguments ends by
// calling its base entry, e.g. ireec_hal_forwarding_device_vtable.queue_fill.
IREEC_HAL_INTERNAL extern const iree_hal_device_vtable_t
    ireec_hal_forwarding_device_vtable;

// Wraps |inner| (taking its reference, released when failing: _move) in a
// forwarding device whose vtable is the base one with every non-NULL entry of
// |overrides| in its place. |wait_hooks| (may be NULL) outlives the device.
// |state_size| bytes of zeroed state of the wrapper's own follow the device.
IREEC_HAL_INTERNAL iree_status_t ireec_hal_forwarding_device_create_move(
    iree_hal_device_t* inner, const iree_hal_device_vtable_t* overrides,
    const ireec_hal_forwarding_wait_hooks_t* wait_hooks,
    iree_host_size_t state_size, iree_allocator_t host_allocator,
    iree_hal_device_t** out_device);

// The wrapper's own state (|state_size| bytes at creation).
static inline void* ireec_hal_forwarding_device_state(
    ireec_hal_forwarding_device_t* device) {
  return (void*)(device + 1);
}

static inline ireec_hal_forwarding_device_t* ireec_hal_forwarding_device_cast(
    iree_hal_device_t* device) {
  return (ireec_hal_forwarding_device_t*)device;
}

static inline iree_hal_device_t* ireec_hal_forwarding_device_inner(
    iree_hal_device_t* device) {
  return ireec_hal_forwarding_device_cast(device)->inner;
}

// A device's own vtable, for calls the runtime exports no entry point for
// (and to pass calls on without repeating the entry points' work).
static inline const iree_hal_device_vtable_t* ireec_hal_device_vtable(
    iree_hal_device_t* device) {
  return (const iree_hal_device_vtable_t*)ireec_hal_object_vtable(device);
}

// Calls |method| of the inner device of the forwarding device |device|.
#define IREEC_FORWARD(device, method, ...)                        \
  ireec_hal_device_vtable(ireec_hal_forwarding_device_inner(device)) \
      ->method(ireec_hal_forwarding_device_inner(device), ##__VA_ARGS__)

#endif  // IREEC_HAL_FORWARDING_DEVICE_H_
