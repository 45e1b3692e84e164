// Host calls rebound to the device their caller queued them on; see
// host_call_rebind.h.

#include "host_call_rebind.h"

typedef struct ireec_hal_rebound_host_call_t {
  iree_hal_host_call_t call;
  iree_hal_device_t* device;
  iree_allocator_t host_allocator;
} ireec_hal_rebound_host_call_t;

static iree_status_t ireec_hal_rebound_host_call_run(
    void* user_data, const uint64_t args[4],
    iree_hal_host_call_context_t* context) {
  // Copied out and freed first: the callee may complete later (DEFERRED) and
  // nothing here is needed after it returns.
  ireec_hal_rebound_host_call_t rebound =
      *(ireec_hal_rebound_host_call_t*)user_data;
  iree_allocator_free(rebound.host_allocator, user_data);
  iree_hal_host_call_context_t outer_context = *context;
  outer_context.device = rebound.device;
  return rebound.call.fn(rebound.call.user_data, args, &outer_context);
}

iree_status_t ireec_hal_host_call_rebind(iree_hal_device_t* device,
                                         iree_hal_host_call_t call,
                                         iree_allocator_t host_allocator,
                                         iree_hal_host_call_t* out_call) {
  ireec_hal_rebound_host_call_t* rebound = NULL;
  IREE_RETURN_IF_ERROR(iree_allocator_malloc(host_allocator, sizeof(*rebound),
                                             (void**)&rebound));
  rebound->call = call;
  rebound->device = device;
  rebound->host_allocator = host_allocator;
  out_call->fn = ireec_hal_rebound_host_call_run;
  out_call->user_data = rebound;
  return iree_ok_status();
}

void ireec_hal_host_call_rebind_discard(iree_hal_host_call_t rebound_call) {
  ireec_hal_rebound_host_call_t* rebound =
      (ireec_hal_rebound_host_call_t*)rebound_call.user_data;
  iree_allocator_free(rebound->host_allocator, rebound);
}
