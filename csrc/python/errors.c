// The one converter of a failed iree_status_t into an exception: for the
// statuses cffi calls return (ireec.check_status, error_from_status and
// status_to_string in ireec/_core/status.py call it with the status's
// address) and for the extension's own calls alike.
//
// A status becomes the ireec.errors class installed for its code
// (IreeError for any other), made with (message, code), the message being
// IREE's own text for the status (iree_status_to_string: file:line, code,
// message, annotations), so a failure reads the same whichever path raised
// it. The status is freed exactly once.

#include "cext.h"

#include <stdlib.h>
#include <string.h>

PyObject* ireec_closed_error = NULL;
PyObject* ireec_iree_error = NULL;
PyObject* ireec_aborted_error = NULL;
PyObject* ireec_errors_by_code = NULL;

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

// The exception kept for the status whose text is |text| (ireec/_core/
// callbacks.py names it there as "(Python exception #N)"), taken from the
// kept ones, with the text as a note; NULL without a Python error when none
// is kept (or the text names none).
static PyObject* ireec_python_exception(PyObject* text) {
  static const char marker[] = "(Python exception #";
  if (!ireec_python_exceptions) return NULL;
  Py_ssize_t length = 0;
  const char* chars = PyUnicode_AsUTF8AndSize(text, &length);
  if (!chars) return NULL;
  const char* found = strstr(chars, marker);
  if (!found) return NULL;
  char* end = NULL;
  long long number = strtoll(found + sizeof(marker) - 1, &end, 10);
  if (end == found + sizeof(marker) - 1 || *end != ')') return NULL;
  PyObject* key = PyLong_FromLongLong(number);
  if (!key) return NULL;
  PyObject* error = PyDict_GetItemWithError(ireec_python_exceptions, key);
  if (error) {
    Py_INCREF(error);
    if (PyDict_DelItem(ireec_python_exceptions, key) != 0) Py_CLEAR(error);
  }
  Py_DECREF(key);
  if (!error) return NULL;
  PyObject* added = PyObject_CallMethod(
      error, "add_note", "N",
      PyUnicode_FromFormat("raised by a Python function IREE called; IREE reported: %U",
                           text));
  if (!added) {
    Py_DECREF(error);
    return NULL;
  }
  Py_DECREF(added);
  return error;
}

PyObject* ireec_status_error(iree_status_t status, PyObject* note) {
  iree_status_code_t code = iree_status_code(status);
  PyObject* text = ireec_status_text(status);
  iree_status_free(status);
  if (!text) return NULL;
  if (!ireec_iree_error) {
    // Before install() (a failure while ireec itself is being imported).
    PyErr_Format(PyExc_RuntimeError, "%U (ireec._cext is not installed yet)", text);
    Py_DECREF(text);
    return NULL;
  }
  // A status a Python callback made from an exception names it: that
  // exception is raised again.
  PyObject* error = ireec_python_exception(text);
  if (!error && PyErr_Occurred()) {
    Py_DECREF(text);
    return NULL;
  }
  if (error) Py_DECREF(text);
  if (!error) {
    PyObject* key = PyLong_FromLong((long)code);
    PyObject* cls = key ? PyDict_GetItemWithError(ireec_errors_by_code, key) : NULL;
    Py_XDECREF(key);
    if (!cls && PyErr_Occurred()) {
      Py_DECREF(text);
      return NULL;
    }
    error = PyObject_CallFunction(cls ? cls : ireec_iree_error, "Ni", text, (int)code);
  }
  if (!error || !note) return error;
  // What BaseException.add_note does (an exception raised again from a
  // Python callback may have notes already).
  PyObject* added = PyObject_CallMethod(error, "add_note", "O", note);
  if (!added) {
    Py_DECREF(error);
    return NULL;
  }
  Py_DECREF(added);
  return error;
}

PyObject* ireec_raise_status(iree_status_t status, PyObject* note) {
  PyObject* error = ireec_status_error(status, note);
  if (error) {
    // Raised with the traceback it has: an exception a Python callback
    // raised keeps the frames it was raised in.
    PyErr_Restore(Py_NewRef((PyObject*)Py_TYPE(error)), error,
                  PyException_GetTraceback(error));
  }
  return NULL;
}

// The status at |address| (an int: what cffi's iree_status_t is; 0 is OK),
// in |*out_status|; false with a Python error.
static bool ireec_status_at(PyObject* address, iree_status_t* out_status) {
  *out_status = (iree_status_t)PyLong_AsVoidPtr(address);
  return *out_status || !PyErr_Occurred();
}

PyObject* ireec_error_from_status_function(PyObject* module, PyObject* address) {
  iree_status_t status;
  return ireec_status_at(address, &status) ? ireec_status_error(status, NULL) : NULL;
}

PyObject* ireec_status_to_string_function(PyObject* module, PyObject* address) {
  iree_status_t status;
  return ireec_status_at(address, &status) ? ireec_status_text(status) : NULL;
}
