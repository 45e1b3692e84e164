// Session.call(name, *args, device=None, out=None) in C: the PreparedCall
// the session makes a function's calls with, found by name in the session's
// table, called as C calls an Invoker (invoker.c), with no Python frame of
// its own. A name not in the table (not called yet, or not a function) goes
// to the session's own Session._call, which looks the function up, says what
// is wrong, and puts the function's call in the table: the one cache of
// call objects.

#include "cext.h"

// call(name, *args, device=None, out=None).
static PyObject* ireec_session_call_method(PyObject* self, PyObject* const* args,
                                           Py_ssize_t nargs, PyObject* kwnames) {
  PyObject* calls = ((ireec_session_handle_t*)self)->calls;
  if (nargs >= 1 && calls && PyUnicode_CheckExact(args[0])) {
    PyObject* call = PyDict_GetItemWithError(calls, args[0]);
    if (call && PyObject_TypeCheck(call, &ireec_invoker_type)) {
      Py_INCREF(call);  // (a close() may empty the table meanwhile)
      PyObject* results = ireec_invoker_vectorcall(call, args + 1, nargs - 1, kwnames);
      Py_DECREF(call);
      return results;
    }
    if (PyErr_Occurred()) return NULL;
  }
  // The session's own _call (Python): it looks the function up, says what
  // is wrong, and puts the function's call in the table.
  static PyObject* call_name = NULL;
  if (!call_name) {
    call_name = PyUnicode_InternFromString("_call");
    if (!call_name) return NULL;
  }
  Py_ssize_t keywords = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  PyObject** stack = PyMem_Malloc(sizeof(PyObject*) * (size_t)(1 + nargs + keywords));
  if (!stack) return PyErr_NoMemory();
  stack[0] = self;
  for (Py_ssize_t i = 0; i < nargs + keywords; ++i) stack[1 + i] = args[i];
  PyObject* results = PyObject_VectorcallMethod(call_name, stack, 1 + nargs, kwnames);
  PyMem_Free(stack);
  return results;
}

// _calls: the table, made on first use.
static PyObject* ireec_session_get_calls(PyObject* self, void* closure) {
  ireec_session_handle_t* session = (ireec_session_handle_t*)self;
  if (!session->calls) {
    session->calls = PyDict_New();
    if (!session->calls) return NULL;
  }
  return Py_NewRef(session->calls);
}

PyMethodDef ireec_session_methods[] = {
    {"call", (PyCFunction)(void (*)(void))ireec_session_call_method,
     METH_FASTCALL | METH_KEYWORDS,
     // The first lines are CPython's text signature (inspect.signature).
     "call($self, name, /, *args, device=None, out=None)\n--\n\n"
     "Calls the function `name` (\"module.function\") with `args` and returns\n"
     "its results in order, or reads them into `out`\n"
     "(iree_runtime_session_call; see PreparedCall)."},
    {NULL, NULL, 0, NULL},
};

PyGetSetDef ireec_session_getset[] = {
    {"_calls", ireec_session_get_calls, NULL,
     "{function name: the PreparedCall Session.call makes its calls with}.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};
