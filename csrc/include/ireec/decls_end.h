// Closes a block opened by ireec/decls_begin.h. No include guard.
#ifdef __cplusplus
}  // extern "C"
#pragma pop_macro("restrict")
#endif
