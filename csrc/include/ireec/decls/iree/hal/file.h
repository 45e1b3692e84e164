// Declarations of IREE's iree/hal/file.h: HAL files: storage queue reads and
// writes go through.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_HAL_FILE_H_
#define IREEC_DECLS_IREE_HAL_FILE_H_

#include <stdbool.h>
#include <stdint.h>

#include "ireec/decls/iree/base/config.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/hal/buffer.h"
#include "ireec/decls/iree/hal/queue.h"
#include "ireec/decls/iree/io/file_handle.h"

enum iree_hal_file_mode_bits_t {
  IREE_HAL_FILE_MODE_OPEN = 0x1,
};

enum iree_hal_external_file_flag_bits_t {
  IREE_HAL_EXTERNAL_FILE_FLAG_NONE = 0x0,
};

typedef uint32_t iree_hal_external_file_flags_t;

typedef struct iree_hal_file_t iree_hal_file_t;

iree_status_t iree_hal_file_import(
    iree_hal_device_t* device,
    iree_hal_queue_affinity_t queue_affinity,
    iree_hal_memory_access_t access,
    iree_io_file_handle_t* handle,
    iree_hal_external_file_flags_t flags,
    iree_hal_file_t**out_file);
void iree_hal_file_retain(iree_hal_file_t* file);
void iree_hal_file_release(iree_hal_file_t* file);
iree_hal_memory_access_t iree_hal_file_allowed_access(iree_hal_file_t* file);
uint64_t iree_hal_file_length(iree_hal_file_t* file);
iree_hal_buffer_t* iree_hal_file_storage_buffer(iree_hal_file_t* file);
bool iree_hal_file_supports_synchronous_io(iree_hal_file_t* file);
iree_status_t iree_hal_file_read(
    iree_hal_file_t* file,
    uint64_t file_offset,
    iree_hal_buffer_t* buffer,
    iree_device_size_t buffer_offset,
    iree_device_size_t length);
iree_status_t iree_hal_file_write(
    iree_hal_file_t* file,
    uint64_t file_offset,
    iree_hal_buffer_t* buffer,
    iree_device_size_t buffer_offset,
    iree_device_size_t length);

typedef struct iree_hal_file_vtable_t iree_hal_file_vtable_t;

struct iree_hal_file_vtable_t {
  void (*destroy)(iree_hal_file_t* restrict file);
  iree_hal_memory_access_t (*allowed_access)(iree_hal_file_t* file);
  uint64_t (*length)(iree_hal_file_t* file);
  iree_hal_buffer_t* (*storage_buffer)(iree_hal_file_t* file);
  bool (*supports_synchronous_io)(iree_hal_file_t* file);
  iree_status_t (*read)(iree_hal_file_t* file, uint64_t file_offset,
                        iree_hal_buffer_t* buffer,
                        iree_device_size_t buffer_offset,
                        iree_device_size_t length);
  iree_status_t (*write)(iree_hal_file_t* file, uint64_t file_offset,
                         iree_hal_buffer_t* buffer,
                         iree_device_size_t buffer_offset,
                         iree_device_size_t length);
};

// Destroys the file: what its release does when the last reference
// goes. For implementations; everything else releases.
void iree_hal_file_destroy(iree_hal_file_t* file);

#endif  // IREEC_DECLS_IREE_HAL_FILE_H_
