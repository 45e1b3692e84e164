// The local-sync driver's event (see sync_event.h): a resource and nothing
// more.

#include "sync_event.h"

typedef struct iree_hal_sync_event_t {
  iree_hal_resource_t resource;
  iree_allocator_t host_allocator;
} iree_hal_sync_event_t;

static const iree_hal_event_vtable_t iree_hal_sync_event_vtable;

iree_status_t iree_hal_sync_event_create(
    iree_hal_queue_affinity_t queue_affinity, iree_hal_event_flags_t flags,
    iree_allocator_t host_allocator, iree_hal_event_t** out_event) {
  *out_event = NULL;
  iree_hal_sync_event_t* event = NULL;
  IREE_RETURN_IF_ERROR(
      iree_allocator_malloc(host_allocator, sizeof(*event), (void**)&event));
  iree_hal_resource_initialize(&iree_hal_sync_event_vtable, &event->resource);
  event->host_allocator = host_allocator;
  *out_event = (iree_hal_event_t*)event;
  return iree_ok_status();
}

static void iree_hal_sync_event_destroy(iree_hal_event_t* base_event) {
  iree_hal_sync_event_t* event = (iree_hal_sync_event_t*)base_event;
  iree_allocator_free(event->host_allocator, event);
}

static const iree_hal_event_vtable_t iree_hal_sync_event_vtable = {
    .destroy = iree_hal_sync_event_destroy,
};
