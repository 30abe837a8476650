#include "net_run_report.h"

#include <cstdio>
#include <vector>

#include "config/file_io.h"
#include "lpai/hal_host.h"

namespace lpai::host::net_run {

namespace {
// Firmware error lines (escaped) since the last report.
std::vector<std::string> g_firmware_errors;
bool g_progress_open = false;
}  // namespace

void set_progress_open(bool open) { g_progress_open = open; }

void end_progress() {
  if (!g_progress_open) return;
  std::fputc('\n', stderr);
  g_progress_open = false;
}

bool progress_open() { return g_progress_open; }

void log_sink(void*, lpai_log_level_t level, const char* line, size_t len) {
  const std::string text = printable(std::string(line, len));
  if (level == LPAI_LOG_LEVEL_ERROR) {
    g_firmware_errors.push_back(text);
    return;
  }
  const char* tag = level == LPAI_LOG_LEVEL_WARN      ? "WARNING: "
                    : level == LPAI_LOG_LEVEL_INFO    ? "INFO: "
                    : level == LPAI_LOG_LEVEL_VERBOSE ? "VERBOSE: "
                                                      : "DEBUG: ";
  end_progress();
  std::fprintf(stderr, "%s%s\n", tag, text.c_str());
}

bool flush_firmware_errors() {
  const bool any = !g_firmware_errors.empty();
  if (any) end_progress();
  for (const std::string& l : g_firmware_errors) std::fprintf(stderr, "ERROR: %s\n", l.c_str());
  g_firmware_errors.clear();
  return any;
}

int fail(int code, const std::string& message) {
  flush_firmware_errors();
  end_progress();
  std::fprintf(stderr, "%s\n", printable("lpai-net-run: error: " + message).c_str());
  return code;
}

int fail_firmware(const std::string& message) {
  const bool fatal = lpai_hal_host_fatal_code() != 0;
  if (flush_firmware_errors()) return fatal ? LPAI_HAL_FATAL_EXIT_CODE : 2;
  if (fatal) {
    end_progress();
    std::fprintf(stderr, "%s\n",
                 printable(std::string("lpai-net-run: system fatal error: ") +
                           lpai_hal_host_fatal_line())
                     .c_str());
    return LPAI_HAL_FATAL_EXIT_CODE;
  }
  return fail(2, message);
}

}  // namespace lpai::host::net_run
