// Opens a block of ireec/decls/*.h includes in a public header: C linkage for
// C++, and C's restrict spelled as C++ compilers know it (__restrict__) while
// the declarations are read. Close the block with ireec/decls_end.h. No
// include guard: every block includes it anew.
#ifdef __cplusplus
#pragma push_macro("restrict")
#undef restrict
#define restrict __restrict__
extern "C" {
#endif
