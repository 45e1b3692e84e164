// Tracing macros, compiled out: the runtime we bind has no tracing provider.
//
// They keep their statement shapes (ZONE_BEGIN declares its id) so that code
// written for a tracing-enabled IREE still compiles without warnings.
#ifndef IREE_BASE_TRACING_H_
#define IREE_BASE_TRACING_H_

#include "ireec/decls_begin.h"
#include "ireec/decls/iree/base/tracing.h"
#include "ireec/decls_end.h"

#include "iree/base/attributes.h"
#include "iree/base/config.h"

#define IREE_TRACING_FEATURES 0

#define IREE_TRACE(expr)
#define IREE_TRACE_APP_ENTER()
#define IREE_TRACE_APP_EXIT(exit_code)
#define IREE_TRACE_SET_APP_INFO(value, value_length)
#define IREE_TRACE_SET_THREAD_NAME(name)
#define IREE_TRACE_FIBER_ENTER(fiber)
#define IREE_TRACE_FIBER_LEAVE()
#define IREE_TRACE_PUBLISH_SOURCE_FILE(filename, filename_length, content, \
                                       content_length)

#define IREE_TRACE_ZONE_BEGIN(zone_id) \
  iree_zone_id_t zone_id = 0;          \
  (void)zone_id
#define IREE_TRACE_ZONE_BEGIN_NAMED(zone_id, name_literal) \
  IREE_TRACE_ZONE_BEGIN(zone_id)
#define IREE_TRACE_ZONE_BEGIN_NAMED_DYNAMIC(zone_id, name, name_length) \
  IREE_TRACE_ZONE_BEGIN(zone_id)
#define IREE_TRACE_ZONE_BEGIN_EXTERNAL(zone_id, file_name, file_name_length, \
                                       line, function_name,                \
                                       function_name_length, name,         \
                                       name_length)                        \
  IREE_TRACE_ZONE_BEGIN(zone_id)
#define IREE_TRACE_ZONE_END(zone_id) (void)(zone_id)
#define IREE_TRACE_ZONE_SET_COLOR(zone_id, color_xrgb)
#define IREE_TRACE_ZONE_APPEND_VALUE_I64(zone_id, value)
#define IREE_TRACE_ZONE_APPEND_TEXT(zone_id, ...)
#define IREE_RETURN_AND_END_ZONE_IF_ERROR(zone_id, ...) \
  IREE_RETURN_IF_ERROR(__VA_ARGS__)

#define IREE_TRACE_SET_PLOT_TYPE(name_literal, plot_type, step, fill, color)
#define IREE_TRACE_PLOT_VALUE_I64(name_literal, value)
#define IREE_TRACE_PLOT_VALUE_F32(name_literal, value)
#define IREE_TRACE_PLOT_VALUE_F64(name_literal, value)
#define IREE_TRACE_FRAME_MARK()
#define IREE_TRACE_FRAME_MARK_NAMED(name_literal)
#define IREE_TRACE_FRAME_MARK_BEGIN_NAMED(name_literal)
#define IREE_TRACE_FRAME_MARK_END_NAMED(name_literal)
#define IREE_TRACE_MESSAGE(level, value_literal)
#define IREE_TRACE_MESSAGE_COLORED(color, value_literal)
#define IREE_TRACE_MESSAGE_DYNAMIC(level, value, value_length)
#define IREE_TRACE_MESSAGE_DYNAMIC_COLORED(color, value, value_length)
#define IREE_TRACE_ALLOC(ptr, size)
#define IREE_TRACE_FREE(ptr)
#define IREE_TRACE_ALLOC_NAMED(name_literal, ptr, size)
#define IREE_TRACE_FREE_NAMED(name_literal, ptr)

#if defined(__cplusplus)
#define IREE_TRACE_SCOPE()
#define IREE_TRACE_SCOPE_NAMED(name_literal)
#define IREE_TRACE_SCOPE_ID
#endif

#endif  // IREE_BASE_TRACING_H_
