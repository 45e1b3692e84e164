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

typedef struct {
  PyObject_HEAD
  PyThread_type_lock lock;
  // The thread holding it (meaningful while depth > 0) and how many times.
  unsigned long owner;
  unsigned long depth;
} ireec_lock_t;

// Waits for |self->lock| without the GIL, at most |timeout_us| (-1: for
// ever), running signal handlers when a signal interrupts the wait. 1 when
// taken, 0 when the time ran out, -1 with a Python error (a handler raised).
static long long ireec_monotonic_us(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (long long)now.tv_sec * 1000000 + now.tv_nsec / 1000;
}

static int ireec_lock_wait(ireec_lock_t* self, PY_TIMEOUT_T timeout_us) {
  long long deadline = 0;
  if (timeout_us > 0) deadline = ireec_monotonic_us() + timeout_us;
  for (;;) {
    PyLockStatus result;
    Py_BEGIN_ALLOW_THREADS;
    result = PyThread_acquire_lock_timed(self->lock, timeout_us, /*intr_flag=*/1);
    Py_END_ALLOW_THREADS;
    if (result == PY_LOCK_ACQUIRED) return 1;
    if (result == PY_LOCK_FAILURE) return 0;
    // PY_LOCK_INTR: a signal arrived; its handler may raise.
    if (Py_MakePendingCalls() < 0) return -1;
    if (timeout_us > 0) {
      timeout_us = (PY_TIMEOUT_T)(deadline - ireec_monotonic_us());
      if (timeout_us <= 0) return 0;
    }
  }
}

// Takes |self| (again, if this thread holds it): 1 taken, 0 not (only when
// |timeout_us| is not -1), -1 with a Python error.
static int ireec_lock_take(ireec_lock_t* self, PY_TIMEOUT_T timeout_us) {
  unsigned long me = PyThread_get_thread_ident();
  if (self->depth > 0 && self->owner == me) {
    ++self->depth;
    return 1;
  }
  int taken = PyThread_acquire_lock(self->lock, NOWAIT_LOCK);
  if (!taken && timeout_us != 0) taken = ireec_lock_wait(self, timeout_us);
  if (taken != 1) return taken;
  self->owner = me;
  self->depth = 1;
  return 1;
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
    PyThread_release_lock(self->lock);
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
  self->lock = PyThread_allocate_lock();
  if (!self->lock) {
    Py_DECREF(self);
    PyErr_NoMemory();
    return NULL;
  }
  return (PyObject*)self;
}

static void ireec_lock_dealloc(PyObject* object) {
  ireec_lock_t* self = (ireec_lock_t*)object;
  if (self->lock) {
    // PyThread_free_lock of a held lock is undefined on some platforms.
    if (self->depth > 0) PyThread_release_lock(self->lock);
    PyThread_free_lock(self->lock);
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

// In a forked child: the thread that held the lock is gone. A new lock
// replaces it (the old one, maybe held, is leaked: freeing a held lock is
// undefined).
static PyObject* ireec_lock_at_fork_reinit(PyObject* object, PyObject* unused) {
  ireec_lock_t* self = (ireec_lock_t*)object;
  PyThread_type_lock lock = PyThread_allocate_lock();
  if (!lock) return PyErr_NoMemory();
  self->lock = lock;
  self->owner = 0;
  self->depth = 0;
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
