// ireec._cext, the CPython extension beside the cffi one: the module itself
// (its functions and types, made in the other files of csrc/python/), and
// configure(), which hands it numpy's types and ireec's dtype tables.
//
// ireec's raw face is cffi, and so is every other path. A cffi call with its
// arguments marshalled in Python costs a few hundred nanoseconds per step,
// and a call of a small program takes a dozen such steps (an array's buffer,
// its shape, its element type, per argument; the result's the same way), run
// right after the thread handoff of the invoke has left the interpreter's
// caches cold. This module does those steps in C for the common case only:
// every argument an open ireec.BufferView or an exact numpy array whose
// buffer format names an IREE element type. Anything else it declines
// before touching anything, and the general path (ireec/_marshal.py)
// converts it or says what is wrong.
//
// Pointers cross as Python ints (the ireec objects that own them check they
// are open before passing them). Failed IREE statuses are raised here as the
// ireec.errors classes (errors.c), the same exceptions the rest of the API
// raises.
//
// The C work runs without the GIL, as cffi's calls do; the arrays' buffers
// stay exported (so pinned) and the buffer views retained until it is done.

#include <string.h>

#include "cext.h"

PyObject* ireec_ndarray_type = NULL;
PyObject* ireec_buffer_view_type = NULL;
PyObject* ireec_dtypes_by_element_type = NULL;
PyObject* ireec_numpy_empty = NULL;

#define IREEC_FAST_MAX_FORMATS 32
typedef struct {
  char format[8];
  iree_hal_element_type_t element_type;
} ireec_format_entry_t;
static ireec_format_entry_t ireec_formats[IREEC_FAST_MAX_FORMATS];
static Py_ssize_t ireec_format_count = 0;

// Reads {format: element type} into ireec_formats; -1 (a Python error,
// the table unchanged) if an entry does not fit.
static int ireec_read_formats(PyObject* element_types_by_format) {
  ireec_format_entry_t formats[IREEC_FAST_MAX_FORMATS];
  Py_ssize_t position = 0, count = 0;
  PyObject *key, *value;
  while (PyDict_Next(element_types_by_format, &position, &key, &value)) {
    Py_ssize_t length = 0;
    const char* text = PyUnicode_Check(key) ? PyUnicode_AsUTF8AndSize(key, &length) : NULL;
    unsigned long element_type = PyLong_Check(value) ? PyLong_AsUnsignedLong(value) : 0;
    if (!text || length >= (Py_ssize_t)sizeof(ireec_formats[0].format) ||
        count == IREEC_FAST_MAX_FORMATS || PyErr_Occurred() || !element_type) {
      PyErr_Clear();
      PyErr_Format(PyExc_ValueError,
                   "element_types_by_format takes at most %d entries of a "
                   "format of up to 7 characters and a nonzero element type",
                   IREEC_FAST_MAX_FORMATS);
      return -1;
    }
    memcpy(formats[count].format, text, (size_t)length + 1);
    formats[count].element_type = (iree_hal_element_type_t)element_type;
    ++count;
  }
  memcpy(ireec_formats, formats, sizeof(formats[0]) * (size_t)count);
  ireec_format_count = count;
  return 0;
}

// The element type of a buffer format, or IREE_HAL_ELEMENT_TYPE_NONE. The
// entry found last is tried first: a program's arrays mostly share one.
// (Callers hold the GIL, which guards ireec_last_format.)
static Py_ssize_t ireec_last_format = 0;
iree_hal_element_type_t ireec_lookup_format(const char* format) {
  if (ireec_last_format < ireec_format_count &&
      strcmp(ireec_formats[ireec_last_format].format, format) == 0) {
    return ireec_formats[ireec_last_format].element_type;
  }
  for (Py_ssize_t i = 0; i < ireec_format_count; ++i) {
    if (strcmp(ireec_formats[i].format, format) == 0) {
      ireec_last_format = i;
      return ireec_formats[i].element_type;
    }
  }
  return IREE_HAL_ELEMENT_TYPE_NONE;
}

static PyObject* ireec_fast_configure(PyObject* module, PyObject* const* args,
                                      Py_ssize_t nargs) {
  if (nargs != 5 || !PyType_Check(args[0]) || !PyType_Check(args[1]) ||
      !PyDict_Check(args[2]) || !PyDict_Check(args[3]) ||
      !PyCallable_Check(args[4])) {
    PyErr_SetString(PyExc_TypeError,
                    "configure(ndarray_type, buffer_view_type, "
                    "element_types_by_format, dtypes_by_element_type, empty)");
    return NULL;
  }
  if (!PyType_IsSubtype((PyTypeObject*)args[1], &ireec_handle_type)) {
    PyErr_SetString(PyExc_TypeError, "buffer_view_type must be a subclass of Handle");
    return NULL;
  }
  if (ireec_read_formats(args[2]) != 0) return NULL;
  PyObject** slots[4] = {&ireec_ndarray_type, &ireec_buffer_view_type,
                         &ireec_dtypes_by_element_type, &ireec_numpy_empty};
  PyObject* values[4] = {args[0], args[1], args[3], args[4]};
  for (int i = 0; i < 4; ++i) {
    Py_INCREF(values[i]);
    Py_XSETREF(*slots[i], values[i]);
  }
  Py_RETURN_NONE;
}

// False, with a RuntimeError set, before configure() has run.
bool ireec_require_configured(void) {
  if (ireec_ndarray_type) return true;
  PyErr_SetString(PyExc_RuntimeError, "ireec._cext is not configured");
  return false;
}


// Pointer arguments arrive as ints; NULL (with a Python error set) if one
// is not.
int ireec_read_addresses(PyObject* const* args, Py_ssize_t count,
                                void** out) {
  for (Py_ssize_t i = 0; i < count; ++i) {
    out[i] = PyLong_AsVoidPtr(args[i]);
    if (!out[i]) {
      if (!PyErr_Occurred()) {
        PyErr_Format(PyExc_ValueError, "address argument %zd is 0", i);
      }
      return -1;
    }
  }
  return 0;
}

static PyMethodDef ireec_cext_methods[] = {
    {"trace_invokes", ireec_trace_invokes, METH_O,
     "trace_invokes(list or None): every invoke appends \"handled\" or "
     "\"declined\" to the list (for tests)"},
    {"release_address", ireec_release_address, METH_O,
     "release_address(name): the address of IREE's release function `name`, "
     "for Handle._adopt"},
    {"register_errors", (PyCFunction)(void (*)(void))ireec_register_errors,
     METH_FASTCALL,
     "register_errors(ClosedError, IreeError, {code: class}): the exceptions "
     "raised for closed objects and failed statuses"},
    {"decode_results", (PyCFunction)(void (*)(void))ireec_decode_results,
     METH_FASTCALL,
     "decode_results(results, outputs_address, device, function_address): "
     "a call's results as Python values (ints adopted as BufferViews, None "
     "read from the output list, which is then emptied)"},
    {"register_result_decoder", ireec_register_result_decoder, METH_O,
     "register_result_decoder(function(outputs_address, index, device, "
     "function_name)): decodes the results C does not (fences, lists, other "
     "refs)"},
    {"register_declined_call", ireec_register_declined_call, METH_O,
     "register_declined_call(function(invoker, args, kwargs)): the calls "
     "the invoker declines (converted in Python into the same lists)"},
    {"register_abort_note", ireec_register_abort_note, METH_O,
     "register_abort_note(function(session, error)): adds notes to an "
     "AbortedError of a session's call"},
    {"configure", (PyCFunction)(void (*)(void))ireec_fast_configure,
     METH_FASTCALL, "configure(ndarray_type, element_types_by_format, "
                    "dtypes_by_element_type, empty)"},
    {"invoke", (PyCFunction)(void (*)(void))ireec_fast_invoke, METH_FASTCALL,
     "invoke((session, function, inputs, outputs, device, allocator), args, "
     "out, bound): a call with numpy or BufferView arguments in one "
     "crossing, or None"},
    {"read_dense", (PyCFunction)(void (*)(void))ireec_fast_read_dense,
     METH_FASTCALL,
     "read_dense(view, max_bytes): a small mappable view as a new array, or "
     "None"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef ireec_cext_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "ireec._cext",
    .m_doc = "The numpy-in, numpy-out call path of ireec in one crossing into C.",
    .m_size = -1,
    .m_methods = ireec_cext_methods,
};

PyMODINIT_FUNC PyInit__cext(void) {
  if (PyType_Ready(&ireec_handle_type) != 0 ||
      PyType_Ready(&ireec_invoker_type) != 0 ||
      PyType_Ready(&ireec_lock_type) != 0) {
    return NULL;
  }
  PyObject* module = PyModule_Create(&ireec_cext_module);
  if (module && (PyModule_AddObjectRef(module, "Handle",
                                       (PyObject*)&ireec_handle_type) != 0 ||
                 PyModule_AddObjectRef(module, "Invoker",
                                       (PyObject*)&ireec_invoker_type) != 0 ||
                 PyModule_AddObjectRef(module, "Lock",
                                       (PyObject*)&ireec_lock_type) != 0)) {
    Py_CLEAR(module);
  }
  return module;
}
