// Pins the glibc symbols libireec_runtime.so uses to their oldest versions.
//
// glibc 2.34 moved the pthread functions into libc.so.6 under a new symbol
// version (GLIBC_2.34); a library linked on glibc 2.34+ records that version
// and refuses to load on older systems, which is what keeps a wheel from being
// manylinux_2_28 (the runtime's own wheels are). The old versions are still
// exported by every newer glibc, so binding them costs nothing. Force-included
// into every source file of the library by CMakeLists.txt; `auditwheel show`
// in CI catches any other symbol that needs a newer glibc.
#ifndef IREEC_COMPAT_GLIBC_VERSIONS_H_
#define IREEC_COMPAT_GLIBC_VERSIONS_H_

#ifdef __linux__
#include <features.h>  // defines __GLIBC__ (this header is included first)
#endif

#if defined(__linux__) && defined(__GLIBC__)
#if defined(__x86_64__)
#define IREEC_GLIBC_BASE_VERSION "GLIBC_2.2.5"
#elif defined(__aarch64__)
#define IREEC_GLIBC_BASE_VERSION "GLIBC_2.17"
#endif
#endif

// The functions glibc 2.34 re-versioned that IREE-style C code uses (threads,
// once-init, thread-locals, dynamic loading). A name listed here but unused
// by a file costs nothing: no reference is emitted for it.
#ifdef IREEC_GLIBC_BASE_VERSION
#define IREEC_GLIBC_OLD_VERSION(name) \
  __asm__(".symver " #name ", " #name "@" IREEC_GLIBC_BASE_VERSION)
IREEC_GLIBC_OLD_VERSION(pthread_once);
IREEC_GLIBC_OLD_VERSION(pthread_create);
IREEC_GLIBC_OLD_VERSION(pthread_join);
IREEC_GLIBC_OLD_VERSION(pthread_detach);
IREEC_GLIBC_OLD_VERSION(pthread_key_create);
IREEC_GLIBC_OLD_VERSION(pthread_key_delete);
IREEC_GLIBC_OLD_VERSION(pthread_getspecific);
IREEC_GLIBC_OLD_VERSION(pthread_setspecific);
IREEC_GLIBC_OLD_VERSION(pthread_mutex_trylock);
IREEC_GLIBC_OLD_VERSION(pthread_mutexattr_init);
IREEC_GLIBC_OLD_VERSION(pthread_mutexattr_settype);
IREEC_GLIBC_OLD_VERSION(pthread_mutexattr_destroy);
IREEC_GLIBC_OLD_VERSION(pthread_attr_setstacksize);
IREEC_GLIBC_OLD_VERSION(dlopen);
IREEC_GLIBC_OLD_VERSION(dlsym);
IREEC_GLIBC_OLD_VERSION(dlclose);
IREEC_GLIBC_OLD_VERSION(dlerror);
IREEC_GLIBC_OLD_VERSION(dladdr);
#undef IREEC_GLIBC_OLD_VERSION
#endif

#endif  // IREEC_COMPAT_GLIBC_VERSIONS_H_
