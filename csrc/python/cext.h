// Declarations shared by the files of the CPython extension ireec._cext
// (csrc/python/): what install() was given, the C types (Handle and its
// typed kinds, Invoker, Lock) and each file's functions.

#ifndef IREEC_PYTHON_CEXT_H_
#define IREEC_PYTHON_CEXT_H_

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdbool.h>

#include "ireec/api.h"
#include "handle_kinds.h"

// numpy's C API, for arrays in and out of the call path and readback: an
// array's data, shape and dtype read from its struct, and new arrays made
// without parsing arguments. One table for every file of the extension,
// filled by import_array() in cext_module.c; built against numpy 2's
// headers for numpy 1.26 and later (the runtime requirement).
#define NPY_NO_DEPRECATED_API NPY_1_23_API_VERSION
#define NPY_TARGET_VERSION NPY_1_23_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL ireec_numpy_api
#ifndef IREEC_CEXT_IMPORTS_NUMPY
#define NO_IMPORT_ARRAY
#endif
#include <numpy/arrayobject.h>

// The most arguments, results and dims the C call path handles; more go the
// general way (which has no such limits).
#define IREEC_FAST_MAX_ARGS 16
#define IREEC_FAST_MAX_RESULTS 16
#define IREEC_FAST_MAX_RANK 16

// Views of at least this many bytes are read back with their copy placed
// at the source's offset within a page
// (ireec_hal_buffer_view_map_read_dense_page_matched); below it the extra
// steps cost more than they gain.
#define IREEC_PAGE_MATCHED_READ_MIN_BYTES ((iree_device_size_t)1 << 20)

// ---------------------------------------------------------------------------
// install() (cext_module.c): what ireec's Python side hands the extension,
// once, when the package is imported. Everything below is NULL before.
// ---------------------------------------------------------------------------

// ireec.BufferView: a call's buffer-view results are made as its instances
// (ireec_handle_new); and the classes of its other kinds of ref result:
// ireec.Fence, ireec.Semaphore, ireec.vm.List, ireec.vm.Buffer.
extern PyTypeObject* ireec_buffer_view_class;
extern PyObject* ireec_fence_class;
extern PyObject* ireec_semaphore_class;
extern PyObject* ireec_vm_list_class;
extern PyObject* ireec_vm_buffer_class;
// ireec.vm.register_type's tables (ireec/vm/ref_type.py): {type id:
// RefType} and {token: the Python object a C object stands for}.
extern PyObject* ireec_ref_types;
extern PyObject* ireec_ref_objects;
// {element type: numpy dtype}, owned by ireec.hal.element_type (it grows by
// ml_dtypes' types once they are imported): read through ireec_dtype_for.
extern PyObject* ireec_dtypes_by_element_type;
// {numpy dtype: element type}, the same table's other way; asked for a
// dtype it lacks (PyObject_GetItem), it learns ml_dtypes' types or raises
// the TypeError naming a dtype with none.
extern PyObject* ireec_element_types_by_dtype;
// ffi.cast, for the cffi pointers `.handle` and the invoker's lists are
// seen as from Python.
extern PyObject* ireec_cffi_cast;
// ffi.typeof("uintptr_t"): the type a cffi pointer is cast to for its
// address (ireec_cffi_address).
extern PyObject* ireec_uintptr_cffi_type;
// ffi.NULL: the pointer a Use yields for None.
extern PyObject* ireec_cffi_null;
// {number: exception}: the exceptions Python callbacks raised, kept under
// the number their failed statuses name (ireec/_core/callbacks.py); the one
// status converter (errors.c) raises the one a status names again.
extern PyObject* ireec_python_exceptions;
// False, with a RuntimeError set, before install().
bool ireec_require_installed(void);

// ---------------------------------------------------------------------------
// arrays.c: numpy arrays in and out.
// ---------------------------------------------------------------------------

// Describes |array| in |host_array| (its dims in |dims|) when it is an exact
// numpy array, C-contiguous (and writeable if asked), of a native-order
// dtype with an element type and at most IREEC_FAST_MAX_RANK dims. False
// (nothing set, no Python error) when the call path declines it.
bool ireec_array_describe(PyObject* array, bool writable, iree_hal_dim_t* dims,
                          ireec_host_array_t* host_array);
// The numpy dtype of |element_type| (borrowed), or NULL without a Python
// error when the table has none (yet: ml_dtypes' types come once imported).
PyArray_Descr* ireec_dtype_for(iree_hal_element_type_t element_type);
// The numpy dtype of |element_type| (a new reference): the table's, which
// learns ml_dtypes' types when it first needs one; NULL with its TypeError
// for an element type numpy cannot hold.
PyArray_Descr* ireec_dtype_of(iree_hal_element_type_t element_type);
// Reads {dtype: element type} (ireec's table) into the per-type-number
// table ireec_array_describe uses; -1 with a Python error.
int ireec_arrays_install(PyObject* element_types_by_dtype);

// ---------------------------------------------------------------------------
// handle.c: Handle, the C base of every ireec object owning an IREE
// reference, and its typed kinds.
// ---------------------------------------------------------------------------

// A kind of Handle: the C type of one IREE object (InstanceHandle,
// DeviceHandle, BufferViewHandle, ...), which the Python class of that
// object subclasses. The type carries the object's retain and release
// (fixed at compile time), whether releasing it may keep the GIL, and the
// cffi type of its `.handle`.
typedef struct ireec_handle_kind_t {
  PyTypeObject type;  // first: the kind is its type object
  void (*retain)(void*);
  void (*release)(void*);
  // Releasing joins no thread (buffer views, lists, semaphores, fences),
  // and a call's results are released by the thousand, where dropping the
  // GIL would cost more than the release.
  bool release_keeps_gil;
  const char* c_type;   // e.g. "iree_hal_device_t*"
  PyObject* cffi_type;  // ffi.typeof(c_type), set by install()
  // What IREE's functions making one take (e.g. "iree_hal_device_t**"),
  // for _create, and its cffi type (install()).
  const char* out_c_type;
  PyObject* out_cffi_type;
} ireec_handle_kind_t;

// The kinds, one per row of the table (handle_kinds.h): ireec_<name>_handle_kind.
#define IREEC_DECLARE_HANDLE_KIND(name, ...) extern ireec_handle_kind_t ireec_##name##_handle_kind;
IREEC_HANDLE_KIND_TABLE(IREEC_DECLARE_HANDLE_KIND)
#undef IREEC_DECLARE_HANDLE_KIND
// Every kind, in the table's order, and how many.
#define IREEC_COUNT_HANDLE_KIND(...) +1
enum { IREEC_HANDLE_KINDS = 0 IREEC_HANDLE_KIND_TABLE(IREEC_COUNT_HANDLE_KIND) };
#undef IREEC_COUNT_HANDLE_KIND
extern ireec_handle_kind_t* const ireec_handle_kinds[IREEC_HANDLE_KINDS];

// A Handle: the reference (NULL once released), read through the member of
// its kind; |users| counts uses in flight (under the GIL); |closed| refuses
// new uses; |parent| is a Handle (or a tuple of them) this one holds a use
// of until released (|parent_released| once given back; the object itself
// stays referenced, a BufferView's `device`); |keep_alive| outlives the
// release; |cdata| is `.handle`, made on first use and dropped with the
// reference.
typedef struct {
  PyObject_HEAD
  union {
    void* ptr;
#define IREEC_HANDLE_POINTER(name, python_name, iree_prefix, pointee, ...) pointee* name;
    IREEC_HANDLE_KIND_TABLE(IREEC_HANDLE_POINTER)
#undef IREEC_HANDLE_POINTER
  };
  const ireec_handle_kind_t* kind;
  PyObject* cdata;
  Py_ssize_t users;
  bool closed;
  bool parent_released;
  // The process the object was made in, when this one inherited it across
  // fork() (_leak_reference): it is then closed for good; 0 otherwise.
  long inherited_from;
  PyObject* parent;
  PyObject* keep_alive;
  PyObject* weakreflist;
} ireec_handle_t;
extern PyTypeObject ireec_handle_type;

// A SessionHandle: its Handle, and Session.call's table (session.c).
typedef struct {
  ireec_handle_t handle;
  // {function name: the PreparedCall Session.call makes that function's
  // calls with}, or NULL: filled by the Python path when it first calls a
  // name, emptied with the session's cache of functions.
  PyObject* calls;
} ireec_session_handle_t;
extern PyMethodDef ireec_session_methods[];
extern PyGetSetDef ireec_session_getset[];

// Whether |object| is a Handle of |kind| (its Python subclasses included).
static inline bool ireec_handle_check(PyObject* object, const ireec_handle_kind_t* kind) {
  return PyObject_TypeCheck(object, (PyTypeObject*)&kind->type);
}
// Whether the Handle |object| is closed or released: no new use may start.
static inline bool ireec_handle_is_closed(PyObject* object) {
  ireec_handle_t* handle = (ireec_handle_t*)object;
  return handle->closed || !handle->ptr;
}
// The kind whose instances |type| makes, or NULL (the abstract Handle).
const ireec_handle_kind_t* ireec_handle_kind_of(PyTypeObject* type);
// Raises ClosedError for |self| (a Handle, or an Invoker): "X is closed", or,
// for a Handle a forked child inherited, why it cannot be used; returns -1.
int ireec_handle_raise_closed(PyObject* self);
// Takes a use of an open Handle (0), or raises ClosedError (-1).
int ireec_handle_acquire(PyObject* handle);
// Gives back a use; the last one out of a closed Handle releases it.
void ireec_handle_release_use(PyObject* handle);
// A new instance of |type| (a subclass of |kind|'s type) owning the
// reference |ptr| and holding a use of the Handle |parent| (or none for
// NULL), made without running Python code (its Python slots stay unset).
// On failure (no memory, |parent| released: ClosedError) the reference is
// released and NULL returned with a Python error.
PyObject* ireec_handle_new(PyTypeObject* type, const ireec_handle_kind_t* kind,
                           void* ptr, PyObject* parent);
// |ptr| as the cffi pointer of |kind|'s C type: a new reference, or NULL
// with a Python error.
PyObject* ireec_cffi_pointer(PyObject* cffi_type, void* ptr);
// The address the cffi pointer |cdata| holds, in |*out_ptr|; -1 with a
// Python error.
int ireec_cffi_address(PyObject* cdata, void** out_ptr);

// ---------------------------------------------------------------------------
// errors.c: the one converter of failed iree_status_t to exceptions.
// ---------------------------------------------------------------------------

// The ireec.errors classes (install()).
extern PyObject* ireec_closed_error;
extern PyObject* ireec_iree_error;
extern PyObject* ireec_aborted_error;
extern PyObject* ireec_errors_by_code;
// The exception of the failed |status| (taken: freed here): the class of its
// code (IreeError for any other) made with (IREE's text, code), |note| (a
// str, or NULL) added as its note. NULL with a Python error if making it
// failed.
PyObject* ireec_status_error(iree_status_t status, PyObject* note);
// Raises ireec_status_error(|status|, |note|); returns NULL.
PyObject* ireec_raise_status(iree_status_t status, PyObject* note);
// error_from_status(address) and status_to_string(address): the converter
// for statuses cffi returned (ireec/_core/status.py).
PyObject* ireec_error_from_status_function(PyObject* module, PyObject* address);
PyObject* ireec_status_to_string_function(PyObject* module, PyObject* address);

// ---------------------------------------------------------------------------
// failed_devices.c: devices that abort all work after a failure.
// ---------------------------------------------------------------------------

// Whether the DeviceHandle |device| aborts all work (an empty queue barrier
// on it, waited for in slices, is aborted): 1 or 0, or -1 with a Python
// error (closed, the probe failing otherwise, or an interrupt).
int ireec_device_failed(PyObject* device);
// Adds to |error| a note per failed device among the Handles of the tuple
// |devices| (others are skipped); 0, or -1 with a Python error (an
// interrupt while probing).
int ireec_note_failed_devices(PyObject* devices, PyObject* error);
// With an exception set: if it is an AbortedError, adds the notes on the
// failed devices of |session| (a SessionHandle, whose devices it holds).
void ireec_note_aborted(PyObject* session);
// device_failed(device) and note_failed_devices(devices, error).
PyObject* ireec_device_failed_function(PyObject* module, PyObject* device);
PyObject* ireec_note_failed_devices_function(PyObject* module, PyObject* const* args,
                                             Py_ssize_t nargs);

// ---------------------------------------------------------------------------
// lock.c: Lock, a reentrant lock taken and given back from C (a Session's).
// ireec_lock_acquire blocks (without the GIL) until taken: 0, or -1 with a
// Python error (a signal handler raised); ireec_lock_release: 0, or -1 with
// a RuntimeError when this thread does not hold it.
// ---------------------------------------------------------------------------
extern PyTypeObject ireec_lock_type;
int ireec_lock_acquire(PyObject* lock);
int ireec_lock_release(PyObject* lock);

// ---------------------------------------------------------------------------
// invoke.c, results.c, invoker.c: a call.
// ---------------------------------------------------------------------------

// What one invoke works on, all borrowed from an Invoker whose session is
// open (and locked) for the duration.
typedef struct {
  iree_runtime_session_t* session;
  const iree_vm_function_t* function;
  iree_vm_list_t* inputs;
  iree_vm_list_t* outputs;
  iree_hal_device_t* device;  // where array arguments are copied to
  // The arguments to push (none for a bound call, whose |inputs| hold
  // them), and `out`: one numpy array result 0 is read into, or NULL.
  PyObject* const* args;
  Py_ssize_t arg_count;
  PyObject* out;
  bool keep_inputs;  // a bound call: |inputs| keep their arguments
} ireec_invocation_t;

// The raw results of an invoke: per result, a new buffer-view reference
// for the caller to own, or NULL for a result left in the output list
// (or read into `out`).
typedef struct {
  iree_host_size_t count;
  iree_hal_buffer_view_t* views[IREEC_FAST_MAX_RESULTS];
} ireec_invoke_results_t;

// invoke.c: pushes |invocation|'s arguments (an array copied to a new
// buffer view on the device, a BufferView as a new reference), invokes, and
// reads result 0 into `out` if given. 1 when done (|results| filled), 0
// when the call path declines it (nothing done, no Python error), -1 with
// the ireec.errors exception raised (the lists then empty).
int ireec_invoke(const ireec_invocation_t* invocation, ireec_invoke_results_t* results);
// invoke.c: pushes the argument |arg| (argument |index| of |function|)
// onto |inputs| if it is an exact numpy array ireec_invoke takes (copied to
// a new buffer view on |device|, without the GIL) or an ireec.BufferView
// (a new reference; ClosedError if closed): 1 pushed, 0 not one of those
// (nothing done), -1 with a Python error (a failed copy noted with the
// argument).
int ireec_invoke_push(iree_vm_list_t* inputs, iree_hal_device_t* device,
                      const iree_vm_function_t* function, Py_ssize_t index, PyObject* arg);
// invoke.c: "module.function", for messages; NULL with a Python error.
PyObject* ireec_function_full_name(const iree_vm_function_t* function);

// The Invoker type (invoker.c): the base of PreparedCall and BoundCall.
extern PyTypeObject ireec_invoker_type;
// handle.c: `with Use(*objects) as pointers:`, uses held for a block.
extern PyTypeObject ireec_use_type;
// The call of an Invoker with vectorcall's arguments (|kwnames| name the
// values after the |nargs| arguments: device=, out=).
PyObject* ireec_invoker_vectorcall(PyObject* invoker, PyObject* const* args,
                                   Py_ssize_t nargs, PyObject* kwnames);
// The parts of an Invoker the result decoder reads (invoker.c).
iree_vm_list_t* ireec_invoker_outputs(PyObject* invoker);
const iree_vm_function_t* ireec_invoker_function(PyObject* invoker);
PyObject* ireec_invoker_device(PyObject* invoker);

// call_out.c: a call's `out` (an array, or a list or tuple of arrays and
// None) checked against the results of the kinds |result_kinds| (bytes,
// one letter per result) of the function |name|: each entry an array of an
// element type, C-contiguous and writeable, for a ref result. 0, or -1
// with the TypeError or ValueError saying what is wrong.
int ireec_out_check(PyObject* out, PyObject* result_kinds, PyObject* name);
// call_out.c: each BufferView of |results| (a list) that `out` has an
// array for read into that array (a use of |device| held), closed, and
// replaced by the array. 0, or -1 with a Python error (IREE's noted with
// the result).
int ireec_out_read(PyObject* out, PyObject* results, PyObject* name, PyObject* device);

// results.c: the one result decoder. A list of a call's results as Python
// values: |out| (if not NULL) for result 0, each view in |raw| a
// BufferView holding a use of the invoker's device, any other result read
// from the invoker's output list (which is then emptied). Every view
// reference is owned by a BufferView or released, whatever happens; NULL
// with a Python error.
PyObject* ireec_results_new(PyObject* invoker, ireec_invoke_results_t* raw, PyObject* out);
// results.c: |results| (a list) with each None entry replaced by the result
// of that index read from the invoker's output list (then emptied).
int ireec_results_fill(PyObject* invoker, PyObject* results);
// results.c: the Python object for the borrowed |ref| (result |index| of
// |function|, for messages): a new ireec object of its type holding its own
// reference (and a use of |device|, None for none, where it is on one), a
// registered type's Python object, None for a null ref; NULL with a
// TypeError for a type ireec does not convert.
PyObject* ireec_ref_object(const iree_vm_ref_t* ref, PyObject* device,
                           const iree_vm_function_t* function, Py_ssize_t index);

// ---------------------------------------------------------------------------
// readback.c: a buffer view read into a new numpy array.
// ---------------------------------------------------------------------------

// The methods BufferViewHandle adds to Handle: to_numpy(), _read_mapped()
// and _read_into().
extern PyMethodDef ireec_buffer_view_methods[];

// readback.c: the buffer protocol of BufferViewHandle (an array over the
// mapped buffer), and the base of arrays aliasing a buffer (not in the
// module: readied by it).
extern PyBufferProcs ireec_buffer_view_buffer_procs;
extern PyTypeObject ireec_mapping_type;

// ---------------------------------------------------------------------------
// vm_buffer.c: a vm.buffer's bytes through the buffer protocol.
// ---------------------------------------------------------------------------

// VmBufferHandle's buffer procedures (set on its type before it is readied).
extern PyBufferProcs ireec_vm_buffer_as_buffer;

// ---------------------------------------------------------------------------
// dlpack_capsule.c: DLPack capsules of exported device allocations.
// ---------------------------------------------------------------------------

// dlpack_capsule(storage_address, versioned): a capsule of the tensor laid
// out in an export's storage, which it owns on every path.
PyObject* ireec_dlpack_capsule(PyObject* module, PyObject* const* args, Py_ssize_t nargs);

// ---------------------------------------------------------------------------
// native_function.c: a function of a VM module written in Python
// (NativeFunction), and the shim IREE calls every one of them through, with
// the NativeFunction as its target (module attribute native_function_shim,
// the shim's address).
// ---------------------------------------------------------------------------
extern PyTypeObject ireec_native_function_type;
iree_status_t ireec_native_function_shim(iree_vm_stack_t* stack,
                                         iree_vm_native_function_flags_t flags,
                                         iree_byte_span_t args, iree_byte_span_t rets,
                                         iree_vm_native_function_target_t target,
                                         void* module, void* module_state);

#endif  // IREEC_PYTHON_CEXT_H_
