// Log formatter routed to the HAL sink.
//
// LPAI_LOG_ERROR(fmt, ...) etc. check the HAL's level first, so a filtered message costs one
// call and no formatting. The formatter is printf-like and supports exactly:
//   %d %i %u %x %X %c %s %p %%   with optional flags '-' '0', width, and length modifiers
//   l, ll, z (size_t)           e.g. %zu, %lld, %08x, %-6s
// Precision (".N" or ".*") is honoured by %s only (at most N characters, e.g. %.*s).
// Anything else is copied verbatim. Lines are truncated (never overflow) at kLogLineMax - 1.
#ifndef LPAI_CORE_LOG_H
#define LPAI_CORE_LOG_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "lpai/hal.h"

namespace lpai {

constexpr size_t kLogLineMax = 256;

// Formats into buf (capacity cap, always NUL-terminated when cap > 0). Returns the number of
// characters written, excluding the NUL.
size_t format_to(char* buf, size_t cap, const char* fmt, ...) __attribute__((format(printf, 3, 4)));
size_t vformat_to(char* buf, size_t cap, const char* fmt, va_list args);

// Copies n bytes of `in` to out (capacity cap, NUL-terminated when cap > 0) with every byte
// outside printable ASCII (0x20..0x7e) written as \xNN; stops before an escape that would not
// fit. Returns the characters written, excluding the NUL.
size_t escape_line(const char* in, size_t n, char* out, size_t cap);

// Formats and hands one line to lpai_hal_log_write if `level` passes the HAL filter. Bytes
// outside printable ASCII (a newline or escape sequence in a model's tensor or graph name) are
// written as \xNN, so a log line is always one printable line.
void log(lpai_log_level_t level, const char* fmt, ...) __attribute__((format(printf, 2, 3)));

// A uint32_t field as the `unsigned` that %u expects (uint32_t is `unsigned long` on some
// targets), without a cast at every call site.
constexpr unsigned fmt_u(uint32_t v) { return v; }

inline bool log_enabled(lpai_log_level_t level) {
  return level != LPAI_LOG_LEVEL_NONE && level <= lpai_hal_log_level();
}

}  // namespace lpai

#define LPAI_LOG_ERROR(...) ::lpai::log(LPAI_LOG_LEVEL_ERROR, __VA_ARGS__)
#define LPAI_LOG_WARN(...) ::lpai::log(LPAI_LOG_LEVEL_WARN, __VA_ARGS__)
#define LPAI_LOG_INFO(...) ::lpai::log(LPAI_LOG_LEVEL_INFO, __VA_ARGS__)
#define LPAI_LOG_VERBOSE(...) ::lpai::log(LPAI_LOG_LEVEL_VERBOSE, __VA_ARGS__)
#define LPAI_LOG_DEBUG(...) ::lpai::log(LPAI_LOG_LEVEL_DEBUG, __VA_ARGS__)

#endif  // LPAI_CORE_LOG_H
