// Indexing an IREE parameter archive (.irpa).
#ifndef IREE_IO_FORMATS_IRPA_IRPA_PARSER_H_
#define IREE_IO_FORMATS_IRPA_IRPA_PARSER_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/io/formats/irpa/irpa_parser.h"
#include "ireec/decls_end.h"

#include "iree/base/api.h"
#include "iree/io/file_handle.h"
#include "iree/io/parameter_index.h"

#endif  // IREE_IO_FORMATS_IRPA_IRPA_PARSER_H_
