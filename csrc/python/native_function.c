// NativeFunction: one function of an ireec.vm.NativeModule (a VM module
// written in Python), and the one shim IREE calls every such function
// through.
//
// IREE calls a native module's function as shim(stack, flags, arguments,
// results, target, module, state): the arguments and results packed in the
// order of the calling convention (i32/f32 4 bytes, i64/f64 8, a ref 16:
// its pointer and type), without padding. Every export of a NativeModule
// has this file's shim and, as its target, its NativeFunction (IREE only
// hands the target back to the shim, never calls it).
//
// Why in C: a program may call an import thousands of times per call, and
// every step through cffi (taking the GIL, wrapping each argument, reading
// bytes, packing results) costs a few hundred nanoseconds; here a call
// whose arguments and results are all scalars crosses into Python once, to
// call the function itself, which costs about as much as IREE's own Python
// binding. Anything else goes to the Python functions the NativeFunction
// was made with (ireec/vm/native_module.py): `general(arguments address,
// results address, state address)` makes the whole call (ref arguments
// become ireec objects), and `pack(returned, results address, state
// address)` packs what the fast path does not take (refs, numpy scalars,
// a wrong type or number of results, which it reports).
//
// An exception from any of them becomes the failed status that
// `failed(exception)` (ireec/_core/callbacks.py's one mechanism) returns
// the address of: the caller's session.call raises that same exception.
// The GIL is taken on entry (the thread invoking released it) and given
// back before returning to IREE.

#include "cext.h"

#define IREEC_NATIVE_MAX_KINDS IREEC_FAST_MAX_ARGS

typedef struct {
  PyObject_HEAD
  PyObject* target;   // the Python function
  PyObject* general;  // general(args_address, rets_address, state_address)
  PyObject* pack;     // pack(returned, rets_address, state_address)
  PyObject* failed;   // failed(exception) -> address of a new failed status
  iree_host_size_t args_size;
  iree_host_size_t rets_size;
  // The kinds the fast path handles ('i', 'I', 'f', 'F'); set only when
  // every argument (every result) is a scalar and there are few enough.
  char arg_kinds[IREEC_NATIVE_MAX_KINDS + 1];
  char result_kinds[IREEC_NATIVE_MAX_KINDS + 1];
  bool scalar_args;
  bool scalar_results;
} ireec_native_function_t;

// The packed size of the kinds |kinds| ('v' none), or 0 with a Python
// error for any other letter.
static bool ireec_packed_size(PyObject* kinds, iree_host_size_t* out_size, char* fast,
                              bool* out_fast) {
  Py_ssize_t length = 0;
  const char* text = PyUnicode_AsUTF8AndSize(kinds, &length);
  if (!text) return false;
  iree_host_size_t size = 0;
  bool scalars = length <= IREEC_NATIVE_MAX_KINDS;
  for (Py_ssize_t i = 0; i < length; ++i) {
    switch (text[i]) {
      case 'i':
      case 'f':
        size += 4;
        break;
      case 'I':
      case 'F':
        size += 8;
        break;
      case 'r':
        size += sizeof(iree_vm_ref_t);
        scalars = false;
        break;
      default:
        PyErr_Format(PyExc_ValueError, "'%c' is not a calling-convention kind", text[i]);
        return false;
    }
  }
  if (scalars) memcpy(fast, text, (size_t)length + 1);
  *out_size = size;
  *out_fast = scalars;
  return true;
}

static PyObject* ireec_native_function_new(PyTypeObject* type, PyObject* args,
                                           PyObject* kwargs) {
  PyObject *target, *arg_kinds, *result_kinds, *general, *pack, *failed;
  if (!PyArg_ParseTuple(args, "OUUOOO:NativeFunction", &target, &arg_kinds, &result_kinds,
                        &general, &pack, &failed)) {
    return NULL;
  }
  PyObject* callables[4] = {target, general, pack, failed};
  for (int i = 0; i < 4; ++i) {
    if (!PyCallable_Check(callables[i])) {
      PyErr_SetString(PyExc_TypeError,
                      "NativeFunction(target, arg_kinds, result_kinds, general, pack, "
                      "failed): target, general, pack and failed must be callable");
      return NULL;
    }
  }
  ireec_native_function_t* self = (ireec_native_function_t*)type->tp_alloc(type, 0);
  if (!self) return NULL;
  if (!ireec_packed_size(arg_kinds, &self->args_size, self->arg_kinds, &self->scalar_args) ||
      !ireec_packed_size(result_kinds, &self->rets_size, self->result_kinds,
                         &self->scalar_results)) {
    Py_DECREF(self);
    return NULL;
  }
  self->target = Py_NewRef(target);
  self->general = Py_NewRef(general);
  self->pack = Py_NewRef(pack);
  self->failed = Py_NewRef(failed);
  return (PyObject*)self;
}

static int ireec_native_function_traverse(PyObject* object, visitproc visit, void* arg) {
  ireec_native_function_t* self = (ireec_native_function_t*)object;
  Py_VISIT(self->target);
  Py_VISIT(self->general);
  Py_VISIT(self->pack);
  Py_VISIT(self->failed);
  return 0;
}

static int ireec_native_function_clear(PyObject* object) {
  ireec_native_function_t* self = (ireec_native_function_t*)object;
  Py_CLEAR(self->target);
  Py_CLEAR(self->general);
  Py_CLEAR(self->pack);
  Py_CLEAR(self->failed);
  return 0;
}

static void ireec_native_function_dealloc(PyObject* object) {
  PyObject_GC_UnTrack(object);
  ireec_native_function_clear(object);
  Py_TYPE(object)->tp_free(object);
}

// ---------------------------------------------------------------------------
// The call
// ---------------------------------------------------------------------------

// The scalar arguments as new Python objects in |argv|; false with a
// Python error (those made so far released).
static bool ireec_unpack_scalars(const ireec_native_function_t* self, const uint8_t* data,
                                 PyObject** argv, Py_ssize_t* out_count) {
  Py_ssize_t count = 0;
  for (const char* kind = self->arg_kinds; *kind; ++kind) {
    PyObject* value = NULL;
    switch (*kind) {
      case 'i': {
        int32_t v;
        memcpy(&v, data, sizeof(v));
        data += sizeof(v);
        value = PyLong_FromLong(v);
      } break;
      case 'I': {
        int64_t v;
        memcpy(&v, data, sizeof(v));
        data += sizeof(v);
        value = PyLong_FromLongLong(v);
      } break;
      case 'f': {
        float v;
        memcpy(&v, data, sizeof(v));
        data += sizeof(v);
        value = PyFloat_FromDouble(v);
      } break;
      default: {  // 'F'
        double v;
        memcpy(&v, data, sizeof(v));
        data += sizeof(v);
        value = PyFloat_FromDouble(v);
      } break;
    }
    if (!value) {
      for (Py_ssize_t i = 0; i < count; ++i) Py_DECREF(argv[i]);
      return false;
    }
    argv[count++] = value;
  }
  *out_count = count;
  return true;
}

// Packs |returned| into |rets| when every result is a Python int or float
// of its kind's range (ints signless, as ireec/vm/value.py takes them);
// false, with nothing written and no Python error, for anything else.
static bool ireec_pack_scalars(const ireec_native_function_t* self, PyObject* returned,
                               uint8_t* rets) {
  Py_ssize_t count = (Py_ssize_t)strlen(self->result_kinds);
  if (count == 0) return returned == Py_None;
  PyObject* const* values = &returned;
  if (count > 1) {
    if (!PyTuple_CheckExact(returned) || PyTuple_GET_SIZE(returned) != count) return false;
    values = &PyTuple_GET_ITEM(returned, 0);
  }
  uint8_t packed[IREEC_NATIVE_MAX_KINDS * 8];
  uint8_t* p = packed;
  for (Py_ssize_t i = 0; i < count; ++i) {
    PyObject* value = values[i];
    char kind = self->result_kinds[i];
    if (kind == 'i' || kind == 'I') {
      if (!PyLong_CheckExact(value)) return false;
      int overflow = 0;
      long long v = PyLong_AsLongLongAndOverflow(value, &overflow);
      if (overflow || (v == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return false;  // (the general path takes unsigned i64 bit patterns)
      }
      if (kind == 'i') {
        if (v < INT32_MIN || v > (long long)UINT32_MAX) return false;
        uint32_t bits = (uint32_t)v;
        memcpy(p, &bits, sizeof(bits));
        p += sizeof(bits);
      } else {
        int64_t bits = (int64_t)v;
        memcpy(p, &bits, sizeof(bits));
        p += sizeof(bits);
      }
      continue;
    }
    double v;
    if (PyFloat_CheckExact(value)) {
      v = PyFloat_AS_DOUBLE(value);
    } else if (PyLong_CheckExact(value)) {
      v = PyLong_AsDouble(value);
      if (v == -1.0 && PyErr_Occurred()) {
        PyErr_Clear();
        return false;
      }
    } else {
      return false;
    }
    if (kind == 'f') {
      float narrow = (float)v;
      memcpy(p, &narrow, sizeof(narrow));
      p += sizeof(narrow);
    } else {
      memcpy(p, &v, sizeof(v));
      p += sizeof(v);
    }
  }
  memcpy(rets, packed, (size_t)(p - packed));
  return true;
}

// The failed status of the Python exception set now (cleared):
// `failed(exception)`'s, or an INTERNAL one if even that fails.
static iree_status_t ireec_status_of_raised(const ireec_native_function_t* self) {
#if PY_VERSION_HEX >= 0x030C0000
  PyObject* error = PyErr_GetRaisedException();
#else
  PyObject *type, *error, *traceback;
  PyErr_Fetch(&type, &error, &traceback);
  PyErr_NormalizeException(&type, &error, &traceback);
  if (traceback && error) PyException_SetTraceback(error, traceback);
  Py_XDECREF(type);
  Py_XDECREF(traceback);
#endif
  PyObject* address = error ? PyObject_CallOneArg(self->failed, error) : NULL;
  Py_XDECREF(error);
  void* status = address ? PyLong_AsVoidPtr(address) : NULL;
  Py_XDECREF(address);
  if (status) return (iree_status_t)status;
  PyErr_Clear();
  return iree_make_status(IREE_STATUS_INTERNAL,
                          "a Python function IREE called failed, and its failure "
                          "could not be reported");
}

// Calls |f| with the three addresses and drops its result; false with a
// Python error.
static bool ireec_call_with_addresses(PyObject* f, PyObject* first, const void* rets,
                                      const void* state) {
  PyObject* rets_address = PyLong_FromVoidPtr((void*)rets);
  PyObject* state_address = rets_address ? PyLong_FromVoidPtr((void*)state) : NULL;
  PyObject* result = NULL;
  if (state_address) {
    PyObject* argv[3] = {first, rets_address, state_address};
    result = PyObject_Vectorcall(f, argv, 3, NULL);
  }
  Py_XDECREF(rets_address);
  Py_XDECREF(state_address);
  Py_XDECREF(result);
  return result != NULL;
}

static iree_status_t ireec_native_function_call(ireec_native_function_t* self,
                                                iree_byte_span_t args, iree_byte_span_t rets,
                                                void* module_state) {
  if (!self->scalar_args) {
    PyObject* args_address = PyLong_FromVoidPtr(args.data);
    bool done = args_address && ireec_call_with_addresses(self->general, args_address,
                                                          rets.data, module_state);
    Py_XDECREF(args_address);
    return done ? iree_ok_status() : ireec_status_of_raised(self);
  }
  // Only argv[0..count) is read. For a function without arguments nothing is
  // written, and gcc cannot see that the call then reads nothing
  // (-Wmaybe-uninitialized): the first slot is set, which says so for one
  // store on every call, where zeroing the whole array costs a block fill.
  PyObject* argv[IREEC_NATIVE_MAX_KINDS];
  argv[0] = NULL;
  Py_ssize_t count = 0;
  if (!ireec_unpack_scalars(self, args.data, argv, &count)) {
    return ireec_status_of_raised(self);
  }
  PyObject* returned = PyObject_Vectorcall(self->target, argv, count, NULL);
  for (Py_ssize_t i = 0; i < count; ++i) Py_DECREF(argv[i]);
  if (!returned) return ireec_status_of_raised(self);
  bool done = (self->scalar_results && ireec_pack_scalars(self, returned, rets.data)) ||
              ireec_call_with_addresses(self->pack, returned, rets.data, module_state);
  Py_DECREF(returned);
  return done ? iree_ok_status() : ireec_status_of_raised(self);
}

static bool ireec_python_is_finalizing(void) {
#if PY_VERSION_HEX >= 0x030D0000
  return Py_IsFinalizing();
#else
  return _Py_IsFinalizing();
#endif
}

iree_status_t ireec_native_function_shim(iree_vm_stack_t* stack,
                                         iree_vm_native_function_flags_t flags,
                                         iree_byte_span_t args, iree_byte_span_t rets,
                                         iree_vm_native_function_target_t target,
                                         void* module, void* module_state) {
  ireec_native_function_t* self = (ireec_native_function_t*)(uintptr_t)target;
  if (args.data_length != self->args_size || rets.data_length != self->rets_size) {
    return iree_make_status(IREE_STATUS_INVALID_ARGUMENT,
                            "a Python function was called with %zu bytes of arguments and "
                            "%zu of results; its calling convention has %zu and %zu",
                            (size_t)args.data_length, (size_t)rets.data_length,
                            (size_t)self->args_size, (size_t)self->rets_size);
  }
  if (ireec_python_is_finalizing()) {
    return iree_make_status(IREE_STATUS_UNAVAILABLE,
                            "a Python function was called while the interpreter exits");
  }
  PyGILState_STATE gil = PyGILState_Ensure();
  iree_status_t status = ireec_native_function_call(self, args, rets, module_state);
  PyGILState_Release(gil);
  return status;
}

// ---------------------------------------------------------------------------
// The type
// ---------------------------------------------------------------------------

static PyObject* ireec_native_function_get_address(PyObject* object, void* closure) {
  return PyLong_FromVoidPtr(object);
}

static PyGetSetDef ireec_native_function_getset[] = {
    {"address", ireec_native_function_get_address, NULL,
     "This object's address: the target of its export, which IREE hands back "
     "to the shim.",
     NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject ireec_native_function_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ireec._cext.NativeFunction",
    .tp_basicsize = sizeof(ireec_native_function_t),
    .tp_dealloc = ireec_native_function_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "NativeFunction(target, arg_kinds, result_kinds, general, pack, failed): "
              "a function of a VM module written in Python, called by IREE through "
              "native_function_shim with this object as its target.",
    .tp_traverse = ireec_native_function_traverse,
    .tp_clear = ireec_native_function_clear,
    .tp_getset = ireec_native_function_getset,
    .tp_new = ireec_native_function_new,
};
