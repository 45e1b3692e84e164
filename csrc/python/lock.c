// Lock, a reentrant lock in C (ireec._cext.Lock): a Session's lock, which
// the Invoker takes and gives back with C calls on every call it makes.
//
// It behaves as threading.RLock does (acquire(blocking, timeout), release,
// the context manager, _is_owned; releasing a lock this thread does not hold
// raises RuntimeError), so Python code uses it in `with` blocks unchanged. A
// blocking acquire releases the GIL while it waits, and is interrupted by
// signals as RLock's is (a KeyboardInterrupt raised from the wait).
// _at_fork_reinit() makes it new and unheld in a forked child, where the
// thread that held it does not exist.

#include "cext.h"

#include <time.h>

// Its state changes only with the GIL held (every caller, C or Python, holds
// it), so taking a free lock or giving one back is a few plain stores: no
// atomic operation, no clock read. Only a thread that finds the lock held
// waits without the GIL, on |gate|: a binary semaphore kept locked, which
// the holder posts once when it gives the lock back while someone waits.
typedef struct {
  PyObject_HEAD
  // The thread holding it (meaningful while depth > 0) and how many times.
  unsigned long owner;
  unsigned long depth;
  // Threads waiting on |gate|; whether |gate| is posted (unlocked) and not
  // yet taken by one of them.
  unsigned long waiters;
  bool gate_posted;
  PyThread_type_lock gate;
} ireec_lock_t;

static long long ireec_monotonic_us(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (long long)now.tv_sec * 1000000 + now.tv_nsec / 1000;
}

// A new gate, locked; NULL (no memory) on failure.
static PyThread_type_lock ireec_gate_new(void) {
  PyThread_type_lock gate = PyThread_allocate_lock();
  if (gate) PyThread_acquire_lock(gate, WAIT_LOCK);
  return gate;
}

// Waits (without the GIL) until the lock is free and takes it, for at most
// |timeout_us| (-1: for ever), running signal handlers when a signal
// interrupts the wait. 1 when taken, 0 when the time ran out, -1 with a
// Python error (a handler raised).
static int ireec_lock_wait(ireec_lock_t* self, PY_TIMEOUT_T timeout_us,
                           unsigned long me) {
  long long deadline = timeout_us > 0 ? ireec_monotonic_us() + timeout_us : 0;
  int taken = 0;
  ++self->waiters;
  for (;;) {
    PyLockStatus result;
    Py_BEGIN_ALLOW_THREADS;
    result = PyThread_acquire_lock_timed(self->gate, timeout_us, /*intr_flag=*/1);
    Py_END_ALLOW_THREADS;
    if (result == PY_LOCK_ACQUIRED) self->gate_posted = false;  // (locked again)
    if (self->depth == 0) {
      // Free (another thread may have taken it meanwhile: then wait again).
      self->owner = me;
      self->depth = 1;
      taken = 1;
      break;
    }
    // PY_LOCK_INTR: a signal arrived; its handler may raise.
    if (result == PY_LOCK_INTR && Py_MakePendingCalls() < 0) {
      taken = -1;
      break;
    }
    if (result == PY_LOCK_FAILURE) break;  // the time ran out
    if (timeout_us > 0) {
      timeout_us = (PY_TIMEOUT_T)(deadline - ireec_monotonic_us());
      if (timeout_us <= 0) break;
    }
  }
  --self->waiters;
  return taken;
}

// Takes |self| (again, if this thread holds it): 1 taken, 0 not (only when
// |timeout_us| is not -1), -1 with a Python error.
static int ireec_lock_take(ireec_lock_t* self, PY_TIMEOUT_T timeout_us) {
  unsigned long me = PyThread_get_thread_ident();
  if (self->depth == 0) {
    self->owner = me;
    self->depth = 1;
    return 1;
  }
  if (self->owner == me) {
    ++self->depth;
    return 1;
  }
  if (timeout_us == 0) return 0;
  return ireec_lock_wait(self, timeout_us, me);
}

int ireec_lock_acquire(PyObject* lock) {
  return ireec_lock_take((ireec_lock_t*)lock, -1) == 1 ? 0 : -1;
}

int ireec_lock_release(PyObject* object) {
  ireec_lock_t* self = (ireec_lock_t*)object;
  if (self->depth == 0 || self->owner != PyThread_get_thread_ident()) {
    PyErr_SetString(PyExc_RuntimeError, "cannot release un-acquired lock");
    return -1;
  }
  if (--self->depth == 0) {
    self->owner = 0;
    // One waiter wakes (a posted gate wakes one; whoever takes it posts
    // again when they give the lock back).
    if (self->waiters && !self->gate_posted) {
      self->gate_posted = true;
      PyThread_release_lock(self->gate);
    }
  }
  return 0;
}

static PyObject* ireec_lock_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  if (PyTuple_GET_SIZE(args) || (kwargs && PyDict_GET_SIZE(kwargs))) {
    PyErr_SetString(PyExc_TypeError, "Lock() takes no arguments");
    return NULL;
  }
  ireec_lock_t* self = (ireec_lock_t*)type->tp_alloc(type, 0);
  if (!self) return NULL;
  self->gate = ireec_gate_new();
  if (!self->gate) {
    Py_DECREF(self);
    PyErr_NoMemory();
    return NULL;
  }
  return (PyObject*)self;
}

static void ireec_lock_dealloc(PyObject* object) {
  ireec_lock_t* self = (ireec_lock_t*)object;
  if (self->gate) {
    // PyThread_free_lock of a held lock is undefined on some platforms.
    if (!self->gate_posted) PyThread_release_lock(self->gate);
    PyThread_free_lock(self->gate);
  }
  Py_TYPE(object)->tp_free(object);
}

// acquire(blocking=True, timeout=-1), as RLock.acquire.
static PyObject* ireec_lock_acquire_method(PyObject* object, PyObject* args,
                                           PyObject* kwargs) {
  static char* keywords[] = {"blocking", "timeout", NULL};
  int blocking = 1;
  double timeout = -1;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|pd:acquire", keywords, &blocking,
                                   &timeout)) {
    return NULL;
  }
  if (!blocking && timeout != -1) {
    PyErr_SetString(PyExc_ValueError, "can't specify a timeout for a non-blocking call");
    return NULL;
  }
  if (timeout < 0 && timeout != -1) {
    PyErr_SetString(PyExc_ValueError, "timeout value must be a non-negative number");
    return NULL;
  }
  PY_TIMEOUT_T timeout_us = -1;
  if (!blocking) {
    timeout_us = 0;
  } else if (timeout >= 0) {
    if (timeout * 1e6 >= (double)PY_TIMEOUT_MAX) {
      PyErr_SetString(PyExc_OverflowError, "timeout value is too large");
      return NULL;
    }
    timeout_us = (PY_TIMEOUT_T)(timeout * 1e6);
  }
  int taken = ireec_lock_take((ireec_lock_t*)object, timeout_us);
  if (taken < 0) return NULL;
  return PyBool_FromLong(taken);
}

static PyObject* ireec_lock_release_method(PyObject* object, PyObject* unused) {
  if (ireec_lock_release(object) != 0) return NULL;
  Py_RETURN_NONE;
}

static PyObject* ireec_lock_enter(PyObject* object, PyObject* unused) {
  if (ireec_lock_acquire(object) != 0) return NULL;
  Py_RETURN_TRUE;
}

static PyObject* ireec_lock_exit(PyObject* object, PyObject* args) {
  if (ireec_lock_release(object) != 0) return NULL;
  Py_RETURN_NONE;
}

static PyObject* ireec_lock_is_owned(PyObject* object, PyObject* unused) {
  ireec_lock_t* self = (ireec_lock_t*)object;
  return PyBool_FromLong(self->depth > 0 && self->owner == PyThread_get_thread_ident());
}

// In a forked child: the thread that held the lock, and any waiting for it,
// are gone. A new gate replaces the old one (leaked: freeing a lock in an
// unknown state is undefined).
static PyObject* ireec_lock_at_fork_reinit(PyObject* object, PyObject* unused) {
  ireec_lock_t* self = (ireec_lock_t*)object;
  PyThread_type_lock gate = ireec_gate_new();
  if (!gate) return PyErr_NoMemory();
  self->gate = gate;
  self->gate_posted = false;
  self->owner = 0;
  self->depth = 0;
  self->waiters = 0;
  Py_RETURN_NONE;
}

static PyObject* ireec_lock_repr(PyObject* object) {
  ireec_lock_t* self = (ireec_lock_t*)object;
  return PyUnicode_FromFormat("<ireec._cext.Lock %s owner=%lu count=%lu>",
                              self->depth ? "locked" : "unlocked",
                              self->depth ? self->owner : 0UL, self->depth);
}

static PyMethodDef ireec_lock_methods[] = {
    {"acquire", (PyCFunction)(void (*)(void))ireec_lock_acquire_method,
     METH_VARARGS | METH_KEYWORDS,
     "acquire(blocking=True, timeout=-1): takes the lock (again, if this "
     "thread holds it); True if taken."},
    {"release", ireec_lock_release_method, METH_NOARGS,
     "Gives back one acquire(); RuntimeError if this thread does not hold it."},
    {"__enter__", ireec_lock_enter, METH_NOARGS, "acquire()"},
    {"__exit__", ireec_lock_exit, METH_VARARGS, "release()"},
    {"_is_owned", ireec_lock_is_owned, METH_NOARGS,
     "Whether this thread holds the lock."},
    {"_at_fork_reinit", ireec_lock_at_fork_reinit, METH_NOARGS,
     "Makes the lock new and unheld (in a forked child)."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject ireec_lock_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ireec._cext.Lock",
    .tp_basicsize = sizeof(ireec_lock_t),
    .tp_dealloc = ireec_lock_dealloc,
    .tp_repr = ireec_lock_repr,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A reentrant lock (as threading.RLock) that C code takes without "
              "calling Python.",
    .tp_methods = ireec_lock_methods,
    .tp_new = ireec_lock_new,
};
