// What the code is compiled for, as IREE's macros name it: the architecture
// (IREE_ARCH, IREE_ARCH_* and IREE_ARCH_ENUM), the pointer size (IREE_PTR_SIZE and
// IREE_PTR_SIZE_*), the byte order (IREE_ENDIANNESS_*), whether unaligned
// access is allowed (IREE_MEMORY_ACCESS_ALIGNMENT_REQUIRED*), the compiler
// (IREE_COMPILER_*), sanitizers (IREE_SANITIZER_*) and the operating system
// (IREE_PLATFORM_*). Except the alignment macros (always defined, 0 or 1),
// each is defined only when it holds, so code tests them with
// #if defined(...), as it does against IREE's own header.
#ifndef IREE_BASE_TARGET_PLATFORM_H_
#define IREE_BASE_TARGET_PLATFORM_H_

#include <stddef.h>
#include <stdint.h>

//===----------------------------------------------------------------------===//
// Architecture
//===----------------------------------------------------------------------===//

// Each architecture as a value (IREE_ARCH_ENUM is the one compiled for), so
// tables such as iree/schemas/cpu_feature_bits.inl can be filtered by C `if`.
enum iree_arch_enum_e {
  IREE_ARCH_ENUM_ARM_32 = 0,
  IREE_ARCH_ENUM_ARM_64 = 1,
  IREE_ARCH_ENUM_RISCV_32 = 2,
  IREE_ARCH_ENUM_RISCV_64 = 3,
  IREE_ARCH_ENUM_WASM_32 = 4,
  IREE_ARCH_ENUM_WASM_64 = 5,
  IREE_ARCH_ENUM_X86_32 = 6,
  IREE_ARCH_ENUM_X86_64 = 7,
};

#if defined(__aarch64__) || defined(_M_ARM64) || defined(_M_ARM64EC)
#define IREE_ARCH "arm_64"
#define IREE_ARCH_ARM_64 1
#define IREE_ARCH_ENUM IREE_ARCH_ENUM_ARM_64
#elif defined(__arm__) || defined(_M_ARM)
#define IREE_ARCH "arm_32"
#define IREE_ARCH_ARM_32 1
#define IREE_ARCH_ENUM IREE_ARCH_ENUM_ARM_32
#elif defined(__riscv) && __riscv_xlen == 64
#define IREE_ARCH "riscv_64"
#define IREE_ARCH_RISCV_64 1
#define IREE_ARCH_ENUM IREE_ARCH_ENUM_RISCV_64
#elif defined(__riscv) && __riscv_xlen == 32
#define IREE_ARCH "riscv_32"
#define IREE_ARCH_RISCV_32 1
#define IREE_ARCH_ENUM IREE_ARCH_ENUM_RISCV_32
#elif defined(__wasm64__)
#define IREE_ARCH "wasm_64"
#define IREE_ARCH_WASM_64 1
#define IREE_ARCH_ENUM IREE_ARCH_ENUM_WASM_64
#elif defined(__wasm32__)
#define IREE_ARCH "wasm_32"
#define IREE_ARCH_WASM_32 1
#define IREE_ARCH_ENUM IREE_ARCH_ENUM_WASM_32
#elif defined(__x86_64__) || defined(_M_X64) || defined(__amd64__)
#define IREE_ARCH "x86_64"
#define IREE_ARCH_X86_64 1
#define IREE_ARCH_ENUM IREE_ARCH_ENUM_X86_64
#elif defined(__i386__) || defined(_M_IX86)
#define IREE_ARCH "x86_32"
#define IREE_ARCH_X86_32 1
#define IREE_ARCH_ENUM IREE_ARCH_ENUM_X86_32
#else
#error "This architecture is not one IREE supports."
#endif

//===----------------------------------------------------------------------===//
// Pointer size
//===----------------------------------------------------------------------===//

#if UINTPTR_MAX == 0xFFFFFFFFFFFFFFFFull
#define IREE_PTR_SIZE 8
#define IREE_PTR_SIZE_64 1
#elif UINTPTR_MAX == 0xFFFFFFFFul
#define IREE_PTR_SIZE 4
#define IREE_PTR_SIZE_32 1
#else
#error "Pointers are neither 32 nor 64 bits wide."
#endif

//===----------------------------------------------------------------------===//
// Byte order and alignment
//===----------------------------------------------------------------------===//

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define IREE_ENDIANNESS_BIG 1
#else
#define IREE_ENDIANNESS_LITTLE 1
#endif

// Unaligned loads and stores are undefined behaviour in C whatever the
// hardware allows, so IREE requires aligned access (1) unless the build says
// otherwise by defining IREE_MEMORY_ACCESS_ALIGNMENT_REQUIRED to 0 first; the
// per-width macros follow it unless set themselves.
#if !defined(IREE_MEMORY_ACCESS_ALIGNMENT_REQUIRED)
#define IREE_MEMORY_ACCESS_ALIGNMENT_REQUIRED 1
#endif
#if !defined(IREE_MEMORY_ACCESS_ALIGNMENT_REQUIRED_8)
#define IREE_MEMORY_ACCESS_ALIGNMENT_REQUIRED_8 IREE_MEMORY_ACCESS_ALIGNMENT_REQUIRED
#endif
#if !defined(IREE_MEMORY_ACCESS_ALIGNMENT_REQUIRED_16)
#define IREE_MEMORY_ACCESS_ALIGNMENT_REQUIRED_16 IREE_MEMORY_ACCESS_ALIGNMENT_REQUIRED
#endif
#if !defined(IREE_MEMORY_ACCESS_ALIGNMENT_REQUIRED_32)
#define IREE_MEMORY_ACCESS_ALIGNMENT_REQUIRED_32 IREE_MEMORY_ACCESS_ALIGNMENT_REQUIRED
#endif
#if !defined(IREE_MEMORY_ACCESS_ALIGNMENT_REQUIRED_64)
#define IREE_MEMORY_ACCESS_ALIGNMENT_REQUIRED_64 IREE_MEMORY_ACCESS_ALIGNMENT_REQUIRED
#endif

//===----------------------------------------------------------------------===//
// Compiler
//===----------------------------------------------------------------------===//
// clang also defines __GNUC__ (and, on Windows, _MSC_VER): the *_COMPAT
// macros say whose extensions are available, the others who compiles.

#if defined(__clang__)
#define IREE_COMPILER_CLANG 1
#define IREE_COMPILER_GCC_COMPAT 1
#elif defined(_MSC_VER)
#define IREE_COMPILER_MSVC 1
#define IREE_COMPILER_MSVC_COMPAT 1
#elif defined(__GNUC__)
#define IREE_COMPILER_GCC 1
#define IREE_COMPILER_GCC_COMPAT 1
#else
#error "This compiler is not one IREE supports."
#endif

#if defined(__clang__) && defined(_MSC_VER)
#define IREE_COMPILER_MSVC_COMPAT 1
#endif

//===----------------------------------------------------------------------===//
// Sanitizers
//===----------------------------------------------------------------------===//

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define IREE_SANITIZER_ADDRESS 1
#endif
#if __has_feature(memory_sanitizer)
#define IREE_SANITIZER_MEMORY 1
#endif
#if __has_feature(thread_sanitizer)
#define IREE_SANITIZER_THREAD 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(IREE_SANITIZER_ADDRESS)
#define IREE_SANITIZER_ADDRESS 1
#endif
#if defined(__SANITIZE_THREAD__) && !defined(IREE_SANITIZER_THREAD)
#define IREE_SANITIZER_THREAD 1
#endif

//===----------------------------------------------------------------------===//
// Operating system
//===----------------------------------------------------------------------===//
// Android is also Linux to the compiler; IREE names it apart, so Linux here
// means Linux other than Android. Apple platforms add MACOS or IOS (and
// IOS_SIMULATOR) to APPLE.

#if defined(__ANDROID__)
#define IREE_PLATFORM_ANDROID 1
#elif defined(__EMSCRIPTEN__)
#define IREE_PLATFORM_EMSCRIPTEN 1
#elif defined(_WIN32) || defined(_WIN64)
#define IREE_PLATFORM_WINDOWS 1
#elif defined(__APPLE__)
#define IREE_PLATFORM_APPLE 1
#include <TargetConditionals.h>
#if TARGET_OS_IPHONE
#define IREE_PLATFORM_IOS 1
#if TARGET_OS_SIMULATOR
#define IREE_PLATFORM_IOS_SIMULATOR 1
#endif
#else
#define IREE_PLATFORM_MACOS 1
#endif
#elif defined(__linux__) || defined(__linux) || defined(linux)
#define IREE_PLATFORM_LINUX 1
#elif defined(__unix__)
// Other Unix-likes (BSDs, ...) build IREE's POSIX paths as Linux does.
#define IREE_PLATFORM_LINUX 1
#else
#error "This operating system is not one IREE supports."
#endif

#endif  // IREE_BASE_TARGET_PLATFORM_H_
