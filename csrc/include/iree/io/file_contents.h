// Files read or mapped into memory.
#ifndef IREE_IO_FILE_CONTENTS_H_
#define IREE_IO_FILE_CONTENTS_H_

#include "iree/base/api.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "ireec/decls/io.h"

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // IREE_IO_FILE_CONTENTS_H_
