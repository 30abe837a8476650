// The freestanding formatter: every conversion, flags, widths, length modifiers, truncation.
#include <gtest/gtest.h>

#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>

#include "core/log.h"

namespace {

// Calls vformat_to without the printf format check, so deliberately unsupported
// specifications can be tested.
size_t fmt_unchecked(char* buf, size_t cap, const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  const size_t n = lpai::vformat_to(buf, cap, fmt, args);
  va_end(args);
  return n;
}

template <typename... Args>
std::string fmt(const char* f, Args... args) {
  char buf[256];
  const size_t n = fmt_unchecked(buf, sizeof(buf), f, args...);
  EXPECT_EQ(n, std::string(buf).size());
  return std::string(buf);
}

TEST(LogFormat, PlainTextAndPercent) {
  EXPECT_EQ(fmt("hello"), "hello");
  EXPECT_EQ(fmt(""), "");
  EXPECT_EQ(fmt("100%%"), "100%");
  EXPECT_EQ(fmt("%%d"), "%d");
}

TEST(LogFormat, SignedDecimal) {
  EXPECT_EQ(fmt("%d", 0), "0");
  EXPECT_EQ(fmt("%d", 42), "42");
  EXPECT_EQ(fmt("%i", -42), "-42");
  EXPECT_EQ(fmt("%d", INT_MAX), "2147483647");
  EXPECT_EQ(fmt("%d", INT_MIN), "-2147483648");
  EXPECT_EQ(fmt("%ld", -1234567L), "-1234567");
  EXPECT_EQ(fmt("%lld", LLONG_MAX), "9223372036854775807");
  EXPECT_EQ(fmt("%lld", LLONG_MIN), "-9223372036854775808");
  EXPECT_EQ(fmt("%zd", static_cast<ptrdiff_t>(-5)), "-5");
}

// Decimal and hex conversion of many 64-bit values against the C library's printf.
TEST(LogFormat, MatchesSnprintfOverManyValues) {
  std::mt19937_64 rng(20240601);
  for (int i = 0; i < 200000; ++i) {
    const unsigned long long raw = rng();
    const unsigned long long v = raw >> (i % 64);  // all magnitudes
    char expect[64];
    std::snprintf(expect, sizeof(expect), "%llu %llx %lld", v, v, static_cast<long long>(raw));
    ASSERT_EQ(fmt("%llu %llx %lld", v, v, static_cast<long long>(raw)), expect) << v;
  }
  for (unsigned long long v = 0; v < 100000; ++v) {
    char expect[32];
    std::snprintf(expect, sizeof(expect), "%llu", v);
    ASSERT_EQ(fmt("%llu", v), expect);
  }
}

TEST(LogFormat, UnsignedAndHex) {
  EXPECT_EQ(fmt("%u", 0u), "0");
  EXPECT_EQ(fmt("%u", UINT_MAX), "4294967295");
  EXPECT_EQ(fmt("%lu", 123456789UL), "123456789");
  EXPECT_EQ(fmt("%llu", ULLONG_MAX), "18446744073709551615");
  EXPECT_EQ(fmt("%zu", static_cast<size_t>(2035712)), "2035712");
  EXPECT_EQ(fmt("%zu", SIZE_MAX), "18446744073709551615");
  EXPECT_EQ(fmt("%x", 0xdeadbeefu), "deadbeef");
  EXPECT_EQ(fmt("%X", 0xdeadbeefu), "DEADBEEF");
  EXPECT_EQ(fmt("%x", 0u), "0");
  EXPECT_EQ(fmt("%llx", 0x0123456789abcdefULL), "123456789abcdef");
  EXPECT_EQ(fmt("%zx", static_cast<size_t>(4096)), "1000");
}

TEST(LogFormat, CharStringPointer) {
  EXPECT_EQ(fmt("%c%c", 'o', 'k'), "ok");
  EXPECT_EQ(fmt("[%s]", "abc"), "[abc]");
  EXPECT_EQ(fmt("[%s]", static_cast<const char*>(nullptr)), "[(null)]");
  EXPECT_EQ(fmt("%p", reinterpret_cast<void*>(0x1234)), "0x1234");
  EXPECT_EQ(fmt("%p", static_cast<void*>(nullptr)), "0x0");
  EXPECT_EQ(fmt("%.3s|", "abcdef"), "abc|");
  EXPECT_EQ(fmt("%.*s|", 2, "abcdef"), "ab|");
  EXPECT_EQ(fmt("%.*s|", 10, "abc"), "abc|");
  // Precision bounds the read: the string need not be NUL-terminated.
  const char unterminated[3] = {'x', 'y', 'z'};
  EXPECT_EQ(fmt("%.*s", 3, unterminated), "xyz");
}

TEST(LogFormat, WidthAndFlags) {
  EXPECT_EQ(fmt("%5d|", 42), "   42|");
  EXPECT_EQ(fmt("%-5d|", 42), "42   |");
  EXPECT_EQ(fmt("%05d|", 42), "00042|");
  EXPECT_EQ(fmt("%05d|", -42), "-0042|");
  EXPECT_EQ(fmt("%5d|", -42), "  -42|");
  EXPECT_EQ(fmt("%-05d|", 7), "7    |");  // '-' wins over '0'
  EXPECT_EQ(fmt("%08x", 0xbeefu), "0000beef");
  EXPECT_EQ(fmt("%2d", 12345), "12345");  // width is a minimum
  EXPECT_EQ(fmt("%-6s|", "ab"), "ab    |");
  EXPECT_EQ(fmt("%6s|", "ab"), "    ab|");
  EXPECT_EQ(fmt("%06s|", "ab"), "    ab|");  // strings pad with spaces
  EXPECT_EQ(fmt("%3c|", 'x'), "  x|");
  EXPECT_EQ(fmt("%018p", reinterpret_cast<void*>(0xabc)), "0x0000000000000abc");
  EXPECT_EQ(fmt("%-10zu|", static_cast<size_t>(99)), "99        |");
}

TEST(LogFormat, UnsupportedConversionsAreCopiedVerbatim) {
  EXPECT_EQ(fmt("a%fb", 1.0), "a%fb");
  EXPECT_EQ(fmt("%q"), "%q");
  EXPECT_EQ(fmt("%08q"), "%08q");
  EXPECT_EQ(fmt("end%"), "end%");
  EXPECT_EQ(fmt("%-"), "%-");
  // An unsupported conversion consumes no argument: the next one still lines up.
  EXPECT_EQ(fmt("%k %d", 5), "%k 5");
}

TEST(LogFormat, TruncatesAtCapacity) {
  char buf[8];
  std::memset(buf, 'Z', sizeof(buf));
  EXPECT_EQ(fmt_unchecked(buf, sizeof(buf), "0123456789"), 7u);
  EXPECT_STREQ(buf, "0123456");

  std::memset(buf, 'Z', sizeof(buf));
  EXPECT_EQ(fmt_unchecked(buf, 5, "%d", -123456), 4u);
  EXPECT_STREQ(buf, "-123");
  EXPECT_EQ(buf[5], 'Z');  // nothing written past cap

  std::memset(buf, 'Z', sizeof(buf));
  EXPECT_EQ(fmt_unchecked(buf, 4, "%8s", "ab"), 3u);
  EXPECT_STREQ(buf, "   ");

  std::memset(buf, 'Z', sizeof(buf));
  EXPECT_EQ(fmt_unchecked(buf, 1, "abc"), 0u);
  EXPECT_EQ(buf[0], '\0');
  EXPECT_EQ(buf[1], 'Z');

  std::memset(buf, 'Z', sizeof(buf));
  EXPECT_EQ(fmt_unchecked(buf, 0, "abc"), 0u);
  EXPECT_EQ(buf[0], 'Z');  // cap 0: nothing written, not even the NUL
}

TEST(LogFormat, FormatToMatchesVformatTo) {
  char buf[64];
  const size_t n = lpai::format_to(buf, sizeof(buf), "%s=%zu (%d%%)", "slots", size_t{32}, 100);
  EXPECT_STREQ(buf, "slots=32 (100%)");
  EXPECT_EQ(n, 15u);
}

}  // namespace
