// _bench_floor: the Python floor of bench/run.py's call rows. Each of its
// objects answers the same Python expression as ireec's call it stands for
// (session.call(name, a, b)[0].to_numpy(), session.call(name, a, b, out=x),
// bound(), bound_out()) from C, doing no IREE work: what is left is what
// the interpreter, the call protocol and making the returned objects cost.
// The rows "full call ... / (C + Python floor)" compare ireec's call with the
// same call in C plus this floor.
//
// Floor: .call(name, *args, device=None, out=None) (as Session.call, a
// METH_FASTCALL | METH_KEYWORDS method) returns a new list of one new View,
// or of `out`. View: to_numpy() returns a new 4-element float32 array (what
// the real view reads back). Call: calling it (tp_call, as an Invoker)
// returns a new list of one new View, or of the array it was made with.
// Each is subclassed in Python by the benchmark, as ireec's classes are.

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>
#include <string.h>

static const float ireec_floor_values[4] = {10.0f, 110.0f, 1200.0f, 13000.0f};

typedef struct {
  PyObject_HEAD
} ireec_floor_view_t;

// The class a View is made as (a Python subclass, set by set_view_class).
static PyTypeObject* ireec_floor_view_class = NULL;

static PyObject* ireec_floor_view_to_numpy(PyObject* self, PyObject* const* args,
                                           Py_ssize_t nargs, PyObject* kwnames) {
  npy_intp shape[1] = {4};
  PyObject* array = PyArray_SimpleNew(1, shape, NPY_FLOAT32);
  if (array) memcpy(PyArray_DATA((PyArrayObject*)array), ireec_floor_values, sizeof(ireec_floor_values));
  return array;
}

static PyMethodDef ireec_floor_view_methods[] = {
    {"to_numpy", (PyCFunction)(void (*)(void))ireec_floor_view_to_numpy,
     METH_FASTCALL | METH_KEYWORDS, "A new 4xf32 array."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject ireec_floor_view_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_bench_floor.View",
    .tp_basicsize = sizeof(ireec_floor_view_t),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_methods = ireec_floor_view_methods,
    .tp_new = PyType_GenericNew,
};

// A new list of one new View, or of |out|.
static PyObject* ireec_floor_results(PyObject* out) {
  PyObject* item;
  if (out) {
    item = Py_NewRef(out);
  } else {
    PyTypeObject* cls = ireec_floor_view_class ? ireec_floor_view_class : &ireec_floor_view_type;
    item = cls->tp_alloc(cls, 0);
    if (!item) return NULL;
  }
  PyObject* list = PyList_New(1);
  if (!list) {
    Py_DECREF(item);
    return NULL;
  }
  PyList_SET_ITEM(list, 0, item);
  return list;
}

// Floor.call(name, *args, device=None, out=None).
static PyObject* ireec_floor_call_method(PyObject* self, PyObject* const* args,
                                         Py_ssize_t nargs, PyObject* kwnames) {
  PyObject* out = NULL;
  Py_ssize_t keywords = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  for (Py_ssize_t i = 0; i < keywords; ++i) {
    if (PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, i), "out") == 0 &&
        args[nargs + i] != Py_None) {
      out = args[nargs + i];
    }
  }
  return ireec_floor_results(out);
}

static PyMethodDef ireec_floor_methods[] = {
    {"call", (PyCFunction)(void (*)(void))ireec_floor_call_method,
     METH_FASTCALL | METH_KEYWORDS, "As Session.call, doing no IREE work."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject ireec_floor_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_bench_floor.Floor",
    .tp_basicsize = sizeof(PyObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_methods = ireec_floor_methods,
    .tp_new = PyType_GenericNew,
};

typedef struct {
  PyObject_HEAD
  PyObject* out;  // the array results are "read into", or NULL
} ireec_floor_call_t;

static int ireec_floor_call_init(PyObject* self, PyObject* args, PyObject* kwargs) {
  PyObject* out = Py_None;
  if (!PyArg_ParseTuple(args, "|O", &out)) return -1;
  Py_XSETREF(((ireec_floor_call_t*)self)->out, out == Py_None ? NULL : Py_NewRef(out));
  return 0;
}

static void ireec_floor_call_dealloc(PyObject* self) {
  Py_CLEAR(((ireec_floor_call_t*)self)->out);
  Py_TYPE(self)->tp_free(self);
}

static PyObject* ireec_floor_call_call(PyObject* self, PyObject* args, PyObject* kwargs) {
  return ireec_floor_results(((ireec_floor_call_t*)self)->out);
}

static PyTypeObject ireec_floor_call_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_bench_floor.Call",
    .tp_basicsize = sizeof(ireec_floor_call_t),
    .tp_dealloc = ireec_floor_call_dealloc,
    .tp_call = ireec_floor_call_call,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_init = ireec_floor_call_init,
    .tp_new = PyType_GenericNew,
};

static PyObject* ireec_floor_set_view_class(PyObject* module, PyObject* cls) {
  if (!PyType_Check(cls) || !PyType_IsSubtype((PyTypeObject*)cls, &ireec_floor_view_type)) {
    PyErr_SetString(PyExc_TypeError, "set_view_class(a subclass of View)");
    return NULL;
  }
  Py_XSETREF(ireec_floor_view_class, (PyTypeObject*)Py_NewRef(cls));
  Py_RETURN_NONE;
}

static PyMethodDef ireec_floor_module_methods[] = {
    {"set_view_class", ireec_floor_set_view_class, METH_O,
     "set_view_class(cls): the class Views are made as."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef ireec_floor_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_bench_floor",
    .m_doc = "The Python floor of bench/run.py's call rows.",
    .m_size = -1,
    .m_methods = ireec_floor_module_methods,
};

PyMODINIT_FUNC PyInit__bench_floor(void) {
  import_array();
  PyTypeObject* types[] = {&ireec_floor_view_type, &ireec_floor_type, &ireec_floor_call_type};
  const char* names[] = {"View", "Floor", "Call"};
  for (int i = 0; i < 3; ++i) {
    if (PyType_Ready(types[i]) != 0) return NULL;
  }
  PyObject* module = PyModule_Create(&ireec_floor_module);
  for (int i = 0; module && i < 3; ++i) {
    if (PyModule_AddObjectRef(module, names[i], (PyObject*)types[i]) != 0) Py_CLEAR(module);
  }
  return module;
}
