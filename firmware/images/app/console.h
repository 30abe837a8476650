// Line output for the firmware image: printf-style lines (lpai::format_to subset, see
// core/log.h) written to the board console, plus hex dumps. Lines longer than kLineMax - 1
// characters are truncated.
#ifndef LPAI_IMAGES_CONSOLE_H
#define LPAI_IMAGES_CONSOLE_H

#include <stddef.h>
#include <stdint.h>

namespace lpai_image {

constexpr size_t kLineMax = 256;

// One line (a newline is appended).
void print_line(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

// "<prefix> +<offset>: <hex>" lines of at most kHexBytesPerLine bytes each; a single line
// without "+<offset>" when size <= kHexBytesPerLine.
constexpr size_t kHexBytesPerLine = 64;
void print_hex(const char* prefix, const uint8_t* data, size_t size);

}  // namespace lpai_image

#endif  // LPAI_IMAGES_CONSOLE_H
