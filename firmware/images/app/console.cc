#include "console.h"

#include <stdarg.h>

#include "core/log.h"
#include "lpai/hal_target.h"

namespace lpai_image {

void print_line(const char* fmt, ...) {
  char line[kLineMax + 1];
  va_list args;
  va_start(args, fmt);
  size_t n = lpai::vformat_to(line, kLineMax, fmt, args);
  va_end(args);
  line[n++] = '\n';
  lpai_target_console_write(line, n);
}

void print_hex(const char* prefix, const uint8_t* data, size_t size) {
  static const char kDigits[] = "0123456789abcdef";
  for (size_t offset = 0; offset < size || offset == 0; offset += kHexBytesPerLine) {
    char hex[2 * kHexBytesPerLine + 1];
    const size_t count = size - offset < kHexBytesPerLine ? size - offset : kHexBytesPerLine;
    for (size_t i = 0; i < count; ++i) {
      hex[2 * i] = kDigits[data[offset + i] >> 4];
      hex[2 * i + 1] = kDigits[data[offset + i] & 0xF];
    }
    hex[2 * count] = '\0';
    if (size <= kHexBytesPerLine) {
      print_line("%s: %s", prefix, hex);
    } else {
      print_line("%s +%zu: %s", prefix, offset, hex);
    }
    if (size == 0) break;
  }
}

}  // namespace lpai_image
