// DerivedCache: data derived from bytes the caller names (a parameter blob's arrays, a filter,
// the scalars that shaped the result), cached per instance by an address and reused only while
// those bytes are unchanged: the entry keeps a copy of them and compares it on every lookup, so
// a graph loaded where another one was never gets stale data. The x86 SIMD kernels keep one
// thread_local instance per kind of derived data (host simulation only).
#ifndef LPAI_HOST_SIMD_DERIVED_CACHE_H
#define LPAI_HOST_SIMD_DERIVED_CACHE_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <vector>

namespace lpai::host::simd {

// size bytes at data: one part of the source a cached value is derived from.
struct Span {
  const void* data;
  size_t size;
};

template <class Value>
class DerivedCache {
 public:
  // The value cached under key when the bytes of parts equal those it was built from; else
  // build(&value) makes it anew. The reference stays valid until the next get().
  template <size_t N, class Build>
  const Value& get(const void* key, const Span (&parts)[N], Build&& build) {
    auto it = entries_.find(key);
    if (it != entries_.end() && same(it->second.bytes, parts)) return it->second.value;
    if (it == entries_.end()) {
      if (entries_.size() >= kMaxEntries) entries_.clear();
      it = entries_.emplace(key, Entry()).first;
    }
    Entry& e = it->second;
    e.bytes.clear();
    for (const Span& part : parts) {
      const uint8_t* b = static_cast<const uint8_t*>(part.data);
      e.bytes.insert(e.bytes.end(), b, b + part.size);
    }
    build(&e.value);
    return e.value;
  }

 private:
  static constexpr size_t kMaxEntries = 4096;
  struct Entry {
    std::vector<uint8_t> bytes;
    Value value;
  };
  template <size_t N>
  static bool same(const std::vector<uint8_t>& bytes, const Span (&parts)[N]) {
    size_t at = 0;
    for (const Span& part : parts) {
      if (bytes.size() - at < part.size || std::memcmp(bytes.data() + at, part.data, part.size) != 0) {
        return false;
      }
      at += part.size;
    }
    return at == bytes.size();
  }
  std::map<const void*, Entry> entries_;
};

}  // namespace lpai::host::simd

#endif  // LPAI_HOST_SIMD_DERIVED_CACHE_H
