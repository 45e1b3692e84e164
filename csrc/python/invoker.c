// Invoker, the base type of ireec.PreparedCall and ireec.BoundCall: the one
// invoker of a function, its call made in C.

#include "cext.h"

// Invoker: the base of ireec.PreparedCall (a call to one function with its
// VM lists) and ireec.BoundCall (the same with its arguments pinned in its
// input list). It owns the function's two VM lists (_make_lists, released
// by close() under the session's lock or when collected) and makes the call
// in C when _set_fast gave it what that needs: the session's Lock taken (a
// C call), the session checked open (its C Handle) and the lists, then
// ireec_fast_invoke with the call's arguments (or the pinned ones kept),
// the results decoded by the one result decoder (results.c: BufferViews
// and values made in C) under the lock, the lock given back. IREE's
// failures are raised from C (errors.c). Anything else (device=, a closed
// object, a call the C path declines: scalars, fences, byte-swapped or
// non-contiguous arrays) goes to the one function registered for that
// (register_declined_call), which converts it into the same lists and
// invokes; C looks up nothing on the object. Calling it from Python cost
// as much again as the C call it makes; this is that call without the
// Python.
typedef struct {
  PyObject_HEAD
  // Set once by _make_lists: the session's Lock (taken by every call and
  // by close()), the session (a Handle: closed once the session is), and
  // the function's two VM lists (NULL once closed), owned here.
  PyObject* lock;
  PyObject* session;
  iree_vm_list_t* inputs;
  iree_vm_list_t* outputs;
  // ((addresses), (), out or None, bound), or NULL: every call goes to
  // the declined-call function. `bound`: the input list holds the arguments (and the
  // call takes none); else the call's arguments are pushed and dropped.
  PyObject* invoke_args;
  PyObject* device;       // the session's first Device: results' parent
  bool reads_out;         // bound with an out array
  bool bound;
  Py_ssize_t arg_count;   // unbound: the arguments a call takes
  bool out_allowed;       // unbound: out= may be one array (one result)
  bool takes_calls;       // calls are made in C (else all are declined)
} ireec_invoker_t;

// The one Python function the calls C declines go to (registered once:
// register_declined_call, ireec/function.py's call_declined), called as
// function(invoker, args, kwargs or None).
static PyObject* ireec_declined_call = NULL;

PyObject* ireec_register_declined_call(PyObject* module, PyObject* function) {
  if (!PyCallable_Check(function)) {
    PyErr_SetString(PyExc_TypeError,
                    "register_declined_call(function(invoker, args, kwargs))");
    return NULL;
  }
  Py_XSETREF(ireec_declined_call, Py_NewRef(function));
  Py_RETURN_NONE;
}

static int ireec_invoker_traverse(PyObject* self, visitproc visit, void* arg) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  Py_VISIT(invoker->lock);
  Py_VISIT(invoker->session);
  Py_VISIT(invoker->invoke_args);
  Py_VISIT(invoker->device);
  return 0;
}

// Releases the lists (emptied by every call; a bound call's hold its
// arguments). With the GIL: releasing a list joins no thread.
static void ireec_invoker_release_lists(ireec_invoker_t* invoker) {
  iree_vm_list_t* lists[2] = {invoker->inputs, invoker->outputs};
  invoker->inputs = invoker->outputs = NULL;
  for (int i = 0; i < 2; ++i) {
    if (lists[i]) iree_vm_list_release(lists[i]);
  }
}

static int ireec_invoker_clear(PyObject* self) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  // Unreachable (collected): nobody can be calling it.
  ireec_invoker_release_lists(invoker);
  Py_CLEAR(invoker->invoke_args);
  Py_CLEAR(invoker->device);
  Py_CLEAR(invoker->session);
  Py_CLEAR(invoker->lock);
  return 0;
}

static void ireec_invoker_dealloc(PyObject* self) {
  PyObject_GC_UnTrack(self);
  ireec_invoker_clear(self);
  PyTypeObject* type = Py_TYPE(self);
  type->tp_free(self);
}

// _make_lists(lock, session, input_capacity, output_capacity), once: the
// two VM lists (iree_vm_list_create, of variants), owned until close().
static PyObject* ireec_invoker_make_lists(PyObject* self, PyObject* const* args,
                                          Py_ssize_t nargs) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  if (nargs != 4 || !PyObject_TypeCheck(args[0], &ireec_lock_type) ||
      !PyObject_TypeCheck(args[1], &ireec_handle_type)) {
    PyErr_SetString(PyExc_TypeError,
                    "_make_lists(lock: Lock, session: Handle, input_capacity, "
                    "output_capacity)");
    return NULL;
  }
  if (invoker->lock) {
    PyErr_SetString(PyExc_ValueError, "this invoker already has its lists");
    return NULL;
  }
  Py_ssize_t capacities[2];
  for (int i = 0; i < 2; ++i) {
    capacities[i] = PyLong_AsSsize_t(args[2 + i]);
    if (capacities[i] < 0) {
      if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "capacity < 0");
      return NULL;
    }
  }
  iree_vm_list_t* lists[2] = {NULL, NULL};
  for (int i = 0; i < 2; ++i) {
    iree_status_t status = iree_vm_list_create(
        iree_vm_make_undefined_type_def(), (iree_host_size_t)capacities[i],
        iree_allocator_system(), &lists[i]);
    if (!iree_status_is_ok(status)) {
      if (lists[0]) iree_vm_list_release(lists[0]);
      return ireec_raise_status(status, NULL);
    }
  }
  invoker->inputs = lists[0];
  invoker->outputs = lists[1];
  invoker->lock = Py_NewRef(args[0]);
  invoker->session = Py_NewRef(args[1]);
  Py_RETURN_NONE;
}

// _set_fast(invoke_args, device[, arg_count, out_allowed[, takes_calls]]),
// or _set_fast(None) to call the Python way from then on. With takes_calls
// false, every call is declined (its arguments are never the C path's) but
// _invoke_pushed works.
static PyObject* ireec_invoker_set_fast(PyObject* self, PyObject* const* args,
                                        Py_ssize_t nargs) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  if (nargs == 1 && args[0] == Py_None) {
    Py_CLEAR(invoker->invoke_args);
    Py_CLEAR(invoker->device);
    Py_RETURN_NONE;
  }
  if ((nargs != 2 && nargs != 4 && nargs != 5) || !PyTuple_Check(args[0]) ||
      PyTuple_GET_SIZE(args[0]) != 4 ||
      !PyObject_TypeCheck(args[1], &ireec_handle_type) || !invoker->lock) {
    PyErr_SetString(PyExc_TypeError,
                    "_set_fast(invoke_args, device[, arg_count, out_allowed[, "
                    "takes_calls]]) after _make_lists, or _set_fast(None)");
    return NULL;
  }
  Py_ssize_t arg_count = 0;
  if (nargs > 2) {
    arg_count = PyLong_AsSsize_t(args[2]);
    if (arg_count < 0) {
      if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "arg_count < 0");
      return NULL;
    }
  }
  Py_XSETREF(invoker->invoke_args, Py_NewRef(args[0]));
  Py_XSETREF(invoker->device, Py_NewRef(args[1]));
  invoker->bound = PyTuple_GET_ITEM(args[0], 3) == Py_True;
  invoker->reads_out = PyTuple_GET_ITEM(args[0], 2) != Py_None;
  invoker->arg_count = arg_count;
  invoker->out_allowed = nargs > 3 && PyObject_IsTrue(args[3]) == 1;
  invoker->takes_calls = nargs < 5 || PyObject_IsTrue(args[4]) == 1;
  Py_RETURN_NONE;
}

// _invoke_pushed(): the invoke of a call whose arguments Python converted
// into the input list (the calls C declines), made as C makes its own:
// ireec_invoke_once with no arguments, then the one result decoder, under
// the session's lock (which the caller holds too, from pushing on). The
// invoke empties the input list, except a bound call's, which keeps its
// arguments (and whatever fences Python pushed after them).
static PyObject* ireec_invoker_invoke_pushed(PyObject* self, PyObject* unused) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  if (!invoker->lock) {
    PyErr_SetString(PyExc_TypeError, "_invoke_pushed() before _make_lists");
    return NULL;
  }
  PyObject* lock = Py_NewRef(invoker->lock);
  if (ireec_lock_acquire(lock) != 0) {
    Py_DECREF(lock);
    return NULL;
  }
  PyObject* returned = NULL;
  PyObject* invoke_args = invoker->invoke_args;
  if (!invoke_args || !invoker->inputs || ireec_handle_is_closed(invoker->session)) {
    if (invoker->inputs && !invoker->bound) iree_vm_list_clear(invoker->inputs);
    ireec_handle_raise_closed(self);
  } else {
    Py_INCREF(invoke_args);
    PyObject* call_args[4] = {PyTuple_GET_ITEM(invoke_args, 0), NULL, Py_None,
                              invoker->bound ? Py_True : Py_False};
    call_args[1] = PyTuple_New(0);
    bool failed = false;
    PyObject* results = call_args[1] ? ireec_invoke_once(call_args, 4, &failed) : NULL;
    Py_XDECREF(call_args[1]);
    if (results) {
      const iree_vm_function_t* function =
          PyLong_AsVoidPtr(PyTuple_GET_ITEM(PyTuple_GET_ITEM(invoke_args, 0), 1));
      returned = function ? ireec_results_decode(results, invoker->outputs,
                                                 invoker->device, function)
                          : NULL;
      Py_DECREF(results);
    }
    Py_DECREF(invoke_args);
  }
  (void)ireec_lock_release(lock);
  Py_DECREF(lock);
  return returned;
}

// close(): under the session's lock (a call on another thread may be using
// the lists), releases the lists; calls raise ClosedError from then on.
static PyObject* ireec_invoker_close(PyObject* self, PyObject* unused) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  PyObject* lock = invoker->lock ? Py_NewRef(invoker->lock) : NULL;
  if (lock && ireec_lock_acquire(lock) != 0) {
    Py_DECREF(lock);
    return NULL;
  }
  Py_CLEAR(invoker->invoke_args);
  Py_CLEAR(invoker->device);
  ireec_invoker_release_lists(invoker);
  if (lock) {
    (void)ireec_lock_release(lock);
    Py_DECREF(lock);
  }
  Py_RETURN_NONE;
}

// _abandon(): in a forked child, closed without releasing the lists (they
// are the parent's: see ireec/_fork.py).
static PyObject* ireec_invoker_abandon(PyObject* self, PyObject* unused) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  invoker->inputs = invoker->outputs = NULL;
  Py_CLEAR(invoker->invoke_args);
  Py_CLEAR(invoker->device);
  Py_RETURN_NONE;
}

static PyObject* ireec_invoker_get_closed(PyObject* self, void* closure) {
  return PyBool_FromLong(((ireec_invoker_t*)self)->inputs == NULL);
}

// The address of the input (closure NULL) or output list, None once closed.
static PyObject* ireec_invoker_get_list_address(PyObject* self, void* closure) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  iree_vm_list_t* list = closure ? invoker->outputs : invoker->inputs;
  if (!list) Py_RETURN_NONE;
  return PyLong_FromVoidPtr(list);
}

static PyObject* ireec_invoker_call(PyObject* self, PyObject* args,
                                          PyObject* kwargs) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  if (!invoker->invoke_args || !invoker->takes_calls) goto general;
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
  int closed = ireec_handle_is_closed(invoker->session) || !invoker->inputs;
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
  } else if (invoker->reads_out || out != Py_None) {
    returned = Py_NewRef(results);  // [the out array], read into
  } else {
    // The one result decoder, under the lock (it reads the output list).
    const iree_vm_function_t* function =
        PyLong_AsVoidPtr(PyTuple_GET_ITEM(PyTuple_GET_ITEM(invoke_args, 0), 1));
    returned = function ? ireec_results_decode(results, invoker->outputs,
                                               invoker->device, function)
                        : NULL;
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

general:
  if (!ireec_declined_call) {
    PyErr_SetString(PyExc_RuntimeError, "ireec._cext: register_declined_call() was not called");
    return NULL;
  }
  return PyObject_CallFunctionObjArgs(ireec_declined_call, self, args,
                                      kwargs ? kwargs : Py_None, NULL);
}

static PyMethodDef ireec_invoker_methods[] = {
    {"_make_lists", (PyCFunction)(void (*)(void))ireec_invoker_make_lists,
     METH_FASTCALL,
     "_make_lists(lock, session, input_capacity, output_capacity): the "
     "function's VM lists, owned by the invoker"},
    {"_set_fast", (PyCFunction)(void (*)(void))ireec_invoker_set_fast,
     METH_FASTCALL,
     "_set_fast(invoke_args, device[, arg_count, out_allowed[, takes_calls]]), "
     "or _set_fast(None)"},
    {"_invoke_pushed", ireec_invoker_invoke_pushed, METH_NOARGS,
     "Invokes with the arguments Python pushed onto the input list and "
     "decodes the results, as a call made in C does."},
    {"close", ireec_invoker_close, METH_NOARGS,
     "Releases the VM lists now, under the session's lock (otherwise done "
     "when collected)."},
    {"_abandon", ireec_invoker_abandon, METH_NOARGS,
     "Closed without releasing the lists (a forked child's)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef ireec_invoker_getset[] = {
    {"closed", ireec_invoker_get_closed, NULL, "True once close() was called.", NULL},
    {"_inputs_address", ireec_invoker_get_list_address, NULL,
     "The input iree_vm_list_t* as an int, None once closed.", NULL},
    {"_outputs_address", ireec_invoker_get_list_address, NULL,
     "The output iree_vm_list_t* as an int, None once closed.", (void*)1},
    {NULL, NULL, NULL, NULL, NULL},
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
    .tp_getset = ireec_invoker_getset,
    .tp_new = PyType_GenericNew,
};
