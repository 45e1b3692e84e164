// Devices that have failed, and the notes an ABORTED failure gets about them.
//
// When a dispatch or queue operation fails on a device, IREE's task queue
// keeps that failure and aborts all later work on the device, on every
// session that shares it: calls then fail with a bare ABORTED from
// hal.fence.await, and IREE keeps the root cause internal. Whether a device
// is in that state is found out by submitting an empty queue barrier
// (iree_hal_device_queue_barrier) and waiting for it, which such a device
// aborts too. ireec.Device.check() and .failed ask here, and so does every
// ABORTED failure of a session's call, which gets a note per failed device.

#include "cext.h"

// The longest single wait: signal handlers run between slices.
#define IREEC_PROBE_SLICE_NS (100 * 1000 * 1000)

int ireec_device_failed(PyObject* object) {
  if (ireec_handle_acquire(object) != 0) return -1;
  iree_hal_device_t* device = ((ireec_handle_t*)object)->device;
  iree_hal_semaphore_t* semaphore = NULL;
  iree_status_t status = iree_ok_status();
  Py_BEGIN_ALLOW_THREADS;
  status = iree_hal_semaphore_create(device, IREE_HAL_QUEUE_AFFINITY_ANY, 0,
                                     IREE_HAL_SEMAPHORE_FLAG_DEFAULT, &semaphore);
  if (iree_status_is_ok(status)) {
    uint64_t value = 1;
    iree_hal_semaphore_list_t signal = {1, &semaphore, &value};
    status = iree_hal_device_queue_barrier(device, IREE_HAL_QUEUE_AFFINITY_ANY,
                                           iree_hal_semaphore_list_empty(), signal,
                                           IREE_HAL_EXECUTE_FLAG_NONE);
  }
  Py_END_ALLOW_THREADS;
  // Waited for in slices, in case the queue is still busy with earlier work.
  while (iree_status_is_ok(status) && semaphore) {
    Py_BEGIN_ALLOW_THREADS;
    status = iree_hal_semaphore_wait(semaphore, 1,
                                     iree_make_timeout_ns(IREEC_PROBE_SLICE_NS),
                                     IREE_HAL_WAIT_FLAG_DEFAULT);
    Py_END_ALLOW_THREADS;
    if (iree_status_code(status) != IREE_STATUS_DEADLINE_EXCEEDED) break;
    iree_status_ignore(status);
    status = iree_ok_status();
    if (PyErr_CheckSignals() != 0) {
      iree_hal_semaphore_release(semaphore);
      ireec_handle_release_use(object);
      return -1;
    }
  }
  if (semaphore) iree_hal_semaphore_release(semaphore);
  ireec_handle_release_use(object);
  bool failed = iree_status_code(status) == IREE_STATUS_ABORTED;
  if (!iree_status_is_ok(status) && !failed) {
    // The probe itself could not run: raised as its ireec.errors class.
    ireec_raise_status(status, NULL);
    return -1;
  }
  iree_status_ignore(status);
  return failed ? 1 : 0;
}

int ireec_note_failed_devices(PyObject* devices, PyObject* error) {
  Py_ssize_t index = 0;
  Py_ssize_t count = PyTuple_GET_SIZE(devices);
  for (Py_ssize_t i = 0; i < count; ++i) {
    PyObject* device = PyTuple_GET_ITEM(devices, i);
    if (!ireec_handle_check(device, &ireec_device_handle_kind)) continue;
    Py_ssize_t position = index++;
    if (ireec_handle_is_closed(device)) continue;
    int failed = ireec_device_failed(device);
    if (failed < 0) {
      // The probe itself could not run: say nothing rather than replace
      // the call's own error, unless it was interrupted (Ctrl-C).
      if (PyErr_ExceptionMatches(PyExc_Exception)) {
        PyErr_Clear();
        continue;
      }
      return -1;
    }
    if (!failed) continue;
    iree_string_view_t id = iree_hal_device_id(((ireec_handle_t*)device)->device);
    PyObject* name = PyUnicode_DecodeUTF8(id.data, (Py_ssize_t)id.size, "replace");
    PyObject* note = name ? PyUnicode_FromFormat(
                                "device %zd of this session (%R) has failed: a dispatch "
                                "or queue operation on it failed, and it now aborts all "
                                "work, for every session using it; IREE does not report "
                                "the root cause. Create a new device "
                                "(Instance.create_device) and a new Session on it, and "
                                "load the modules again, to continue",
                                position, name)
                          : NULL;
    Py_XDECREF(name);
    if (!note) return -1;
    // Once per note (a failure raised again keeps the notes it has).
    PyObject* notes = PyObject_GetAttrString(error, "__notes__");
    int present = notes ? PySequence_Contains(notes, note) : 0;
    if (!notes) PyErr_Clear();
    Py_XDECREF(notes);
    PyObject* added = present > 0 ? Py_NewRef(Py_None)
                      : present < 0 ? NULL
                                    : PyObject_CallMethod(error, "add_note", "O", note);
    Py_DECREF(note);
    if (!added) return -1;
    Py_DECREF(added);
  }
  return 0;
}

void ireec_note_aborted(PyObject* session) {
  if (!ireec_aborted_error || !PyErr_ExceptionMatches(ireec_aborted_error)) return;
  PyObject* devices = ((ireec_handle_t*)session)->parent;
  if (!devices || !PyTuple_CheckExact(devices)) return;
  PyObject *type, *error, *traceback;
  PyErr_Fetch(&type, &error, &traceback);
  PyErr_NormalizeException(&type, &error, &traceback);
  if (ireec_note_failed_devices(devices, error) == 0) {
    PyErr_Restore(type, error, traceback);
  } else {
    // An interrupt while probing replaces the error, as it would in Python.
    Py_XDECREF(type);
    Py_XDECREF(error);
    Py_XDECREF(traceback);
  }
}

// device_failed(device): Device.failed.
PyObject* ireec_device_failed_function(PyObject* module, PyObject* device) {
  if (!ireec_handle_check(device, &ireec_device_handle_kind)) {
    PyErr_SetString(PyExc_TypeError, "device_failed(device: DeviceHandle)");
    return NULL;
  }
  int failed = ireec_device_failed(device);
  if (failed < 0) return NULL;
  return PyBool_FromLong(failed);
}

// note_failed_devices(devices, error): notes on `error` for each failed
// device of the tuple `devices`.
PyObject* ireec_note_failed_devices_function(PyObject* module, PyObject* const* args,
                                             Py_ssize_t nargs) {
  if (nargs != 2 || !PyTuple_Check(args[0]) || !PyExceptionInstance_Check(args[1])) {
    PyErr_SetString(PyExc_TypeError, "note_failed_devices(devices: tuple, error)");
    return NULL;
  }
  if (ireec_note_failed_devices(args[0], args[1]) != 0) return NULL;
  Py_RETURN_NONE;
}
