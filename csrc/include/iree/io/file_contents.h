// Files read or mapped into memory.
#ifndef IREE_IO_FILE_CONTENTS_H_
#define IREE_IO_FILE_CONTENTS_H_

#include "iree/base/api.h"

#include "ireec/decls_begin.h"
#include "ireec/decls/io.h"
#include "ireec/decls_end.h"

#endif  // IREE_IO_FILE_CONTENTS_H_
