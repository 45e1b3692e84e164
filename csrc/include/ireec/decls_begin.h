// Opens a block of ireec/decls/** includes in a public header: C linkage for
// C++, and C's restrict spelled as C++ compilers know it (__restrict__) while
// the declarations are read. Close the block with ireec/decls_end.h. No
// include guard: every block includes it anew.
//
// A public header opens its block before it includes the headers IREE's
// includes: the declarations stand alone, and those headers may include this
// one back before it is done.
//
// The C library headers the declarations use come first, outside the block,
// so C++ sees them with C++ linkage (each is included once; later includes
// inside the block are no-ops).
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
#pragma push_macro("restrict")
#undef restrict
#define restrict __restrict__
extern "C" {
#endif
