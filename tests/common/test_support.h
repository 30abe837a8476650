// Shared test support: capturing firmware log lines, locating ../shared data, aligned buffers.
#ifndef LPAI_TESTS_COMMON_TEST_SUPPORT_H
#define LPAI_TESTS_COMMON_TEST_SUPPORT_H

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "common/aligned_bytes.h"
#include "lpai/hal.h"

namespace lpai_test {

// Captures every firmware log line while alive (and sets the HAL level; restores on exit).
// Echo to stderr is switched off while capturing.
class LogCapture {
 public:
  explicit LogCapture(lpai_log_level_t level = LPAI_LOG_LEVEL_DEBUG);
  ~LogCapture();
  const std::vector<std::string>& lines() const { return lines_; }
  bool contains(const std::string& needle) const;  // any line contains needle
  size_t count(const std::string& needle) const;   // lines containing needle
  void clear() { lines_.clear(); }

 private:
  static void sink(void* user, lpai_log_level_t level, const char* line, size_t len);
  std::vector<std::string> lines_;
  lpai_log_level_t saved_level_;
};

// Absolute path of ../shared/<rel>, or "" when ../shared (or the file) is absent.
std::string shared_path(const std::string& rel);
// Reads a whole file; empty vector when missing.
std::vector<uint8_t> read_file(const std::string& path);

// Macro for data-driven tests: skips with a clear message when ../shared/<rel> is absent.
#define LPAI_REQUIRE_SHARED(var, rel)                                                   \
  std::string var = ::lpai_test::shared_path(rel);                                     \
  if (var.empty()) GTEST_SKIP() << "../shared/" << (rel) << " not present: data-driven test skipped"

// The failure line of a host call's HostStatus / HostResult<T> (host_sim/common/host_result.h),
// or "" when it succeeded: EXPECT_EQ(lpai_test::failure(f(...)), "") prints the line on failure.
template <typename HostOutcome>
std::string failure(const HostOutcome& outcome) {
  if (outcome.ok()) return std::string();
  return outcome.error().empty() ? std::string("(failed without a message)") : outcome.error();
}

}  // namespace lpai_test

#endif  // LPAI_TESTS_COMMON_TEST_SUPPORT_H
