// Invoker, the base type of ireec.PreparedCall and ireec.BoundCall: the one
// invoker of a function, its call made in C.

#include "cext.h"

// Invoker: the base of ireec.PreparedCall (a call to one function with its
// VM lists) and ireec.BoundCall (the same with its arguments pinned in its
// input list), whose call it makes in C when _set_fast gave it what that
// needs: the session's lock taken, the session and the input list checked
// open (their C Handles), ireec_fast_invoke with the call's arguments (or
// the pinned ones kept), the lock released; a BufferView result made here
// (ireec_handle_new: an ireec.BufferView owning the reference, holding a
// use of the session's device). Anything else (device=, a closed object, a call
// the C path declines: scalars, fences, byte-swapped or non-contiguous
// arrays) goes to the subclass's _call_general, which converts it into the
// same lists and invokes, and results that need more than that to its
// _take_fast, the one result decoder (still under the lock). Calling it from
// Python cost as much again as the C call it makes; this is that call
// without the Python.
typedef struct {
  PyObject_HEAD
  // ((addresses), (), out or None, bound), or NULL: every call goes to
  // _call_general. `bound`: the input list holds the arguments (and the
  // call takes none); else the call's arguments are pushed and dropped.
  PyObject* invoke_args;
  PyObject* lock;
  PyObject* session;      // a Handle: closed once the session is
  PyObject* inputs;       // the input VmList, a Handle
  PyObject* device;       // the session's first Device: results' parent
  bool reads_out;         // bound with an out array
  bool bound;
  Py_ssize_t arg_count;   // unbound: the arguments a call takes
  bool out_allowed;       // unbound: out= may be one array (one result)
} ireec_invoker_t;

static PyObject* ireec_call_general_name = NULL;
static PyObject* ireec_take_fast_name = NULL;

// The object fields, in _set_fast's argument order.
#define IREEC_INVOKER_FIELD_COUNT 5
static void ireec_invoker_fields(
    ireec_invoker_t* invoker,
    PyObject** fields[IREEC_INVOKER_FIELD_COUNT]) {
  fields[0] = &invoker->invoke_args;
  fields[1] = &invoker->lock;
  fields[2] = &invoker->session;
  fields[3] = &invoker->inputs;
  fields[4] = &invoker->device;
}

static int ireec_invoker_traverse(PyObject* self, visitproc visit, void* arg) {
  PyObject** fields[IREEC_INVOKER_FIELD_COUNT];
  ireec_invoker_fields((ireec_invoker_t*)self, fields);
  for (int i = 0; i < IREEC_INVOKER_FIELD_COUNT; ++i) Py_VISIT(*fields[i]);
  return 0;
}

static int ireec_invoker_clear(PyObject* self) {
  PyObject** fields[IREEC_INVOKER_FIELD_COUNT];
  ireec_invoker_fields((ireec_invoker_t*)self, fields);
  for (int i = 0; i < IREEC_INVOKER_FIELD_COUNT; ++i) Py_CLEAR(*fields[i]);
  return 0;
}

static void ireec_invoker_dealloc(PyObject* self) {
  PyObject_GC_UnTrack(self);
  ireec_invoker_clear(self);
  PyTypeObject* type = Py_TYPE(self);
  type->tp_free(self);
}

// _set_fast(invoke_args, lock, session, inputs, device[, arg_count,
// out_allowed]), or _set_fast(None) to call the Python way from then on.
static PyObject* ireec_invoker_set_fast(PyObject* self, PyObject* const* args,
                                              Py_ssize_t nargs) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  if (nargs == 1 && args[0] == Py_None) {
    ireec_invoker_clear(self);
    Py_RETURN_NONE;
  }
  if ((nargs != IREEC_INVOKER_FIELD_COUNT &&
       nargs != IREEC_INVOKER_FIELD_COUNT + 2) || !PyTuple_Check(args[0]) ||
      PyTuple_GET_SIZE(args[0]) != 4 ||
      !PyObject_TypeCheck(args[1], &ireec_lock_type) ||
      !PyObject_TypeCheck(args[2], &ireec_handle_type) ||
      !PyObject_TypeCheck(args[3], &ireec_handle_type) ||
      !PyObject_TypeCheck(args[4], &ireec_handle_type)) {
    PyErr_SetString(PyExc_TypeError,
                    "_set_fast(invoke_args, lock, session, inputs, device[, "
                    "arg_count, out_allowed]) or _set_fast(None)");
    return NULL;
  }
  Py_ssize_t arg_count = 0;
  if (nargs > IREEC_INVOKER_FIELD_COUNT) {
    arg_count = PyLong_AsSsize_t(args[IREEC_INVOKER_FIELD_COUNT]);
    if (arg_count < 0) {
      if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "arg_count < 0");
      return NULL;
    }
  }
  PyObject** fields[IREEC_INVOKER_FIELD_COUNT];
  ireec_invoker_fields(invoker, fields);
  for (int i = 0; i < IREEC_INVOKER_FIELD_COUNT; ++i) {
    Py_XSETREF(*fields[i], Py_NewRef(args[i]));
  }
  invoker->bound = PyTuple_GET_ITEM(args[0], 3) == Py_True;
  invoker->reads_out = PyTuple_GET_ITEM(args[0], 2) != Py_None;
  invoker->arg_count = arg_count;
  invoker->out_allowed =
      nargs > IREEC_INVOKER_FIELD_COUNT + 1 &&
      PyObject_IsTrue(args[IREEC_INVOKER_FIELD_COUNT + 1]) == 1;
  Py_RETURN_NONE;
}

// Whether the Handle |object| (the session, the bound input list) is closed.
static int ireec_handle_is_closed(PyObject* object) {
  ireec_handle_t* handle = (ireec_handle_t*)object;
  return handle->closed || !handle->ptr;
}

static PyObject* ireec_invoker_call(PyObject* self, PyObject* args,
                                          PyObject* kwargs) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  if (!invoker->invoke_args) goto general;
  PyObject* out = Py_None;
  if (invoker->bound) {
    if (PyTuple_GET_SIZE(args) || (kwargs && PyDict_GET_SIZE(kwargs))) goto general;
  } else {
    // A prepared call: its own arguments, out= (one array for the one
    // result) and device=None only.
    if (PyTuple_GET_SIZE(args) != invoker->arg_count) goto general;
    if (kwargs && PyDict_GET_SIZE(kwargs)) {
      Py_ssize_t position = 0;
      PyObject *key, *value;
      while (PyDict_Next(kwargs, &position, &key, &value)) {
        if (PyUnicode_Check(key) && PyUnicode_CompareWithASCIIString(key, "out") == 0) {
          out = value;
        } else if (!(PyUnicode_Check(key) &&
                     PyUnicode_CompareWithASCIIString(key, "device") == 0 &&
                     value == Py_None)) {
          goto general;
        }
      }
    }
    if (out != Py_None &&
        !((PyObject*)Py_TYPE(out) == ireec_ndarray_type && invoker->out_allowed)) {
      goto general;
    }
  }
  // Held for the call: a close() meanwhile waits for the lock, but the
  // fields are read once.
  PyObject* invoke_args;
  if (invoker->bound) {
    invoke_args = Py_NewRef(invoker->invoke_args);
  } else {
    invoke_args = PyTuple_Pack(4, PyTuple_GET_ITEM(invoker->invoke_args, 0), args,
                               out, Py_False);
    if (!invoke_args) return NULL;
  }
  PyObject* lock = Py_NewRef(invoker->lock);
  PyObject* session = Py_NewRef(invoker->session);
  if (ireec_lock_acquire(lock) != 0) goto fail;
  // close() of either takes the lock, so the addresses are valid while both
  // are open; a closed one is reported by the general path.
  int closed = ireec_handle_is_closed(invoker->session) ||
               ireec_handle_is_closed(invoker->inputs);
  PyObject* results = NULL;
  if (closed == 0) {
    results = ireec_fast_invoke(NULL, &PyTuple_GET_ITEM(invoke_args, 0), 4);
  }
  PyObject* returned = NULL;
  bool general = false;
  if (closed < 0 || (closed == 0 && !results)) {
    // A Python error: returned stays NULL.
  } else if (closed || results == Py_None) {
    general = true;  // closed, or declined: the general path says why
  } else if (PyList_CheckExact(results) && (invoker->reads_out || out != Py_None)) {
    returned = Py_NewRef(results);  // [the out array], read into
  } else if (PyList_CheckExact(results) && PyList_GET_SIZE(results) == 1 &&
             PyLong_CheckExact(PyList_GET_ITEM(results, 0))) {
    // The one result, a new buffer-view reference: an ireec.BufferView
    // owning it, holding a use of the device (made without Python code).
    void* address = PyLong_AsVoidPtr(PyList_GET_ITEM(results, 0));
    PyObject* view = NULL;
    if (address) {
      view = ireec_handle_new((PyTypeObject*)ireec_buffer_view_type, address,
                              (void (*)(void*))iree_hal_buffer_view_release,
                              invoker->device);
    }
    if (view) {
      returned = PyList_New(1);
      if (returned) {
        PyList_SET_ITEM(returned, 0, view);
      } else {
        Py_DECREF(view);
      }
    }
  } else {
    // Values to read from the output list: under the lock.
    returned = PyObject_CallMethodOneArg(self, ireec_take_fast_name, results);
  }
  Py_XDECREF(results);
  // Taken above by this thread: giving it back cannot fail.
  (void)ireec_lock_release(lock);
  Py_DECREF(lock);
  Py_DECREF(invoke_args);
  // Out of the lock (the note probes the session's devices): an ABORTED
  // failure gets the session's notes on failed devices.
  if (!returned && !general) ireec_note_aborted(session);
  Py_DECREF(session);
  if (!general) return returned;
  goto general;

fail:
  Py_DECREF(session);
  Py_DECREF(lock);
  Py_DECREF(invoke_args);
  return NULL;

general: {
    PyObject* method = PyObject_GetAttr(self, ireec_call_general_name);
    if (!method) return NULL;
    PyObject* result = PyObject_Call(method, args, kwargs);
    Py_DECREF(method);
    return result;
  }
}

static PyMethodDef ireec_invoker_methods[] = {
    {"_set_fast", (PyCFunction)(void (*)(void))ireec_invoker_set_fast,
     METH_FASTCALL,
     "_set_fast(invoke_args, lock, session, inputs, device[, arg_count, "
     "out_allowed]), or "
     "_set_fast(None)"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject ireec_invoker_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ireec._cext.Invoker",
    .tp_basicsize = sizeof(ireec_invoker_t),
    .tp_dealloc = ireec_invoker_dealloc,
    .tp_call = ireec_invoker_call,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "The base of ireec.PreparedCall and ireec.BoundCall: their call, made in C.",
    .tp_traverse = ireec_invoker_traverse,
    .tp_clear = ireec_invoker_clear,
    .tp_methods = ireec_invoker_methods,
    .tp_new = PyType_GenericNew,
};

int ireec_invoker_init_names(void) {
  PyObject** names[2] = {&ireec_call_general_name, &ireec_take_fast_name};
  const char* texts[2] = {"_call_general", "_take_fast"};
  for (int i = 0; i < 2; ++i) {
    *names[i] = PyUnicode_InternFromString(texts[i]);
    if (!*names[i]) return -1;
  }
  return 0;
}
