// Packed-filter cache of the x86 SIMD kernels. Contract in packed_filter.h.
#include "simd/packed_filter.h"

#include <cstring>
#include <map>
#include <tuple>

#if defined(LPAI_X86_SIMD)
namespace lpai::host::simd {
namespace {

// Two filters at one address with different shapes (two weight inputs of one node reading one
// constant) get their own entries, so a lookup never repacks an entry a node still reads.
struct Cache {
  std::map<std::tuple<const void*, uint32_t, uint32_t, int>, Packed> entries;
  size_t bytes = 0;
};

constexpr size_t kCacheLimit = size_t{256} << 20;

// w[o][kk] = filter[o * k + kk], or filter[kk * n + o] when transposed (depthwise [taps][dm]).
void pack(const int8_t* filter, uint32_t n, uint32_t k, int isa, bool transposed, Packed* p) {
  std::vector<int8_t> t;
  const int8_t* w = filter;
  if (transposed) {
    t.resize(static_cast<size_t>(n) * k);
    for (uint32_t o = 0; o < n; ++o) {
      for (uint32_t kk = 0; kk < k; ++kk) t[static_cast<size_t>(o) * k + kk] = filter[static_cast<size_t>(kk) * n + o];
    }
    w = t.data();
  }
  const uint32_t lanes = lanes_of(isa), group = group_of(isa);
  const uint32_t blocks = (n + lanes - 1) / lanes, groups = (k + group - 1) / group;
  p->n = n;
  p->k = k;
  p->orig.assign(filter, filter + static_cast<size_t>(n) * k);
  p->corr.assign(static_cast<size_t>(blocks) * lanes, 0);
  if (isa == kIsaAvx512) {
    p->data.assign(static_cast<size_t>(blocks) * groups * 64, 0);
    for (uint32_t o = 0; o < n; ++o) {
      const int8_t* row = w + static_cast<size_t>(o) * k;
      int32_t sum = 0;
      int8_t* dst = p->data.data() + static_cast<size_t>(o / 16) * groups * 64 + (o % 16) * 4;
      for (uint32_t kk = 0; kk < k; ++kk) {
        sum += row[kk];
        dst[static_cast<size_t>(kk / 4) * 64 + kk % 4] = row[kk];
      }
      p->corr[o] = 128 * sum;
    }
  } else {
    const bool bytes = isa == kPackAvx2Bytes;
    p->data.assign(static_cast<size_t>(blocks) * groups * (bytes ? 16 : 32), 0);
    int16_t* base = reinterpret_cast<int16_t*>(p->data.data());
    for (uint32_t o = 0; o < n; ++o) {
      const int8_t* row = w + static_cast<size_t>(o) * k;
      const size_t at = static_cast<size_t>(o / 8) * groups * 16 + (o % 8) * 2;
      for (uint32_t kk = 0; kk < k; ++kk) {
        const size_t i = at + static_cast<size_t>(kk / 2) * 16 + kk % 2;
        if (bytes) {
          p->data[i] = row[kk];
        } else {
          base[i] = row[kk];
        }
      }
    }
  }
}

Cache& packed_cache() {
  thread_local Cache cache;
  return cache;
}

}  // namespace

void trim_packed_cache() {
  Cache& cache = packed_cache();
  if (cache.bytes > kCacheLimit) {
    cache.entries.clear();
    cache.bytes = 0;
  }
}

const Packed& packed_filter(const int8_t* w, uint32_t n, uint32_t k, int isa, bool transposed) {
  Cache& cache = packed_cache();
  const size_t bytes = static_cast<size_t>(n) * k;
  const int key = isa * 2 + (transposed ? 1 : 0);
  const auto id = std::make_tuple(static_cast<const void*>(w), n, k, key);
  auto it = cache.entries.find(id);
  if (it != cache.entries.end() && std::memcmp(it->second.orig.data(), w, bytes) == 0) {
    return it->second;
  }
  if (it == cache.entries.end()) {
    it = cache.entries.emplace(id, Packed()).first;
  } else {
    cache.bytes -= it->second.orig.size() + it->second.data.size();
  }
  pack(w, n, k, isa, transposed, &it->second);
  thread_local uint64_t generations = 0;
  it->second.generation = ++generations;
  cache.bytes += it->second.orig.size() + it->second.data.size();
  return it->second;
}

}  // namespace lpai::host::simd
#endif  // LPAI_X86_SIMD
