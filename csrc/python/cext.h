// Declarations shared by the files of the CPython extension ireec._cext
// (csrc/python/): what configure() was given, the helpers every file uses,
// and each file's functions and types.

#ifndef IREEC_PYTHON_CEXT_H_
#define IREEC_PYTHON_CEXT_H_

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdbool.h>

#include "ireec/api.h"

// The most arguments, results and dims the C call path handles; more go the
// general way (which has no such limits).
#define IREEC_FAST_MAX_ARGS 16
#define IREEC_FAST_MAX_RESULTS 16
#define IREEC_FAST_MAX_RANK 16

// What configure() was given (cext_module.c): numpy.ndarray,
// ireec.BufferView (a subclass of Handle, below: a call's buffer-view
// results are made as its instances by ireec_handle_new), {element type: numpy
// dtype} (owned by ireec's Python side, which fills it as it meets element
// types) and numpy.empty.
extern PyObject* ireec_ndarray_type;
extern PyObject* ireec_buffer_view_type;
extern PyObject* ireec_dtypes_by_element_type;
extern PyObject* ireec_numpy_empty;

// cext_module.c: the element type of a PEP 3118 buffer format, or
// IREE_HAL_ELEMENT_TYPE_NONE; false (a RuntimeError set) before configure();
// pointer arguments read from ints (-1 and a Python error if one is not).
iree_hal_element_type_t ireec_lookup_format(const char* format);
bool ireec_require_configured(void);
int ireec_read_addresses(PyObject* const* args, Py_ssize_t count, void** out);

// handle.c: Handle, the C base of every ireec object owning an IREE
// reference. |ptr| is NULL once released; |users| counts uses in flight
// (under the GIL); |closed| refuses new uses; |parent| is a Handle (or a
// tuple of them) this one holds a use of until released (|parent_released|
// once given back; the object itself stays referenced, a BufferView's
// `device`); |keep_alive| outlives the release.
typedef struct {
  PyObject_HEAD
  void* ptr;
  void (*release)(void*);
  Py_ssize_t users;
  bool closed;
  bool parent_released;
  PyObject* parent;
  PyObject* keep_alive;
  PyObject* weakreflist;
} ireec_handle_t;
extern PyTypeObject ireec_handle_type;
// Whether the Handle |object| is closed or released: no new use may start.
static inline bool ireec_handle_is_closed(PyObject* object) {
  ireec_handle_t* handle = (ireec_handle_t*)object;
  return handle->closed || !handle->ptr;
}
// release_address(name): the address of the release function |name|.
PyObject* ireec_release_address(PyObject* module, PyObject* name);
// Raises ClosedError naming |self|'s type; returns -1.
int ireec_handle_raise_closed(PyObject* self);
// Takes a use of an open Handle (0), or raises ClosedError (-1).
int ireec_handle_acquire(PyObject* handle);
// Gives back a use; the last one out of a closed Handle releases it.
void ireec_handle_release_use(PyObject* handle);
// A new instance of |type| (a subclass of Handle) owning the reference
// |ptr| (released by |release|) and holding a use of the Handle |parent|
// (or none for NULL), made without running Python code (its Python slots
// stay unset). On failure (no memory, |parent| released: ClosedError) the
// reference is released and NULL returned with a Python error.
PyObject* ireec_handle_new(PyTypeObject* type, void* ptr, void (*release)(void*),
                           PyObject* parent);

// invoke.c: "module.function", the name |function| was looked up by (a
// Function's name), for messages; NULL with a Python error.
PyObject* ireec_function_full_name(const iree_vm_function_t* function);
// results.c: the one result decoder. |results| is a list as
// ireec_fast_invoke returns it; in place, each int (a new buffer-view
// reference) becomes a BufferView holding a use of |device|, each None the
// value read from |outputs| (which is then emptied), an out array stays.
// Returns a new reference to |results|, or NULL with a Python error (every
// reference then released or owned by an object). Results C does not
// convert go to the function given to register_result_decoder.
PyObject* ireec_results_decode(PyObject* results, iree_vm_list_t* outputs,
                               PyObject* device, const iree_vm_function_t* function);
PyObject* ireec_register_result_decoder(PyObject* module, PyObject* decoder);
PyObject* ireec_decode_results(PyObject* module, PyObject* const* args,
                               Py_ssize_t nargs);
// invoke.c: the invoke (below), untraced: |*out_failed| set when IREE
// failed (the exception raised).
PyObject* ireec_invoke_once(PyObject* const* args, Py_ssize_t nargs, bool* out_failed);
// invoke.c: invoke(addresses, args, out, bound).
PyObject* ireec_fast_invoke(PyObject* module, PyObject* const* args,
                            Py_ssize_t nargs);
// invoke.c: trace_invokes(list or None), for tests: which path calls took.
PyObject* ireec_trace_invokes(PyObject* module, PyObject* trace);
// read_dense.c: read_dense(view, max_bytes).
PyObject* ireec_fast_read_dense(PyObject* module, PyObject* const* args,
                                Py_ssize_t nargs);
// errors.c: the ireec.errors classes (register_errors(ClosedError,
// IreeError, {code: class}), once) and the ABORTED note hook
// (register_abort_note(function), once).
extern PyObject* ireec_closed_error;
PyObject* ireec_register_errors(PyObject* module, PyObject* const* args,
                                Py_ssize_t nargs);
PyObject* ireec_register_abort_note(PyObject* module, PyObject* note);
// Raises the failed |status| (taken: freed here) as its ireec.errors class,
// with |note| (a str, or NULL for none) added as its note; returns NULL.
PyObject* ireec_raise_status(iree_status_t status, PyObject* note);
// With an exception set: if it is an AbortedError, lets the registered hook
// add its notes about |session|'s failed devices.
void ireec_note_aborted(PyObject* session);

// lock.c: Lock, a reentrant lock taken and given back from C (a Session's).
// ireec_lock_acquire blocks (without the GIL) until taken: 0, or -1 with a
// Python error (a signal handler raised); ireec_lock_release: 0, or -1 with
// a RuntimeError when this thread does not hold it.
extern PyTypeObject ireec_lock_type;
int ireec_lock_acquire(PyObject* lock);
int ireec_lock_release(PyObject* lock);

// invoker.c: the Invoker type (the base of PreparedCall and BoundCall), and
// register_declined_call(function): where the calls it declines go.
extern PyTypeObject ireec_invoker_type;
PyObject* ireec_register_declined_call(PyObject* module, PyObject* function);

#endif  // IREEC_PYTHON_CEXT_H_
