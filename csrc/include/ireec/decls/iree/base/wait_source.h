// Declarations of IREE's iree/base/wait_source.h: wait sources (things a thread
// or a loop can wait on) and platform wait primitives.
//
// Plain C (no function-like macros, no inline bodies): the same text is the
// cffi cdef. tests/c_api/test_abi_facts.py checks every declaration against IREE's.
#ifndef IREEC_DECLS_IREE_BASE_WAIT_SOURCE_H_
#define IREEC_DECLS_IREE_BASE_WAIT_SOURCE_H_

#include <stdbool.h>
#include <stdint.h>

#include "ireec/decls/iree/base/status.h"
#include "ireec/decls/iree/base/string_view.h"
#include "ireec/decls/iree/base/time.h"

enum iree_wait_primitive_type_bits_t {
  IREE_WAIT_PRIMITIVE_TYPE_NONE = 0x0,
  IREE_WAIT_PRIMITIVE_TYPE_EVENT_FD = 0x1,
  IREE_WAIT_PRIMITIVE_TYPE_SYNC_FILE = 0x2,
  IREE_WAIT_PRIMITIVE_TYPE_PIPE = 0x3,
  IREE_WAIT_PRIMITIVE_TYPE_WIN32_HANDLE = 0x4,
  IREE_WAIT_PRIMITIVE_TYPE_LOCAL_FUTEX = 0x5,
  IREE_WAIT_PRIMITIVE_TYPE_JAVASCRIPT_PROMISE = 0x6,
  IREE_WAIT_PRIMITIVE_TYPE_ANY = 0xff,
};

typedef uint8_t iree_wait_primitive_type_t;

typedef union {
  int reserved;
  struct {
    int fd;
  } event;
  union {
    struct {
      int read_fd;
      int write_fd;
    };
    int fds[2];
  } pipe;
  void* local_futex;
} iree_wait_primitive_value_t;

typedef struct iree_wait_primitive_t iree_wait_primitive_t;

struct iree_wait_primitive_t {
  iree_wait_primitive_type_t type;
  iree_wait_primitive_value_t value;
};

// IREE's static inline constructors and predicates, exported by us.
iree_wait_primitive_t iree_make_wait_primitive(iree_wait_primitive_type_t type,
                                               iree_wait_primitive_value_t value);
iree_wait_primitive_t iree_wait_primitive_immediate(void);
bool iree_wait_primitive_is_immediate(iree_wait_primitive_t wait_primitive);

typedef struct iree_wait_source_t iree_wait_source_t;

typedef enum iree_wait_source_command_e {
  IREE_WAIT_SOURCE_COMMAND_QUERY = 0,
  IREE_WAIT_SOURCE_COMMAND_WAIT_ONE = 1,
  IREE_WAIT_SOURCE_COMMAND_EXPORT = 2,
} iree_wait_source_command_t;

typedef struct iree_wait_source_wait_params_t {
  iree_timeout_t timeout;
} iree_wait_source_wait_params_t;

typedef struct iree_wait_source_export_params_t {
  iree_wait_primitive_type_t target_type;
  iree_timeout_t timeout;
} iree_wait_source_export_params_t;

typedef struct iree_status_handle_t* (*iree_wait_source_ctl_fn_t)(iree_wait_source_t, iree_wait_source_command_t, const void*, void**);

struct iree_wait_source_t {
  union {
    struct {
      void* self;
      uint64_t data;
    };
    uint64_t storage[2];
  };
  iree_wait_source_ctl_fn_t ctl;
};

// IREE's static inline constructors and predicates, exported by us.
iree_wait_source_t iree_wait_source_immediate(void);
bool iree_wait_source_is_immediate(iree_wait_source_t wait_source);

// The ctl of the wait sources iree_wait_source_delay makes.
iree_status_t iree_wait_source_delay_ctl(iree_wait_source_t wait_source,
                                         iree_wait_source_command_t command,
                                         const void* params, void** inout_ptr);

// IREE's static inline constructor and predicate, exported by us.
iree_wait_source_t iree_wait_source_delay(iree_time_t deadline_ns);
bool iree_wait_source_is_delay(iree_wait_source_t wait_source);

// Wraps a platform primitive (an eventfd, a pipe, ...) as a wait source.
iree_status_t iree_wait_source_import(iree_wait_primitive_t wait_primitive,
                                      iree_wait_source_t* out_wait_source);
// Makes a platform primitive that is signaled when |wait_source| is.
iree_status_t iree_wait_source_export(iree_wait_source_t wait_source,
                                      iree_wait_primitive_type_t target_type,
                                      iree_timeout_t timeout,
                                      iree_wait_primitive_t* out_wait_primitive);
// Sets |out_wait_status_code| to OK once resolved, DEFERRED while pending, or
// the code it failed with; the returned status is the query's own.
iree_status_t iree_wait_source_query(iree_wait_source_t wait_source,
                                     iree_status_code_t* out_wait_status_code);
iree_status_t iree_wait_source_wait_one(iree_wait_source_t wait_source,
                                        iree_timeout_t timeout);

#endif  // IREEC_DECLS_IREE_BASE_WAIT_SOURCE_H_
