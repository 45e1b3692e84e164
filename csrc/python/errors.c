// The ireec.errors classes the extension raises (registered once by
// register_errors when ireec is imported), a failed iree_status_t raised as
// one of them, and the note hook for ABORTED failures of a session's calls.
//
// A status becomes the exception ireec.errors.error_from_status makes of
// it: the class registered for its code (IreeError for any other), built
// with (message, code), the message being IREE's own text for the status
// (iree_status_to_string: file:line, code, message, annotations), so a
// failure reads the same whichever path raised it.

#include "cext.h"

PyObject* ireec_closed_error = NULL;
static PyObject* ireec_iree_error = NULL;
static PyObject* ireec_errors_by_code = NULL;  // {code: class}
static PyObject* ireec_aborted_error = NULL;  // the class for ABORTED
// session.note_failed_devices(session, error): adds to an ABORTED error of a
// session's call which of its devices now fail all work. Finding out
// submits a barrier to each device's queue and waits for it, work that
// ireec.Device.check does in Python; C calls this one function, registered
// once, only for ABORTED failures (rare, and slow already).
static PyObject* ireec_abort_note = NULL;

// register_errors(ClosedError, IreeError, {code: class}).
PyObject* ireec_register_errors(PyObject* module, PyObject* const* args,
                                Py_ssize_t nargs) {
  if (nargs != 3 || !PyDict_Check(args[2])) goto usage;
  for (int i = 0; i < 2; ++i) {
    if (!PyType_Check(args[i]) ||
        !PyType_IsSubtype((PyTypeObject*)args[i], (PyTypeObject*)PyExc_Exception)) {
      goto usage;
    }
  }
  Py_XSETREF(ireec_closed_error, Py_NewRef(args[0]));
  Py_XSETREF(ireec_iree_error, Py_NewRef(args[1]));
  Py_XSETREF(ireec_errors_by_code, Py_NewRef(args[2]));
  PyObject* key = PyLong_FromLong((long)IREE_STATUS_ABORTED);
  if (!key) return NULL;
  PyObject* aborted = PyDict_GetItemWithError(args[2], key);
  Py_DECREF(key);
  if (!aborted && PyErr_Occurred()) return NULL;
  Py_XSETREF(ireec_aborted_error, Py_XNewRef(aborted));
  Py_RETURN_NONE;
usage:
  PyErr_SetString(PyExc_TypeError,
                  "register_errors(ClosedError, IreeError, {code: class}): "
                  "exception types");
  return NULL;
}

PyObject* ireec_register_abort_note(PyObject* module, PyObject* note) {
  if (!PyCallable_Check(note)) {
    PyErr_SetString(PyExc_TypeError, "register_abort_note(function(session, error))");
    return NULL;
  }
  Py_XSETREF(ireec_abort_note, Py_NewRef(note));
  Py_RETURN_NONE;
}

// IREE's text for |status| (which stays the caller's), or the code's name
// when it cannot be formatted; NULL with a Python error.
static PyObject* ireec_status_text(iree_status_t status) {
  iree_allocator_t allocator = iree_allocator_system();
  char* buffer = NULL;
  iree_host_size_t length = 0;
  if (!iree_status_to_string(status, &allocator, &buffer, &length)) {
    return PyUnicode_FromString(iree_status_code_string(iree_status_code(status)));
  }
  PyObject* text = PyUnicode_DecodeUTF8(buffer, (Py_ssize_t)length, "replace");
  iree_allocator_free(allocator, buffer);
  return text;
}

PyObject* ireec_raise_status(iree_status_t status, PyObject* note) {
  iree_status_code_t code = iree_status_code(status);
  PyObject* text = ireec_status_text(status);
  iree_status_free(status);
  if (!text) return NULL;
  if (!ireec_iree_error) {
    Py_DECREF(text);
    PyErr_SetString(PyExc_RuntimeError, "ireec._cext: register_errors() was not called");
    return NULL;
  }
  PyObject* key = PyLong_FromLong((long)code);
  PyObject* cls = key ? PyDict_GetItemWithError(ireec_errors_by_code, key) : NULL;
  Py_XDECREF(key);
  if (!cls && PyErr_Occurred()) {
    Py_DECREF(text);
    return NULL;
  }
  PyObject* error = PyObject_CallFunction(cls ? cls : ireec_iree_error, "Ni", text,
                                          (int)code);
  if (!error) return NULL;
  if (note) {
    // What BaseException.add_note does on a new exception.
    PyObject* notes = PyList_New(1);
    if (notes) PyList_SET_ITEM(notes, 0, Py_NewRef(note));
    if (!notes || PyObject_SetAttrString(error, "__notes__", notes) != 0) {
      Py_XDECREF(notes);
      Py_DECREF(error);
      return NULL;
    }
    Py_DECREF(notes);
  }
  PyErr_SetObject((PyObject*)Py_TYPE(error), error);
  Py_DECREF(error);
  return NULL;
}

void ireec_note_aborted(PyObject* session) {
  if (!ireec_abort_note || !ireec_aborted_error ||
      !PyErr_ExceptionMatches(ireec_aborted_error)) {
    return;
  }
  PyObject *type, *error, *traceback;
  PyErr_Fetch(&type, &error, &traceback);
  PyErr_NormalizeException(&type, &error, &traceback);
  PyObject* noted = PyObject_CallFunctionObjArgs(ireec_abort_note, session, error, NULL);
  if (noted) {
    Py_DECREF(noted);
    PyErr_Restore(type, error, traceback);
  } else {
    // The hook's own failure replaces the error, as it would in Python.
    Py_XDECREF(type);
    Py_XDECREF(error);
    Py_XDECREF(traceback);
  }
}
