// File reading and message text for the host tools (lpai-net-run, the generator), hardened
// against what users and models hand them:
//   - a path that is a directory, a symlink loop, has a component over NAME_MAX bytes, or is
//     not a regular file is refused with one line, never an exception;
//   - a file larger than the caller's limit is refused before a byte is read (its size comes
//     from stat), and running out of memory while reading is reported, not thrown;
//   - text quoted from a model or a file (tensor and op names, graph names) goes through
//     printable(), so a message stays one line and carries no terminal control sequence.
#ifndef LPAI_HOST_CONFIG_FILE_IO_H
#define LPAI_HOST_CONFIG_FILE_IO_H

#include <cstdint>
#include <string>
#include <vector>

#include "common/host_result.h"

namespace lpai {
namespace host {

// Reads the regular file `path` whole into *out. `what` names the file in the message ("context
// binary", "input file"). Fails with one line (never throws) when the path does not
// name a readable regular file, when the file has more than max_bytes bytes, or when memory for
// it cannot be allocated.
HostStatus read_file_bytes(const std::string& path, const char* what, uint64_t max_bytes,
                           std::vector<uint8_t>* out);
HostStatus read_file_text(const std::string& path, const char* what, uint64_t max_bytes,
                          std::string* out);

// Size of the regular file `path` from stat; fails as read_file_bytes.
HostStatus regular_file_size(const std::string& path, const char* what, uint64_t* size);

// True when `path` names an existing regular file (following symlinks). Never throws: a symlink
// loop, a component over NAME_MAX bytes or any other error gives false.
bool is_regular_file_noexcept(const std::string& path);
// True when anything exists at `path` (no exception, as above).
bool exists_noexcept(const std::string& path);

// `s` with every byte outside printable ASCII (0x20..0x7e) written as \xNN, so quoted model
// data can neither split a message line nor inject terminal sequences. Idempotent (applying it
// to an escaped text changes nothing), so a message may be escaped again where it is printed.
std::string printable(const std::string& s);

}  // namespace host
}  // namespace lpai

#endif  // LPAI_HOST_CONFIG_FILE_IO_H
