// DLPack capsules of device allocations ireec exports (a BufferView on a CUDA
// device to torch or JAX: ireec/hal/_dlpack_device.py). The tensor is laid
// out by Python in the storage of an export
// (ireec_hal_buffer_view_export_device_allocation), its deleter the export's
// release. A consumer that takes the tensor renames the capsule
// ("used_dltensor...") and calls that deleter when done; a capsule nobody
// took ends the export itself when it goes. A destructor runs in C, without
// Python code, also while the interpreter exits.

#include "cext.h"

static const char ireec_dltensor_versioned[] = "dltensor_versioned";
static const char ireec_dltensor[] = "dltensor";

static void ireec_dlpack_capsule_destroy(PyObject* capsule) {
  const char* name = PyCapsule_IsValid(capsule, ireec_dltensor_versioned)
                         ? ireec_dltensor_versioned
                     : PyCapsule_IsValid(capsule, ireec_dltensor) ? ireec_dltensor
                                                                  : NULL;
  if (!name) return;  // taken by a consumer: the deleter is its to call
  PyObject *type, *value, *traceback;
  PyErr_Fetch(&type, &value, &traceback);
  void* storage = PyCapsule_GetPointer(capsule, name);
  if (storage) {
    Py_BEGIN_ALLOW_THREADS;
    ireec_hal_buffer_view_export_release(storage);
    Py_END_ALLOW_THREADS;
  } else {
    PyErr_WriteUnraisable(capsule);
  }
  PyErr_Restore(type, value, traceback);
}

PyObject* ireec_dlpack_capsule(PyObject* module, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs != 2 || !PyLong_Check(args[0])) {
    PyErr_SetString(PyExc_TypeError, "dlpack_capsule(storage_address, versioned)");
    return NULL;
  }
  void* storage = PyLong_AsVoidPtr(args[0]);
  if (!storage) {
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "dlpack_capsule: NULL storage");
    return NULL;  // nothing to release
  }
  int versioned = PyObject_IsTrue(args[1]);
  PyObject* capsule =
      versioned < 0 ? NULL
                    : PyCapsule_New(storage, versioned ? ireec_dltensor_versioned : ireec_dltensor,
                                    ireec_dlpack_capsule_destroy);
  if (!capsule) {
    // The export is this function's on every path: ended here when no
    // capsule holds it.
    Py_BEGIN_ALLOW_THREADS;
    ireec_hal_buffer_view_export_release(storage);
    Py_END_ALLOW_THREADS;
  }
  return capsule;
}
