#include "common/test_support.h"

#include <sys/stat.h>

#include <cstdint>
#include <fstream>
#include <iterator>

#include "lpai/hal_host.h"

namespace lpai_test {

LogCapture::LogCapture(lpai_log_level_t level) : saved_level_(lpai_hal_log_level()) {
  lpai_hal_host_set_log_sink(&LogCapture::sink, this);
  lpai_hal_host_set_log_echo(0);
  lpai_hal_set_log_level(level);
}

LogCapture::~LogCapture() {
  lpai_hal_host_set_log_sink(nullptr, nullptr);
  lpai_hal_host_set_log_echo(1);
  lpai_hal_set_log_level(saved_level_);
}

void LogCapture::sink(void* user, lpai_log_level_t, const char* line, size_t len) {
  static_cast<LogCapture*>(user)->lines_.emplace_back(line, len);
}

bool LogCapture::contains(const std::string& needle) const { return count(needle) > 0; }

size_t LogCapture::count(const std::string& needle) const {
  size_t n = 0;
  for (const auto& l : lines_) n += l.find(needle) != std::string::npos ? 1 : 0;
  return n;
}

std::string shared_path(const std::string& rel) {
  const char* env = std::getenv("LPAI_SHARED_DIR");
  std::string root = env != nullptr ? env : LPAI_SHARED_DIR;
  std::string p = root + "/" + rel;
  struct stat st;
  return stat(p.c_str(), &st) == 0 ? p : std::string();
}

std::vector<uint8_t> read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return {};
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

}  // namespace lpai_test
