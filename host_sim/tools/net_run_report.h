// lpai-net-run's failure report: how a failure reaches stderr, and with which exit code.
//
// Every failure is reported once. When the firmware logged error lines for it, exactly those
// lines are printed, each whole as "ERROR: <line>" (seed 000's "TCM memory allocation failure:
// required size: <N>", then its detail line); otherwise the tool prints one line
// "lpai-net-run: error: <message>". A system fatal error (the HAL's fatal hook fired, e.g. the
// TCM allocator's 33rd live allocation) is reported the same way, by the firmware's fatal line
// or, when the firmware logged none, "lpai-net-run: system fatal error: <fatal line>", and
// exits with LPAI_HAL_FATAL_EXIT_CODE (3), as a target image halts. Firmware and tool text is
// escaped (non-printable bytes as \xNN). Not thread-safe: the tool is single-threaded.
#ifndef LPAI_HOST_SIM_TOOLS_NET_RUN_REPORT_H
#define LPAI_HOST_SIM_TOOLS_NET_RUN_REPORT_H

#include <cstddef>
#include <string>

#include "lpai/hal.h"

namespace lpai::host::net_run {

// The "\r" progress line (stderr a terminal only): set_progress_open(true) after writing one
// without its newline, set_progress_open(false) after the caller ended it itself;
// end_progress() ends an open one with a newline. Every message this file prints ends it
// first, so each message starts a line of its own.
void set_progress_open(bool open);
void end_progress();
// Whether a progress line is open (written with "\r" and no newline yet).
bool progress_open();

// Log sink for lpai_hal_host_set_log_sink (echo off): error lines are held until a report or
// flush_firmware_errors(); other levels go to stderr at once with the seeds' prefixes
// ("WARNING: ", "INFO: ", "VERBOSE: ", "DEBUG: ").
void log_sink(void* user, lpai_log_level_t level, const char* line, size_t len);

// Prints the held firmware error lines to stderr as "ERROR: <line>" and forgets them.
// Returns whether there were any.
bool flush_firmware_errors();

// A failure the tool found itself: held firmware error lines (earlier events) first, then
// "lpai-net-run: error: <message>". Returns code.
int fail(int code, const std::string& message);

// A failed firmware call, reported once: by the held firmware error lines when there are
// any, else by fail(2, message) or, after a system fatal error, the tool's fatal line.
// Returns LPAI_HAL_FATAL_EXIT_CODE after a system fatal error, else 2.
int fail_firmware(const std::string& message);

}  // namespace lpai::host::net_run

#endif  // LPAI_HOST_SIM_TOOLS_NET_RUN_REPORT_H
