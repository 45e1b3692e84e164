// Invoker, the base type of ireec.PreparedCall and ireec.BoundCall: the one
// invoker of a function, its call made in C.
//
// It owns the function's two VM lists (_make_lists; released by close()
// under the session's lock, or when collected) and, once _bind() looked the
// function up, makes the call in C: the session's Lock taken (a C call), the
// session checked open (its C Handle) and the lists, then ireec_invoke with
// the call's arguments (or the bound ones its input list keeps), the
// results decoded by the one result decoder (results.c: BufferViews and
// values made in C) under the lock, the lock given back. IREE's failures are
// raised from C (errors.c). Anything else (device=, a closed object, a call
// the C path declines: scalars, fences, byte-swapped or non-contiguous
// arrays) goes to the one Python function installed for that
// (call_declined), which converts it into the same lists and invokes them
// with _invoke_pushed; C looks up nothing on the object. Calling it from
// Python cost as much again as the C call it makes; this is that call
// without the Python.
//
// Re-entrant calls. The lock is reentrant, so a call of the same invoker
// can start on the thread whose call is in progress: from a signal
// handler, a gc callback or a finalizer that runs between two steps of the
// general path, or a Python function IREE calls during the invoke. Sharing
// the lists, both calls would push onto and read from the same ones (and
// fail, "input list and function mismatch", or worse, read each other's
// results). Every call therefore runs as a level (ireec_invoker_enter /
// ireec_invoker_leave, and the Python path's CallLevel): a call that starts
// while another is in progress gets lists of its own for its duration (a
// bound call's a copy of its bound arguments), and the lists in use are
// given back when it ends. A close() meanwhile takes effect when the last
// call in progress ends (the calls still running then raise ClosedError).

#include "cext.h"

typedef struct {
  PyObject_HEAD
  // Set once by _make_lists: the session's Lock (taken by every call and by
  // close()), the session (a SessionHandle: closed once the session is),
  // and the function's two VM lists (NULL once closed), owned here, with
  // their cffi pointers for Python (made on first use).
  PyObject* lock;
  PyObject* session;
  iree_vm_list_t* inputs;
  iree_vm_list_t* outputs;
  PyObject* inputs_cdata;
  PyObject* outputs_cdata;
  // Set once by _bind (|bound|; until then every call is declined): the
  // function, looked up in the session; the device array arguments are
  // copied to and the results' parent (a DeviceHandle: the session's
  // first, which the session holds a use of); a bound call's `out` array
  // (or NULL); whether the input list keeps its arguments (a bound call,
  // which takes none), else the arguments a call takes and whether out=
  // may be one array (one result); whether calls are made in C at all
  // (else all are declined, but _invoke_pushed works).
  bool bound;
  iree_vm_function_t function;
  PyObject* device;
  PyObject* out;
  bool keeps_inputs;
  Py_ssize_t arg_count;
  bool out_allowed;
  bool takes_calls;
  // The lists' capacities (the lists a re-entrant call makes get the same);
  // how many calls are in progress (levels entered, on the thread holding
  // the lock); whether close() was called while they were (the lists go
  // when the last one ends).
  iree_host_size_t capacities[2];
  Py_ssize_t levels;
  bool close_pending;
} ireec_invoker_t;

// A call's level: the lists it found in place when it had to make its own
// (NULL: it uses the invoker's), and the session it holds a use of.
typedef struct {
  iree_vm_list_t* lists[2];
  PyObject* cdata[2];
  PyObject* session;
} ireec_invoker_level_t;

iree_vm_list_t* ireec_invoker_outputs(PyObject* invoker) {
  return ((ireec_invoker_t*)invoker)->outputs;
}

const iree_vm_function_t* ireec_invoker_function(PyObject* invoker) {
  return &((ireec_invoker_t*)invoker)->function;
}

PyObject* ireec_invoker_device(PyObject* invoker) {
  return ((ireec_invoker_t*)invoker)->device;
}

// The cffi iree_vm_list_t* of |list| (a new reference), cached in |*cdata|.
static PyObject* ireec_list_cdata(iree_vm_list_t* list, PyObject** cdata) {
  if (!*cdata) {
    *cdata = ireec_cffi_pointer(ireec_vm_list_handle_kind.cffi_type, list);
    if (!*cdata) return NULL;
  }
  return Py_NewRef(*cdata);
}

PyObject* ireec_invoker_outputs_cdata(PyObject* object) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)object;
  return ireec_list_cdata(invoker->outputs, &invoker->outputs_cdata);
}

static int ireec_invoker_traverse(PyObject* self, visitproc visit, void* arg) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  Py_VISIT(invoker->lock);
  Py_VISIT(invoker->session);
  Py_VISIT(invoker->device);
  Py_VISIT(invoker->out);
  return 0;
}

// Forgets the lists without releasing them, and what _bind set.
static void ireec_invoker_forget(ireec_invoker_t* invoker) {
  invoker->inputs = invoker->outputs = NULL;
  Py_CLEAR(invoker->inputs_cdata);
  Py_CLEAR(invoker->outputs_cdata);
  invoker->bound = false;
  Py_CLEAR(invoker->device);
  Py_CLEAR(invoker->out);
}

// Releases the lists (emptied by every call; a bound call's hold its
// arguments). With the GIL: releasing a list joins no thread.
static void ireec_invoker_release_lists(ireec_invoker_t* invoker) {
  iree_vm_list_t* lists[2] = {invoker->inputs, invoker->outputs};
  ireec_invoker_forget(invoker);
  for (int i = 0; i < 2; ++i) {
    if (lists[i]) iree_vm_list_release(lists[i]);
  }
}

static int ireec_invoker_clear(PyObject* self) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  // Unreachable (collected): nobody can be calling it.
  ireec_invoker_release_lists(invoker);
  Py_CLEAR(invoker->session);
  Py_CLEAR(invoker->lock);
  return 0;
}

static void ireec_invoker_dealloc(PyObject* self) {
  PyObject_GC_UnTrack(self);
  ireec_invoker_clear(self);
  Py_TYPE(self)->tp_free(self);
}

// _make_lists(lock, session, input_capacity, output_capacity), once: the
// two VM lists (iree_vm_list_create, of variants), owned until close().
static PyObject* ireec_invoker_make_lists(PyObject* self, PyObject* const* args,
                                          Py_ssize_t nargs) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  if (nargs != 4 || !PyObject_TypeCheck(args[0], &ireec_lock_type) ||
      !ireec_handle_check(args[1], &ireec_session_handle_kind)) {
    PyErr_SetString(PyExc_TypeError,
                    "_make_lists(lock: Lock, session: SessionHandle, "
                    "input_capacity, output_capacity)");
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
  invoker->capacities[0] = (iree_host_size_t)capacities[0];
  invoker->capacities[1] = (iree_host_size_t)capacities[1];
  invoker->lock = Py_NewRef(args[0]);
  invoker->session = Py_NewRef(args[1]);
  Py_RETURN_NONE;
}

// Takes the session's lock for a method of |invoker| named |what|: a new
// reference to the lock, for ireec_invoker_unlock; NULL with a Python error
// (a TypeError before _make_lists).
static PyObject* ireec_invoker_lock(ireec_invoker_t* invoker, const char* what) {
  if (!invoker->lock) {
    PyErr_Format(PyExc_TypeError, "%s before _make_lists()", what);
    return NULL;
  }
  PyObject* lock = Py_NewRef(invoker->lock);
  if (ireec_lock_acquire(lock) != 0) Py_CLEAR(lock);
  return lock;
}

// Gives back the lock ireec_invoker_lock took (this thread holds it: that
// cannot fail).
static void ireec_invoker_unlock(PyObject* lock) {
  (void)ireec_lock_release(lock);
  Py_DECREF(lock);
}

// _bind(function_name, device, *, arg_count=0, out_allowed=False,
// takes_calls=True, keeps_inputs=False, out=None), once, after
// _make_lists, with the session open: looks the function up
// (iree_runtime_session_lookup_function) and fixes what its calls use.
static PyObject* ireec_invoker_bind(PyObject* self, PyObject* args, PyObject* kwargs) {
  static char* keywords[] = {"function_name", "device", "arg_count", "out_allowed",
                             "takes_calls", "keeps_inputs", "out", NULL};
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  PyObject* name;
  PyObject* device;
  Py_ssize_t arg_count = 0;
  int out_allowed = 0, takes_calls = 1, keeps_inputs = 0;
  PyObject* out = Py_None;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "UO|$npppO:_bind", keywords, &name,
                                   &device, &arg_count, &out_allowed, &takes_calls,
                                   &keeps_inputs, &out)) {
    return NULL;
  }
  if (!ireec_handle_check(device, &ireec_device_handle_kind) || arg_count < 0 ||
      (out != Py_None && !PyArray_CheckExact(out))) {
    PyErr_SetString(PyExc_TypeError,
                    "_bind(function_name: str, device: DeviceHandle, *, "
                    "arg_count >= 0, ..., out: numpy array or None)");
    return NULL;
  }
  if (invoker->bound) {
    PyErr_SetString(PyExc_ValueError, "this invoker is already bound");
    return NULL;
  }
  Py_ssize_t length = 0;
  const char* text = PyUnicode_AsUTF8AndSize(name, &length);
  if (!text) return NULL;
  PyObject* lock = ireec_invoker_lock(invoker, "_bind()");
  if (!lock) return NULL;
  PyObject* returned = NULL;
  if (ireec_handle_is_closed(invoker->session)) {
    ireec_handle_raise_closed(invoker->session);
  } else if (!invoker->inputs) {
    ireec_handle_raise_closed(self);
  } else {
    iree_status_t status = iree_runtime_session_lookup_function(
        ((ireec_handle_t*)invoker->session)->session,
        iree_make_string_view(text, (iree_host_size_t)length), &invoker->function);
    if (!iree_status_is_ok(status)) {
      ireec_raise_status(status, NULL);
    } else {
      invoker->device = Py_NewRef(device);
      invoker->out = out == Py_None ? NULL : Py_NewRef(out);
      invoker->arg_count = arg_count;
      invoker->out_allowed = out_allowed;
      invoker->takes_calls = takes_calls;
      invoker->keeps_inputs = keeps_inputs;
      invoker->bound = true;
      returned = Py_NewRef(Py_None);
    }
  }
  ireec_invoker_unlock(lock);
  return returned;
}

// Whether the invoker can invoke now: bound, lists open (and not closed
// by a call meanwhile), session open. Call with the lock held.
static bool ireec_invoker_ready(ireec_invoker_t* invoker) {
  return invoker->bound && invoker->inputs && !invoker->close_pending &&
         !ireec_handle_is_closed(invoker->session);
}

// Starts a call's level (the lock held): lists of its own if another call
// is in progress (a copy of the bound arguments for a bound call), and a
// use of the open session, so nothing the call reaches is released under
// it. 0, or -1 with a Python error (no memory for the lists).
static int ireec_invoker_enter(ireec_invoker_t* invoker, ireec_invoker_level_t* level) {
  *level = (ireec_invoker_level_t){{NULL, NULL}, {NULL, NULL}, NULL};
  if (invoker->levels > 0 && invoker->inputs) {
    iree_vm_list_t* lists[2] = {NULL, NULL};
    iree_status_t status =
        invoker->keeps_inputs
            ? iree_vm_list_clone(invoker->inputs, iree_allocator_system(), &lists[0])
            : iree_vm_list_create(iree_vm_make_undefined_type_def(),
                                  invoker->capacities[0], iree_allocator_system(),
                                  &lists[0]);
    if (iree_status_is_ok(status)) {
      status = iree_vm_list_create(iree_vm_make_undefined_type_def(),
                                   invoker->capacities[1], iree_allocator_system(),
                                   &lists[1]);
    }
    if (!iree_status_is_ok(status)) {
      if (lists[0]) iree_vm_list_release(lists[0]);
      ireec_raise_status(status, NULL);
      return -1;
    }
    level->lists[0] = invoker->inputs;
    level->lists[1] = invoker->outputs;
    level->cdata[0] = invoker->inputs_cdata;
    level->cdata[1] = invoker->outputs_cdata;
    invoker->inputs = lists[0];
    invoker->outputs = lists[1];
    invoker->inputs_cdata = invoker->outputs_cdata = NULL;
  }
  if (invoker->session && !ireec_handle_is_closed(invoker->session)) {
    ++((ireec_handle_t*)invoker->session)->users;
    level->session = invoker->session;
  }
  ++invoker->levels;
  return 0;
}

// Ends the level |level| began (the lock held): what the call left in its
// lists (an exception between two steps) is dropped, lists made for it are
// released and the ones it found put back, the use of the session given
// back; the last level out releases the lists of a closed invoker.
static void ireec_invoker_leave(ireec_invoker_t* invoker, ireec_invoker_level_t* level) {
  --invoker->levels;
  iree_vm_list_t* lists[2] = {invoker->inputs, invoker->outputs};
  if (lists[0] && !invoker->keeps_inputs && iree_vm_list_size(lists[0])) {
    iree_vm_list_clear(lists[0]);
  }
  if (lists[1] && iree_vm_list_size(lists[1])) iree_vm_list_clear(lists[1]);
  if (level->lists[0]) {
    Py_CLEAR(invoker->inputs_cdata);
    Py_CLEAR(invoker->outputs_cdata);
    invoker->inputs = level->lists[0];
    invoker->outputs = level->lists[1];
    invoker->inputs_cdata = level->cdata[0];
    invoker->outputs_cdata = level->cdata[1];
    for (int i = 0; i < 2; ++i) {
      if (lists[i]) iree_vm_list_release(lists[i]);
    }
  }
  if (invoker->levels == 0 && invoker->close_pending) {
    invoker->close_pending = false;
    ireec_invoker_release_lists(invoker);
  }
  if (level->session) ireec_handle_release_use(level->session);
  *level = (ireec_invoker_level_t){{NULL, NULL}, {NULL, NULL}, NULL};
}

// The invoke and the results of |invoker|'s call with |args| (and `out`),
// its lock held and ready: 1 with |*out_results|, 0 declined (nothing
// done), -1 with a Python error.
static int ireec_invoker_invoke(ireec_invoker_t* invoker, PyObject* const* args,
                                Py_ssize_t nargs, PyObject* out,
                                PyObject** out_results) {
  ireec_invocation_t invocation = {
      .session = ((ireec_handle_t*)invoker->session)->session,
      .function = &invoker->function,
      .inputs = invoker->inputs,
      .outputs = invoker->outputs,
      .device = ((ireec_handle_t*)invoker->device)->device,
      .args = args,
      .arg_count = nargs,
      .out = out,
      .keep_inputs = invoker->keeps_inputs,
  };
  ireec_invoke_results_t raw = {0};
  int done = ireec_invoke(&invocation, &raw);
  if (done <= 0) return done;
  *out_results = ireec_results_new((PyObject*)invoker, &raw, out);
  return *out_results ? 1 : -1;
}

// _invoke_pushed(): the invoke of a call whose arguments Python converted
// into the input list (the calls C declines), made as C makes its own:
// ireec_invoke with no arguments, then the one result decoder, under the
// session's lock (which the caller holds too, from pushing on). The
// invoke empties the input list, except a bound call's, which keeps its
// arguments (and whatever fences Python pushed after them).
static PyObject* ireec_invoker_invoke_pushed(PyObject* self, PyObject* unused) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  PyObject* lock = ireec_invoker_lock(invoker, "_invoke_pushed()");
  if (!lock) return NULL;
  PyObject* results = NULL;
  if (!ireec_invoker_ready(invoker)) {
    if (invoker->inputs && !invoker->keeps_inputs) iree_vm_list_clear(invoker->inputs);
    ireec_handle_raise_closed(self);
  } else {
    (void)ireec_invoker_invoke(invoker, NULL, 0, NULL, &results);
  }
  ireec_invoker_unlock(lock);
  return results;
}

// _decode_results(results): |results| (a list) with each None entry the
// result of that index, read from the output list (which is then emptied).
static PyObject* ireec_invoker_decode_results(PyObject* self, PyObject* results) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  if (!PyList_CheckExact(results)) {
    PyErr_SetString(PyExc_TypeError, "_decode_results(results: list)");
    return NULL;
  }
  PyObject* lock = ireec_invoker_lock(invoker, "_decode_results()");
  if (!lock) return NULL;
  int failed = -1;
  if (!ireec_invoker_ready(invoker)) {
    ireec_handle_raise_closed(self);
  } else {
    failed = ireec_results_fill(self, results);
  }
  ireec_invoker_unlock(lock);
  return failed ? NULL : Py_NewRef(results);
}

// close(): under the session's lock (a call on another thread may be using
// the lists), releases the lists, or marks them to be released when the
// calls in progress on this thread end; calls raise ClosedError from then
// on.
static PyObject* ireec_invoker_close(PyObject* self, PyObject* unused) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  PyObject* lock = invoker->lock ? Py_NewRef(invoker->lock) : NULL;
  if (lock && ireec_lock_acquire(lock) != 0) {
    Py_DECREF(lock);
    return NULL;
  }
  if (invoker->levels > 0) {
    invoker->close_pending = invoker->inputs != NULL;
  } else {
    ireec_invoker_release_lists(invoker);
  }
  if (lock) {
    (void)ireec_lock_release(lock);
    Py_DECREF(lock);
  }
  Py_RETURN_NONE;
}

// ---------------------------------------------------------------------------
// CallLevel: the level of a call the general path makes in Python
// ---------------------------------------------------------------------------

// `with invoker._level() as own_lists:` holds the session's lock and a
// level for a call Python makes (pushing arguments, _invoke_pushed,
// decoding): own_lists is True when the call got lists of its own, another
// call of the invoker being in progress on this thread (its Python
// scratch, the Packer's, must then be its own too).
typedef struct {
  PyObject_HEAD
  PyObject* invoker;
  PyObject* lock;  // held from __enter__ to __exit__
  ireec_invoker_level_t level;
} ireec_call_level_t;

static PyObject* ireec_call_level_enter(PyObject* self, PyObject* unused) {
  ireec_call_level_t* call = (ireec_call_level_t*)self;
  if (call->lock) {
    PyErr_SetString(PyExc_RuntimeError, "this call level is entered already");
    return NULL;
  }
  ireec_invoker_t* invoker = (ireec_invoker_t*)call->invoker;
  PyObject* lock = ireec_invoker_lock(invoker, "a call");
  if (!lock) return NULL;
  if (ireec_invoker_enter(invoker, &call->level) != 0) {
    ireec_invoker_unlock(lock);
    return NULL;
  }
  call->lock = lock;
  return PyBool_FromLong(call->level.lists[0] != NULL);
}

static void ireec_call_level_end(ireec_call_level_t* call) {
  PyObject* lock = call->lock;
  if (!lock) return;
  call->lock = NULL;
  ireec_invoker_leave((ireec_invoker_t*)call->invoker, &call->level);
  ireec_invoker_unlock(lock);
}

static PyObject* ireec_call_level_exit(PyObject* self, PyObject* args) {
  ireec_call_level_end((ireec_call_level_t*)self);
  Py_RETURN_NONE;
}

static void ireec_call_level_dealloc(PyObject* self) {
  ireec_call_level_t* call = (ireec_call_level_t*)self;
  ireec_call_level_end(call);  // (only if never exited: `with` always exits)
  Py_XDECREF(call->invoker);
  Py_TYPE(self)->tp_free(self);
}

static PyMethodDef ireec_call_level_methods[] = {
    {"__enter__", ireec_call_level_enter, METH_NOARGS,
     "Takes the session's lock and starts the call's level: True if it has "
     "lists of its own."},
    {"__exit__", ireec_call_level_exit, METH_VARARGS,
     "Ends the level and gives the lock back."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject ireec_call_level_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ireec._cext.CallLevel",
    .tp_basicsize = sizeof(ireec_call_level_t),
    .tp_dealloc = ireec_call_level_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The level of one call made by the general path (Invoker._level()).",
    .tp_methods = ireec_call_level_methods,
};

// _level(): a new CallLevel of this invoker.
static PyObject* ireec_invoker_level(PyObject* self, PyObject* unused) {
  ireec_call_level_t* call = PyObject_New(ireec_call_level_t, &ireec_call_level_type);
  if (!call) return NULL;
  call->invoker = Py_NewRef(self);
  call->lock = NULL;
  call->level = (ireec_invoker_level_t){{NULL, NULL}, {NULL, NULL}, NULL};
  return (PyObject*)call;
}

// _abandon(): in a forked child, closed without releasing the lists (they
// are the parent's: see ireec/_core/fork.py).
static PyObject* ireec_invoker_abandon(PyObject* self, PyObject* unused) {
  ireec_invoker_forget((ireec_invoker_t*)self);
  Py_RETURN_NONE;
}

static PyObject* ireec_invoker_get_in_call(PyObject* self, void* closure) {
  return PyBool_FromLong(((ireec_invoker_t*)self)->levels > 0);
}

static PyObject* ireec_invoker_get_closed(PyObject* self, void* closure) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  return PyBool_FromLong(invoker->inputs == NULL || invoker->close_pending);
}

// The input (closure NULL) or output list as a cffi iree_vm_list_t*, None
// once closed.
static PyObject* ireec_invoker_get_list(PyObject* self, void* closure) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  if (!invoker->inputs) Py_RETURN_NONE;
  return closure ? ireec_list_cdata(invoker->outputs, &invoker->outputs_cdata)
                 : ireec_list_cdata(invoker->inputs, &invoker->inputs_cdata);
}

// What trace_invokes() was given: a list each call the invoker tries in C
// appends "handled" (results, or an IREE failure raised) or "declined" to,
// for tests to see which path a call took; or NULL.
static PyObject* ireec_invoke_trace = NULL;

static void ireec_trace(const char* what) {
  PyObject *type, *error, *traceback;
  PyErr_Fetch(&type, &error, &traceback);
  PyObject* text = PyUnicode_FromString(what);
  // (Tests only: a failure to record is ignored.)
  if (!text || PyList_Append(ireec_invoke_trace, text) != 0) PyErr_Clear();
  Py_XDECREF(text);
  PyErr_Restore(type, error, traceback);
}

PyObject* ireec_trace_invokes(PyObject* module, PyObject* trace) {
  if (trace != Py_None && !PyList_Check(trace)) {
    PyErr_SetString(PyExc_TypeError, "trace_invokes(list or None)");
    return NULL;
  }
  Py_XSETREF(ireec_invoke_trace, trace == Py_None ? NULL : Py_NewRef(trace));
  Py_RETURN_NONE;
}

// One keyword of a prepared call: out= (one array, for a function with one
// result; NULL for None), set in |*out|, or device=None. False for any
// other, which the general path handles.
static bool ireec_invoker_keyword(ireec_invoker_t* invoker, PyObject* key,
                                  PyObject* value, PyObject** out) {
  if (!PyUnicode_Check(key)) return false;
  if (PyUnicode_CompareWithASCIIString(key, "out") == 0) {
    *out = value == Py_None ? NULL : value;
    return !*out || (PyArray_CheckExact(*out) && invoker->out_allowed);
  }
  return PyUnicode_CompareWithASCIIString(key, "device") == 0 && value == Py_None;
}

// Whether the invoker takes a call of |nargs| arguments (keywords read by
// the caller) in C.
static bool ireec_invoker_takes(ireec_invoker_t* invoker, Py_ssize_t nargs,
                                bool keywords) {
  if (!invoker->bound || !invoker->takes_calls) return false;
  // A bound call has no arguments (nor keywords) of its own.
  if (invoker->keeps_inputs) return nargs == 0 && !keywords;
  return nargs == invoker->arg_count;
}

// The call of |invoker| with |args| and `out`, made in C: the results, or
// NULL with a Python error, or NULL with |*declined| set (nothing done: a
// closed session or call, arguments the C path declines).
static PyObject* ireec_invoker_call_in_c(ireec_invoker_t* invoker, PyObject* const* args,
                                         Py_ssize_t nargs, PyObject* out,
                                         bool* declined) {
  // Held for the call: a close() meanwhile waits for the lock.
  PyObject* lock = Py_NewRef(invoker->lock);
  PyObject* session = Py_NewRef(invoker->session);
  Py_XINCREF(out);
  PyObject* results = NULL;
  int done = -1;
  if (ireec_lock_acquire(lock) == 0) {
    // close() of either takes the lock, so the pointers are valid while
    // both are open; a closed one is reported by the general path.
    bool ready = ireec_invoker_ready(invoker);
    ireec_invoker_level_t level;
    if (ready && ireec_invoker_enter(invoker, &level) == 0) {
      done = ireec_invoker_invoke(invoker, args, nargs, out, &results);
      ireec_invoker_leave(invoker, &level);
      if (ireec_invoke_trace) ireec_trace(done == 0 ? "declined" : "handled");
    } else if (!ready) {
      done = 0;
    }
    // Taken above by this thread: giving it back cannot fail.
    (void)ireec_lock_release(lock);
  }
  Py_DECREF(lock);
  Py_XDECREF(out);
  // Out of the lock (the note probes the session's devices): an ABORTED
  // failure gets the session's notes on failed devices.
  if (done < 0) ireec_note_aborted(session);
  Py_DECREF(session);
  *declined = done == 0;
  return results;
}

// The general path of a call C declined: the installed call_declined.
static PyObject* ireec_invoker_decline(PyObject* self, PyObject* args, PyObject* kwargs) {
  if (!ireec_require_installed()) return NULL;
  PyObject* call_args[3] = {self, args, kwargs ? kwargs : Py_None};
  return PyObject_Vectorcall(ireec_call_declined, call_args, 3, NULL);
}

static PyObject* ireec_invoker_call(PyObject* self, PyObject* args, PyObject* kwargs) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  bool keywords = kwargs && PyDict_GET_SIZE(kwargs);
  PyObject* out = invoker->out;
  bool takes = ireec_invoker_takes(invoker, PyTuple_GET_SIZE(args), keywords);
  if (takes && keywords) {
    Py_ssize_t position = 0;
    PyObject *key, *value;
    while (takes && PyDict_Next(kwargs, &position, &key, &value)) {
      takes = ireec_invoker_keyword(invoker, key, value, &out);
    }
  }
  if (takes) {
    bool declined = false;
    PyObject* results = ireec_invoker_call_in_c(invoker, &PyTuple_GET_ITEM(args, 0),
                                                PyTuple_GET_SIZE(args), out, &declined);
    if (!declined) return results;
  }
  return ireec_invoker_decline(self, args, kwargs);
}

PyObject* ireec_invoker_vectorcall(PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                                   PyObject* kwnames) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  Py_ssize_t keywords = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  PyObject* out = invoker->out;
  bool takes = ireec_invoker_takes(invoker, nargs, keywords > 0);
  for (Py_ssize_t i = 0; takes && i < keywords; ++i) {
    takes = ireec_invoker_keyword(invoker, PyTuple_GET_ITEM(kwnames, i), args[nargs + i],
                                  &out);
  }
  if (takes) {
    bool declined = false;
    PyObject* results = ireec_invoker_call_in_c(invoker, args, nargs, out, &declined);
    if (!declined) return results;
  }
  // The general path takes the arguments as a tuple and a dict.
  PyObject* tuple = PyTuple_New(nargs);
  PyObject* kwargs = keywords ? PyDict_New() : NULL;
  if (!tuple || (keywords && !kwargs)) {
    Py_XDECREF(tuple);
    Py_XDECREF(kwargs);
    return NULL;
  }
  for (Py_ssize_t i = 0; i < nargs; ++i) PyTuple_SET_ITEM(tuple, i, Py_NewRef(args[i]));
  for (Py_ssize_t i = 0; i < keywords; ++i) {
    if (PyDict_SetItem(kwargs, PyTuple_GET_ITEM(kwnames, i), args[nargs + i]) != 0) {
      Py_DECREF(tuple);
      Py_DECREF(kwargs);
      return NULL;
    }
  }
  PyObject* results = ireec_invoker_decline(self, tuple, kwargs);
  Py_DECREF(tuple);
  Py_XDECREF(kwargs);
  return results;
}

static PyMethodDef ireec_invoker_methods[] = {
    {"_make_lists", (PyCFunction)(void (*)(void))ireec_invoker_make_lists,
     METH_FASTCALL,
     "_make_lists(lock, session, input_capacity, output_capacity): the "
     "function's VM lists, owned by the invoker"},
    {"_bind", (PyCFunction)(void (*)(void))ireec_invoker_bind,
     METH_VARARGS | METH_KEYWORDS,
     "_bind(function_name, device, *, arg_count=0, out_allowed=False, "
     "takes_calls=True, keeps_inputs=False, out=None): the function looked up "
     "and what its calls use, once"},
    {"_invoke_pushed", ireec_invoker_invoke_pushed, METH_NOARGS,
     "Invokes with the arguments Python pushed onto the input list and "
     "decodes the results, as a call made in C does."},
    {"_decode_results", ireec_invoker_decode_results, METH_O,
     "_decode_results(results): each None entry read from the output list "
     "(which is then emptied)."},
    {"close", ireec_invoker_close, METH_NOARGS,
     "Releases the VM lists now, under the session's lock (otherwise done "
     "when collected)."},
    {"_abandon", ireec_invoker_abandon, METH_NOARGS,
     "Closed without releasing the lists (a forked child's)."},
    {"_level", ireec_invoker_level, METH_NOARGS,
     "A CallLevel: `with invoker._level() as own_lists:` around a call the "
     "general path makes (the lock held; lists of its own if another call "
     "is in progress)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef ireec_invoker_getset[] = {
    {"closed", ireec_invoker_get_closed, NULL, "True once close() was called.", NULL},
    {"_in_call", ireec_invoker_get_in_call, NULL,
     "True while a call of this invoker is in progress (on the thread holding "
     "the session's lock).",
     NULL},
    {"_inputs", ireec_invoker_get_list, NULL,
     "The input list (a cffi iree_vm_list_t*), None once closed.", NULL},
    {"_outputs", ireec_invoker_get_list, NULL,
     "The output list (a cffi iree_vm_list_t*), None once closed.", (void*)1},
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
