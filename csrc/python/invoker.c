// Invoker, the base type of ireec.PreparedCall and ireec.BoundCall: the one
// route into an invoke. Every call of a session's function (Session.call,
// Function.__call__, a PreparedCall, a BoundCall, call_async) is made here,
// in C, and nowhere else:
//
// 1. its arguments checked against the function's (their count, each by its
//    calling-convention kind), the session's Lock taken (a C call) and a
//    level of the call started (below);
// 2. each argument pushed onto the input list by its kind: a numpy array
//    of an element type IREE has copied to the device and a BufferView
//    pushed as a reference, in C (arrays.c, invoke.c); any other argument
//    (a scalar, a fence, None, a DLPack or buffer-protocol object, Python
//    numbers, a list or buffer the function declares) by the invoker's
//    converter, the Python object given once by _bind (ireec/runtime/
//    _marshal.py's Packer), which pushes it onto the same list;
// 3. for a function of the coarse-fences model, its wait fence (or a null
//    one) and a new signal fence pushed after them;
// 4. the invoke (ireec_invoke, invoke.c), the results decoded by the one
//    result decoder (results.c), the level ended and the lock given back;
// 5. a coarse-fences call's signal fence waited for (unless call_async),
//    and the results read into `out` arrays (call_out.c) where given;
//    ABORTED failures noted with the session's failed devices
//    (failed_devices.c).
//
// The common call, every argument an array or a BufferView, takes steps 2
// and 4 in one crossing of the GIL (ireec_invoke), result 0 read into a
// single `out` array in the same crossing.
//
// Re-entrant calls. The lock is reentrant, so a call of the same invoker
// can start on the thread whose call is in progress: from a signal
// handler, a gc callback or a finalizer that runs between two steps, from
// the converter, or from a Python function IREE calls during the invoke.
// Sharing the lists, both calls would push onto and read from the same
// ones. Every call therefore runs as a level (ireec_invoker_enter /
// ireec_invoker_leave): a call that starts while another is in progress
// gets lists of its own for its duration (a bound call's a copy of its
// bound arguments), and the lists in use are given back when it ends. A
// close() meanwhile takes effect when the last call in progress ends; a
// call whose converter's Python closed it raises ClosedError before its
// invoke.

#include "cext.h"

typedef struct {
  PyObject_HEAD
  // Set once by _make_lists: the session's Lock (taken by every call and by
  // close()), the session (a SessionHandle: closed once the session is),
  // and the function's two VM lists (NULL once closed), owned here, with
  // their cffi pointers for the converter (made on first use).
  PyObject* lock;
  PyObject* session;
  iree_vm_list_t* inputs;
  iree_vm_list_t* outputs;
  PyObject* inputs_cdata;
  PyObject* outputs_cdata;
  // Set once by _bind (|bound|): the function, looked up in the session,
  // and its name ("module.function") and "takes N arguments (...)" text for
  // messages; per argument a caller passes, how it is pushed (|kinds|: 'r'
  // a tensor or fence ref, 'v' a ref the function declares as a list,
  // buffer or type of its own, 'i' 'I' 'f' 'F' a scalar); how many results;
  // whether it takes a wait and a signal fence after its arguments, and
  // whether a wait fence given to call_async is waited for on the host
  // first; the device results are on (the session's first, which the
  // session holds a use of) and the one numpy arguments are copied to
  // unless a call names another; the converter; for a bound call, that
  // the input list keeps its |bound_count| arguments, and its `out`.
  bool bound;
  iree_vm_function_t function;
  PyObject* name;
  PyObject* arity;
  PyObject* kinds;         // a bytes object, one letter per argument
  PyObject* result_kinds;  // and per result
  Py_ssize_t result_count;
  bool uses_fences;
  bool waits_on_host;
  PyObject* device;
  PyObject* copy_to;
  PyObject* convert;
  bool keeps_inputs;
  Py_ssize_t bound_count;
  PyObject* out;
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

static int ireec_invoker_traverse(PyObject* self, visitproc visit, void* arg) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  Py_VISIT(invoker->lock);
  Py_VISIT(invoker->session);
  Py_VISIT(invoker->device);
  Py_VISIT(invoker->copy_to);
  Py_VISIT(invoker->convert);
  Py_VISIT(invoker->out);
  return 0;
}

// Forgets the lists without releasing them, and what _bind set.
static void ireec_invoker_forget(ireec_invoker_t* invoker) {
  invoker->inputs = invoker->outputs = NULL;
  Py_CLEAR(invoker->inputs_cdata);
  Py_CLEAR(invoker->outputs_cdata);
  invoker->bound = false;
  Py_CLEAR(invoker->name);
  Py_CLEAR(invoker->arity);
  Py_CLEAR(invoker->kinds);
  Py_CLEAR(invoker->result_kinds);
  Py_CLEAR(invoker->device);
  Py_CLEAR(invoker->copy_to);
  Py_CLEAR(invoker->convert);
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

// _bind(function_name, device, *, copy_to, kinds, arity, result_kinds,
// uses_fences, waits_on_host, convert, keeps_inputs=False, out=None), once,
// after _make_lists, with the session open: looks the function up
// (iree_runtime_session_lookup_function) and fixes what its calls use. A
// bound call's `out` is checked once its arguments are pushed
// (_push_bound).
static PyObject* ireec_invoker_bind(PyObject* self, PyObject* args, PyObject* kwargs) {
  static char* keywords[] = {"function_name", "device",        "copy_to",
                             "kinds",         "arity",         "result_kinds",
                             "uses_fences",   "waits_on_host", "convert",
                             "keeps_inputs",  "out",           NULL};
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  PyObject *name, *device, *copy_to = NULL, *kinds = NULL, *arity = NULL,
           *result_kinds = NULL, *convert = NULL;
  int uses_fences = 0, waits_on_host = 0, keeps_inputs = 0;
  PyObject* out = Py_None;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "UO|$OSUSppOpO:_bind", keywords, &name,
                                   &device, &copy_to, &kinds, &arity, &result_kinds,
                                   &uses_fences, &waits_on_host, &convert, &keeps_inputs,
                                   &out)) {
    return NULL;
  }
  if (!copy_to || !kinds || !arity || !result_kinds || !convert ||
      !ireec_handle_check(device, &ireec_device_handle_kind) ||
      !ireec_handle_check(copy_to, &ireec_device_handle_kind) ||
      !PyCallable_Check(convert)) {
    PyErr_SetString(PyExc_TypeError,
                    "_bind(function_name: str, device: DeviceHandle, *, copy_to: "
                    "DeviceHandle, kinds: bytes, arity: str, result_kinds: bytes, "
                    "uses_fences, waits_on_host, convert: callable, keeps_inputs, out)");
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
      invoker->name = Py_NewRef(name);
      invoker->arity = Py_NewRef(arity);
      invoker->kinds = Py_NewRef(kinds);
      invoker->result_kinds = Py_NewRef(result_kinds);
      invoker->result_count = PyBytes_GET_SIZE(result_kinds);
      invoker->uses_fences = uses_fences;
      invoker->waits_on_host = waits_on_host;
      invoker->device = Py_NewRef(device);
      invoker->copy_to = Py_NewRef(copy_to);
      invoker->convert = Py_NewRef(convert);
      invoker->keeps_inputs = keeps_inputs;
      invoker->out = out == Py_None ? NULL : Py_NewRef(out);
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

// ClosedError for a call of an invoker that is not ready: its session's
// (saying whether a fork inherited it) when the session is closed, else
// "the PreparedCall or its Session is closed".
static void ireec_invoker_raise_closed(ireec_invoker_t* invoker) {
  if (invoker->session && ireec_handle_is_closed(invoker->session) &&
      ((ireec_handle_t*)invoker->session)->inherited_from) {
    ireec_handle_raise_closed(invoker->session);
    return;
  }
  PyErr_Format(ireec_closed_error ? ireec_closed_error : PyExc_ValueError,
               "the %s or its Session is closed", _PyType_Name(Py_TYPE(invoker)));
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
// lists (an exception between two steps) is dropped (a bound call's input
// list keeps its bound arguments), lists made for it are released and the
// ones it found put back, the use of the session given back; the last
// level out releases the lists of a closed invoker.
static void ireec_invoker_leave(ireec_invoker_t* invoker, ireec_invoker_level_t* level) {
  --invoker->levels;
  iree_vm_list_t* lists[2] = {invoker->inputs, invoker->outputs};
  if (lists[0]) {
    iree_host_size_t keep = invoker->keeps_inputs ? (iree_host_size_t)invoker->bound_count : 0;
    if (iree_vm_list_size(lists[0]) > keep) {
      iree_status_ignore(iree_vm_list_resize(lists[0], keep));
    }
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

// ---------------------------------------------------------------------------
// Arguments
// ---------------------------------------------------------------------------

// Whether every argument is one invoke.c pushes itself: a tensor argument
// that is a numpy array or a BufferView (exactly those classes).
static bool ireec_all_in_c(ireec_invoker_t* invoker, PyObject* const* args,
                           Py_ssize_t nargs) {
  const char* kinds = PyBytes_AS_STRING(invoker->kinds);
  for (Py_ssize_t i = 0; i < nargs; ++i) {
    if (kinds[i] != 'r') return false;
    PyTypeObject* type = Py_TYPE(args[i]);
    if (type != &PyArray_Type && type != ireec_buffer_view_class) return false;
  }
  return true;
}

// Pushes |args| onto the input list in order (the lock held, in a level):
// each array and BufferView in C (ireec_invoke_push, invoke.c), any other
// argument by the converter. 0, or -1 with a Python error.
static int ireec_push_arguments(ireec_invoker_t* invoker, PyObject* const* args,
                                Py_ssize_t nargs, PyObject* copy_to) {
  const char* kinds = PyBytes_AS_STRING(invoker->kinds);
  iree_hal_device_t* device = ((ireec_handle_t*)copy_to)->device;
  for (Py_ssize_t i = 0; i < nargs; ++i) {
    if (kinds[i] == 'r') {
      int pushed = ireec_invoke_push(invoker->inputs, device, &invoker->function, i, args[i]);
      if (pushed < 0) return -1;
      if (pushed) continue;
    }
    PyObject* inputs = ireec_list_cdata(invoker->inputs, &invoker->inputs_cdata);
    if (!inputs) return -1;
    PyObject* index = PyLong_FromSsize_t(i);
    PyObject* converted = NULL;
    if (index) {
      PyObject* call_args[4] = {inputs, index, args[i], copy_to};
      converted = PyObject_Vectorcall(invoker->convert, call_args, 4, NULL);
    }
    Py_XDECREF(index);
    Py_DECREF(inputs);
    if (!converted) return -1;
    Py_DECREF(converted);
  }
  return 0;
}

// The arguments' count against the function's: 0, or -1 with TypeError.
static int ireec_check_arg_count(ireec_invoker_t* invoker, Py_ssize_t nargs) {
  if (invoker->keeps_inputs) {
    if (!nargs) return 0;
    PyErr_Format(PyExc_TypeError,
                 "a BoundCall takes no arguments (they were bound), only out=; got %zd",
                 nargs);
    return -1;
  }
  if (nargs == PyBytes_GET_SIZE(invoker->kinds)) return 0;
  PyErr_Format(PyExc_TypeError, "%U %U, got %zd", invoker->name, invoker->arity, nargs);
  return -1;
}

// ---------------------------------------------------------------------------
// Fences
// ---------------------------------------------------------------------------

// A new signal fence for a coarse-fences call: a fresh semaphore's 0 -> 1
// transition on |device| (as IREE's tools make them; a fresh semaphore per
// call keeps concurrent calls' timelines independent), as an ireec.Fence
// holding a use of the DeviceHandle; NULL with a Python error.
static PyObject* ireec_new_signal_fence(PyObject* device) {
  iree_hal_semaphore_t* semaphore = NULL;
  iree_hal_fence_t* fence = NULL;
  iree_status_t status = iree_hal_semaphore_create(
      ((ireec_handle_t*)device)->device, IREE_HAL_QUEUE_AFFINITY_ANY, 0,
      IREE_HAL_SEMAPHORE_FLAG_DEFAULT, &semaphore);
  if (iree_status_is_ok(status)) {
    status = iree_hal_fence_create_at(semaphore, 1, iree_allocator_system(), &fence);
    iree_hal_semaphore_release(semaphore);  // (the fence holds it)
  }
  if (!iree_status_is_ok(status)) return ireec_raise_status(status, NULL);
  return ireec_handle_new((PyTypeObject*)ireec_fence_class, &ireec_fence_handle_kind, fence,
                          device);
}

// Pushes a coarse-fences call's wait fence (|wait|, a Fence, or a null ref
// for None) and its new signal fence, returned; NULL with a Python error.
static PyObject* ireec_push_fences(ireec_invoker_t* invoker, PyObject* wait) {
  iree_vm_ref_type_t fence_type = iree_hal_fence_type();
  iree_status_t status;
  if (wait == Py_None) {
    status = ireec_vm_list_push_ref_object_retain(invoker->inputs, NULL, fence_type);
  } else {
    if (ireec_handle_acquire(wait) != 0) return NULL;
    status = ireec_vm_list_push_ref_object_retain(
        invoker->inputs, ((ireec_handle_t*)wait)->fence, fence_type);
    ireec_handle_release_use(wait);
  }
  if (!iree_status_is_ok(status)) return ireec_raise_status(status, NULL);
  PyObject* signal = ireec_new_signal_fence(invoker->device);
  if (!signal) return NULL;
  status = ireec_vm_list_push_ref_object_retain(
      invoker->inputs, ((ireec_handle_t*)signal)->fence, fence_type);
  if (!iree_status_is_ok(status)) {
    Py_DECREF(signal);
    return ireec_raise_status(status, NULL);
  }
  return signal;
}

// fence.wait(): a Fence's own sliced, interruptible wait (ireec/hal/fence.py);
// 0, or -1 with its error.
static int ireec_wait_fence(PyObject* fence) {
  PyObject* waited = PyObject_CallMethod(fence, "wait", NULL);
  if (!waited) return -1;
  Py_DECREF(waited);
  return 0;
}

// ---------------------------------------------------------------------------
// The call
// ---------------------------------------------------------------------------

// What one call is given besides its arguments.
typedef struct {
  PyObject* device;  // where numpy arguments go (NULL: the invoker's)
  PyObject* out;     // arrays results are read into (NULL: none, or a bound call's)
  PyObject* wait;    // call_async's wait fence (None: none)
  bool async;        // call_async: the signal fence returned, not waited for
} ireec_call_options_t;

// The call of |invoker| with |args| (see the file's comment): the results
// (for call_async, the tuple (results, signal fence)), or NULL with a
// Python error.
static PyObject* ireec_invoker_run(ireec_invoker_t* invoker, PyObject* const* args,
                                   Py_ssize_t nargs, const ireec_call_options_t* options) {
  if (!invoker->lock) {
    PyErr_SetString(PyExc_TypeError, "a call before _make_lists()");
    return NULL;
  }
  if (invoker->bound && ireec_check_arg_count(invoker, nargs) != 0) return NULL;
  PyObject* out = options->out ? options->out : invoker->out;
  PyObject* copy_to = options->device ? options->device : invoker->copy_to;
  if (options->async && options->wait != Py_None && invoker->bound &&
      (!invoker->uses_fences || invoker->waits_on_host)) {
    // CPU devices allocate a call's results by waiting for the wait fence
    // inside the call, in one C wait that cannot be interrupted and would
    // hold the session's lock: waited for here first, without the lock.
    if (ireec_wait_fence(options->wait) != 0) return NULL;
  }
  // A device other than the session's own (which the session holds a use
  // of) is in use for the call: a close() meanwhile waits for the copies.
  PyObject* held_device = copy_to != invoker->device ? copy_to : NULL;
  if (held_device && ireec_handle_acquire(held_device) != 0) return NULL;
  // Held for the call: a close() meanwhile waits for the lock.
  PyObject* lock = Py_NewRef(invoker->lock);
  PyObject* session = Py_XNewRef(invoker->session);
  Py_XINCREF(out);
  PyObject* results = NULL;
  PyObject* signal = NULL;
  bool read_out = false;  // |out| read into after the call (not by ireec_invoke)
  if (ireec_lock_acquire(lock) == 0) {
    ireec_invoker_level_t level;
    if (!ireec_invoker_ready(invoker)) {
      ireec_invoker_raise_closed(invoker);
    } else if (ireec_invoker_enter(invoker, &level) == 0) {
      ireec_invocation_t invocation = {
          .session = ((ireec_handle_t*)invoker->session)->session,
          .function = &invoker->function,
          .inputs = invoker->inputs,
          .outputs = invoker->outputs,
          .device = ((ireec_handle_t*)copy_to)->device,
          .args = NULL,
          .arg_count = 0,
          .out = NULL,
          .keep_inputs = invoker->keeps_inputs,
      };
      ireec_invoke_results_t raw = {0};
      int done = 0;
      // The common call: every argument an array or a BufferView, pushed,
      // invoked and result 0 read into a single `out` array in one
      // crossing. ireec_invoke declines (doing nothing) what it does not
      // take: the arguments are then pushed one by one below.
      bool single_out = out && PyArray_CheckExact(out) && invoker->result_count == 1;
      if (!invoker->uses_fences && (!out || single_out) &&
          ireec_all_in_c(invoker, args, invoker->keeps_inputs ? 0 : nargs)) {
        invocation.args = args;
        invocation.arg_count = invoker->keeps_inputs ? 0 : nargs;
        invocation.out = out;
        done = ireec_invoke(&invocation, &raw);
      }
      if (done == 0) {
        invocation.args = NULL;
        invocation.arg_count = 0;
        invocation.out = NULL;
        int pushed = ireec_push_arguments(invoker, args, invoker->keeps_inputs ? 0 : nargs,
                                          copy_to);
        if (pushed == 0 && invoker->uses_fences) {
          if (invoker->keeps_inputs) {
            // A bound call keeps its arguments and drops the last call's
            // fences.
            iree_status_ignore(iree_vm_list_resize(invoker->inputs,
                                                   (iree_host_size_t)invoker->bound_count));
          }
          signal = ireec_push_fences(invoker, options->async ? options->wait : Py_None);
          if (!signal) pushed = -1;
        }
        if (pushed == 0 && !ireec_invoker_ready(invoker)) {
          // Closed by Python code the converter ran (a gc callback, a
          // finalizer): the call raises ClosedError, as those after it.
          ireec_invoker_raise_closed(invoker);
          pushed = -1;
        }
        // (With no arguments given, ireec_invoke never declines.)
        done = pushed == 0 ? ireec_invoke(&invocation, &raw) : -1;
      }
      if (done > 0) {
        results = ireec_results_new((PyObject*)invoker, &raw, invocation.out);
        read_out = out && !invocation.out;
      }
      ireec_invoker_leave(invoker, &level);
    }
    // Taken above by this thread: giving it back cannot fail.
    (void)ireec_lock_release(lock);
  }
  Py_DECREF(lock);
  if (held_device) ireec_handle_release_use(held_device);
  // A coarse-fences call's results are complete once its signal fence is
  // reached (waited for out of the lock); then `out` is read from them.
  if (results && signal && !options->async && ireec_wait_fence(signal) != 0) {
    Py_CLEAR(results);
  }
  if (results && read_out &&
      ireec_out_read(out, results, invoker->name, invoker->device) != 0) {
    Py_CLEAR(results);
  }
  Py_XDECREF(out);
  // An ABORTED failure gets the session's notes on failed devices (out of
  // the lock: the notes probe the devices).
  if (!results && session) ireec_note_aborted(session);
  Py_XDECREF(session);
  if (!results || !options->async) {
    Py_XDECREF(signal);
    return results;
  }
  if (!signal) {
    // A function of the synchronous model: run to its end; its fence is an
    // empty one, hence reached.
    signal = PyObject_CallFunction(ireec_fence_class, "i", 0);
    if (!signal) {
      Py_DECREF(results);
      return NULL;
    }
  }
  PyObject* pair = PyTuple_Pack(2, results, signal);
  Py_DECREF(results);
  Py_DECREF(signal);
  return pair;
}

// Reads the keywords a call takes (device=, out=) into |options|: 0, or -1
// with a TypeError for any other, as a Python function's.
static int ireec_call_keywords(ireec_invoker_t* invoker, PyObject* name, PyObject* value,
                               ireec_call_options_t* options) {
  if (PyUnicode_Check(name) && PyUnicode_CompareWithASCIIString(name, "out") == 0) {
    options->out = value == Py_None ? NULL : value;
    return 0;
  }
  if (!invoker->keeps_inputs && PyUnicode_Check(name) &&
      PyUnicode_CompareWithASCIIString(name, "device") == 0) {
    if (value == Py_None) {
      options->device = NULL;
      return 0;
    }
    if (ireec_handle_check(value, &ireec_device_handle_kind)) {
      options->device = value;
      return 0;
    }
    PyErr_Format(PyExc_TypeError, "device must be an ireec.Device or None, not %s",
                 _PyType_Name(Py_TYPE(value)));
    return -1;
  }
  PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%S'",
               _PyType_Name(Py_TYPE(invoker)), name);
  return -1;
}

PyObject* ireec_invoker_vectorcall(PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                                   PyObject* kwnames) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  ireec_call_options_t options = {NULL, NULL, Py_None, false};
  Py_ssize_t keywords = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  for (Py_ssize_t i = 0; i < keywords; ++i) {
    if (ireec_call_keywords(invoker, PyTuple_GET_ITEM(kwnames, i), args[nargs + i],
                            &options) != 0) {
      return NULL;
    }
  }
  return ireec_invoker_run(invoker, args, nargs, &options);
}

static PyObject* ireec_invoker_call(PyObject* self, PyObject* args, PyObject* kwargs) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  ireec_call_options_t options = {NULL, NULL, Py_None, false};
  Py_ssize_t position = 0;
  PyObject *key, *value;
  while (kwargs && PyDict_Next(kwargs, &position, &key, &value)) {
    if (ireec_call_keywords(invoker, key, value, &options) != 0) return NULL;
  }
  return ireec_invoker_run(invoker, &PyTuple_GET_ITEM(args, 0), PyTuple_GET_SIZE(args),
                           &options);
}

// _call_async(args, wait, device): (results, signal fence) of a call that
// is not waited for (PreparedCall.call_async).
static PyObject* ireec_invoker_call_async(PyObject* self, PyObject* const* args,
                                          Py_ssize_t nargs) {
  if (nargs != 3 || !PyTuple_Check(args[0]) ||
      (args[1] != Py_None && !ireec_handle_check(args[1], &ireec_fence_handle_kind)) ||
      (args[2] != Py_None && !ireec_handle_check(args[2], &ireec_device_handle_kind))) {
    PyErr_SetString(PyExc_TypeError, "_call_async(args: tuple, wait: Fence or None, "
                                     "device: Device or None)");
    return NULL;
  }
  ireec_call_options_t options = {args[2] == Py_None ? NULL : args[2], NULL, args[1], true};
  return ireec_invoker_run((ireec_invoker_t*)self, &PyTuple_GET_ITEM(args[0], 0),
                           PyTuple_GET_SIZE(args[0]), &options);
}

// _push_bound(args, device): a bound call's arguments, pushed once onto its
// input list, which keeps them (copied to `device`, else the invoker's);
// then its `out` checked (call_out.c).
static PyObject* ireec_invoker_push_bound(PyObject* self, PyObject* const* args,
                                          Py_ssize_t nargs) {
  ireec_invoker_t* invoker = (ireec_invoker_t*)self;
  if (nargs != 2 || !PyTuple_Check(args[0]) ||
      (args[1] != Py_None && !ireec_handle_check(args[1], &ireec_device_handle_kind))) {
    PyErr_SetString(PyExc_TypeError, "_push_bound(args: tuple, device: Device or None)");
    return NULL;
  }
  if (!invoker->keeps_inputs || invoker->bound_count) {
    PyErr_SetString(PyExc_ValueError, "_push_bound() of a call that does not keep its inputs, "
                                      "or has them already");
    return NULL;
  }
  Py_ssize_t count = PyTuple_GET_SIZE(args[0]);
  if (count != PyBytes_GET_SIZE(invoker->kinds)) {
    PyErr_Format(PyExc_TypeError, "%U %U, got %zd", invoker->name, invoker->arity, count);
    return NULL;
  }
  PyObject* copy_to = args[1] == Py_None ? invoker->copy_to : args[1];
  if (args[1] != Py_None && ireec_handle_acquire(copy_to) != 0) return NULL;
  PyObject* lock = ireec_invoker_lock(invoker, "_push_bound()");
  int failed = -1;
  if (lock) {
    if (!ireec_invoker_ready(invoker)) {
      ireec_invoker_raise_closed(invoker);
    } else {
      failed = ireec_push_arguments(invoker, &PyTuple_GET_ITEM(args[0], 0), count, copy_to);
      if (!failed && invoker->out) {
        failed = ireec_out_check(invoker->out, invoker->result_kinds, invoker->name);
      }
      if (failed) {
        iree_vm_list_clear(invoker->inputs);
      } else {
        invoker->bound_count = count;
      }
    }
    ireec_invoker_unlock(lock);
  }
  if (args[1] != Py_None) ireec_handle_release_use(copy_to);
  if (failed) return NULL;
  Py_RETURN_NONE;
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

static PyMethodDef ireec_invoker_methods[] = {
    {"_make_lists", (PyCFunction)(void (*)(void))ireec_invoker_make_lists,
     METH_FASTCALL,
     "_make_lists(lock, session, input_capacity, output_capacity): the "
     "function's VM lists, owned by the invoker"},
    {"_bind", (PyCFunction)(void (*)(void))ireec_invoker_bind,
     METH_VARARGS | METH_KEYWORDS,
     "_bind(function_name, device, *, copy_to, kinds, arity, result_count, "
     "uses_fences, waits_on_host, convert, keeps_inputs=False, out=None): the "
     "function looked up and what its calls use, once"},
    {"_push_bound", (PyCFunction)(void (*)(void))ireec_invoker_push_bound, METH_FASTCALL,
     "_push_bound(args, device): a bound call's arguments, pushed once"},
    {"_call_async", (PyCFunction)(void (*)(void))ireec_invoker_call_async, METH_FASTCALL,
     "_call_async(args, wait, device): (results, signal fence) of a call not "
     "waited for"},
    {"close", ireec_invoker_close, METH_NOARGS,
     "Releases the VM lists now, under the session's lock (otherwise done "
     "when collected)."},
    {"_abandon", ireec_invoker_abandon, METH_NOARGS,
     "Closed without releasing the lists (a forked child's)."},
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
    .tp_doc = "The base of ireec.PreparedCall and ireec.BoundCall: the one route into "
              "an invoke.",
    .tp_traverse = ireec_invoker_traverse,
    .tp_clear = ireec_invoker_clear,
    .tp_methods = ireec_invoker_methods,
    .tp_getset = ireec_invoker_getset,
    .tp_new = PyType_GenericNew,
};
