// Handle, the C base type of every ireec object that owns an IREE
// reference, and its kinds: one C type per IREE object (the rows of
// handle_kinds.h: InstanceHandle, DeviceHandle, BufferViewHandle, ...),
// which the Python class of that object subclasses (ireec.Device is a
// DeviceHandle). The kind fixes at compile time how the reference is
// retained and released, and which cffi pointer `.handle` is; the pointer
// itself is held here and nowhere else.
//
// Why in C: close() must be safe from any thread while another thread is in
// the middle of a call, a wait, a format or an upload on the same object.
// Those release the GIL while IREE works on the pointer, so a close() that
// released the reference at once would free it under them. Here the
// reference is released when the last user leaves: work on an object holds
// a use (a Use block, or a child object made from it: a
// BufferView holds a use of its Device, a Device of its Instance), and
// close() only marks the object closed (new uses then raise ClosedError)
// and releases if nobody is using it. Users are counted under the GIL.
//
// Releasing a device, a session or an instance runs without the GIL: it
// joins worker threads, which may be waiting for the GIL (a zero-copy
// release callback).
//
// ireec_handle_new makes an instance of a Handle subclass (a call's
// BufferView results) from C without running Python code: the C state here
// is all such an object is.

#include "cext.h"

// ---------------------------------------------------------------------------
// The kinds
// ---------------------------------------------------------------------------

static PyObject* ireec_handle_tp_new(PyTypeObject* type, PyObject* args, PyObject* kwargs);
static int ireec_handle_traverse(PyObject* object, visitproc visit, void* arg);
static int ireec_handle_clear(PyObject* object);
static void ireec_handle_dealloc(PyObject* object);

// One kind, made from its row of the table (handle_kinds.h): its retain
// and release (IREE's, typed) and its type object, a subclass of Handle.
#define IREEC_HANDLE_SIZE sizeof(ireec_handle_t)
#define IREEC_DEFINE_HANDLE_KIND(name, python_name, iree_prefix, pointee, keeps_gil, size, \
                                 methods, getset, buffer_procs, doc)                      \
  static void ireec_##name##_retain(void* ptr) { iree_prefix##_retain((pointee*)ptr); }   \
  static void ireec_##name##_release(void* ptr) { iree_prefix##_release((pointee*)ptr); } \
  ireec_handle_kind_t ireec_##name##_handle_kind = {                                      \
      .type =                                                                             \
          {                                                                               \
              PyVarObject_HEAD_INIT(NULL, 0).tp_name = "ireec._cext." #python_name,       \
              .tp_basicsize = size,                                                       \
              .tp_dealloc = ireec_handle_dealloc,                                         \
              .tp_as_buffer = buffer_procs,                                               \
              .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,  \
              .tp_doc = doc,                                                              \
              .tp_traverse = ireec_handle_traverse,                                       \
              .tp_clear = ireec_handle_clear,                                             \
              .tp_methods = methods,                                                      \
              .tp_getset = getset,                                                        \
              .tp_base = &ireec_handle_type,                                              \
              .tp_new = ireec_handle_tp_new,                                              \
          },                                                                              \
      .retain = ireec_##name##_retain,                                                    \
      .release = ireec_##name##_release,                                                  \
      .release_keeps_gil = keeps_gil,                                                     \
      .c_type = #pointee "*",                                                             \
      .out_c_type = #pointee "**",                                                        \
  };
IREEC_HANDLE_KIND_TABLE(IREEC_DEFINE_HANDLE_KIND)
#undef IREEC_DEFINE_HANDLE_KIND

#define IREEC_HANDLE_KIND_ADDRESS(name, ...) &ireec_##name##_handle_kind,
ireec_handle_kind_t* const ireec_handle_kinds[IREEC_HANDLE_KINDS] = {
    IREEC_HANDLE_KIND_TABLE(IREEC_HANDLE_KIND_ADDRESS)};
#undef IREEC_HANDLE_KIND_ADDRESS

const ireec_handle_kind_t* ireec_handle_kind_of(PyTypeObject* type) {
  // The class's MRO holds its kind (a Python class may put other bases
  // before it).
  PyObject* mro = type->tp_mro;
  for (Py_ssize_t i = 0; mro && i < PyTuple_GET_SIZE(mro); ++i) {
    PyObject* base = PyTuple_GET_ITEM(mro, i);
    for (size_t k = 0; k < IREEC_HANDLE_KINDS; ++k) {
      if (base == (PyObject*)&ireec_handle_kinds[k]->type) return ireec_handle_kinds[k];
    }
  }
  return NULL;
}

// ---------------------------------------------------------------------------
// Uses and release
// ---------------------------------------------------------------------------

int ireec_handle_raise_closed(PyObject* self) {
  long inherited_from = PyObject_TypeCheck(self, &ireec_handle_type)
                            ? ((ireec_handle_t*)self)->inherited_from
                            : 0;
  // An object a forked child inherited says so (ireec/_core/fork.py).
  PyObject* message =
      inherited_from
          ? PyUnicode_FromFormat(
                "%s was created in process %ld and inherited by this one across "
                "fork(); IREE objects do not survive fork (their worker threads stay "
                "in the parent). Create new objects in the child, or start workers "
                "with multiprocessing's 'spawn' start method",
                _PyType_Name(Py_TYPE(self)), inherited_from)
          : PyUnicode_FromFormat("%s is closed", _PyType_Name(Py_TYPE(self)));
  if (!message) return -1;
  PyErr_SetObject(ireec_closed_error ? ireec_closed_error : PyExc_ValueError, message);
  Py_DECREF(message);
  return -1;
}

static void ireec_handle_release_parent_uses(PyObject* parent) {
  if (PyTuple_CheckExact(parent)) {
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(parent); ++i) {
      ireec_handle_release_use(PyTuple_GET_ITEM(parent, i));
    }
  } else {
    ireec_handle_release_use(parent);
  }
}

// Releases the reference, then the use of the parent and what had to
// outlive the reference (a list is emptied: its owner may keep it).
static void ireec_handle_do_release(ireec_handle_t* self) {
  void* ptr = self->ptr;
  self->ptr = NULL;
  self->closed = true;
  Py_CLEAR(self->cdata);
  if (ptr && self->kind) {
    if (self->kind->release_keeps_gil) {
      self->kind->release(ptr);
    } else {
      Py_BEGIN_ALLOW_THREADS;
      self->kind->release(ptr);
      Py_END_ALLOW_THREADS;
    }
  }
  // The uses of the parent go; the parent object stays referenced (a
  // BufferView's `device` is its parent) until this object goes.
  PyObject* parent = self->parent;
  if (parent && !self->parent_released) {
    self->parent_released = true;
    ireec_handle_release_parent_uses(parent);
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

// Takes a use of |parent| (a Handle, or a tuple of them: closed ones too,
// unless already released: a child keeps its parent's reference from going,
// as a call's results on a session whose Device wrapper was closed); 0, or
// -1 with a Python error and no use taken.
static int ireec_handle_take_parent(PyObject* parent) {
  bool several = PyTuple_CheckExact(parent);
  Py_ssize_t count = several ? PyTuple_GET_SIZE(parent) : 1;
  for (Py_ssize_t i = 0; i < count; ++i) {
    PyObject* each = several ? PyTuple_GET_ITEM(parent, i) : parent;
    if (!PyObject_TypeCheck(each, &ireec_handle_type)) {
      PyErr_SetString(PyExc_TypeError, "parent must be an ireec handle or a tuple of them");
    } else if (((ireec_handle_t*)each)->ptr) {
      ++((ireec_handle_t*)each)->users;
      continue;
    } else {
      ireec_handle_raise_closed(each);
    }
    for (Py_ssize_t j = 0; j < i; ++j) {
      ireec_handle_release_use(PyTuple_GET_ITEM(parent, j));
    }
    return -1;
  }
  return 0;
}

PyObject* ireec_cffi_pointer(PyObject* cffi_type, void* ptr) {
  if (!ireec_require_installed()) return NULL;
  PyObject* address = PyLong_FromVoidPtr(ptr);
  if (!address) return NULL;
  PyObject* args[2] = {cffi_type, address};
  PyObject* cdata = PyObject_Vectorcall(ireec_cffi_cast, args, 2, NULL);
  Py_DECREF(address);
  return cdata;
}

int ireec_cffi_address(PyObject* cdata, void** out_ptr) {
  *out_ptr = NULL;
  PyObject* args[2] = {ireec_uintptr_cffi_type, cdata};
  PyObject* cast = PyObject_Vectorcall(ireec_cffi_cast, args, 2, NULL);
  PyObject* address = cast ? PyNumber_Long(cast) : NULL;
  Py_XDECREF(cast);
  if (!address) return -1;
  *out_ptr = PyLong_AsVoidPtr(address);
  Py_DECREF(address);
  return *out_ptr || !PyErr_Occurred() ? 0 : -1;
}

// ---------------------------------------------------------------------------
// Making one
// ---------------------------------------------------------------------------

static PyObject* ireec_handle_tp_new(PyTypeObject* type, PyObject* args,
                                     PyObject* kwargs) {
  const ireec_handle_kind_t* kind = ireec_handle_kind_of(type);
  if (!kind) {
    PyErr_Format(PyExc_TypeError,
                 "%s is not a kind of ireec._cext.Handle (subclass one of its "
                 "kinds, e.g. DeviceHandle)",
                 _PyType_Name(type));
    return NULL;
  }
  ireec_handle_t* self = (ireec_handle_t*)type->tp_alloc(type, 0);
  if (self) self->kind = kind;
  return (PyObject*)self;
}

PyObject* ireec_handle_new(PyTypeObject* type, const ireec_handle_kind_t* kind,
                           void* ptr, PyObject* parent) {
  if (parent && !((ireec_handle_t*)parent)->ptr) {
    kind->release(ptr);
    ireec_handle_raise_closed(parent);
    return NULL;
  }
  ireec_handle_t* self = (ireec_handle_t*)type->tp_alloc(type, 0);
  if (!self) {
    kind->release(ptr);
    return NULL;
  }
  self->kind = kind;
  if (parent) {
    // Closed or not, as _adopt: a result keeps its device's reference.
    ++((ireec_handle_t*)parent)->users;
    self->parent = Py_NewRef(parent);
  }
  self->ptr = ptr;
  return (PyObject*)self;
}

// _adopt(address, retain=False, parent=None, keep_alive=None): takes over
// one reference to the object of this Handle's kind at |address| (adding
// one of its own first if |retain|); holds a use of |parent| until then,
// and keeps |keep_alive| referenced until after the release. If |parent|
// is released (ClosedError) or not a Handle, the reference is released.
static PyObject* ireec_handle_adopt(PyObject* object, PyObject* const* args,
                                    Py_ssize_t nargs) {
  ireec_handle_t* self = (ireec_handle_t*)object;
  if (nargs < 1 || nargs > 4) {
    PyErr_SetString(PyExc_TypeError,
                    "_adopt(address, retain=False, parent=None, keep_alive=None)");
    return NULL;
  }
  if (self->ptr || self->closed) {
    PyErr_SetString(PyExc_ValueError, "this object already owns a reference");
    return NULL;
  }
  void* ptr = PyLong_AsVoidPtr(args[0]);
  if (!ptr) {
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "_adopt: the address is 0");
    return NULL;
  }
  int retain = nargs > 1 ? PyObject_IsTrue(args[1]) : 0;
  if (retain < 0) return NULL;
  if (retain) self->kind->retain(ptr);
  PyObject* parent = nargs > 2 && args[2] != Py_None ? args[2] : NULL;
  if (parent && ireec_handle_take_parent(parent) != 0) {
    // Ours now, and nobody else's.
    self->kind->release(ptr);
    return NULL;
  }
  self->parent = Py_XNewRef(parent);
  if (nargs > 3 && args[3] != Py_None) {
    Py_XSETREF(self->keep_alive, Py_NewRef(args[3]));
  }
  self->ptr = ptr;
  Py_RETURN_NONE;
}

// _keep(object): keeps |object| referenced until after the release, with
// what _adopt or _create was given to keep: what the object comes to need
// after it was made (a Fence a use of another device's semaphore inserted
// into it). ClosedError once closed.
static PyObject* ireec_handle_keep(PyObject* object, PyObject* kept) {
  ireec_handle_t* self = (ireec_handle_t*)object;
  if (ireec_handle_is_closed(object)) {
    ireec_handle_raise_closed(object);
    return NULL;
  }
  if (!self->keep_alive || !PyList_CheckExact(self->keep_alive)) {
    // The release clears a list; what was kept before goes into it.
    PyObject* list = self->keep_alive ? PyList_New(1) : PyList_New(0);
    if (!list) return NULL;
    if (self->keep_alive) PyList_SET_ITEM(list, 0, self->keep_alive);
    self->keep_alive = list;
  }
  if (PyList_Append(self->keep_alive, kept) != 0) return NULL;
  Py_RETURN_NONE;
}

// The most arguments _create passes on (IREE's constructors take fewer).
#define IREEC_CREATE_MAX_ARGS 15

// _create(parent, keep_alive, function, *args): calls the cffi function
// `function(*args, out)`, one of IREE's that makes an object of this
// Handle's kind into |out| (e.g. iree_hal_semaphore_create, out an
// iree_hal_semaphore_t**), and owns what it makes; True, or False if
// IREE made nothing and said OK (iree_hal_fence_join of no timepoints).
//
// Why: made in Python (an `out` of ffi.new, then _adopt), the reference
// is nobody's between the two steps, and an exception raised there by a
// signal handler (Ctrl-C) leaks it; releasing it in an `except` instead
// released it twice once _adopt had taken it. Here everything from IREE
// storing the pointer to this Handle owning it, the failed status raised
// included, is one C function, in which no Python code can raise.
//
// A use of |parent| (a Handle or a tuple of them) is taken first
// (ClosedError if it is closed, before anything is made) and kept as
// _adopt's; |keep_alive| is kept until after the release. A failed status
// is raised as its ireec.errors class (the use of |parent| then given
// back); IREE leaves |out| unset when it fails.
static PyObject* ireec_handle_create(PyObject* object, PyObject* const* args,
                                     Py_ssize_t nargs) {
  ireec_handle_t* self = (ireec_handle_t*)object;
  if (nargs < 3 || nargs - 3 > IREEC_CREATE_MAX_ARGS || !PyCallable_Check(args[2])) {
    PyErr_SetString(PyExc_TypeError, "_create(parent, keep_alive, function, *args)");
    return NULL;
  }
  if (self->ptr || self->closed) {
    PyErr_SetString(PyExc_ValueError, "this object already owns a reference");
    return NULL;
  }
  if (!ireec_require_installed()) return NULL;
  PyObject* parent = args[0] != Py_None ? args[0] : NULL;
  if (parent && ireec_handle_take_parent(parent) != 0) return NULL;

  void* created = NULL;
  PyObject* out = ireec_cffi_pointer(self->kind->out_cffi_type, &created);
  PyObject* returned = NULL;
  if (out) {
    PyObject* call_args[IREEC_CREATE_MAX_ARGS + 1];
    Py_ssize_t count = nargs - 3;
    for (Py_ssize_t i = 0; i < count; ++i) call_args[i] = args[3 + i];
    call_args[count] = out;
    // cffi releases the GIL for the call; nothing else runs Python code
    // from here until the reference is this Handle's.
    returned = PyObject_Vectorcall(args[2], call_args, (size_t)count + 1, NULL);
    Py_DECREF(out);
  }
  iree_status_t status = NULL;
  if (returned) {
    void* address = NULL;
    if (ireec_cffi_address(returned, &address) == 0) {
      status = (iree_status_t)address;
    } else {
      // Not a status: the call did not return one.
      PyErr_Clear();
      PyErr_SetString(PyExc_TypeError, "_create: the function must return an iree_status_t");
      created = NULL;  // (not one of IREE's constructors: nothing to own)
      Py_CLEAR(returned);
    }
  }
  if (!returned || !iree_status_is_ok(status) || !created) {
    if (parent) ireec_handle_release_parent_uses(parent);  // as if never taken
    if (!returned) return NULL;
    Py_DECREF(returned);
    if (!iree_status_is_ok(status)) return ireec_raise_status(status, NULL);
    Py_RETURN_FALSE;
  }
  Py_DECREF(returned);
  self->parent = Py_XNewRef(parent);
  if (args[1] != Py_None) Py_XSETREF(self->keep_alive, Py_NewRef(args[1]));
  self->ptr = created;
  Py_RETURN_TRUE;
}

// ---------------------------------------------------------------------------
// Methods and attributes
// ---------------------------------------------------------------------------

static PyObject* ireec_handle_close(PyObject* object, PyObject* unused) {
  ireec_handle_t* self = (ireec_handle_t*)object;
  self->closed = true;
  if (self->users == 0 && self->ptr) ireec_handle_do_release(self);
  Py_RETURN_NONE;
}

// _leak_reference(parent_pid): in a forked child, closed for good without
// ever releasing: a use that is never given back (closed or not, in use or
// not); ClosedError then names the parent process.
static PyObject* ireec_handle_leak_reference(PyObject* object, PyObject* pid) {
  ireec_handle_t* self = (ireec_handle_t*)object;
  long parent = PyLong_AsLong(pid);
  if (parent == -1 && PyErr_Occurred()) return NULL;
  if (self->ptr) ++self->users;
  self->closed = true;
  self->inherited_from = parent;
  Py_RETURN_NONE;
}

static PyObject* ireec_handle_get_inherited_from(PyObject* object, void* closure) {
  long pid = ((ireec_handle_t*)object)->inherited_from;
  if (!pid) Py_RETURN_NONE;
  return PyLong_FromLong(pid);
}

static PyObject* ireec_handle_require_open(PyObject* object, PyObject* unused) {
  if (ireec_handle_is_closed(object)) {
    ireec_handle_raise_closed(object);
    return NULL;
  }
  Py_RETURN_NONE;
}

// `.handle`: the pointer as cffi sees it, made once per reference.
static PyObject* ireec_handle_get_handle(PyObject* object, void* closure) {
  ireec_handle_t* self = (ireec_handle_t*)object;
  if (ireec_handle_is_closed(object)) {
    ireec_handle_raise_closed(object);
    return NULL;
  }
  if (!self->cdata) {
    self->cdata = ireec_cffi_pointer(self->kind->cffi_type, self->ptr);
    if (!self->cdata) return NULL;
  }
  return Py_NewRef(self->cdata);
}

static PyObject* ireec_handle_get_c_type(PyObject* object, void* closure) {
  ireec_handle_t* self = (ireec_handle_t*)object;
  if (!ireec_require_installed()) return NULL;
  return Py_NewRef(self->kind->cffi_type);
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
  if (self->kind == &ireec_session_handle_kind) {
    Py_VISIT(((ireec_session_handle_t*)self)->calls);
  }
  return 0;
}

static int ireec_handle_clear(PyObject* object) {
  ireec_handle_t* self = (ireec_handle_t*)object;
  // Collected in a cycle. A use still held is a child's collected in the
  // same cycle (each child references its parent): the child's own clear
  // gives it back, and the reference goes then, after the child's. Released
  // first, a device would go before its buffers, and IREE's GPU drivers
  // unload the Vulkan or CUDA driver with the device's last reference: the
  // buffer's release would then call into unloaded code. So only close now.
  if (self->ptr && self->users > 0) {
    self->closed = true;
    return 0;
  }
  if (self->ptr) ireec_handle_do_release(self);
  Py_CLEAR(self->cdata);
  Py_CLEAR(self->parent);
  Py_CLEAR(self->keep_alive);
  if (self->kind == &ireec_session_handle_kind) {
    Py_CLEAR(((ireec_session_handle_t*)self)->calls);
  }
  return 0;
}

static void ireec_handle_dealloc(PyObject* object) {
  ireec_handle_t* self = (ireec_handle_t*)object;
  PyTypeObject* type = Py_TYPE(object);
  PyObject_GC_UnTrack(object);
  if (self->weakreflist) PyObject_ClearWeakRefs(object);
  // Unreferenced, so no child (each references its parent) holds a use:
  // whatever uses remain were never given back, and the reference goes now.
  self->users = 0;
  ireec_handle_clear(object);
  // (A subclass's dealloc, which called this one, drops the type's reference.)
  type->tp_free(object);
}

static PyMethodDef ireec_handle_methods[] = {
    {"_adopt", (PyCFunction)(void (*)(void))ireec_handle_adopt, METH_FASTCALL,
     "_adopt(address, retain=False, parent=None, keep_alive=None)"},
    {"_create", (PyCFunction)(void (*)(void))ireec_handle_create, METH_FASTCALL,
     "_create(parent, keep_alive, function, *args): function(*args, out) made "
     "into this object (True; False if it made nothing and said OK)"},
    {"_keep", ireec_handle_keep, METH_O,
     "_keep(object): keeps `object` referenced until after the release."},
    {"close", ireec_handle_close, METH_NOARGS,
     "Releases the reference: now, or when the last user (a call, a wait, a "
     "child object) leaves. Closing twice is harmless."},
    {"_require_open", ireec_handle_require_open, METH_NOARGS,
     "ClosedError if closed (the text says why: closed, or inherited across "
     "fork)."},
    {"_leak_reference", ireec_handle_leak_reference, METH_O,
     "_leak_reference(parent_pid): closes without ever releasing the reference "
     "(a forked child's)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef ireec_handle_getset[] = {
    {"handle", ireec_handle_get_handle, NULL,
     "The C pointer, as a cffi pointer of the object's C type (borrowed: "
     "valid while this object is open; ClosedError once closed).",
     NULL},
    {"_c_type", ireec_handle_get_c_type, NULL, "The cffi type of `handle`.", NULL},
    {"closed", ireec_handle_get_closed, NULL,
     "True once close() was called (or the reference was never taken).", NULL},
    {"_address", ireec_handle_get_address, NULL,
     "The pointer as an int, None once closed.", NULL},
    {"_users", ireec_handle_get_users, NULL, "Uses in flight.", NULL},
    {"_inherited_from", ireec_handle_get_inherited_from, NULL,
     "The process a forked child inherited the object from, or None.", NULL},
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
              "longer in use: the base of its kinds (DeviceHandle, ...).",
    .tp_traverse = ireec_handle_traverse,
    .tp_clear = ireec_handle_clear,
    .tp_weaklistoffset = offsetof(ireec_handle_t, weakreflist),
    .tp_methods = ireec_handle_methods,
    .tp_getset = ireec_handle_getset,
    .tp_new = ireec_handle_tp_new,
};

// ---------------------------------------------------------------------------
// Use: the one way Python code hands an object's pointer to IREE
// ---------------------------------------------------------------------------

// `with Use(*objects) as pointers:` holds a use of every Handle among
// |objects| for the block and yields their pointers (`.handle`), a tuple in
// the order given (None given: ffi.NULL); anything else is a TypeError.
// Every IREE call on a wrapped object's pointer is made inside such a
// block, so a close() on another thread meanwhile only marks the object
// closed: its reference goes when the block ends. __enter__ takes the uses
// all or none (ClosedError, saying which object), __exit__ gives them back,
// each in one C call: written in Python, an interrupt between taking a use
// and noting it (or inside a __del__ giving it back) left the use held for
// ever. A Use entered and kept, not exited (what a command buffer keeps of
// the objects its commands name), gives its uses back when it goes.
typedef struct {
  PyObject_HEAD
  PyObject* objects;  // the tuple given
  bool entered;       // uses held (from __enter__ to __exit__)
} ireec_use_t;

static PyObject* ireec_use_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  if (kwargs && PyDict_GET_SIZE(kwargs)) {
    PyErr_SetString(PyExc_TypeError, "Use(*objects) takes no keywords");
    return NULL;
  }
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(args); ++i) {
    PyObject* each = PyTuple_GET_ITEM(args, i);
    if (each != Py_None && !PyObject_TypeCheck(each, &ireec_handle_type)) {
      PyErr_Format(PyExc_TypeError,
                   "Use(*objects) takes ireec objects (or None), not %s",
                   Py_TYPE(each)->tp_name);
      return NULL;
    }
  }
  ireec_use_t* self = (ireec_use_t*)type->tp_alloc(type, 0);
  if (!self) return NULL;
  self->objects = Py_NewRef(args);
  self->entered = false;
  return (PyObject*)self;
}

// Gives back the uses of the first |count| objects of the tuple.
static void ireec_use_give_back(ireec_use_t* self, Py_ssize_t count) {
  for (Py_ssize_t i = 0; i < count; ++i) {
    PyObject* object = PyTuple_GET_ITEM(self->objects, i);
    if (object != Py_None) ireec_handle_release_use(object);
  }
}

static PyObject* ireec_use_enter(PyObject* object, PyObject* unused) {
  ireec_use_t* self = (ireec_use_t*)object;
  if (self->entered) {
    PyErr_SetString(PyExc_RuntimeError, "this Use is entered already");
    return NULL;
  }
  if (!ireec_require_installed()) return NULL;
  Py_ssize_t count = PyTuple_GET_SIZE(self->objects);
  PyObject* pointers = PyTuple_New(count);
  if (!pointers) return NULL;
  for (Py_ssize_t i = 0; i < count; ++i) {
    PyObject* each = PyTuple_GET_ITEM(self->objects, i);
    PyObject* pointer = NULL;
    Py_ssize_t taken = i;  // the uses to give back if this one fails
    if (each == Py_None) {
      pointer = Py_NewRef(ireec_cffi_null);
    } else if (ireec_handle_acquire(each) == 0) {
      taken = i + 1;
      pointer = ireec_handle_get_handle(each, NULL);
    }
    if (!pointer) {
      ireec_use_give_back(self, taken);
      Py_DECREF(pointers);
      return NULL;
    }
    PyTuple_SET_ITEM(pointers, i, pointer);
  }
  self->entered = true;
  return pointers;
}

static PyObject* ireec_use_exit(PyObject* object, PyObject* args) {
  ireec_use_t* self = (ireec_use_t*)object;
  if (self->entered) {
    self->entered = false;
    ireec_use_give_back(self, PyTuple_GET_SIZE(self->objects));
  }
  Py_RETURN_FALSE;
}

static int ireec_use_traverse(PyObject* object, visitproc visit, void* arg) {
  Py_VISIT(((ireec_use_t*)object)->objects);
  return 0;
}

static int ireec_use_clear(PyObject* object) {
  ireec_use_t* self = (ireec_use_t*)object;
  if (self->entered && self->objects) {
    self->entered = false;
    ireec_use_give_back(self, PyTuple_GET_SIZE(self->objects));
  }
  Py_CLEAR(self->objects);
  return 0;
}

static void ireec_use_dealloc(PyObject* object) {
  PyObject_GC_UnTrack(object);
  ireec_use_clear(object);  // (gives back the uses of one never exited)
  Py_TYPE(object)->tp_free(object);
}

static PyMethodDef ireec_use_methods[] = {
    {"__enter__", ireec_use_enter, METH_NOARGS,
     "Takes a use of every object (all or none: ClosedError) and returns "
     "their pointers, a tuple (ffi.NULL for None)."},
    {"__exit__", ireec_use_exit, METH_VARARGS, "Gives the uses back."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject ireec_use_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ireec._cext.Use",
    .tp_basicsize = sizeof(ireec_use_t),
    .tp_dealloc = ireec_use_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "`with Use(*objects) as pointers:` holds a use of every object "
              "for the block (taken and given back in C) and yields their "
              "pointers.",
    .tp_traverse = ireec_use_traverse,
    .tp_clear = ireec_use_clear,
    .tp_methods = ireec_use_methods,
    .tp_new = ireec_use_new,
};
