// Issue 17: a log line that quotes model data (a tensor or graph name with a newline or an
// escape sequence) stays one printable line: log() writes such bytes as \xNN.
#include <gtest/gtest.h>

#include <string>

#include "common/test_support.h"
#include "core/log.h"

namespace {

TEST(LogEscape, ControlAndHighBytesInArgumentsAreEscaped) {
  lpai_test::LogCapture cap(LPAI_LOG_LEVEL_ERROR);
  LPAI_LOG_ERROR("graph retrieve: no graph \"%s\"", "a\nb\x1b[31mc\x7f\xff\\");
  ASSERT_EQ(cap.lines().size(), 1u);
  EXPECT_EQ(cap.lines()[0], "graph retrieve: no graph \"a\\x0ab\\x1b[31mc\\x7f\\xff\\\"");
}

TEST(LogEscape, PrintableLinesAreUnchanged) {
  lpai_test::LogCapture cap(LPAI_LOG_LEVEL_ERROR);
  LPAI_LOG_ERROR("TCM pool current size: %u max_size: %u", 0u, 2035712u);
  ASSERT_EQ(cap.lines().size(), 1u);
  EXPECT_EQ(cap.lines()[0], "TCM pool current size: 0 max_size: 2035712");
}

TEST(LogEscape, EscapesAreNeverCutAndTheLineStaysBounded) {
  char out[8];
  EXPECT_EQ(lpai::escape_line("ab\n\n", 4, out, sizeof out), 6u);  // "ab\x0a", no room for more
  EXPECT_EQ(std::string(out), "ab\\x0a");
  EXPECT_EQ(lpai::escape_line("abcdefghij", 10, out, sizeof out), 7u);
  EXPECT_EQ(std::string(out), "abcdefg");
  lpai_test::LogCapture cap(LPAI_LOG_LEVEL_ERROR);
  const std::string many(400, '\n');
  LPAI_LOG_ERROR("%s", many.c_str());
  ASSERT_EQ(cap.lines().size(), 1u);
  EXPECT_LT(cap.lines()[0].size(), lpai::kLogLineMax);
  EXPECT_EQ(cap.lines()[0].size() % 4, 0u);
  EXPECT_EQ(cap.lines()[0].find('\n'), std::string::npos);
}

}  // namespace
