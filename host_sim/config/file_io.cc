#include "config/file_io.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <new>

namespace lpai {
namespace host {
namespace {

// stat() of `path` (following symlinks); false with a one-line reason in *error.
bool stat_regular(const std::string& path, const char* what, struct stat* st,
                  std::string* error) {
  if (::stat(path.c_str(), st) != 0) {
    *error = std::string("cannot read ") + what + " " + printable(path) + ": " +
             std::strerror(errno);
    return false;
  }
  if (S_ISDIR(st->st_mode)) {
    *error = std::string("cannot read ") + what + " " + printable(path) + ": is a directory";
    return false;
  }
  if (!S_ISREG(st->st_mode)) {
    *error = std::string("cannot read ") + what + " " + printable(path) +
             ": not a regular file";
    return false;
  }
  return true;
}

template <typename Container>
bool read_whole(const std::string& path, const char* what, uint64_t max_bytes, Container* out,
                std::string* error) {
  struct stat st {};
  if (!stat_regular(path, what, &st, error)) return false;
  const uint64_t size = static_cast<uint64_t>(st.st_size);
  if (size > max_bytes) {
    *error = std::string(what) + " " + printable(path) + " has " + std::to_string(size) +
             " bytes, more than the limit of " + std::to_string(max_bytes) + " bytes";
    return false;
  }
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    *error = std::string("cannot read ") + what + " " + printable(path) + ": " +
             std::strerror(errno);
    return false;
  }
  bool ok = true;
  try {
    out->clear();
    out->resize(static_cast<size_t>(size));
  } catch (const std::bad_alloc&) {
    *error = std::string("cannot read ") + what + " " + printable(path) + ": out of memory for " +
             std::to_string(size) + " bytes";
    ok = false;
  }
  if (ok && size > 0) {
    const size_t got = std::fread(&(*out)[0], 1, static_cast<size_t>(size), f);
    // A file that shrank while being read is an error; one that grew is read up to its size.
    if (got != size) {
      *error = std::string("cannot read ") + what + " " + printable(path) + ": " +
               (std::ferror(f) ? std::strerror(errno) : "file shrank while being read");
      ok = false;
    }
  }
  std::fclose(f);
  if (!ok) Container().swap(*out);
  return ok;
}

}  // namespace

bool read_file_bytes(const std::string& path, const char* what, uint64_t max_bytes,
                     std::vector<uint8_t>* out, std::string* error) {
  return read_whole(path, what, max_bytes, out, error);
}

bool read_file_text(const std::string& path, const char* what, uint64_t max_bytes,
                    std::string* out, std::string* error) {
  return read_whole(path, what, max_bytes, out, error);
}

bool regular_file_size(const std::string& path, const char* what, uint64_t* size,
                       std::string* error) {
  struct stat st {};
  if (!stat_regular(path, what, &st, error)) return false;
  *size = static_cast<uint64_t>(st.st_size);
  return true;
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
