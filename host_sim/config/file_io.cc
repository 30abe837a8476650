#include "config/file_io.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <new>

namespace lpai {
namespace host {
namespace {

// stat() of `path` (following symlinks); a one-line failure unless it is a regular file.
HostStatus stat_regular(const std::string& path, const char* what, struct stat* st) {
  if (::stat(path.c_str(), st) != 0) {
    return HostStatus::fail(std::string("cannot read ") + what + " " + printable(path) + ": " +
                            std::strerror(errno));
  }
  if (S_ISDIR(st->st_mode)) {
    return HostStatus::fail(std::string("cannot read ") + what + " " + printable(path) +
                            ": is a directory");
  }
  if (!S_ISREG(st->st_mode)) {
    return HostStatus::fail(std::string("cannot read ") + what + " " + printable(path) +
                            ": not a regular file");
  }
  return HostStatus::success();
}

template <typename Container>
HostStatus read_whole(const std::string& path, const char* what, uint64_t max_bytes,
                      Container* out) {
  struct stat st {};
  if (HostStatus s = stat_regular(path, what, &st); !s.ok()) return s;
  const uint64_t size = static_cast<uint64_t>(st.st_size);
  if (size > max_bytes) {
    return HostStatus::fail(std::string(what) + " " + printable(path) + " has " +
                            std::to_string(size) + " bytes, more than the limit of " +
                            std::to_string(max_bytes) + " bytes");
  }
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    return HostStatus::fail(std::string("cannot read ") + what + " " + printable(path) + ": " +
                            std::strerror(errno));
  }
  HostStatus result;
  try {
    out->clear();
    out->resize(static_cast<size_t>(size));
  } catch (const std::bad_alloc&) {
    result = HostStatus::fail(std::string("cannot read ") + what + " " + printable(path) +
                              ": out of memory for " + std::to_string(size) + " bytes");
  }
  if (result.ok() && size > 0) {
    const size_t got = std::fread(&(*out)[0], 1, static_cast<size_t>(size), f);
    // A file that shrank while being read is an error; one that grew is read up to its size.
    if (got != size) {
      result = HostStatus::fail(std::string("cannot read ") + what + " " + printable(path) + ": " +
                                (std::ferror(f) ? std::strerror(errno) : "file shrank while being read"));
    }
  }
  std::fclose(f);
  if (!result.ok()) Container().swap(*out);
  return result;
}

}  // namespace

HostStatus read_file_bytes(const std::string& path, const char* what, uint64_t max_bytes,
                           std::vector<uint8_t>* out) {
  return read_whole(path, what, max_bytes, out);
}

HostStatus read_file_text(const std::string& path, const char* what, uint64_t max_bytes,
                          std::string* out) {
  return read_whole(path, what, max_bytes, out);
}

HostStatus regular_file_size(const std::string& path, const char* what, uint64_t* size) {
  struct stat st {};
  if (HostStatus s = stat_regular(path, what, &st); !s.ok()) return s;
  *size = static_cast<uint64_t>(st.st_size);
  return HostStatus::success();
}

bool is_regular_file_noexcept(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

bool exists_noexcept(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0;
}

std::string printable(const std::string& s) {
  static const char kHex[] = "0123456789abcdef";
  std::string r;
  r.reserve(s.size());
  for (const char ch : s) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c >= 0x20 && c < 0x7f) {
      r += ch;
    } else {
      r += "\\x";
      r += kHex[c >> 4];
      r += kHex[c & 0xF];
    }
  }
  return r;
}

}  // namespace host
}  // namespace lpai
