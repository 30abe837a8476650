// Freestanding printf-subset formatter and the log entry point (contract in core/log.h).
#include "core/log.h"

#include <stdint.h>

namespace lpai {
namespace {

// Bounded output cursor: keeps writing until cap - 1 characters, silently drops the rest.
struct Out {
  char* buf;
  size_t cap;  // capacity including the NUL; 0 means nothing may be written
  size_t len;  // characters stored so far (excluding the NUL)

  void put(char c) {
    if (cap != 0 && len + 1 < cap) buf[len++] = c;
  }
  void put_n(const char* s, size_t n) {
    for (size_t i = 0; i < n; ++i) put(s[i]);
  }
  void pad(char c, size_t n) {
    for (size_t i = 0; i < n; ++i) put(c);
  }
};

struct Spec {
  bool left = false;       // '-'
  bool zero = false;       // '0'
  size_t width = 0;
  bool has_precision = false;  // ".N" / ".*" (honoured by %s only)
  size_t precision = 0;
  int length = 0;          // 0: int, 1: long, 2: long long, 3: size_t
};

size_t str_len_bounded(const char* s, size_t limit) {
  size_t n = 0;
  while (n < limit && s[n] != '\0') ++n;
  return n;
}

// Writes `body` (already converted digits, without sign) with sign/prefix and padding.
void emit_padded(Out& out, const Spec& spec, const char* prefix, size_t prefix_len,
                 const char* body, size_t body_len) {
  const size_t total = prefix_len + body_len;
  const size_t fill = spec.width > total ? spec.width - total : 0;
  if (spec.left) {
    out.put_n(prefix, prefix_len);
    out.put_n(body, body_len);
    out.pad(' ', fill);
  } else if (spec.zero) {
    out.put_n(prefix, prefix_len);
    out.pad('0', fill);
    out.put_n(body, body_len);
  } else {
    out.pad(' ', fill);
    out.put_n(prefix, prefix_len);
    out.put_n(body, body_len);
  }
}

// v / 10 with shifts and adds only (Hacker's Delight, divu10 widened to 64 bits), so 32-bit
// targets need no 64-bit division helper from the compiler runtime.
unsigned long long div10(unsigned long long v, unsigned* rem) {
  unsigned long long q = (v >> 1) + (v >> 2);
  q += q >> 4;
  q += q >> 8;
  q += q >> 16;
  q += q >> 32;
  q >>= 3;
  unsigned long long r = v - ((q << 3) + (q << 1));
  if (r > 9) {
    ++q;
    r -= 10;
  }
  *rem = static_cast<unsigned>(r);
  return q;
}

// Converts v to digits in `base` (10 or 16); returns the number of digits, stored at the
// end of tmp (tmp + 24 - n).
size_t to_digits(unsigned long long v, unsigned base, bool upper, char (&tmp)[24]) {
  const char* digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  size_t n = 0;
  do {
    unsigned d;
    if (base == 16) {
      d = static_cast<unsigned>(v & 0xfu);
      v >>= 4;
    } else {
      v = div10(v, &d);
    }
    tmp[sizeof(tmp) - 1 - n] = digits[d];
    ++n;
  } while (v != 0);
  return n;
}

void emit_unsigned(Out& out, const Spec& spec, unsigned long long v, unsigned base, bool upper,
                   const char* prefix, size_t prefix_len) {
  char tmp[24];
  const size_t n = to_digits(v, base, upper, tmp);
  emit_padded(out, spec, prefix, prefix_len, tmp + sizeof(tmp) - n, n);
}

void emit_signed(Out& out, const Spec& spec, long long v) {
  // Magnitude computed in unsigned arithmetic so LLONG_MIN does not overflow.
  const unsigned long long mag =
      v < 0 ? 0ull - static_cast<unsigned long long>(v) : static_cast<unsigned long long>(v);
  emit_unsigned(out, spec, mag, 10, false, "-", v < 0 ? 1 : 0);
}

}  // namespace

size_t vformat_to(char* buf, size_t cap, const char* fmt, va_list args) {
  Out out{buf, cap, 0};
  if (fmt == nullptr) fmt = "(null fmt)";
  const char* p = fmt;
  while (*p != '\0') {
    if (*p != '%') {
      out.put(*p++);
      continue;
    }
    const char* spec_start = p++;
    Spec spec;
    for (;; ++p) {
      if (*p == '-') {
        spec.left = true;
      } else if (*p == '0') {
        spec.zero = true;
      } else {
        break;
      }
    }
    while (*p >= '0' && *p <= '9') {
      if (spec.width < 1000) spec.width = spec.width * 10 + static_cast<size_t>(*p - '0');
      ++p;
    }
    if (*p == '.') {
      ++p;
      spec.has_precision = true;
      if (*p == '*') {
        const int prec = va_arg(args, int);
        spec.precision = prec < 0 ? 0 : static_cast<size_t>(prec);
        if (prec < 0) spec.has_precision = false;
        ++p;
      } else {
        while (*p >= '0' && *p <= '9') {
          if (spec.precision < 100000) {
            spec.precision = spec.precision * 10 + static_cast<size_t>(*p - '0');
          }
          ++p;
        }
      }
    }
    if (*p == 'l') {
      ++p;
      spec.length = 1;
      if (*p == 'l') {
        ++p;
        spec.length = 2;
      }
    } else if (*p == 'z') {
      ++p;
      spec.length = 3;
    }
    const char conv = *p;
    switch (conv) {
      case 'd':
      case 'i': {
        long long v;
        if (spec.length == 1) {
          v = va_arg(args, long);
        } else if (spec.length == 2) {
          v = va_arg(args, long long);
        } else if (spec.length == 3) {
          v = va_arg(args, __PTRDIFF_TYPE__);
        } else {
          v = va_arg(args, int);
        }
        emit_signed(out, spec, v);
        break;
      }
      case 'u':
      case 'x':
      case 'X': {
        unsigned long long v;
        if (spec.length == 1) {
          v = va_arg(args, unsigned long);
        } else if (spec.length == 2) {
          v = va_arg(args, unsigned long long);
        } else if (spec.length == 3) {
          v = va_arg(args, size_t);
        } else {
          v = va_arg(args, unsigned int);
        }
        emit_unsigned(out, spec, v, conv == 'u' ? 10u : 16u, conv == 'X', "", 0);
        break;
      }
      case 'c': {
        const char c = static_cast<char>(va_arg(args, int));
        emit_padded(out, spec, "", 0, &c, 1);
        break;
      }
      case 's': {
        const char* s = va_arg(args, const char*);
        if (s == nullptr) s = "(null)";
        const size_t n = str_len_bounded(s, spec.has_precision ? spec.precision : static_cast<size_t>(-1));
        Spec text = spec;
        text.zero = false;  // strings are padded with spaces only
        emit_padded(out, text, "", 0, s, n);
        break;
      }
      case 'p': {
        const void* ptr = va_arg(args, const void*);
        emit_unsigned(out, spec, reinterpret_cast<uintptr_t>(ptr), 16, false, "0x", 2);
        break;
      }
      case '%':
        out.put('%');
        break;
      default:
        // Unsupported conversion (or the format ended): copy the specification verbatim.
        out.put_n(spec_start, static_cast<size_t>(p - spec_start));
        if (conv == '\0') continue;
        out.put(conv);
        break;
    }
    ++p;
  }
  if (cap != 0) buf[out.len] = '\0';
  return out.len;
}

size_t format_to(char* buf, size_t cap, const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  const size_t n = vformat_to(buf, cap, fmt, args);
  va_end(args);
  return n;
}

size_t escape_line(const char* in, size_t n, char* out, size_t cap) {
  static const char kHex[] = "0123456789abcdef";
  Out o{out, cap, 0};
  for (size_t i = 0; i < n; ++i) {
    const unsigned char c = static_cast<unsigned char>(in[i]);
    if (c >= 0x20 && c < 0x7f) {
      o.put(static_cast<char>(c));
      continue;
    }
    if (o.len + 4 >= cap) break;  // never a cut escape
    o.put('\\');
    o.put('x');
    o.put(kHex[c >> 4]);
    o.put(kHex[c & 0xFu]);
  }
  if (cap != 0) out[o.len] = '\0';
  return o.len;
}

void log(lpai_log_level_t level, const char* fmt, ...) {
  if (!log_enabled(level)) return;
  char line[kLogLineMax];
  va_list args;
  va_start(args, fmt);
  const size_t n = vformat_to(line, sizeof(line), fmt, args);
  va_end(args);
  // Names quoted from a model (tensors, graphs) may hold any byte: one log line stays one
  // printable line.
  char escaped[kLogLineMax];
  const size_t m = escape_line(line, n, escaped, sizeof(escaped));
  lpai_hal_log_write(level, escaped, m);
}

}  // namespace lpai
