// ireec._cext, the CPython extension beside the cffi one: the module itself
// (its functions and types, made in the other files of csrc/python/), and
// install(), which hands it, once, everything it needs from ireec's Python
// side.
//
// ireec's raw face is cffi. A cffi call with its arguments marshalled in
// Python costs a few hundred nanoseconds per step, and a call of a small
// program takes a dozen such steps (an array's data, its shape, its element
// type, per argument; the result's the same way). This module makes every
// call of a session's function (invoker.c: the one route into an invoke),
// decodes its results (results.c), reads views back (readback.c) and holds
// the C state of every wrapped object (handle.c). The only Python a call
// runs is the converter of the arguments C does not push itself (scalars,
// fences, lists, DLPack and buffer-protocol objects: ireec/runtime/
// _marshal.py), given to each invoker once.
//
// The objects it takes are its own C types: the Handles (a BufferView's
// pointer is read from its C struct), the Invoker (whose session, function,
// lists and device are typed fields) and the Lock. install() gives it data,
// never behaviour: ireec's classes it makes objects of, its tables (element
// types, error classes, registered ref types) and the dict of exceptions
// kept for failed statuses.

#define IREEC_CEXT_IMPORTS_NUMPY
#include "cext.h"

PyTypeObject* ireec_buffer_view_class = NULL;
PyObject* ireec_dtypes_by_element_type = NULL;
PyObject* ireec_cffi_cast = NULL;
PyObject* ireec_uintptr_cffi_type = NULL;
PyObject* ireec_cffi_null = NULL;
PyObject* ireec_fence_class = NULL;
PyObject* ireec_semaphore_class = NULL;
PyObject* ireec_vm_list_class = NULL;
PyObject* ireec_vm_buffer_class = NULL;
PyObject* ireec_ref_types = NULL;
PyObject* ireec_ref_objects = NULL;
PyObject* ireec_element_types_by_dtype = NULL;
PyObject* ireec_python_exceptions = NULL;
static bool ireec_installed = false;

bool ireec_require_installed(void) {
  if (ireec_installed) return true;
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

// What install() takes: each keyword, what it must be, and where it goes
// (NULL: read here, not kept as is).
typedef enum { IREEC_ANY, IREEC_TYPE, IREEC_EXCEPTION, IREEC_DICT } ireec_kind_t;
static PyObject* ireec_ffi_given = NULL;
static PyObject* ireec_buffer_view_given = NULL;
static const struct {
  const char* name;
  ireec_kind_t kind;
  PyObject** target;
} ireec_install_keywords[] = {
    {"ffi", IREEC_ANY, &ireec_ffi_given},
    {"element_types_by_dtype", IREEC_DICT, &ireec_element_types_by_dtype},
    {"dtypes_by_element_type", IREEC_DICT, &ireec_dtypes_by_element_type},
    {"buffer_view", IREEC_TYPE, &ireec_buffer_view_given},
    {"closed_error", IREEC_EXCEPTION, &ireec_closed_error},
    {"iree_error", IREEC_EXCEPTION, &ireec_iree_error},
    {"errors_by_code", IREEC_DICT, &ireec_errors_by_code},
    {"python_exceptions", IREEC_DICT, &ireec_python_exceptions},
    {"fence", IREEC_TYPE, &ireec_fence_class},
    {"semaphore", IREEC_TYPE, &ireec_semaphore_class},
    {"vm_list", IREEC_TYPE, &ireec_vm_list_class},
    {"vm_buffer", IREEC_TYPE, &ireec_vm_buffer_class},
    {"ref_types", IREEC_DICT, &ireec_ref_types},
    {"ref_objects", IREEC_DICT, &ireec_ref_objects},
};
#define IREEC_INSTALL_KEYWORDS \
  (sizeof(ireec_install_keywords) / sizeof(ireec_install_keywords[0]))

static PyObject* ireec_install(PyObject* module, PyObject* args, PyObject* kwargs) {
  if (PyTuple_GET_SIZE(args) || !kwargs ||
      PyDict_GET_SIZE(kwargs) != (Py_ssize_t)IREEC_INSTALL_KEYWORDS) {
    PyErr_SetString(PyExc_TypeError, "install() takes every one of its keywords");
    return NULL;
  }
  PyObject* given[IREEC_INSTALL_KEYWORDS];
  for (size_t i = 0; i < IREEC_INSTALL_KEYWORDS; ++i) {
    const char* name = ireec_install_keywords[i].name;
    PyObject* value = PyDict_GetItemString(kwargs, name);  // (borrowed)
    if (!value) {
      PyErr_Format(PyExc_TypeError, "install() takes every one of its keywords: %s is missing",
                   name);
      return NULL;
    }
    bool fits = true;
    switch (ireec_install_keywords[i].kind) {
      case IREEC_TYPE:
        fits = PyType_Check(value);
        break;
      case IREEC_EXCEPTION:
        fits = PyType_Check(value) &&
               PyType_IsSubtype((PyTypeObject*)value, (PyTypeObject*)PyExc_Exception);
        break;
      case IREEC_DICT:
        fits = PyDict_Check(value);
        break;
      case IREEC_ANY:
        break;
    }
    if (!fits) {
      static const char* kinds[] = {"an object", "a class", "an exception class", "a dict"};
      PyErr_Format(PyExc_TypeError, "install(): %s must be %s", name,
                   kinds[ireec_install_keywords[i].kind]);
      return NULL;
    }
    given[i] = value;
  }
  // The classes C makes objects of, each of its kind.
  static const struct {
    const char* name;
    const ireec_handle_kind_t* kind;
  } classes[] = {
      {"buffer_view", &ireec_buffer_view_handle_kind},
      {"fence", &ireec_fence_handle_kind},
      {"semaphore", &ireec_semaphore_handle_kind},
      {"vm_list", &ireec_vm_list_handle_kind},
      {"vm_buffer", &ireec_vm_buffer_handle_kind},
  };
  for (size_t i = 0; i < sizeof(classes) / sizeof(classes[0]); ++i) {
    PyObject* cls = PyDict_GetItemString(kwargs, classes[i].name);
    if (ireec_handle_kind_of((PyTypeObject*)cls) != classes[i].kind) {
      PyErr_Format(PyExc_TypeError, "install(): %s must subclass %s", classes[i].name,
                   _PyType_Name((PyTypeObject*)&classes[i].kind->type));
      return NULL;
    }
  }
  PyObject* buffer_view = PyDict_GetItemString(kwargs, "buffer_view");
  if (ireec_installed) {
    PyErr_SetString(PyExc_RuntimeError, "ireec._cext is installed already");
    return NULL;
  }
  PyObject* errors_by_code = PyDict_GetItemString(kwargs, "errors_by_code");
  PyObject* key = PyLong_FromLong((long)IREE_STATUS_ABORTED);
  PyObject* aborted = key ? PyDict_GetItemWithError(errors_by_code, key) : NULL;
  Py_XDECREF(key);
  if (!aborted && PyErr_Occurred()) return NULL;
  PyObject* ffi = PyDict_GetItemString(kwargs, "ffi");
  PyObject* cast = PyObject_GetAttrString(ffi, "cast");
  if (!cast) return NULL;
  PyObject* null = PyObject_GetAttrString(ffi, "NULL");
  if (!null) {
    Py_DECREF(cast);
    return NULL;
  }
  PyObject* cffi_types[IREEC_CFFI_TYPES];
  if (ireec_read_cffi_types(ffi, cffi_types) != 0 ||
      ireec_arrays_install(PyDict_GetItemString(kwargs, "element_types_by_dtype")) != 0) {
    Py_DECREF(cast);
    Py_DECREF(null);
    return NULL;
  }
  // Nothing fails from here on.
  for (size_t i = 0; i < IREEC_INSTALL_KEYWORDS; ++i) {
    *ireec_install_keywords[i].target = Py_NewRef(given[i]);
  }
  for (size_t i = 0; i < IREEC_HANDLE_KINDS; ++i) {
    ireec_handle_kinds[i]->cffi_type = cffi_types[2 * i];
    ireec_handle_kinds[i]->out_cffi_type = cffi_types[2 * i + 1];
  }
  ireec_uintptr_cffi_type = cffi_types[IREEC_CFFI_TYPES - 1];
  ireec_cffi_cast = cast;
  ireec_cffi_null = null;
  ireec_buffer_view_class = (PyTypeObject*)buffer_view;
  ireec_aborted_error = Py_XNewRef(aborted);
  ireec_installed = true;
  Py_RETURN_NONE;
}

static PyMethodDef ireec_cext_methods[] = {
    {"install", (PyCFunction)(void (*)(void))ireec_install, METH_VARARGS | METH_KEYWORDS,
     "install(*, ffi, element_types_by_dtype, dtypes_by_element_type, buffer_view, "
     "closed_error, iree_error, errors_by_code, python_exceptions, ...), once, "
     "by ireec/_extension.py, which says what each is."},
    {"device_failed", ireec_device_failed_function, METH_O,
     "device_failed(device): whether the device aborts all work after a failure "
     "(an empty queue barrier on it is aborted)"},
    {"note_failed_devices", (PyCFunction)(void (*)(void))ireec_note_failed_devices_function,
     METH_FASTCALL,
     "note_failed_devices(devices, error): a note on `error` for each of `devices` "
     "that has failed"},
    {"error_from_status", ireec_error_from_status_function, METH_O,
     "error_from_status(address): the exception of the iree_status_t at "
     "address, which it frees"},
    {"status_to_string", ireec_status_to_string_function, METH_O,
     "status_to_string(address): IREE's text for the iree_status_t at "
     "address (which stays the caller's)"},
    {"dlpack_capsule", (PyCFunction)(void (*)(void))ireec_dlpack_capsule, METH_FASTCALL,
     "dlpack_capsule(storage_address, versioned): a DLPack capsule "
     "(\"dltensor_versioned\" or \"dltensor\") of the tensor laid out in the "
     "storage of an export (ireec_hal_buffer_view_export_device_allocation); "
     "it owns the export on every path, ending it when it goes untaken"},
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
  if (PyType_Ready(&ireec_mapping_type) != 0) return NULL;
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
