// ireec._cext, the CPython extension beside the cffi one: the module itself
// (its functions and types, made in the other files of csrc/python/), and
// install(), which hands it, once, everything it needs from ireec's Python
// side.
//
// ireec's raw face is cffi, and so is every other path. A cffi call with its
// arguments marshalled in Python costs a few hundred nanoseconds per step,
// and a call of a small program takes a dozen such steps (an array's data,
// its shape, its element type, per argument; the result's the same way), run
// right after the thread handoff of the invoke has left the interpreter's
// caches cold. This module does those steps in C for the common case only:
// every argument an open ireec.BufferView or an exact numpy array of an
// element type IREE has. Anything else it declines before touching
// anything, and the general path (ireec/_core/marshal.py) converts it or
// says what is wrong.
//
// The objects it takes are its own C types: the Handles (a BufferView's
// pointer is read from its C struct), the Invoker (whose session, function,
// lists and device are typed fields) and the Lock. It reads no Python
// attribute by name and calls no method: failed statuses are raised from C
// as the ireec.errors classes, results are made in C, and the few things
// left to Python go to the functions install() was given.

#define IREEC_CEXT_IMPORTS_NUMPY
#include "cext.h"

PyTypeObject* ireec_buffer_view_class = NULL;
PyObject* ireec_dtypes_by_element_type = NULL;
PyObject* ireec_cffi_cast = NULL;
PyObject* ireec_uintptr_cffi_type = NULL;
PyObject* ireec_cffi_null = NULL;
PyObject* ireec_closed_message = NULL;
PyObject* ireec_decode_result = NULL;
PyObject* ireec_call_declined = NULL;
PyObject* ireec_note_aborted_hook = NULL;
PyObject* ireec_read_back = NULL;
PyObject* ireec_export_buffer = NULL;
PyObject* ireec_session_call = NULL;
PyObject* ireec_python_exception = NULL;

bool ireec_require_installed(void) {
  if (ireec_read_back) return true;  // (set last by install())
  PyErr_SetString(PyExc_RuntimeError, "ireec._cext is not installed");
  return false;
}

// The cffi types the extension makes pointers of: per Handle kind, its
// `.handle`'s and what IREE's functions making one take (ffi.typeof), then
// uintptr_t.
#define IREEC_CFFI_TYPES (2 * IREEC_HANDLE_KINDS + 1)

// Reads the IREEC_CFFI_TYPES cffi types into |cffi_types|; -1 with a Python
// error.
static int ireec_read_cffi_types(PyObject* ffi, PyObject** cffi_types) {
  PyObject* type_of = PyObject_GetAttrString(ffi, "typeof");
  if (!type_of) return -1;
  for (size_t i = 0; i < IREEC_CFFI_TYPES; ++i) {
    const char* name = i == IREEC_CFFI_TYPES - 1 ? "uintptr_t"
                       : i % 2                   ? ireec_handle_kinds[i / 2]->out_c_type
                                                 : ireec_handle_kinds[i / 2]->c_type;
    cffi_types[i] = PyObject_CallFunction(type_of, "s", name);
    if (!cffi_types[i]) {
      for (size_t j = 0; j < i; ++j) Py_DECREF(cffi_types[j]);
      Py_DECREF(type_of);
      return -1;
    }
  }
  Py_DECREF(type_of);
  return 0;
}

static PyObject* ireec_install(PyObject* module, PyObject* args, PyObject* kwargs) {
  static char* keywords[] = {
      "ffi",         "element_types_by_dtype", "dtypes_by_element_type",
      "buffer_view", "closed_error",           "iree_error",
      "errors_by_code", "closed_message",      "decode_result",
      "call_declined",  "note_aborted",        "read_back",
      "session_call",   "python_exception", "export_buffer", NULL};
  PyObject *ffi, *element_types_by_dtype, *dtypes_by_element_type, *buffer_view;
  PyObject *closed_error, *iree_error, *errors_by_code;
  PyObject *closed_message, *decode_result, *call_declined, *note_aborted, *read_back;
  PyObject *session_call, *python_exception, *export_buffer;
  if (!PyArg_ParseTupleAndKeywords(
          args, kwargs, "|$OO!O!O!O!O!O!OOOOOOOO:install", keywords, &ffi,
          &PyDict_Type, &element_types_by_dtype, &PyDict_Type, &dtypes_by_element_type,
          &PyType_Type, &buffer_view, &PyType_Type, &closed_error, &PyType_Type,
          &iree_error, &PyDict_Type, &errors_by_code, &closed_message, &decode_result,
          &call_declined, &note_aborted, &read_back, &session_call,
          &python_exception, &export_buffer)) {
    return NULL;
  }
  if (PyTuple_GET_SIZE(args) || !kwargs ||
      PyDict_GET_SIZE(kwargs) != (Py_ssize_t)(sizeof(keywords) / sizeof(keywords[0]) - 1)) {
    PyErr_SetString(PyExc_TypeError, "install() takes every one of its keywords");
    return NULL;
  }
  PyObject* hooks[8] = {closed_message, decode_result, call_declined, note_aborted,
                        read_back, session_call, python_exception, export_buffer};
  for (int i = 0; i < 8; ++i) {
    if (!PyCallable_Check(hooks[i])) {
      PyErr_SetString(PyExc_TypeError,
                      "install(): closed_message, decode_result, call_declined, "
                      "note_aborted, read_back, session_call, python_exception and "
                      "export_buffer must be callable");
      return NULL;
    }
  }
  PyObject* exceptions[2] = {closed_error, iree_error};
  for (int i = 0; i < 2; ++i) {
    if (!PyType_IsSubtype((PyTypeObject*)exceptions[i], (PyTypeObject*)PyExc_Exception)) {
      PyErr_SetString(PyExc_TypeError, "install(): closed_error and iree_error must "
                                       "be exception classes");
      return NULL;
    }
  }
  if (ireec_handle_kind_of((PyTypeObject*)buffer_view) != &ireec_buffer_view_handle_kind) {
    PyErr_SetString(PyExc_TypeError, "install(): buffer_view must subclass BufferViewHandle");
    return NULL;
  }
  if (ireec_read_back) {
    PyErr_SetString(PyExc_RuntimeError, "ireec._cext is installed already");
    return NULL;
  }
  PyObject* key = PyLong_FromLong((long)IREE_STATUS_ABORTED);
  PyObject* aborted = key ? PyDict_GetItemWithError(errors_by_code, key) : NULL;
  Py_XDECREF(key);
  if (!aborted && PyErr_Occurred()) return NULL;
  PyObject* cast = PyObject_GetAttrString(ffi, "cast");
  if (!cast) return NULL;
  PyObject* null = PyObject_GetAttrString(ffi, "NULL");
  if (!null) {
    Py_DECREF(cast);
    return NULL;
  }
  PyObject* cffi_types[IREEC_CFFI_TYPES];
  if (ireec_read_cffi_types(ffi, cffi_types) != 0 ||
      ireec_arrays_install(element_types_by_dtype) != 0) {
    Py_DECREF(cast);
    Py_DECREF(null);
    return NULL;
  }
  // Nothing fails from here on.
  for (size_t i = 0; i < IREEC_HANDLE_KINDS; ++i) {
    ireec_handle_kinds[i]->cffi_type = cffi_types[2 * i];
    ireec_handle_kinds[i]->out_cffi_type = cffi_types[2 * i + 1];
  }
  ireec_uintptr_cffi_type = cffi_types[IREEC_CFFI_TYPES - 1];
  ireec_cffi_cast = cast;
  ireec_cffi_null = null;
  ireec_buffer_view_class = (PyTypeObject*)Py_NewRef(buffer_view);
  ireec_dtypes_by_element_type = Py_NewRef(dtypes_by_element_type);
  ireec_closed_error = Py_NewRef(closed_error);
  ireec_iree_error = Py_NewRef(iree_error);
  ireec_errors_by_code = Py_NewRef(errors_by_code);
  ireec_aborted_error = Py_XNewRef(aborted);
  ireec_closed_message = Py_NewRef(closed_message);
  ireec_decode_result = Py_NewRef(decode_result);
  ireec_call_declined = Py_NewRef(call_declined);
  ireec_note_aborted_hook = Py_NewRef(note_aborted);
  ireec_session_call = Py_NewRef(session_call);
  ireec_python_exception = Py_NewRef(python_exception);
  ireec_export_buffer = Py_NewRef(export_buffer);
  ireec_read_back = Py_NewRef(read_back);
  Py_RETURN_NONE;
}

static PyMethodDef ireec_cext_methods[] = {
    {"install", (PyCFunction)(void (*)(void))ireec_install, METH_VARARGS | METH_KEYWORDS,
     "install(*, ffi, element_types_by_dtype, dtypes_by_element_type, buffer_view, "
     "closed_error, iree_error, errors_by_code, closed_message, decode_result, "
     "call_declined, note_aborted, read_back, session_call, python_exception, "
     "export_buffer), once: ireec's cffi "
     "module (its "
     "types of the handles' pointers, and cast); the element-type table "
     "({dtype: element type}, {element type: dtype}); the BufferView class "
     "a call's results are made as; the exceptions raised for closed objects "
     "and failed statuses ({code: class}, IreeError for the others); and the "
     "functions C leaves to Python: closed_message(object) (the ClosedError "
     "text of an object a forked child inherited, or None), "
     "decode_result(outputs, index, device, function_name) (results C does "
     "not convert: fences, lists, other refs), call_declined(invoker, args, "
     "kwargs) (the calls the invoker declines), note_aborted(session, error) "
     "(notes on an ABORTED call's failed devices), read_back(view, copy) "
     "(to_numpy beyond the mapped read), session_call(session, name, *args, "
     "**kwargs) (Session.call of a name not in the session's table) and "
     "export_buffer(view, writable) (what the buffer protocol exports: an "
     "array over the mapped buffer)."},
    {"error_from_status", ireec_error_from_status_function, METH_O,
     "error_from_status(address): the exception of the iree_status_t at "
     "address, which it frees"},
    {"status_to_string", ireec_status_to_string_function, METH_O,
     "status_to_string(address): IREE's text for the iree_status_t at "
     "address (which stays the caller's)"},
    {"trace_invokes", ireec_trace_invokes, METH_O,
     "trace_invokes(list or None): every call the invoker tries in C appends "
     "\"handled\" or \"declined\" to the list (for tests)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef ireec_cext_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "ireec._cext",
    .m_doc = "The numpy-in, numpy-out call path of ireec in one crossing into C, "
             "and the C state of its objects.",
    .m_size = -1,
    .m_methods = ireec_cext_methods,
};

PyMODINIT_FUNC PyInit__cext(void) {
  import_array();
  // The module's types besides the Handle kinds (which come from their
  // table, handle_kinds.h).
  static struct {
    const char* name;
    PyTypeObject* type;
  } types[] = {
      {"Handle", &ireec_handle_type},
      {"Invoker", &ireec_invoker_type},
      {"NativeFunction", &ireec_native_function_type},
      {"CallLevel", &ireec_call_level_type},
      {"Use", &ireec_use_type},
      {"Lock", &ireec_lock_type},
  };
  size_t count = sizeof(types) / sizeof(types[0]);
  for (size_t i = 0; i < count; ++i) {
    if (PyType_Ready(types[i].type) != 0) return NULL;
  }
  for (size_t i = 0; i < IREEC_HANDLE_KINDS; ++i) {
    if (PyType_Ready(&ireec_handle_kinds[i]->type) != 0) return NULL;
  }
  PyObject* module = PyModule_Create(&ireec_cext_module);
  for (size_t i = 0; module && i < count; ++i) {
    if (PyModule_AddObjectRef(module, types[i].name, (PyObject*)types[i].type) != 0) {
      Py_CLEAR(module);
    }
  }
  for (size_t i = 0; module && i < IREEC_HANDLE_KINDS; ++i) {
    PyTypeObject* type = &ireec_handle_kinds[i]->type;
    // (Its name in the module: tp_name without "ireec._cext.".)
    if (PyModule_AddObjectRef(module, _PyType_Name(type), (PyObject*)type) != 0) {
      Py_CLEAR(module);
    }
  }
  PyObject* shim = module ? PyLong_FromVoidPtr((void*)(uintptr_t)ireec_native_function_shim)
                          : NULL;
  if (module && (!shim || PyModule_AddObjectRef(module, "native_function_shim", shim) != 0)) {
    Py_CLEAR(module);
  }
  Py_XDECREF(shim);
  return module;
}
