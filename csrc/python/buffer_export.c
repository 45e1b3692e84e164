// The buffer protocol on BufferView (memoryview(view), bytes(view),
// numpy.frombuffer(view), ...): the view's buffer, mapped, as the exported
// memory.
//
// What is exported is decided once, in Python, by the function install()
// was given (BufferView._export_buffer): it maps the buffer persistently
// into a numpy array of the view's shape and dtype (writeable only where the
// host may write coherently), or raises BufferError saying why the memory
// cannot be lent (not HOST_VISIBLE, no persistent mapping, an element type
// with no buffer format) and what to call instead. The memoryview then holds
// that array, and the array the mapping and a reference to the buffer: the
// mapping lives as long as the memoryview does, even past view.close().

#include "cext.h"

static int ireec_buffer_view_getbuffer(PyObject* self, Py_buffer* view, int flags) {
  if (ireec_handle_is_closed(self)) return ireec_handle_raise_closed(self);
  if (!ireec_require_installed()) return -1;
  PyObject* args[2] = {self, (flags & PyBUF_WRITABLE) ? Py_True : Py_False};
  PyObject* exported = PyObject_Vectorcall(ireec_export_buffer, args, 2, NULL);
  if (!exported) return -1;
  // The array fills |view| (its format, shape, strides) and becomes its
  // owner (view->obj), so releasing the view releases the array.
  int result = PyObject_GetBuffer(exported, view, flags);
  Py_DECREF(exported);
  return result;
}

PyBufferProcs ireec_buffer_view_buffer_procs = {
    .bf_getbuffer = ireec_buffer_view_getbuffer,
    .bf_releasebuffer = NULL,
};
