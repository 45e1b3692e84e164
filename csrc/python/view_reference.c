// ViewReference, the C owner of an ireec.BufferView's reference, and
// own_view(), which makes one.

#include "cext.h"

// ViewReference: owns one reference to an iree_hal_buffer_view_t, dropped
// when the object is (ireec.BufferView holds one). What ffi.gc would do, for
// a fraction of its cost: no Python destructor to call, no cffi call with
// its GIL release to make, for every result a call hands over.
typedef struct {
  PyObject_HEAD
  iree_hal_buffer_view_t* view;
} ireec_view_reference_t;

static void ireec_view_reference_dealloc(PyObject* self) {
  iree_hal_buffer_view_t* view = ((ireec_view_reference_t*)self)->view;
  ((ireec_view_reference_t*)self)->view = NULL;
  if (view) iree_hal_buffer_view_release(view);
  Py_TYPE(self)->tp_free(self);
}

PyTypeObject ireec_view_reference_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ireec._cext.ViewReference",
    .tp_basicsize = sizeof(ireec_view_reference_t),
    .tp_dealloc = ireec_view_reference_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One reference to an iree_hal_buffer_view_t, released with the object.",
};

// own_view(address): a ViewReference taking over the caller's reference to
// the iree_hal_buffer_view_t at |address|.
PyObject* ireec_fast_own_view(PyObject* module, PyObject* address) {
  void* view = NULL;
  if (ireec_read_addresses(&address, 1, &view) != 0) return NULL;
  ireec_view_reference_t* self =
      PyObject_New(ireec_view_reference_t, &ireec_view_reference_type);
  if (!self) return NULL;  // the caller still owns its reference
  self->view = view;
  return (PyObject*)self;
}
