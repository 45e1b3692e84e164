// Handle, the C base type of every ireec object that owns an IREE reference
// (ireec._handles.Handle and so Instance, Device, Session, Semaphore, Fence,
// BufferView, the VM lists): the reference itself, who is using it, and what
// must outlive it.
//
// Why in C: close() must be safe from any thread while another thread is in
// the middle of a call, a wait, a format or an upload on the same object.
// Those release the GIL while IREE works on the pointer, so a close() that
// released the reference at once would free it under them. Here the
// reference is released when the last user leaves: work on an object holds
// a use (_acquire/_release_use, or a child object made from it: a
// BufferView holds a use of its Device, a Device of its Instance), and
// close() only marks the object closed (new uses then raise ClosedError)
// and releases if nobody is using it. Users are counted under the GIL.
//
// The release runs without the GIL: releasing a device joins its worker
// threads, which may be waiting for the GIL (a zero-copy release callback).
//
// ireec_handle_new makes an instance of a Handle subclass (a call's
// BufferView results) from C without running Python code: the C state here
// is all such an object is.

#include "cext.h"

#include <string.h>

// The release functions a Handle may own a reference through, by name: the
// address Python passes to _adopt comes from here (release_address), so it
// is the function itself, not a wrapper of it.
typedef struct {
  const char* name;
  void (*release)(void*);
} ireec_release_entry_t;
static const ireec_release_entry_t ireec_releases[] = {
    {"iree_runtime_instance_release", (void (*)(void*))iree_runtime_instance_release},
    {"iree_runtime_session_release", (void (*)(void*))iree_runtime_session_release},
    {"iree_hal_device_release", (void (*)(void*))iree_hal_device_release},
    {"iree_hal_semaphore_release", (void (*)(void*))iree_hal_semaphore_release},
    {"iree_hal_fence_release", (void (*)(void*))iree_hal_fence_release},
    {"iree_hal_buffer_view_release", (void (*)(void*))iree_hal_buffer_view_release},
    {"iree_vm_list_release", (void (*)(void*))iree_vm_list_release},
    // ireec.ParameterIndex.
    {"iree_io_parameter_index_release", (void (*)(void*))iree_io_parameter_index_release},
};

PyObject* ireec_release_address(PyObject* module, PyObject* name) {
  const char* text = PyUnicode_Check(name) ? PyUnicode_AsUTF8(name) : NULL;
  if (!text) {
    PyErr_Clear();
    PyErr_SetString(PyExc_TypeError, "release_address(name: str)");
    return NULL;
  }
  for (size_t i = 0; i < sizeof(ireec_releases) / sizeof(ireec_releases[0]); ++i) {
    if (strcmp(ireec_releases[i].name, text) == 0) {
      return PyLong_FromVoidPtr((void*)ireec_releases[i].release);
    }
  }
  PyErr_Format(PyExc_ValueError, "%s is not a release function a Handle owns through",
               text);
  return NULL;
}

int ireec_handle_raise_closed(PyObject* self) {
  PyErr_Format(ireec_closed_error ? ireec_closed_error : PyExc_ValueError,
               "%s is closed", _PyType_Name(Py_TYPE(self)));
  return -1;
}

// Whether |release| may run with the GIL held: releasing a buffer view, a
// list, a semaphore or a fence joins no thread, and a call's results are
// released by the thousand, where dropping the GIL would cost more than the
// release.
static bool ireec_release_keeps_gil(void (*release)(void*)) {
  return release == (void (*)(void*))iree_hal_buffer_view_release ||
         release == (void (*)(void*))iree_vm_list_release ||
         release == (void (*)(void*))iree_hal_semaphore_release ||
         release == (void (*)(void*))iree_hal_fence_release;
}

// Releases the reference, then the use of the parent and what had to
// outlive the reference (a list is emptied: its owner may keep it).
static void ireec_handle_do_release(ireec_handle_t* self) {
  void* ptr = self->ptr;
  void (*release)(void*) = self->release;
  self->ptr = NULL;
  self->closed = true;
  if (ptr && release) {
    if (ireec_release_keeps_gil(release)) {
      release(ptr);
    } else {
      Py_BEGIN_ALLOW_THREADS;
      release(ptr);
      Py_END_ALLOW_THREADS;
    }
  }
  // The uses of the parent go; the parent object stays referenced (a
  // BufferView's `device` is its parent) until this object goes.
  PyObject* parent = self->parent;
  if (parent && !self->parent_released) {
    self->parent_released = true;
    if (PyTuple_CheckExact(parent)) {
      for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(parent); ++i) {
        ireec_handle_release_use(PyTuple_GET_ITEM(parent, i));
      }
    } else {
      ireec_handle_release_use(parent);
    }
  }
  PyObject* keep_alive = self->keep_alive;
  self->keep_alive = NULL;
  if (keep_alive) {
    if (PyList_CheckExact(keep_alive)) {
      PyList_SetSlice(keep_alive, 0, PyList_GET_SIZE(keep_alive), NULL);
    }
    Py_DECREF(keep_alive);
  }
}

int ireec_handle_acquire(PyObject* object) {
  ireec_handle_t* self = (ireec_handle_t*)object;
  if (ireec_handle_is_closed(object)) return ireec_handle_raise_closed(object);
  ++self->users;
  return 0;
}

void ireec_handle_release_use(PyObject* object) {
  ireec_handle_t* self = (ireec_handle_t*)object;
  if (self->users > 0) --self->users;
  if (self->users == 0 && self->closed && self->ptr) ireec_handle_do_release(self);
}

// _adopt(address, release_address, parent=None, keep_alive=None): takes
// over one reference to the object at |address|, released by the function at
// |release_address|; holds a use of |parent| (a Handle, or a tuple of them:
// closed ones too, unless already released) until then, and keeps
// |keep_alive| referenced until after the release.
static PyObject* ireec_handle_adopt(PyObject* object, PyObject* const* args,
                                    Py_ssize_t nargs) {
  ireec_handle_t* self = (ireec_handle_t*)object;
  if (nargs < 2 || nargs > 4) {
    PyErr_SetString(PyExc_TypeError,
                    "_adopt(address, release_address, parent=None, keep_alive=None)");
    return NULL;
  }
  if (self->ptr || self->closed) {
    PyErr_SetString(PyExc_ValueError, "this object already owns a reference");
    return NULL;
  }
  void* addresses[2];
  if (ireec_read_addresses(args, 2, addresses) != 0) return NULL;
  PyObject* parent = nargs > 2 && args[2] != Py_None ? args[2] : NULL;
  if (parent) {
    bool several = PyTuple_CheckExact(parent);
    Py_ssize_t count = several ? PyTuple_GET_SIZE(parent) : 1;
    for (Py_ssize_t i = 0; i < count; ++i) {
      PyObject* each = several ? PyTuple_GET_ITEM(parent, i) : parent;
      if (!PyObject_TypeCheck(each, &ireec_handle_type)) {
        PyErr_SetString(PyExc_TypeError, "parent must be an ireec handle or a tuple of them");
      } else if (((ireec_handle_t*)each)->ptr) {
        // Closed or not: a child keeps its parent's reference from going
        // (a call's results, on a session whose Device wrapper was closed).
        ++((ireec_handle_t*)each)->users;
        continue;
      } else {
        ireec_handle_raise_closed(each);
      }
      for (Py_ssize_t j = 0; j < i; ++j) {
        ireec_handle_release_use(PyTuple_GET_ITEM(parent, j));
      }
      return NULL;
    }
    self->parent = Py_NewRef(parent);
  }
  if (nargs > 3 && args[3] != Py_None) {
    Py_XSETREF(self->keep_alive, Py_NewRef(args[3]));
  }
  self->ptr = addresses[0];
  self->release = (void (*)(void*))addresses[1];
  Py_RETURN_NONE;
}

PyObject* ireec_handle_new(PyTypeObject* type, void* ptr, void (*release)(void*),
                           PyObject* parent) {
  if (parent && !((ireec_handle_t*)parent)->ptr) {
    release(ptr);
    ireec_handle_raise_closed(parent);
    return NULL;
  }
  ireec_handle_t* self = (ireec_handle_t*)type->tp_alloc(type, 0);
  if (!self) {
    release(ptr);
    return NULL;
  }
  if (parent) {
    // Closed or not, as _adopt: a result keeps its device's reference.
    ++((ireec_handle_t*)parent)->users;
    self->parent = Py_NewRef(parent);
  }
  self->ptr = ptr;
  self->release = release;
  return (PyObject*)self;
}

static PyObject* ireec_handle_close(PyObject* object, PyObject* unused) {
  ireec_handle_t* self = (ireec_handle_t*)object;
  self->closed = true;
  if (self->users == 0 && self->ptr) ireec_handle_do_release(self);
  Py_RETURN_NONE;
}

// _leak_reference(): in a forked child, closed for good without ever
// releasing: a use that is never given back (closed or not, in use or not).
static PyObject* ireec_handle_leak_reference(PyObject* object, PyObject* unused) {
  ireec_handle_t* self = (ireec_handle_t*)object;
  if (self->ptr) ++self->users;
  self->closed = true;
  Py_RETURN_NONE;
}

static PyObject* ireec_handle_acquire_method(PyObject* object, PyObject* unused) {
  if (ireec_handle_acquire(object) != 0) return NULL;
  Py_RETURN_NONE;
}

static PyObject* ireec_handle_release_use_method(PyObject* object, PyObject* unused) {
  ireec_handle_release_use(object);
  Py_RETURN_NONE;
}

static PyObject* ireec_handle_get_closed(PyObject* object, void* closure) {
  return PyBool_FromLong(ireec_handle_is_closed(object));
}

static PyObject* ireec_handle_get_address(PyObject* object, void* closure) {
  ireec_handle_t* self = (ireec_handle_t*)object;
  if (ireec_handle_is_closed(object)) Py_RETURN_NONE;
  return PyLong_FromVoidPtr(self->ptr);
}

static PyObject* ireec_handle_get_released(PyObject* object, void* closure) {
  return PyBool_FromLong(((ireec_handle_t*)object)->ptr == NULL);
}

static PyObject* ireec_handle_get_parent(PyObject* object, void* closure) {
  PyObject* parent = ((ireec_handle_t*)object)->parent;
  return Py_NewRef(parent ? parent : Py_None);
}

static PyObject* ireec_handle_get_users(PyObject* object, void* closure) {
  return PyLong_FromSsize_t(((ireec_handle_t*)object)->users);
}

static int ireec_handle_traverse(PyObject* object, visitproc visit, void* arg) {
  ireec_handle_t* self = (ireec_handle_t*)object;
  Py_VISIT(self->parent);
  Py_VISIT(self->keep_alive);
  return 0;
}

static int ireec_handle_clear(PyObject* object) {
  ireec_handle_t* self = (ireec_handle_t*)object;
  // Collected in a cycle: nobody can be using it any more.
  if (self->ptr) {
    self->users = 0;
    ireec_handle_do_release(self);
  }
  Py_CLEAR(self->parent);
  Py_CLEAR(self->keep_alive);
  return 0;
}

static void ireec_handle_dealloc(PyObject* object) {
  ireec_handle_t* self = (ireec_handle_t*)object;
  PyTypeObject* type = Py_TYPE(object);
  PyObject_GC_UnTrack(object);
  if (self->weakreflist) PyObject_ClearWeakRefs(object);
  // Python subclasses' slots first (their __slots__ hold Python objects).
  ireec_handle_clear(object);
  // (A subclass's dealloc, which called this one, drops the type's reference.)
  type->tp_free(object);
}

static PyMethodDef ireec_handle_methods[] = {
    {"_adopt", (PyCFunction)(void (*)(void))ireec_handle_adopt, METH_FASTCALL,
     "_adopt(address, release_address, parent=None, keep_alive=None)"},
    {"close", ireec_handle_close, METH_NOARGS,
     "Releases the reference: now, or when the last user (a call, a wait, a "
     "child object) leaves. Closing twice is harmless."},
    {"_acquire", ireec_handle_acquire_method, METH_NOARGS,
     "Takes a use (ClosedError if closed): the reference stays until "
     "_release_use()."},
    {"_leak_reference", ireec_handle_leak_reference, METH_NOARGS,
     "Closes without ever releasing the reference (a forked child's)."},
    {"_release_use", ireec_handle_release_use_method, METH_NOARGS,
     "Gives back a use taken by _acquire()."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef ireec_handle_getset[] = {
    {"closed", ireec_handle_get_closed, NULL,
     "True once close() was called (or the reference was never taken).", NULL},
    {"_address", ireec_handle_get_address, NULL,
     "The pointer as an int, None once closed.", NULL},
    {"_users", ireec_handle_get_users, NULL, "Uses in flight.", NULL},
    {"_parent", ireec_handle_get_parent, NULL,
     "The Handle (or tuple of them) given to _adopt as parent, or None.", NULL},
    {"_released", ireec_handle_get_released, NULL,
     "True once the reference is gone (closed and no longer used).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject ireec_handle_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ireec._cext.Handle",
    .tp_basicsize = sizeof(ireec_handle_t),
    .tp_dealloc = ireec_handle_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "One reference to an IREE object, released when closed and no "
              "longer in use.",
    .tp_traverse = ireec_handle_traverse,
    .tp_clear = ireec_handle_clear,
    .tp_weaklistoffset = offsetof(ireec_handle_t, weakreflist),
    .tp_methods = ireec_handle_methods,
    .tp_getset = ireec_handle_getset,
    .tp_new = PyType_GenericNew,
};
