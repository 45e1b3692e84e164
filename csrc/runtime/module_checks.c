// What ireec checks of a bytecode module's bytes before, and after, IREE
// reads them (iree_runtime_session_append_bytecode_module_from_memory):
//
// - a module whose CPU executables were compiled for features this machine
//   lacks is refused before any of its code runs. IREE loads such an
//   executable and the process dies of SIGILL at its first instruction the
//   CPU lacks (its tools too). The module carries what it was compiled for:
//   the text of each executable target, which its initializer would print if
//   no device could run it, `#hal.executable.target<"llvm-cpu",
//   "embedded-elf-x86_64", {cpu = "...", cpu_features = "+avx2,+fma,...",
//   ...}>`. Every feature listed with `+` that IREE's table of feature bits
//   knows for this architecture is looked up in what the CPU reports;
//   features the table does not know (tuning flags such as
//   `+prefer-256-bit`) cannot be checked and are not. Targets of another
//   architecture are left to the module's own device check, which refuses
//   them without running anything.
//
// - bytes IREE refuses as a module: what they look like, when that is
//   something people hand over by mistake (MLIR source or bytecode, a
//   parameter archive, a .npy file, an ELF binary), annotated on IREE's
//   status, so the error says what the file is and what to do with it.

#include <string.h>

#include "iree/base/api.h"
#include "iree/base/internal/cpu.h"
#include "iree/base/target_platform.h"
#include "iree/schemas/cpu_data.h"
#include "ireec/decls/ireec/base/cpu_features.h"
#include "runtime_internal.h"

//===----------------------------------------------------------------------===//
// CPU features
//===----------------------------------------------------------------------===//

// The text before a CPU target's executable format.
static const char ireec_cpu_target_prefix[] =
    "#hal.executable.target<\"llvm-cpu\", \"";
// The key of its features within its attributes.
static const char ireec_cpu_features_key[] = "cpu_features = \"";
// How far into a target's text its features are looked for: its attributes
// are a few hundred bytes; past this the text is something else.
#define IREEC_CPU_TARGET_SPAN 8192
// Room for the names of missing features in the message.
#define IREEC_MISSING_FEATURES_CAPACITY 512

// The first |needle| in [begin, end), or NULL.
static const uint8_t* ireec_find(const uint8_t* begin, const uint8_t* end,
                                 const char* needle, size_t needle_length) {
  while (begin < end && (size_t)(end - begin) >= needle_length) {
    const uint8_t* first = memchr(begin, needle[0],
                                  (size_t)(end - begin) - needle_length + 1);
    if (!first) return NULL;
    if (memcmp(first, needle, needle_length) == 0) return first;
    begin = first + 1;
  }
  return NULL;
}

// Whether the executable format |format| is a CPU format of this machine's
// architecture (what the local loaders run here).
static bool ireec_is_host_cpu_format(iree_string_view_t format) {
  return iree_string_view_equal(format, IREE_SV("embedded-elf-" IREE_ARCH)) ||
         iree_string_view_equal(format, IREE_SV("system-elf-" IREE_ARCH));
}

// Appends |name| to the comma-separated |list| unless it is there already.
static void ireec_append_unique(char* list, size_t capacity,
                                iree_string_view_t name) {
  size_t length = strlen(list);
  for (const char* at = list; at < list + length;) {
    const char* comma = strchr(at, ',');
    size_t item_length = comma ? (size_t)(comma - at) : strlen(at);
    if (item_length == name.size && memcmp(at, name.data, name.size) == 0) {
      return;
    }
    at += item_length + (comma ? 2 : 0);  // ", "
  }
  size_t needed = (length ? 2 : 0) + name.size + 1;
  if (length + needed > capacity) return;
  if (length) memcpy(list + length, ", ", 2), length += 2;
  memcpy(list + length, name.data, name.size);
  list[length + name.size] = 0;
}

// Adds to |missing| each `+feature` of |features| (the text inside a
// target's cpu_features quotes) that the table knows and the CPU lacks.
static void ireec_collect_missing(iree_string_view_t features,
                                  const ireec_cpu_feature_t* table,
                                  iree_host_size_t table_count,
                                  const uint64_t* fields, char* missing) {
  while (!iree_string_view_is_empty(features)) {
    iree_string_view_t item;
    iree_string_view_split(features, ',', &item, &features);
    item = iree_string_view_trim(item);
    if (!iree_string_view_consume_prefix(&item, IREE_SV("+"))) continue;
    for (iree_host_size_t i = 0; i < table_count; ++i) {
      if (!iree_string_view_equal(item,
                                  iree_make_cstring_view(table[i].llvm_name))) {
        continue;
      }
      if (table[i].field_index < IREE_CPU_DATA_FIELD_COUNT &&
          !((fields[table[i].field_index] >> table[i].bit_pos) & 1)) {
        ireec_append_unique(missing, IREEC_MISSING_FEATURES_CAPACITY, item);
      }
      break;
    }
  }
}

// Reads IREE's CPU data fields into |fields|; false when they are all zero
// (not queried yet, or nothing known).
static bool ireec_read_cpu_data(uint64_t* fields) {
  iree_cpu_read_data(IREE_CPU_DATA_FIELD_COUNT, fields);
  bool known = false;
  for (iree_host_size_t i = 0; i < IREE_CPU_DATA_FIELD_COUNT; ++i) {
    known |= fields[i] != 0;
  }
  return known;
}

iree_status_t ireec_runtime_module_check_cpu_features(
    iree_const_byte_span_t module_data) {
  const uint8_t* begin = module_data.data;
  const uint8_t* end = begin + module_data.data_length;
  const size_t prefix_length = sizeof(ireec_cpu_target_prefix) - 1;
  const uint8_t* target =
      ireec_find(begin, end, ireec_cpu_target_prefix, prefix_length);
  if (!target) return iree_ok_status();  // no CPU executable targets

  // What IREE knows of this CPU: its data fields, queried first if nothing
  // has yet (IREE queries them when it prepares executables to run; data
  // given with iree_cpu_initialize_with_data is used as given).
  uint64_t fields[IREE_CPU_DATA_FIELD_COUNT];
  if (!ireec_read_cpu_data(fields)) {
    iree_cpu_initialize(iree_allocator_system());
    // Still nothing: this platform has no query, nothing to check against.
    if (!ireec_read_cpu_data(fields)) return iree_ok_status();
  }
  ireec_cpu_feature_t table[256];
  iree_host_size_t table_count = ireec_cpu_features(IREE_ARRAYSIZE(table), table);
  if (table_count > IREE_ARRAYSIZE(table)) table_count = IREE_ARRAYSIZE(table);

  char missing[IREEC_MISSING_FEATURES_CAPACITY] = {0};
  iree_string_view_t format = iree_string_view_empty();
  for (; target; target = ireec_find(target + 1, end, ireec_cpu_target_prefix,
                                     prefix_length)) {
    const uint8_t* format_begin = target + prefix_length;
    const uint8_t* format_end = ireec_find(
        format_begin, format_begin + 64 < end ? format_begin + 64 : end, "\"", 1);
    if (!format_end) continue;
    iree_string_view_t this_format = iree_make_string_view(
        (const char*)format_begin, (iree_host_size_t)(format_end - format_begin));
    if (!ireec_is_host_cpu_format(this_format)) continue;
    // The features of this target: before its attributes close (`}>`).
    const uint8_t* span_end = end - format_end > IREEC_CPU_TARGET_SPAN
                                  ? format_end + IREEC_CPU_TARGET_SPAN
                                  : end;
    const uint8_t* close = ireec_find(format_end, span_end, "}>", 2);
    if (close) span_end = close;
    const size_t key_length = sizeof(ireec_cpu_features_key) - 1;
    const uint8_t* key =
        ireec_find(format_end, span_end, ireec_cpu_features_key, key_length);
    if (!key) continue;
    const uint8_t* list_begin = key + key_length;
    const uint8_t* list_end = ireec_find(list_begin, span_end, "\"", 1);
    if (!list_end) continue;
    size_t before = strlen(missing);
    ireec_collect_missing(
        iree_make_string_view((const char*)list_begin,
                              (iree_host_size_t)(list_end - list_begin)),
        table, table_count, fields, missing);
    if (strlen(missing) != before && iree_string_view_is_empty(format)) {
      format = this_format;
    }
  }
  if (!missing[0]) return iree_ok_status();
  return iree_make_status(
      IREE_STATUS_INCOMPATIBLE,
      "the module's %.*s executables were compiled for CPU features this "
      "machine lacks: %s (iree-cpuinfo and `python -m ireec cpuinfo` list "
      "this machine's); running them would kill the process with an illegal "
      "instruction (SIGILL). Recompile for this machine "
      "(--iree-llvmcpu-target-cpu=host) or for a CPU it has",
      (int)format.size, format.data, missing);
}

//===----------------------------------------------------------------------===//
// Bytes that are not a module
//===----------------------------------------------------------------------===//

static bool ireec_starts_with(iree_const_byte_span_t data, const char* prefix,
                              size_t prefix_length) {
  return data.data_length >= prefix_length &&
         memcmp(data.data, prefix, prefix_length) == 0;
}

// Whether the first bytes of |data| (up to 256) are text: printable ASCII,
// whitespace or UTF-8 sequences' bytes, and no NUL.
static bool ireec_looks_like_text(iree_const_byte_span_t data) {
  iree_host_size_t length = data.data_length < 256 ? data.data_length : 256;
  if (length == 0) return false;
  for (iree_host_size_t i = 0; i < length; ++i) {
    uint8_t c = data.data[i];
    if (c >= 0x80 || c == '\n' || c == '\r' || c == '\t') continue;
    if (c < 0x20 || c == 0x7F) return false;
  }
  return true;
}

// The first line of text |data|, up to 48 bytes, without leading blanks.
static iree_string_view_t ireec_first_line(iree_const_byte_span_t data) {
  iree_string_view_t text = iree_make_string_view(
      (const char*)data.data, data.data_length < 4096 ? data.data_length : 4096);
  text = iree_string_view_trim(text);
  iree_host_size_t newline = iree_string_view_find_char(text, '\n', 0);
  if (newline != IREE_STRING_VIEW_NPOS) text.size = newline;
  text = iree_string_view_trim(text);
  if (text.size > 48) text.size = 48;
  return text;
}

// Whether text |data| reads as MLIR: the words its programs start with.
static bool ireec_looks_like_mlir(iree_const_byte_span_t data) {
  static const char* const words[] = {
      "module", "func.func", "util.func", "util.global", "#", "//",
      "stablehlo.", "\"builtin.module\"", "tosa.", "torch.", "hal.executable",
  };
  iree_string_view_t text = iree_string_view_trim(iree_make_string_view(
      (const char*)data.data, data.data_length < 4096 ? data.data_length : 4096));
  for (iree_host_size_t i = 0; i < IREE_ARRAYSIZE(words); ++i) {
    if (iree_string_view_starts_with(text, iree_make_cstring_view(words[i]))) {
      return true;
    }
  }
  return false;
}

iree_status_t ireec_runtime_module_describe_refused(
    iree_status_t status, iree_const_byte_span_t module_data) {
  static const char compile[] =
      "compile it into a .vmfb first with iree-compile";
  if (ireec_starts_with(module_data, "ML\xEFR", 4)) {
    return iree_status_annotate_f(
        status,
        "the data is MLIR bytecode, not a compiled module: %s", compile);
  }
  if (ireec_starts_with(module_data, "\x7F" "ELF", 4)) {
    return iree_status_annotate(
        status,
        IREE_SV("the data is an ELF binary (a shared library or program), "
                "not a compiled bytecode module (.vmfb)"));
  }
  if (ireec_starts_with(module_data, "\x93NUMPY", 6)) {
    return iree_status_annotate(
        status, IREE_SV("the data is a numpy .npy file, not a compiled module: "
                        "arrays are a function's inputs (--input=@file.npy)"));
  }
  if (ireec_starts_with(module_data, "IRPA", 4) ||
      ireec_starts_with(module_data, "GGUF", 4)) {
    return iree_status_annotate(
        status,
        IREE_SV("the data is a parameter file (.irpa or .gguf), not a compiled "
                "module: parameters are given with --parameters= "
                "(Session.load_parameters)"));
  }
  if (ireec_looks_like_text(module_data)) {
    iree_string_view_t line = ireec_first_line(module_data);
    if (ireec_looks_like_mlir(module_data)) {
      return iree_status_annotate_f(
          status,
          "the data is text beginning `%.*s`: MLIR source, not a compiled "
          "module: %s",
          (int)line.size, line.data, compile);
    }
    return iree_status_annotate_f(
        status,
        "the data is text beginning `%.*s`, not a compiled bytecode module "
        "(.vmfb, which iree-compile writes)",
        (int)line.size, line.data);
  }
  return status;
}
