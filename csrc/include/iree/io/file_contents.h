// Files read or mapped into memory.
#ifndef IREE_IO_FILE_CONTENTS_H_
#define IREE_IO_FILE_CONTENTS_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/io/file_contents.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/io/file_handle.h"

#endif  // IREE_IO_FILE_CONTENTS_H_
