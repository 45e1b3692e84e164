// A vm.buffer's bytes through the buffer protocol: memoryview(buffer),
// bytes(buffer), numpy.frombuffer(buffer) read (and, for a mutable buffer,
// write) IREE's own memory in place.
//
// While a view is exported the VmBufferHandle holds a use, so close() only
// marks it closed and the reference goes when the last view is released:
// the memory a memoryview points to cannot be freed under it. A buffer
// IREE made read-only (no IREE_VM_BUFFER_ACCESS_MUTABLE: a module's
// constants) exports read-only views, and a writable request fails with
// BufferError.

#include "cext.h"

static int ireec_vm_buffer_getbuffer(PyObject* object, Py_buffer* view, int flags) {
  if (ireec_handle_acquire(object) != 0) {  // ClosedError
    view->obj = NULL;
    return -1;
  }
  const iree_vm_buffer_t* buffer = ((ireec_handle_t*)object)->vm_buffer;
  static char empty[1];
  void* data = buffer->data.data_length ? (void*)buffer->data.data : (void*)empty;
  int readonly = (buffer->access & IREE_VM_BUFFER_ACCESS_MUTABLE) ? 0 : 1;
  if (PyBuffer_FillInfo(view, object, data, (Py_ssize_t)buffer->data.data_length, readonly,
                        flags) != 0) {
    ireec_handle_release_use(object);
    return -1;
  }
  return 0;
}

static void ireec_vm_buffer_releasebuffer(PyObject* object, Py_buffer* view) {
  ireec_handle_release_use(object);
}

PyBufferProcs ireec_vm_buffer_as_buffer = {
    .bf_getbuffer = ireec_vm_buffer_getbuffer,
    .bf_releasebuffer = ireec_vm_buffer_releasebuffer,
};
