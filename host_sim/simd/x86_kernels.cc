// x86-64 SIMD CONV_2D / FULLY_CONNECTED int8 (host simulation only). Contract in x86_kernels.h.
//
// CONV_2D: output channels are vector lanes. The filter [N][K] is repacked once per weight
// tensor (cached per thread, keyed by address, shape and layout and verified byte for byte
// against a copy on every call, so a reused address never serves stale weights):
//   AVX-512 VNNI: blocks of 16 channels x groups of 4 taps, 64 bytes per (block, group); one
//     vpdpbusd adds 4 products per lane. vpdpbusd multiplies unsigned by signed bytes, so the
//     activation bytes are flipped (x ^ 0x80 = x + 128 as unsigned) and 128 * sum_k w[o][k] is
//     taken out of the bias: (x + 128) . w - 128 sum w = x . w exactly.
//   AVX2: blocks of 8 channels x pairs of taps as int16; vpmaddwd adds 2 products per lane.
// Rows (input windows, im2col as in the portable kernel: padding taps hold the input zero
// point, which the folded bias cancels) are gathered per block of output pixels into a
// per-thread buffer padded with zeros to the tap group; 4 rows x up to 4 (VNNI) / 2 (AVX2)
// channel blocks per micro-kernel step. Requantisation in vector lanes: the same 32/64-bit
// integer sequence as kernels/fixed_point.h (multiply_by_quantized_multiplier).
//
// FULLY_CONNECTED: no repacking (weights are read once per call anyway): 4 weight rows at a
// time dotted along K (VNNI: weights flipped to unsigned, 128 * sum_k x[k] taken out once per
// row; AVX2: sign-extended int16 pairs), horizontal sums, then kernels::gemm::requantize.
#include "simd/x86_kernels.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "kernels/add_sub_arith.h"
#include "kernels/int8_gemm.h"
#include "kernels/lstm_math.h"
#include "kernels/params/conv_2d.h"
#include "kernels/params/depthwise_conv_2d.h"
#include "kernels/params/fully_connected.h"
#include "kernels/params/unidirectional_sequence_lstm.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
// GCC 12's avx512fintrin.h builds _mm512_reduce_add_epi32 from _mm256_undefined_si256(), which
// -Wmaybe-uninitialized reports inside the header (and the _mm512_undefined_* self-initialised
// placeholders trip -Wuninitialized); the values are never read.
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <immintrin.h>
#define LPAI_X86_SIMD 1
#define LPAI_TARGET_AVX2 __attribute__((target("avx2")))
#if defined(LPAI_SIMD_EMULATE_AVX512)
// Test-only build (host_sim/simd/CMakeLists.txt): the AVX-512 path on AVX2 machines, its
// intrinsics emulated lane by lane.
#include "simd/avx512_emulation.h"
#define LPAI_TARGET_AVX512 LPAI_TARGET_AVX2
#else
#define LPAI_TARGET_AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl,avx512vnni")))
#endif
#endif

namespace lpai {
namespace host {
namespace simd {

#if defined(LPAI_X86_SIMD)
namespace {

using kernels::AddParams;
using kernels::Conv2dParams;
using kernels::DepthwiseConv2dParams;
using kernels::FullyConnectedParams;
using kernels::KernelArgs;
using kernels::gemm::Requant;

enum Isa { kIsaAvx2 = 0, kIsaAvx512 = 1 };
// packed_filter's third layout beside the two ISAs': the AVX2 one with int8 storage (widened on
// load, half the bytes: the LSTM's, which streams its weights every time step).
constexpr int kPackAvx2Bytes = 2;

// Only the int8 variants (input, filter, output) run here; anything else stays portable.
bool int8_io(const KernelArgs& a) {
  const auto s8 = static_cast<uint32_t>(format::DataType::kInt8);
  return a.num_inputs >= 2 && a.num_outputs == 1 && a.inputs[0].desc != nullptr &&
         a.inputs[1].desc != nullptr && a.inputs[0].desc->data_type == s8 &&
         a.inputs[1].desc->data_type == s8 && a.outputs[0].desc->data_type == s8;
}

// ---- Packed filters -----------------------------------------------------------------------
struct Packed {
  uint32_t n = 0, k = 0;
  std::vector<int8_t> orig;    // the filter as last packed (verification copy)
  std::vector<int8_t> data;    // packed layout (AVX2: int16 pairs stored as bytes, or int8)
  std::vector<int32_t> corr;   // VNNI: 128 * sum_k w[o][k]; AVX2: zeros
  uint64_t generation = 0;     // distinct per (re)pack in this thread, never 0
};

// Entries are keyed by the filter's address, its shape and the layout, and verified byte for
// byte on every lookup: two filters at one address with different shapes (two weight inputs
// of one node reading one constant) get their own entries, so a lookup never repacks an entry
// a node still reads.
struct Cache {
  std::map<std::tuple<const void*, uint32_t, uint32_t, int>, Packed> entries;
  size_t bytes = 0;
};

constexpr size_t kCacheLimit = size_t{256} << 20;

// Channel lanes per block and taps per group of each ISA.
constexpr uint32_t lanes_of(int isa) { return isa == kIsaAvx512 ? 16u : 8u; }
constexpr uint32_t group_of(int isa) { return isa == kIsaAvx512 ? 4u : 2u; }

// w[o][kk] = filter[o * k + kk], or filter[kk * n + o] when transposed (depthwise [taps][dm]).
// AVX-512: [o / 16][kk / 4][o % 16][kk % 4] int8 and the VNNI corrections; AVX2:
// [o / 8][kk / 2][o % 8][kk % 2] int16 (kPackAvx2Bytes: int8); zero past n and k.
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

// Empties the packed-filter cache once it holds more than kCacheLimit bytes. Called at the start
// of a node's evaluation, never by packed_filter itself: the references a node gets from
// packed_filter stay valid until the node returns.
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

// ---- Per-channel requantisation tables (padded to whole blocks; pad lanes are never stored) -
struct Tables {
  std::vector<int32_t> bias, mult, ls, rs;
  // Per lane, for the AVX2 requantisation: mult_odd[j] = mult[j + 1] at even j (the odd lanes'
  // multipliers where _mm256_mul_epi32 reads them), mask = 2^rs - 1, half = mask >> 1.
  std::vector<int32_t> mult_odd, mask, half;
  bool any_ls;  // some lane shifts left
  int32_t zp, lo, hi;
};

// corr: per-channel correction subtracted from the bias (null: none).
void fill_tables(const Requant& q, const int32_t* corr, uint32_t n, uint32_t padded, Tables* t) {
  t->bias.assign(padded, 0);
  t->mult.assign(padded, 0);
  t->ls.assign(padded, 0);
  t->rs.assign(padded, 0);
  t->mult_odd.assign(padded, 0);
  t->mask.assign(padded, 0);
  t->half.assign(padded, 0);
  t->any_ls = false;
  for (uint32_t o = 0; o < n; ++o) {
    t->bias[o] = static_cast<int32_t>(static_cast<uint32_t>(q.folded_bias[o]) -
                                      static_cast<uint32_t>(corr != nullptr ? corr[o] : 0));
    t->mult[o] = q.multiplier[o];
    t->ls[o] = q.shift[o] > 0 ? q.shift[o] : 0;
    t->rs[o] = q.shift[o] > 0 ? 0 : -q.shift[o];
    t->any_ls = t->any_ls || t->ls[o] > 0;
    const uint32_t mask = (uint32_t{1} << t->rs[o]) - 1u;  // rs <= 31
    t->mask[o] = static_cast<int32_t>(mask);
    t->half[o] = static_cast<int32_t>(mask >> 1);
    if (o % 2 == 1) t->mult_odd[o - 1] = q.multiplier[o];
  }
  t->zp = q.output_zero_point;
  t->lo = q.act_min;
  t->hi = q.act_max;
}

// Data derived from bytes the caller names (a parameter blob's arrays, a filter, the scalars
// that shaped the result), cached per thread by an address and reused only while those bytes
// are unchanged: the entry keeps a copy of them and compares it on every lookup, so a graph
// loaded where another one was never gets stale data.
struct Span {
  const void* data;
  size_t size;
};

template <class Value>
class DerivedCache {
 public:
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

// fill_tables' result, cached by q's bias array (the node's parameter blob). corr_generation
// names the correction's source (the packed filter's generation; 0 for none).
const Tables& cached_tables(const Requant& q, const int32_t* corr, uint64_t corr_generation,
                            uint32_t n, uint32_t padded) {
  thread_local DerivedCache<Tables> cache;
  const int64_t scalars[] = {n, padded, static_cast<int64_t>(corr_generation),
                             q.output_zero_point, q.act_min, q.act_max};
  const size_t bytes = static_cast<size_t>(n) * sizeof(int32_t);
  const Span parts[] = {{scalars, sizeof(scalars)},
                        {q.folded_bias, bytes},
                        {q.multiplier, bytes},
                        {q.shift, bytes}};
  return cache.get(q.folded_bias, parts, [&](Tables* t) { fill_tables(q, corr, n, padded, t); });
}

// ---- AVX-512 VNNI -------------------------------------------------------------------------
// multiply_by_quantized_multiplier(x, m, shift) per lane, ls = max(shift, 0), rs = max(-shift, 0)
// (kernels/fixed_point.h): high half of the doubled product rounded half up, then a rounding
// right shift, ties away from zero.
LPAI_TARGET_AVX512 inline __m512i mbqm16(__m512i x, __m512i m, __m512i ls, __m512i rs) {
  const __m512i one = _mm512_set1_epi32(1);
  x = _mm512_sllv_epi32(x, ls);
  const __m512i nudge = _mm512_set1_epi64(int64_t{1} << 30);
  __m512i pe = _mm512_add_epi64(_mm512_mul_epi32(x, m), nudge);
  __m512i po = _mm512_add_epi64(
      _mm512_mul_epi32(_mm512_srli_epi64(x, 32), _mm512_srli_epi64(m, 32)), nudge);
  // (p + 2^30) >> 31 fits 32 bits: bits 31..62 of the 64-bit sum.
  pe = _mm512_srli_epi64(pe, 31);
  po = _mm512_slli_epi64(po, 1);
  const __m512i h = _mm512_mask_blend_epi32(0xAAAA, pe, po);
  // Rounding divide by 2^rs, ties away from zero (TFLite's RoundingDivideByPOT).
  const __m512i mask = _mm512_sub_epi32(_mm512_sllv_epi32(one, rs), one);
  const __m512i rem = _mm512_and_si512(h, mask);
  const __m512i thr = _mm512_add_epi32(_mm512_srai_epi32(mask, 1), _mm512_srli_epi32(h, 31));
  const __m512i r = _mm512_srav_epi32(h, rs);
  return _mm512_mask_add_epi32(r, _mm512_cmpgt_epi32_mask(rem, thr), r, one);
}

// int8 of requantize(acc[j] (+ bias folded in the table)) for the 16 lanes at table index c.
LPAI_TARGET_AVX512 inline __m128i requant16(__m512i acc, const Tables& t, size_t c) {
  const __m512i x = _mm512_add_epi32(acc, _mm512_loadu_si512(t.bias.data() + c));
  __m512i r = mbqm16(x, _mm512_loadu_si512(t.mult.data() + c), _mm512_loadu_si512(t.ls.data() + c),
                     _mm512_loadu_si512(t.rs.data() + c));
  r = _mm512_add_epi32(r, _mm512_set1_epi32(t.zp));
  r = _mm512_max_epi32(r, _mm512_set1_epi32(t.lo));
  r = _mm512_min_epi32(r, _mm512_set1_epi32(t.hi));
  return _mm512_cvtepi32_epi8(r);
}

// rows[4] (flip-free bytes, groups * 4 each) times NB channel blocks starting at block cb;
// results requantised into out + r * out_stride (rows r < valid), channels < n.
template <int NB>
LPAI_TARGET_AVX512 inline void tile_vnni(const int8_t* const* rows, uint32_t valid,
                                         const int8_t* wp, uint32_t groups, uint32_t cb,
                                         uint32_t n, const Tables& t, int8_t* out,
                                         size_t out_stride) {
  __m512i acc[4][NB];
#pragma GCC unroll 4
  for (int r = 0; r < 4; ++r) {
#pragma GCC unroll 4
    for (int b = 0; b < NB; ++b) acc[r][b] = _mm512_setzero_si512();
  }
  const __m512i flip = _mm512_set1_epi8(static_cast<char>(0x80));
  const size_t block_stride = static_cast<size_t>(groups) * 64;
  const int8_t* w0 = wp + cb * block_stride;
  const int8_t* x0 = rows[0];
  const int8_t* x1 = rows[1];
  const int8_t* x2 = rows[2];
  const int8_t* x3 = rows[3];
  for (uint32_t g = 0; g < groups; ++g) {
    __m512i wv[NB];
#pragma GCC unroll 4
    for (int b = 0; b < NB; ++b) wv[b] = _mm512_loadu_si512(w0 + b * block_stride + g * 64);
    int32_t xs[4];
    std::memcpy(&xs[0], x0 + g * 4, 4);
    std::memcpy(&xs[1], x1 + g * 4, 4);
    std::memcpy(&xs[2], x2 + g * 4, 4);
    std::memcpy(&xs[3], x3 + g * 4, 4);
#pragma GCC unroll 4
    for (int r = 0; r < 4; ++r) {
      const __m512i xb = _mm512_xor_si512(_mm512_set1_epi32(xs[r]), flip);
#pragma GCC unroll 4
      for (int b = 0; b < NB; ++b) acc[r][b] = _mm512_dpbusd_epi32(acc[r][b], xb, wv[b]);
    }
  }
#pragma GCC unroll 4
  for (int r = 0; r < 4; ++r) {
    if (static_cast<uint32_t>(r) >= valid) break;
#pragma GCC unroll 4
    for (int b = 0; b < NB; ++b) {
      const uint32_t c = (cb + b) * 16;
      const __m128i v = requant16(acc[r][b], t, c);
      int8_t* dst = out + r * out_stride + c;
      if (c + 16 <= n) {
        _mm_storeu_si128(reinterpret_cast<__m128i*>(dst), v);
      } else {
        _mm_mask_storeu_epi8(dst, static_cast<__mmask16>((1u << (n - c)) - 1), v);
      }
    }
  }
}

struct Avx512 {
  static constexpr int kIsa = kIsaAvx512;
  // rows: `count` row pointers, each groups * 4 readable bytes; out rows of n bytes.
  LPAI_TARGET_AVX512 static void gemm(const int8_t* const* rows, uint32_t count,
                                      const Packed& pw, const Tables& t, int8_t* out) {
    const uint32_t n = pw.n, groups = (pw.k + 3) / 4, blocks = (n + 15) / 16;
    for (uint32_t m = 0; m < count; m += 4) {
      const uint32_t valid = count - m < 4 ? count - m : 4;
      const int8_t* r4[4];
      for (uint32_t i = 0; i < 4; ++i) r4[i] = rows[m + (i < valid ? i : valid - 1)];
      int8_t* o = out + static_cast<size_t>(m) * n;
      uint32_t cb = 0;
      for (; cb + 4 <= blocks; cb += 4) tile_vnni<4>(r4, valid, pw.data.data(), groups, cb, n, t, o, n);
      switch (blocks - cb) {
        case 3: tile_vnni<3>(r4, valid, pw.data.data(), groups, cb, n, t, o, n); break;
        case 2: tile_vnni<2>(r4, valid, pw.data.data(), groups, cb, n, t, o, n); break;
        case 1: tile_vnni<1>(r4, valid, pw.data.data(), groups, cb, n, t, o, n); break;
        default: break;
      }
    }
  }
};

// ---- AVX2 ---------------------------------------------------------------------------------
LPAI_TARGET_AVX2 inline __m256i mbqm8(__m256i x, __m256i m, __m256i ls, __m256i rs) {
  const __m256i one = _mm256_set1_epi32(1);
  x = _mm256_sllv_epi32(x, ls);
  const __m256i nudge = _mm256_set1_epi64x(int64_t{1} << 30);
  __m256i pe = _mm256_add_epi64(_mm256_mul_epi32(x, m), nudge);
  __m256i po = _mm256_add_epi64(
      _mm256_mul_epi32(_mm256_srli_epi64(x, 32), _mm256_srli_epi64(m, 32)), nudge);
  pe = _mm256_srli_epi64(pe, 31);
  po = _mm256_slli_epi64(po, 1);
  const __m256i h = _mm256_blend_epi32(pe, po, 0xAA);
  const __m256i mask = _mm256_sub_epi32(_mm256_sllv_epi32(one, rs), one);
  const __m256i rem = _mm256_and_si256(h, mask);
  const __m256i thr = _mm256_add_epi32(_mm256_srai_epi32(mask, 1), _mm256_srli_epi32(h, 31));
  const __m256i r = _mm256_srav_epi32(h, rs);
  return _mm256_sub_epi32(r, _mm256_cmpgt_epi32(rem, thr));
}

// requant8 below: mbqm8 with the per-lane constants read from the tables (mult_odd, mask, half)
// and the left shift skipped when no lane has one; the same values. It reads the tables
// through a local view of raw pointers: int8 output stores may alias anything, so through
// Tables itself the compiler reloads each vector's data pointer after every store.
struct TableView {
  const int32_t *bias, *ls, *mult, *mult_odd, *mask, *half, *rs;
  bool any_ls;
  int32_t zp, lo, hi;
};

inline TableView view_of(const Tables& t) {
  return TableView{t.bias.data(), t.ls.data(), t.mult.data(), t.mult_odd.data(), t.mask.data(),
                   t.half.data(), t.rs.data(), t.any_ls, t.zp, t.lo, t.hi};
}

LPAI_TARGET_AVX2 inline __m256i load8(const int32_t* v, size_t c) {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(v + c));
}

LPAI_TARGET_AVX2 inline __m256i requant8(__m256i acc, const TableView& t, size_t c) {
  __m256i x = _mm256_add_epi32(acc, load8(t.bias, c));
  if (t.any_ls) x = _mm256_sllv_epi32(x, load8(t.ls, c));
  const __m256i nudge = _mm256_set1_epi64x(int64_t{1} << 30);
  __m256i pe = _mm256_add_epi64(_mm256_mul_epi32(x, load8(t.mult, c)), nudge);
  __m256i po = _mm256_add_epi64(_mm256_mul_epi32(_mm256_srli_epi64(x, 32), load8(t.mult_odd, c)), nudge);
  pe = _mm256_srli_epi64(pe, 31);
  po = _mm256_slli_epi64(po, 1);
  const __m256i h = _mm256_blend_epi32(pe, po, 0xAA);
  const __m256i rem = _mm256_and_si256(h, load8(t.mask, c));
  const __m256i thr = _mm256_add_epi32(load8(t.half, c), _mm256_srli_epi32(h, 31));
  __m256i r = _mm256_sub_epi32(_mm256_srav_epi32(h, load8(t.rs, c)), _mm256_cmpgt_epi32(rem, thr));
  r = _mm256_add_epi32(r, _mm256_set1_epi32(t.zp));
  r = _mm256_max_epi32(r, _mm256_set1_epi32(t.lo));
  r = _mm256_min_epi32(r, _mm256_set1_epi32(t.hi));
  return r;
}

LPAI_TARGET_AVX2 inline void store8(__m256i r, int8_t* dst, uint32_t count) {
  const __m128i w16 = _mm_packs_epi32(_mm256_castsi256_si128(r), _mm256_extracti128_si256(r, 1));
  const __m128i b = _mm_packs_epi16(w16, w16);
  if (count >= 8) {
    _mm_storel_epi64(reinterpret_cast<__m128i*>(dst), b);
  } else {
    int8_t tmp[16];
    _mm_storeu_si128(reinterpret_cast<__m128i*>(tmp), b);
    std::memcpy(dst, tmp, count);
  }
}

// rows[4]: int16 rows (groups * 2 entries each); NB blocks of 8 channels from block cb.
template <int NB>
LPAI_TARGET_AVX2 inline void tile_avx2(const int16_t* const* rows, uint32_t valid,
                                       const int16_t* wp, uint32_t groups, uint32_t cb,
                                       uint32_t n, const TableView& t, int8_t* out,
                                       size_t out_stride) {
  __m256i acc[4][NB];
#pragma GCC unroll 4
  for (int r = 0; r < 4; ++r) {
#pragma GCC unroll 4
    for (int b = 0; b < NB; ++b) acc[r][b] = _mm256_setzero_si256();
  }
  const size_t block_stride = static_cast<size_t>(groups) * 16;
  const int16_t* w0 = wp + cb * block_stride;
  for (uint32_t g = 0; g < groups; ++g) {
    __m256i wv[NB];
#pragma GCC unroll 4
    for (int b = 0; b < NB; ++b) {
      wv[b] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w0 + b * block_stride + g * 16));
    }
#pragma GCC unroll 4
    for (int r = 0; r < 4; ++r) {
      int32_t xv;
      std::memcpy(&xv, rows[r] + g * 2, 4);
      const __m256i xb = _mm256_set1_epi32(xv);
#pragma GCC unroll 4
      for (int b = 0; b < NB; ++b) acc[r][b] = _mm256_add_epi32(acc[r][b], _mm256_madd_epi16(xb, wv[b]));
    }
  }
#pragma GCC unroll 4
  for (int r = 0; r < 4; ++r) {
    if (static_cast<uint32_t>(r) >= valid) break;
#pragma GCC unroll 4
    for (int b = 0; b < NB; ++b) {
      const uint32_t c = (cb + b) * 8;
      store8(requant8(acc[r][b], t, c), out + r * out_stride + c, n - c < 8 ? n - c : 8);
    }
  }
}

struct Avx2 {
  static constexpr int kIsa = kIsaAvx2;
  LPAI_TARGET_AVX2 static void gemm(const int16_t* const* rows, uint32_t count, const Packed& pw,
                                    const Tables& tables, int8_t* out) {
    const uint32_t n = pw.n, groups = (pw.k + 1) / 2, blocks = (n + 7) / 8;
    const int16_t* wp = reinterpret_cast<const int16_t*>(pw.data.data());
    const TableView t = view_of(tables);
    for (uint32_t m = 0; m < count; m += 4) {
      const uint32_t valid = count - m < 4 ? count - m : 4;
      const int16_t* r4[4];
      for (uint32_t i = 0; i < 4; ++i) r4[i] = rows[m + (i < valid ? i : valid - 1)];
      int8_t* o = out + static_cast<size_t>(m) * n;
      uint32_t cb = 0;
      for (; cb + 2 <= blocks; cb += 2) tile_avx2<2>(r4, valid, wp, groups, cb, n, t, o, n);
      if (cb < blocks) tile_avx2<1>(r4, valid, wp, groups, cb, n, t, o, n);
    }
  }
};

// ---- CONV_2D driver -----------------------------------------------------------------------
// Unrolls the input window of output pixel (b, oy, ox) into row[k_h * k_w * in_c] (padding
// taps = input zero point), as kernels/conv_2d.cc does.
struct Geom {
  uint32_t batches, in_h, in_w, in_c, out_h, out_w, k_h, k_w;
  uint32_t stride_h, stride_w, dilation_h, dilation_w, pad_h, pad_w;
  int32_t input_zero_point;
};

template <class P>
Geom geom_of(const P& p, uint32_t in_c) {
  return Geom{p.batches,  p.in_h,     p.in_w,       in_c,         p.out_h,
              p.out_w,    p.k_h,      p.k_w,        p.stride_h,   p.stride_w,
              p.dilation_h, p.dilation_w, p.pad_h,  p.pad_w,      p.input_zero_point};
}

// memcpy for the short runs of im2col (a few bytes per filter row): fixed-size, overlapping
// moves instead of a library call or a byte loop.
inline void copy_short(int8_t* dst, const int8_t* src, size_t n) {
  if (n >= 16) {
    std::memcpy(dst, src, n);
  } else if (n >= 8) {
    uint64_t a, b;
    std::memcpy(&a, src, 8);
    std::memcpy(&b, src + n - 8, 8);
    std::memcpy(dst, &a, 8);
    std::memcpy(dst + n - 8, &b, 8);
  } else if (n >= 4) {
    uint32_t a, b;
    std::memcpy(&a, src, 4);
    std::memcpy(&b, src + n - 4, 4);
    std::memcpy(dst, &a, 4);
    std::memcpy(dst + n - 4, &b, 4);
  } else {
    for (size_t i = 0; i < n; ++i) dst[i] = src[i];
  }
}

void im2col_row(const Geom& p, const int8_t* in, uint32_t b, uint32_t oy, uint32_t ox,
                int8_t* row) {
  const uint32_t c = p.in_c;
  const size_t span = static_cast<size_t>(p.k_w) * c;
  const int32_t y0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
  const int32_t x0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
  const int zp = p.input_zero_point;
  // Valid horizontal taps [kx0, kx1): the same for every filter row.
  uint32_t kx0 = 0, kx1 = 0;
  while (kx0 < p.k_w && x0 + static_cast<int32_t>(kx0 * p.dilation_w) < 0) ++kx0;
  kx1 = kx0;
  while (kx1 < p.k_w && x0 + static_cast<int32_t>(kx1 * p.dilation_w) < static_cast<int32_t>(p.in_w)) ++kx1;
  for (uint32_t ky = 0; ky < p.k_h; ++ky, row += span) {
    const int32_t iy = y0 + static_cast<int32_t>(ky * p.dilation_h);
    if (iy < 0 || iy >= static_cast<int32_t>(p.in_h) || kx1 == kx0) {
      std::memset(row, zp, span);
      continue;
    }
    const int8_t* in_row =
        in + (static_cast<size_t>(b) * p.in_h + static_cast<uint32_t>(iy)) * p.in_w * c;
    if (kx0 > 0) std::memset(row, zp, static_cast<size_t>(kx0) * c);
    if (kx1 < p.k_w) std::memset(row + static_cast<size_t>(kx1) * c, zp, static_cast<size_t>(p.k_w - kx1) * c);
    const int8_t* src = in_row + static_cast<size_t>(x0 + static_cast<int32_t>(kx0 * p.dilation_w)) * c;
    int8_t* dst = row + static_cast<size_t>(kx0) * c;
    if (p.dilation_w == 1) {
      const size_t n = static_cast<size_t>(kx1 - kx0) * c;  // one contiguous run
      copy_short(dst, src, n);
    } else {
      for (uint32_t kx = kx0; kx < kx1; ++kx, dst += c, src += static_cast<size_t>(p.dilation_w) * c) {
        for (uint32_t i = 0; i < c; ++i) dst[i] = src[i];
      }
    }
  }
}

constexpr uint32_t kRowBlock = 64;  // output pixels gathered per block

// dst[i] = src[i] for i < k (int8 to int16).
LPAI_TARGET_AVX2 inline void widen_avx2(const int8_t* src, uint32_t k, int16_t* dst) {
  uint32_t i = 0;
  for (; i + 16 <= k; i += 16) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i),
                        _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i))));
  }
  if (i + 8 <= k) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i),
                     _mm_cvtepi8_epi16(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(src + i))));
    i += 8;
  }
  for (; i < k; ++i) dst[i] = src[i];
}

// dst[i] = src[i] for i < count (no overlap between them): 32-byte moves, the last one (or
// two 16-byte ones) overlapping the one before instead of a tail loop; the short runs of a
// window (k_w * in_c entries) without a library call.
LPAI_TARGET_AVX2 inline void copy_i16(int16_t* dst, const int16_t* src, size_t count) {
  if (count >= 16) {
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i),
                          _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i)));
    }
    if (i < count) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + count - 16),
                          _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + count - 16)));
    }
  } else if (count >= 8) {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + count - 8));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst), a);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + count - 8), b);
  } else {
    for (size_t i = 0; i < count; ++i) dst[i] = src[i];
  }
}

// rows[ky][u][c] = input (b, iy, u - pad_w, c) for the k_h filter rows of output row oy,
// iy = oy * stride_h - pad_h + ky * dilation_h, u < span; the input zero point where (iy, u -
// pad_w) is outside the input.
LPAI_TARGET_AVX2 void widen_window_rows(const Geom& p, const int8_t* in, uint32_t b, uint32_t oy,
                                        uint32_t span, int16_t* rows) {
  const int16_t zp = static_cast<int16_t>(p.input_zero_point);
  const size_t c = p.in_c;
  // Columns u in [u_lo, u_hi) are inside the input.
  const uint32_t u_lo = p.pad_w < span ? p.pad_w : span;
  const uint32_t u_hi = p.in_w + p.pad_w < span ? p.in_w + p.pad_w : span;
  for (uint32_t ky = 0; ky < p.k_h; ++ky) {
    int16_t* dst = rows + static_cast<size_t>(ky) * span * c;
    const int64_t iy = static_cast<int64_t>(oy) * p.stride_h - p.pad_h +
                       static_cast<int64_t>(ky) * p.dilation_h;
    if (iy < 0 || iy >= static_cast<int64_t>(p.in_h) || u_hi <= u_lo) {
      std::fill(dst, dst + span * c, zp);
      continue;
    }
    std::fill(dst, dst + u_lo * c, zp);
    const int8_t* src = in + ((static_cast<size_t>(b) * p.in_h + static_cast<size_t>(iy)) * p.in_w +
                              (u_lo - p.pad_w)) * c;
    widen_avx2(src, static_cast<uint32_t>((u_hi - u_lo) * c), dst + u_lo * c);
    std::fill(dst + u_hi * c, dst + span * c, zp);
  }
}

// out[pixel][o] = requantize(window(pixel) . w[o]) for o < n over every output pixel; w is
// [n][k] (or [k][n] when transposed), k = k_h * k_w * in_c.
template <class I>
void conv_core(const Geom& p, const int8_t* in, const int8_t* w, bool transposed, uint32_t n,
               const Requant& q, int8_t* out) {
  const uint32_t k = p.k_h * p.k_w * p.in_c;
  const uint32_t plane = p.out_h * p.out_w, total = p.batches * plane;
  trim_packed_cache();
  const Packed& pw = packed_filter(w, n, k, I::kIsa, transposed);
  const Tables& t =
      cached_tables(q, pw.corr.data(), pw.generation, n, static_cast<uint32_t>(pw.corr.size()));

  const uint32_t group = group_of(I::kIsa);
  const size_t stride = static_cast<size_t>((k + group - 1) / group) * group;  // padded row
  thread_local std::vector<int8_t> bytes;
  thread_local std::vector<int16_t> wide;
  // Rows are rewritten over [0, k) per block; their padding [k, stride) stays zero.
  bytes.resize(kRowBlock * stride);
  if (I::kIsa == kIsaAvx2) wide.resize(kRowBlock * stride);
  for (uint32_t j = 0; j < kRowBlock; ++j) {
    for (size_t kk = k; kk < stride; ++kk) {
      bytes[j * stride + kk] = 0;
      if (I::kIsa == kIsaAvx2) wide[j * stride + kk] = 0;
    }
  }
  // 1x1 without padding: the input pixel is the row (no unrolling).
  const bool pointwise = p.k_h == 1 && p.k_w == 1 && p.pad_h == 0 && p.pad_w == 0;
  // AVX2, other filters with dilation_w 1: the k_h input rows under an output row, widened
  // once (input zero point outside the input, as im2col pads); a window is then k_h runs of
  // k_w * in_c int16 copied from them.
  const bool from_rows = I::kIsa == kIsaAvx2 && !pointwise && p.dilation_w == 1;
  const uint32_t span = (p.out_w - 1) * p.stride_w + p.k_w;  // input columns of an output row
  const size_t run = static_cast<size_t>(p.k_w) * p.in_c;
  thread_local std::vector<int16_t> wrows;
  if (from_rows) wrows.resize(static_cast<size_t>(p.k_h) * span * p.in_c);
  uint32_t rows_b = ~0u, rows_oy = ~0u;  // the output row wrows holds
  using Row = typename std::conditional<I::kIsa == kIsaAvx512, int8_t, int16_t>::type;
  const Row* rows[kRowBlock];
  const bool in_place = I::kIsa == kIsaAvx512 && p.k_h == 1 && p.k_w == 1 && p.pad_h == 0 &&
                        p.pad_w == 0 && k % 4 == 0;
  // AVX2, 1x1 at stride 1 over an even depth: the block's input pixels are one contiguous run
  // and their widened rows too (stride == k), so the block is widened in one pass.
  const bool contiguous = I::kIsa == kIsaAvx2 && pointwise && p.stride_h == 1 &&
                          p.stride_w == 1 && stride == k;
  // Output pixel (b, oy, ox) of row `first + j`, advanced incrementally (no divisions per row).
  uint32_t b = 0, oy = 0, ox = 0;
  for (uint32_t first = 0; first < total; first += kRowBlock) {
    const uint32_t count = total - first < kRowBlock ? total - first : kRowBlock;
    if (contiguous) {
      widen_avx2(in + static_cast<size_t>(first) * k, count * k, wide.data());
      for (uint32_t j = 0; j < count; ++j) {
        rows[j] = reinterpret_cast<const Row*>(wide.data() + static_cast<size_t>(j) * k);
      }
      I::gemm(rows, count, pw, t, out + static_cast<size_t>(first) * n);
      continue;
    }
    for (uint32_t j = 0; j < count; ++j, ++ox) {
      if (ox == p.out_w) {
        ox = 0;
        if (++oy == p.out_h) {
          oy = 0;
          ++b;
        }
      }
      int8_t* row = bytes.data() + j * stride;
      if (in_place) {
        rows[j] = reinterpret_cast<const Row*>(
            in + ((static_cast<size_t>(b) * p.in_h + oy * p.stride_h) * p.in_w + ox * p.stride_w) * p.in_c);
        continue;
      }
      if (from_rows) {
        if (b != rows_b || oy != rows_oy) {
          widen_window_rows(p, in, b, oy, span, wrows.data());
          rows_b = b;
          rows_oy = oy;
        }
        int16_t* wr = wide.data() + j * stride;
        const int16_t* src = wrows.data() + static_cast<size_t>(ox) * p.stride_w * p.in_c;
        for (uint32_t ky = 0; ky < p.k_h; ++ky) {
          copy_i16(wr + ky * run, src + static_cast<size_t>(ky) * span * p.in_c, run);
        }
        rows[j] = reinterpret_cast<const Row*>(wr);
      } else if (I::kIsa == kIsaAvx2) {
        int16_t* wr = wide.data() + j * stride;
        const int8_t* src = row;
        if (pointwise) {
          src = in + ((static_cast<size_t>(b) * p.in_h + oy * p.stride_h) * p.in_w + ox * p.stride_w) * p.in_c;
        } else {
          im2col_row(p, in, b, oy, ox, row);
        }
        widen_avx2(src, k, wr);
        rows[j] = reinterpret_cast<const Row*>(wr);
      } else {
        im2col_row(p, in, b, oy, ox, row);
        rows[j] = reinterpret_cast<const Row*>(row);
      }
    }
    I::gemm(rows, count, pw, t, out + static_cast<size_t>(first) * n);
  }
}

template <class I>
bool conv_impl(const KernelArgs& args) {
  const Conv2dParams& p = *reinterpret_cast<const Conv2dParams*>(args.params);
  if ((p.flags & kernels::kConvFlagInt16x8) != 0 || !int8_io(args)) return false;
  const Requant q = kernels::gemm::requant_after_header<Conv2dParams>(args.params, p.out_c);
  conv_core<I>(geom_of(p, p.in_c), reinterpret_cast<const int8_t*>(args.inputs[0].data),
               reinterpret_cast<const int8_t*>(args.inputs[1].data), false, p.out_c, q,
               reinterpret_cast<int8_t*>(args.outputs[0].data));
  return true;
}

// ---- DEPTHWISE_CONV_2D --------------------------------------------------------------------
// in_c == 1 (any depth multiplier, e.g. micro_speech's first layer): a convolution with one input
// channel and out_c output channels over the filter [taps][out_c] (packed transposed); its
// padding taps hold the input zero point, so the bias becomes bias[oc] - zp * sum_t f[t][oc]
// (wrapped), which makes sum_t (x - zp) f over the valid taps exactly, as TFLite skips the rest.
template <class I>
void dw_as_conv(const DepthwiseConv2dParams& p, const Requant& q, const int8_t* in,
                const int8_t* filter, int8_t* out) {
  thread_local std::vector<int32_t> bias;
  const uint32_t taps = p.k_h * p.k_w;
  bias.resize(p.out_c);
  for (uint32_t oc = 0; oc < p.out_c; ++oc) {
    int32_t sum = 0;
    for (uint32_t t = 0; t < taps; ++t) sum += filter[static_cast<size_t>(t) * p.out_c + oc];
    bias[oc] = static_cast<int32_t>(static_cast<uint32_t>(q.folded_bias[oc]) -
                                    static_cast<uint32_t>(p.input_zero_point * sum));
  }
  Requant qa = q;
  qa.folded_bias = bias.data();
  conv_core<I>(geom_of(p, 1), in, filter, true, p.out_c, qa, out);
}

// Valid tap range [first, last) along one axis for an output starting at `origin`.
inline void tap_range(int32_t origin, uint32_t k, uint32_t dilation, uint32_t size, uint32_t* first,
                      uint32_t* last) {
  uint32_t f = 0;
  if (origin < 0) f = (static_cast<uint32_t>(-origin) + dilation - 1) / dilation;
  uint32_t l = k;
  const int64_t room = static_cast<int64_t>(size) - 1 - origin;
  if (room < 0) {
    l = 0;
  } else if (room / dilation + 1 < k) {
    l = static_cast<uint32_t>(room / dilation + 1);
  }
  *first = f;
  *last = l > f ? l : f;
}

// depth_multiplier 1: channels are lanes; per output pixel and valid tap (taps outside the input
// are skipped, as in TFLite) (x - zp) * f is formed exactly in 16 bits and widened into 32-bit
// accumulators. f16 is the filter widened to int16, [taps][c_pad] (zeros past in_c).
struct DwArgs {
  const DepthwiseConv2dParams* p;
  const int8_t* in;
  const int16_t* f16;
  size_t c_pad;
  const Tables* t;
  int8_t* out;
};

// Calls body(b, oy, ox, iy0, ix0, ky0, ky1, kx0, kx1) per output pixel; the tap ranges are
// computed once per row and once per column (no divisions per pixel).
template <class Body>
inline void for_each_pixel(const DepthwiseConv2dParams& p, Body&& body) {
  thread_local std::vector<uint32_t> cols;
  cols.resize(2 * static_cast<size_t>(p.out_w));
  for (uint32_t ox = 0; ox < p.out_w; ++ox) {
    const int32_t ix0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
    tap_range(ix0, p.k_w, p.dilation_w, p.in_w, &cols[2 * ox], &cols[2 * ox + 1]);
  }
  for (uint32_t b = 0; b < p.batches; ++b) {
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      const int32_t iy0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
      uint32_t ky0, ky1;
      tap_range(iy0, p.k_h, p.dilation_h, p.in_h, &ky0, &ky1);
      for (uint32_t ox = 0; ox < p.out_w; ++ox) {
        const int32_t ix0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
        body(b, oy, ox, iy0, ix0, ky0, ky1, cols[2 * ox], cols[2 * ox + 1]);
      }
    }
  }
}

// One output pixel, every channel (blocks of 32).
LPAI_TARGET_AVX512 inline void dw_pixel_avx512(const DwArgs& a, uint32_t b, uint32_t oy, uint32_t ox,
                                               int32_t iy0, int32_t ix0, uint32_t ky0, uint32_t ky1,
                                               uint32_t kx0, uint32_t kx1) {
  const DepthwiseConv2dParams& p = *a.p;
  const uint32_t c = p.in_c;
  const __m512i zp = _mm512_set1_epi16(static_cast<int16_t>(p.input_zero_point));
  int8_t* dst = a.out + ((static_cast<size_t>(b) * p.out_h + oy) * p.out_w + ox) * c;
  const int8_t* base = a.in + static_cast<size_t>(b) * p.in_h * p.in_w * c;
  for (uint32_t c0 = 0; c0 < c; c0 += 32) {
    const uint32_t nv = c - c0 < 32 ? c - c0 : 32;
    const __mmask32 m = nv == 32 ? ~__mmask32{0} : (__mmask32{1} << nv) - 1;
    __m512i lo = _mm512_setzero_si512(), hi = lo;
    for (uint32_t ky = ky0; ky < ky1; ++ky) {
      const uint32_t iy = static_cast<uint32_t>(iy0 + static_cast<int32_t>(ky * p.dilation_h));
      for (uint32_t kx = kx0; kx < kx1; ++kx) {
        const uint32_t ix = static_cast<uint32_t>(ix0 + static_cast<int32_t>(kx * p.dilation_w));
        const int8_t* xs = base + (static_cast<size_t>(iy) * p.in_w + ix) * c + c0;
        const __m512i xv = _mm512_sub_epi16(_mm512_cvtepi8_epi16(_mm256_maskz_loadu_epi8(m, xs)), zp);
        const __m512i fv = _mm512_loadu_si512(a.f16 + (static_cast<size_t>(ky) * p.k_w + kx) * a.c_pad + c0);
        const __m512i pr = _mm512_mullo_epi16(xv, fv);
        lo = _mm512_add_epi32(lo, _mm512_cvtepi16_epi32(_mm512_castsi512_si256(pr)));
        hi = _mm512_add_epi32(hi, _mm512_cvtepi16_epi32(_mm512_extracti64x4_epi64(pr, 1)));
      }
    }
    const __m128i vl = requant16(lo, *a.t, c0);
    if (nv <= 16) {
      _mm_mask_storeu_epi8(dst + c0, static_cast<__mmask16>(m), vl);
    } else {
      const __m128i vh = requant16(hi, *a.t, c0 + 16);
      _mm256_mask_storeu_epi8(dst + c0, m, _mm256_inserti128_si256(_mm256_castsi128_si256(vl), vh, 1));
    }
  }
}

LPAI_TARGET_AVX512 void dw_dm1_avx512(const DwArgs& a) {
  for_each_pixel(*a.p, [&](uint32_t b, uint32_t oy, uint32_t ox, int32_t iy0, int32_t ix0, uint32_t ky0,
                           uint32_t ky1, uint32_t kx0, uint32_t kx1) LPAI_TARGET_AVX512 {
    dw_pixel_avx512(a, b, oy, ox, iy0, ix0, ky0, ky1, kx0, kx1);
  });
}

// in_c 8 or 16: 32 / in_c output pixels of a row per vector (lane j: pixel j / in_c, channel
// j % in_c) where every horizontal tap of those pixels is inside the input; ft is the int16
// filter tiled to 32 lanes per tap, tt the tables tiled the same way. Other pixels: one each.
LPAI_TARGET_AVX512 void dw_small_c_avx512(const DwArgs& a, const int16_t* ft, const Tables& tt) {
  const DepthwiseConv2dParams& p = *a.p;
  const uint32_t c = p.in_c, group = 32 / c;
  const size_t xs_step = static_cast<size_t>(p.stride_w) * c;  // next pixel's input
  const __m512i zp = _mm512_set1_epi16(static_cast<int16_t>(p.input_zero_point));
  thread_local std::vector<uint32_t> cols;
  cols.resize(2 * static_cast<size_t>(p.out_w));
  for (uint32_t ox = 0; ox < p.out_w; ++ox) {
    const int32_t ix0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
    tap_range(ix0, p.k_w, p.dilation_w, p.in_w, &cols[2 * ox], &cols[2 * ox + 1]);
  }
  for (uint32_t b = 0; b < p.batches; ++b) {
    const int8_t* base = a.in + static_cast<size_t>(b) * p.in_h * p.in_w * c;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      const int32_t iy0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
      uint32_t ky0, ky1;
      tap_range(iy0, p.k_h, p.dilation_h, p.in_h, &ky0, &ky1);
      int8_t* row_out = a.out + (static_cast<size_t>(b) * p.out_h + oy) * p.out_w * c;
      uint32_t ox = 0;
      while (ox < p.out_w) {
        const int32_t ix0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
        const bool full = ox + group <= p.out_w && cols[2 * ox] == 0 && cols[2 * ox + 1] == p.k_w &&
                          cols[2 * (ox + group - 1)] == 0 && cols[2 * (ox + group - 1) + 1] == p.k_w;
        if (!full) {
          dw_pixel_avx512(a, b, oy, ox, iy0, ix0, ky0, ky1, cols[2 * ox], cols[2 * ox + 1]);
          ++ox;
          continue;
        }
        __m512i lo = _mm512_setzero_si512(), hi = lo;
        for (uint32_t ky = ky0; ky < ky1; ++ky) {
          const uint32_t iy = static_cast<uint32_t>(iy0 + static_cast<int32_t>(ky * p.dilation_h));
          const int8_t* xrow = base + (static_cast<size_t>(iy) * p.in_w + static_cast<uint32_t>(ix0)) * c;
          for (uint32_t kx = 0; kx < p.k_w; ++kx) {
            const int8_t* xs = xrow + static_cast<size_t>(kx) * p.dilation_w * c;
            __m256i xb;
            if (c == 16) {
              xb = _mm256_inserti128_si256(
                  _mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(xs))),
                  _mm_loadu_si128(reinterpret_cast<const __m128i*>(xs + xs_step)), 1);
            } else {
              int64_t v0, v1, v2, v3;
              std::memcpy(&v0, xs, 8);
              std::memcpy(&v1, xs + xs_step, 8);
              std::memcpy(&v2, xs + 2 * xs_step, 8);
              std::memcpy(&v3, xs + 3 * xs_step, 8);
              xb = _mm256_set_epi64x(v3, v2, v1, v0);
            }
            const __m512i xv = _mm512_sub_epi16(_mm512_cvtepi8_epi16(xb), zp);
            const __m512i fv = _mm512_loadu_si512(ft + (static_cast<size_t>(ky) * p.k_w + kx) * 32);
            const __m512i pr = _mm512_mullo_epi16(xv, fv);
            lo = _mm512_add_epi32(lo, _mm512_cvtepi16_epi32(_mm512_castsi512_si256(pr)));
            hi = _mm512_add_epi32(hi, _mm512_cvtepi16_epi32(_mm512_extracti64x4_epi64(pr, 1)));
          }
        }
        const __m128i vl = requant16(lo, tt, 0);
        const __m128i vh = requant16(hi, tt, 16);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(row_out + static_cast<size_t>(ox) * c),
                            _mm256_inserti128_si256(_mm256_castsi128_si256(vl), vh, 1));
        ox += group;
      }
    }
  }
}

// AVX2, depth multiplier 1, any shape: per output row, each valid filter row's input row is
// widened once into a buffer of (x - zp) int16 over the columns the row's windows touch, zeros
// outside the input (those taps then add nothing, as TFLite skips them), channels padded to 16.
// Two horizontal taps at a time are interleaved (unpacklo/hi) against the filter pairs
// interleaved the same way offline, so one vpmaddwd adds both taps' products into int32 lanes
// (|(x - zp) * f| <= 255 * 128: exact). Lanes come out as channels {0-3, 8-11} and {4-7, 12-15}
// and are put back in order before the lane-wise requantisation.
struct DwRows {
  const DepthwiseConv2dParams* p;
  const Tables* t;
  uint32_t c16;    // channels padded to 16
  uint32_t c_row;  // entries per input column in rows: c16, or 8 with two_pixels
  bool two_pixels; // in_c 8, stride_w 1: a vector holds output pixels ox and ox + 1
  uint32_t pairs;  // ceil(k_w / 2)
  uint32_t span;   // input columns a row's windows touch: (out_w - 1) * stride_w + eff_k_w
  const int16_t* fpair;  // [k_h][pairs][c16 / 16][2 (lo, hi)][16]
  int16_t* rows;          // [ring][span (+ 1 slack column)][c_row]
  uint32_t ring;          // widened rows kept: input row iy lives in slot iy % ring
  int64_t* ring_rows;     // [ring]: the input row each slot holds (-1: none)
};

// Filter heights dw_rows_avx2 takes (its per-output-row table of row pointers).
constexpr uint32_t kDwRowsMaxKh = 16;

LPAI_TARGET_AVX2 void dw_rows_fill(const DwRows& d, const int8_t* in_row, int16_t* row) {
  const DepthwiseConv2dParams& p = *d.p;
  const int16_t zp = static_cast<int16_t>(p.input_zero_point);
  const __m256i vzp = _mm256_set1_epi16(zp);
  for (uint32_t u = 0; u < d.span; ++u) {
    int16_t* dst = row + static_cast<size_t>(u) * d.c_row;
    const int64_t ix = static_cast<int64_t>(u) - p.pad_w;
    if (ix < 0 || ix >= static_cast<int64_t>(p.in_w)) {
      for (uint32_t c = 0; c < d.c_row; c += 8) _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + c), _mm_setzero_si128());
      continue;
    }
    const int8_t* src = in_row + static_cast<size_t>(ix) * p.in_c;
    uint32_t c = 0;
    for (; c + 16 <= p.in_c; c += 16) {
      const __m256i v = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src + c)));
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + c), _mm256_sub_epi16(v, vzp));
    }
    if (c + 8 <= p.in_c) {
      const __m128i v = _mm_cvtepi8_epi16(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(src + c)));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + c), _mm_sub_epi16(v, _mm256_castsi256_si128(vzp)));
      c += 8;
    }
    for (; c < p.in_c; ++c) dst[c] = static_cast<int16_t>(src[c] - zp);
    for (; c < d.c_row; ++c) dst[c] = 0;
  }
}

// kPairs: d.pairs known at compile time (0: read it from d).
template <uint32_t kPairs>
LPAI_TARGET_AVX2 void dw_rows_avx2(const DwRows& d, const int8_t* in, int8_t* out) {
  const DepthwiseConv2dParams& p = *d.p;
  const uint32_t pairs = kPairs != 0 ? kPairs : d.pairs;
  const uint32_t blocks = d.c16 / 16;
  const size_t row_len = static_cast<size_t>(d.span + 1) * d.c_row;
  const TableView t = view_of(*d.t);
  // rowp[ky]: the widened input row under filter row ky. A row is widened once and kept while
  // the following output rows' windows still cover it (the ring spans one window's height).
  const int16_t* rowp[kDwRowsMaxKh];
  for (uint32_t b = 0; b < p.batches; ++b) {
    const int8_t* in_b = in + static_cast<size_t>(b) * p.in_h * p.in_w * p.in_c;
    for (uint32_t i = 0; i < d.ring; ++i) d.ring_rows[i] = -1;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      const int32_t iy0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
      uint32_t ky0, ky1;
      tap_range(iy0, p.k_h, p.dilation_h, p.in_h, &ky0, &ky1);
      for (uint32_t ky = ky0; ky < ky1; ++ky) {
        const uint32_t iy = static_cast<uint32_t>(iy0 + static_cast<int32_t>(ky * p.dilation_h));
        const uint32_t slot = iy % d.ring;
        int16_t* r = d.rows + slot * row_len;
        if (d.ring_rows[slot] != iy) {
          dw_rows_fill(d, in_b + static_cast<size_t>(iy) * p.in_w * p.in_c, r);
          d.ring_rows[slot] = iy;
        }
        rowp[ky] = r;
      }
      int8_t* row_out = out + (static_cast<size_t>(b) * p.out_h + oy) * p.out_w * p.in_c;
      if (d.two_pixels) {
        // Lanes 0-7 read column u, lanes 8-15 column u + 1: pixels ox and ox + 1 (stride 1).
        for (uint32_t ox = 0; ox < p.out_w; ox += 2) {
          __m256i lo = _mm256_setzero_si256(), hi = lo;
          for (uint32_t ky = ky0; ky < ky1; ++ky) {
            const int16_t* r = rowp[ky];
            const int16_t* f = d.fpair + static_cast<size_t>(ky) * pairs * 32;
            for (uint32_t pr = 0; pr < pairs; ++pr, f += 32) {
              const uint32_t kx = 2 * pr;
              const __m256i xa = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(
                  r + (ox + static_cast<size_t>(kx) * p.dilation_w) * 8));
              const __m256i xb = kx + 1 < p.k_w ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(
                                                      r + (ox + static_cast<size_t>(kx + 1) * p.dilation_w) * 8))
                                                : _mm256_setzero_si256();
              const __m256i f_lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(f));
              const __m256i f_hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(f + 16));
              lo = _mm256_add_epi32(lo, _mm256_madd_epi16(_mm256_unpacklo_epi16(xa, xb), f_lo));
              hi = _mm256_add_epi32(hi, _mm256_madd_epi16(_mm256_unpackhi_epi16(xa, xb), f_hi));
            }
          }
          int8_t* dst = row_out + static_cast<size_t>(ox) * 8;
          store8(requant8(_mm256_permute2x128_si256(lo, hi, 0x20), t, 0), dst, 8);  // pixel ox
          if (ox + 1 < p.out_w) {
            store8(requant8(_mm256_permute2x128_si256(lo, hi, 0x31), t, 0), dst + 8, 8);
          }
        }
        continue;
      }
      for (uint32_t ox = 0; ox < p.out_w; ++ox) {
        const size_t u0 = static_cast<size_t>(ox) * p.stride_w;
        for (uint32_t cb = 0; cb < blocks; ++cb) {
          __m256i lo = _mm256_setzero_si256(), hi = lo;
          for (uint32_t ky = ky0; ky < ky1; ++ky) {
            const int16_t* r = rowp[ky] + cb * 16;  // c_row == c16 here
            const int16_t* f = d.fpair + (static_cast<size_t>(ky) * pairs * blocks + cb) * 32;
            for (uint32_t pr = 0; pr < pairs; ++pr, f += 32 * blocks) {
              const uint32_t kx = 2 * pr;
              const __m256i xa = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(
                  r + (u0 + static_cast<size_t>(kx) * p.dilation_w) * d.c16));
              const __m256i xb = kx + 1 < p.k_w ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(
                                                      r + (u0 + static_cast<size_t>(kx + 1) * p.dilation_w) * d.c16))
                                                : _mm256_setzero_si256();
              const __m256i f_lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(f));
              const __m256i f_hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(f + 16));
              lo = _mm256_add_epi32(lo, _mm256_madd_epi16(_mm256_unpacklo_epi16(xa, xb), f_lo));
              hi = _mm256_add_epi32(hi, _mm256_madd_epi16(_mm256_unpackhi_epi16(xa, xb), f_hi));
            }
          }
          const uint32_t c0 = cb * 16;
          const uint32_t nv = p.in_c - c0 < 16 ? p.in_c - c0 : 16;
          int8_t* dst = row_out + static_cast<size_t>(ox) * p.in_c + c0;
          const __m256i first = _mm256_permute2x128_si256(lo, hi, 0x20);   // channels 0-7
          const __m256i second = _mm256_permute2x128_si256(lo, hi, 0x31);  // channels 8-15
          store8(requant8(first, t, c0), dst, nv < 8 ? nv : 8);
          if (nv > 8) store8(requant8(second, t, c0 + 8), dst + 8, nv - 8);
        }
      }
    }
  }
}

// The interleaved filter pairs of dw_rows_avx2 into fpair (resized) for filter [k_h][k_w][in_c].
LPAI_TARGET_AVX2 void dw_rows_filter(const DepthwiseConv2dParams& p, const int8_t* filter, uint32_t c16,
                                     std::vector<int16_t>* fpair) {
  const uint32_t blocks = c16 / 16, pairs = (p.k_w + 1) / 2;
  fpair->resize(static_cast<size_t>(p.k_h) * pairs * blocks * 32);
  alignas(32) int16_t fa[16], fb[16];
  for (uint32_t ky = 0; ky < p.k_h; ++ky) {
    for (uint32_t pr = 0; pr < pairs; ++pr) {
      for (uint32_t cb = 0; cb < blocks; ++cb) {
        for (uint32_t j = 0; j < 16; ++j) {
          const uint32_t c = p.in_c == 8 ? j % 8 : cb * 16 + j, kx = 2 * pr;
          const size_t tap = static_cast<size_t>(ky) * p.k_w;
          fa[j] = c < p.in_c ? filter[(tap + kx) * p.in_c + c] : int16_t{0};
          fb[j] = c < p.in_c && kx + 1 < p.k_w ? filter[(tap + kx + 1) * p.in_c + c] : int16_t{0};
        }
        const __m256i a = _mm256_load_si256(reinterpret_cast<const __m256i*>(fa));
        const __m256i b = _mm256_load_si256(reinterpret_cast<const __m256i*>(fb));
        int16_t* dst = fpair->data() + ((static_cast<size_t>(ky) * pairs + pr) * blocks + cb) * 32;
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst), _mm256_unpacklo_epi16(a, b));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + 16), _mm256_unpackhi_epi16(a, b));
      }
    }
  }
}

// dw_rows_filter's result for a filter [k_h][k_w][in_c], cached by the filter's address.
const std::vector<int16_t>& dw_pairs_cached(const DepthwiseConv2dParams& p, const int8_t* filter,
                                            uint32_t c16) {
  thread_local DerivedCache<std::vector<int16_t>> cache;
  const uint32_t shape[] = {p.k_h, p.k_w, p.in_c, c16};
  const Span parts[] = {{shape, sizeof(shape)},
                        {filter, static_cast<size_t>(p.k_h) * p.k_w * p.in_c}};
  return cache.get(filter, parts,
                   [&](std::vector<int16_t>* fpair) { dw_rows_filter(p, filter, c16, fpair); });
}

template <int kIsa>
bool dw_impl(const KernelArgs& args) {
  const DepthwiseConv2dParams& p = *reinterpret_cast<const DepthwiseConv2dParams*>(args.params);
  if (p.flags != (p.flags & kernels::kDwKnownFlags) || !int8_io(args)) return false;
  if (p.depth_multiplier != 1 && p.in_c != 1) return false;  // portable
  // The portable row path (few input channels, depth multiplier > 1) beats the AVX2
  // convolution here: micro_speech's 1-channel, multiplier-8 layer runs 1.7x faster on it
  // (lpai_bench_perf_models, both variants in one run). AVX-512 is not measured: it keeps its own.
  if (kIsa == kIsaAvx2 && kernels::depthwise_conv_2d_uses_rows(p)) return false;  // portable
  // Depth multiplier 1 on AVX2 (dw_rows_avx2): 8 channels at stride_w 1 put two output pixels
  // in a vector; other depths below 16 would leave lanes idle (the portable flat path packs
  // pixels instead), and a layer of fewer output pixels than taps is all set-up (str_ww's last
  // depthwise, one pixel of 15 taps: 1.1 against 4.5 us).
  if (kIsa == kIsaAvx2 && p.depth_multiplier == 1 &&
      ((p.in_c < 16 && !(p.in_c == 8 && p.stride_w == 1)) || p.out_h * p.out_w < p.k_h * p.k_w ||
       p.k_h > kDwRowsMaxKh)) {
    return false;  // portable
  }
  const Requant q = kernels::gemm::requant_after_header<DepthwiseConv2dParams>(args.params, p.out_c);
  const int8_t* in = reinterpret_cast<const int8_t*>(args.inputs[0].data);
  const int8_t* filter = reinterpret_cast<const int8_t*>(args.inputs[1].data);
  int8_t* out = reinterpret_cast<int8_t*>(args.outputs[0].data);
  if (p.depth_multiplier != 1) {
    if (kIsa == kIsaAvx512) {
      dw_as_conv<Avx512>(p, q, in, filter, out);
    } else {
      dw_as_conv<Avx2>(p, q, in, filter, out);
    }
    return true;
  }
  const uint32_t taps = p.k_h * p.k_w;
  const size_t c_pad = (p.in_c + 31) / 32 * 32;
  thread_local std::vector<int16_t> f16;
  const Tables& t = cached_tables(q, nullptr, 0, p.out_c, static_cast<uint32_t>(c_pad));
  if (kIsa == kIsaAvx2) {
    const uint32_t c16 = (p.in_c + 15) / 16 * 16;
    thread_local std::vector<int16_t> rows;
    const std::vector<int16_t>& fpair = dw_pairs_cached(p, filter, c16);
    const uint32_t span = (p.out_w - 1) * p.stride_w + (p.k_w - 1) * p.dilation_w + 1;
    const bool two_pixels = p.in_c == 8;  // stride_w 1 (checked above)
    const uint32_t c_row = two_pixels ? 8u : c16;
    thread_local std::vector<int64_t> ring_rows;
    const uint32_t ring = (p.k_h - 1) * p.dilation_h + 1;  // input rows one window spans
    rows.resize(static_cast<size_t>(ring) * (span + 1) * c_row);
    ring_rows.resize(ring);
    const DwRows d{&p, &t, c16, c_row, two_pixels, (p.k_w + 1) / 2, span, fpair.data(), rows.data(),
                   ring, ring_rows.data()};
    switch (d.pairs) {  // the usual filter widths unrolled
      case 1: dw_rows_avx2<1>(d, in, out); break;
      case 2: dw_rows_avx2<2>(d, in, out); break;
      case 3: dw_rows_avx2<3>(d, in, out); break;
      default: dw_rows_avx2<0>(d, in, out); break;
    }
    return true;
  }
  f16.assign(taps * c_pad, 0);
  for (uint32_t tap = 0; tap < taps; ++tap) {
    for (uint32_t ch = 0; ch < p.in_c; ++ch) f16[tap * c_pad + ch] = filter[static_cast<size_t>(tap) * p.in_c + ch];
  }
  const DwArgs a{&p, in, f16.data(), c_pad, &t, out};
  if (kIsa == kIsaAvx512 && (p.in_c == 8 || p.in_c == 16)) {
    thread_local std::vector<int16_t> ft;
    thread_local Tables tt;
    ft.resize(taps * 32);
    for (uint32_t tap = 0; tap < taps; ++tap) {
      for (uint32_t j = 0; j < 32; ++j) ft[tap * 32 + j] = f16[tap * c_pad + j % p.in_c];
    }
    tt.bias.resize(32);
    tt.mult.resize(32);
    tt.ls.resize(32);
    tt.rs.resize(32);
    for (uint32_t j = 0; j < 32; ++j) {
      tt.bias[j] = t.bias[j % p.in_c];
      tt.mult[j] = t.mult[j % p.in_c];
      tt.ls[j] = t.ls[j % p.in_c];
      tt.rs[j] = t.rs[j % p.in_c];
    }
    tt.zp = t.zp;
    tt.lo = t.lo;
    tt.hi = t.hi;
    dw_small_c_avx512(a, ft.data(), tt);
  } else {
    dw_dm1_avx512(a);
  }
  return true;
}

// ---- ADD (int8, same shapes) ------------------------------------------------------------
// kernels/add_sub_impl.h compute(): each input offset, shifted left by 20, scaled by its
// multiplier; the wrapped sum scaled by the output multiplier, offset, clamped. Lane by lane.
LPAI_TARGET_AVX512 void add_avx512(const AddParams& p, const int8_t* a, const int8_t* b, int8_t* o, uint32_t n) {
  const __m512i off1 = _mm512_set1_epi32(p.input1_offset), off2 = _mm512_set1_epi32(p.input2_offset);
  const __m512i m1 = _mm512_set1_epi32(p.input1_multiplier), m2 = _mm512_set1_epi32(p.input2_multiplier);
  const __m512i mo = _mm512_set1_epi32(p.output_multiplier);
  const __m512i rs1 = _mm512_set1_epi32(-p.input1_shift), rs2 = _mm512_set1_epi32(-p.input2_shift);
  const __m512i rso = _mm512_set1_epi32(-p.output_shift);
  const __m512i zero = _mm512_setzero_si512();
  const __m512i ls = _mm512_set1_epi32(p.left_shift);
  const __m512i oo = _mm512_set1_epi32(p.output_offset);
  const __m512i lo = _mm512_set1_epi32(p.activation_min), hi = _mm512_set1_epi32(p.activation_max);
  for (uint32_t i = 0; i < n; i += 16) {
    const __mmask16 m = n - i >= 16 ? static_cast<__mmask16>(0xFFFF) : static_cast<__mmask16>((1u << (n - i)) - 1);
    const __m512i va = _mm512_sllv_epi32(_mm512_add_epi32(_mm512_cvtepi8_epi32(_mm_maskz_loadu_epi8(m, a + i)), off1), ls);
    const __m512i vb = _mm512_sllv_epi32(_mm512_add_epi32(_mm512_cvtepi8_epi32(_mm_maskz_loadu_epi8(m, b + i)), off2), ls);
    const __m512i raw = _mm512_add_epi32(mbqm16(va, m1, zero, rs1), mbqm16(vb, m2, zero, rs2));
    __m512i r = _mm512_add_epi32(mbqm16(raw, mo, zero, rso), oo);
    r = _mm512_min_epi32(_mm512_max_epi32(r, lo), hi);
    _mm_mask_storeu_epi8(o + i, m, _mm512_cvtepi32_epi8(r));
  }
}

LPAI_TARGET_AVX2 void add_avx2(const AddParams& p, const int8_t* a, const int8_t* b, int8_t* o, uint32_t n) {
  const __m256i off1 = _mm256_set1_epi32(p.input1_offset), off2 = _mm256_set1_epi32(p.input2_offset);
  const __m256i m1 = _mm256_set1_epi32(p.input1_multiplier), m2 = _mm256_set1_epi32(p.input2_multiplier);
  const __m256i mo = _mm256_set1_epi32(p.output_multiplier);
  const __m256i rs1 = _mm256_set1_epi32(-p.input1_shift), rs2 = _mm256_set1_epi32(-p.input2_shift);
  const __m256i rso = _mm256_set1_epi32(-p.output_shift);
  const __m256i zero = _mm256_setzero_si256();
  const __m256i ls = _mm256_set1_epi32(p.left_shift);
  const __m256i oo = _mm256_set1_epi32(p.output_offset);
  const __m256i lo = _mm256_set1_epi32(p.activation_min), hi = _mm256_set1_epi32(p.activation_max);
  uint32_t i = 0;
  for (; i + 8 <= n; i += 8) {
    int64_t xa, xb;
    std::memcpy(&xa, a + i, 8);
    std::memcpy(&xb, b + i, 8);
    const __m256i va = _mm256_sllv_epi32(_mm256_add_epi32(_mm256_cvtepi8_epi32(_mm_cvtsi64_si128(xa)), off1), ls);
    const __m256i vb = _mm256_sllv_epi32(_mm256_add_epi32(_mm256_cvtepi8_epi32(_mm_cvtsi64_si128(xb)), off2), ls);
    const __m256i raw = _mm256_add_epi32(mbqm8(va, m1, zero, rs1), mbqm8(vb, m2, zero, rs2));
    __m256i r = _mm256_add_epi32(mbqm8(raw, mo, zero, rso), oo);
    r = _mm256_min_epi32(_mm256_max_epi32(r, lo), hi);
    store8(r, o + i, 8);
  }
  for (; i < n; ++i) o[i] = kernels::add_sub::compute<int8_t, false>(p, a[i], b[i]);
}

template <int kIsa>
bool add_impl(const KernelArgs& args) {
  const AddParams& p = *reinterpret_cast<const AddParams*>(args.params);
  const auto s8 = static_cast<uint8_t>(format::DataType::kInt8);
  if (args.outputs[0].desc->data_type != s8 || p.broadcast != 0 || p.left_shift != 20) return false;
  const int8_t* a = reinterpret_cast<const int8_t*>(args.inputs[0].data);
  const int8_t* b = reinterpret_cast<const int8_t*>(args.inputs[1].data);
  int8_t* o = reinterpret_cast<int8_t*>(args.outputs[0].data);
  const uint32_t n = kernels::element_count(args.outputs[0].desc);
  if (kIsa == kIsaAvx512) {
    add_avx512(p, a, b, o, n);
  } else {
    add_avx2(p, a, b, o, n);
  }
  return true;
}

// ---- FULLY_CONNECTED ----------------------------------------------------------------------
LPAI_TARGET_AVX512 void fc_rows_vnni(const FullyConnectedParams& p, const Requant& q,
                                     const int8_t* x, const int8_t* w, int8_t* out) {
  const uint32_t k = p.accum_depth, n = p.output_depth;
  const __m512i flip = _mm512_set1_epi8(static_cast<char>(0x80));
  const __m512i ones = _mm512_set1_epi8(1);
  for (uint32_t m = 0; m < p.batches; ++m) {
    const int8_t* xr = x + static_cast<size_t>(m) * k;
    int8_t* dst = out + static_cast<size_t>(m) * n;
    __m512i sx = _mm512_setzero_si512();
    for (uint32_t kk = 0; kk < k; kk += 64) {
      const __mmask64 mk = k - kk >= 64 ? ~__mmask64{0} : (__mmask64{1} << (k - kk)) - 1;
      sx = _mm512_dpbusd_epi32(sx, ones, _mm512_maskz_loadu_epi8(mk, xr + kk));
    }
    const int32_t corr = 128 * _mm512_reduce_add_epi32(sx);
    for (uint32_t o = 0; o < n; o += 4) {
      const int8_t* wr[4];
      for (uint32_t i = 0; i < 4; ++i) wr[i] = w + static_cast<size_t>(o + i < n ? o + i : n - 1) * k;
      __m512i a0 = _mm512_setzero_si512(), a1 = a0, a2 = a0, a3 = a0;
      for (uint32_t kk = 0; kk < k; kk += 64) {
        const __mmask64 mk = k - kk >= 64 ? ~__mmask64{0} : (__mmask64{1} << (k - kk)) - 1;
        const __m512i xv = _mm512_maskz_loadu_epi8(mk, xr + kk);
        a0 = _mm512_dpbusd_epi32(a0, _mm512_xor_si512(_mm512_maskz_loadu_epi8(mk, wr[0] + kk), flip), xv);
        a1 = _mm512_dpbusd_epi32(a1, _mm512_xor_si512(_mm512_maskz_loadu_epi8(mk, wr[1] + kk), flip), xv);
        a2 = _mm512_dpbusd_epi32(a2, _mm512_xor_si512(_mm512_maskz_loadu_epi8(mk, wr[2] + kk), flip), xv);
        a3 = _mm512_dpbusd_epi32(a3, _mm512_xor_si512(_mm512_maskz_loadu_epi8(mk, wr[3] + kk), flip), xv);
      }
      const int32_t d[4] = {_mm512_reduce_add_epi32(a0), _mm512_reduce_add_epi32(a1),
                            _mm512_reduce_add_epi32(a2), _mm512_reduce_add_epi32(a3)};
      for (uint32_t i = 0; i < 4 && o + i < n; ++i) {
        const int32_t dot = static_cast<int32_t>(static_cast<uint32_t>(d[i]) - static_cast<uint32_t>(corr));
        dst[o + i] = kernels::gemm::requantize(dot, o + i, q);
      }
    }
  }
}

LPAI_TARGET_AVX2 inline int32_t hsum8(__m256i v) {
  __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
  return _mm_cvtsi128_si32(s);
}

// 16 int8 at v, sign-extended to int16 lanes.
LPAI_TARGET_AVX2 inline __m256i wide(const int8_t* v) {
  return _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(v)));
}

// d[i] = x . wr[i] over k int8 entries, i < 4: 16 entries per vpmaddwd, the rest scalar.
LPAI_TARGET_AVX2 inline void dot4_avx2(const int8_t* x, const int8_t* const* wr, uint32_t k, int32_t d[4]) {
  const uint32_t k16 = k / 16 * 16;
  __m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0;
  for (uint32_t kk = 0; kk < k16; kk += 16) {
    const __m256i xv = wide(x + kk);
    a0 = _mm256_add_epi32(a0, _mm256_madd_epi16(xv, wide(wr[0] + kk)));
    a1 = _mm256_add_epi32(a1, _mm256_madd_epi16(xv, wide(wr[1] + kk)));
    a2 = _mm256_add_epi32(a2, _mm256_madd_epi16(xv, wide(wr[2] + kk)));
    a3 = _mm256_add_epi32(a3, _mm256_madd_epi16(xv, wide(wr[3] + kk)));
  }
  d[0] = hsum8(a0);
  d[1] = hsum8(a1);
  d[2] = hsum8(a2);
  d[3] = hsum8(a3);
  for (uint32_t kk = k16; kk < k; ++kk) {
    for (uint32_t i = 0; i < 4; ++i) d[i] += static_cast<int32_t>(x[kk]) * wr[i][kk];
  }
}

LPAI_TARGET_AVX2 void fc_rows_avx2(const FullyConnectedParams& p, const Requant& q,
                                   const int8_t* x, const int8_t* w, int8_t* out) {
  const uint32_t k = p.accum_depth, n = p.output_depth;
  for (uint32_t m = 0; m < p.batches; ++m) {
    const int8_t* xr = x + static_cast<size_t>(m) * k;
    int8_t* dst = out + static_cast<size_t>(m) * n;
    for (uint32_t o = 0; o < n; o += 4) {
      const int8_t* wr[4];
      for (uint32_t i = 0; i < 4; ++i) wr[i] = w + static_cast<size_t>(o + i < n ? o + i : n - 1) * k;
      int32_t d[4];
      dot4_avx2(xr, wr, k, d);
      for (uint32_t i = 0; i < 4 && o + i < n; ++i) dst[o + i] = kernels::gemm::requantize(d[i], o + i, q);
    }
  }
}

template <int kIsa>
bool fc_impl(const KernelArgs& args) {
  const FullyConnectedParams& p = *reinterpret_cast<const FullyConnectedParams*>(args.params);
  if (p.flags != (p.flags & kernels::kFcKnownFlags) || !int8_io(args)) return false;
  const Requant q = kernels::gemm::requant_after_header<FullyConnectedParams>(args.params, p.output_depth);
  const int8_t* x = reinterpret_cast<const int8_t*>(args.inputs[0].data);
  const int8_t* w = reinterpret_cast<const int8_t*>(args.inputs[1].data);
  int8_t* out = reinterpret_cast<int8_t*>(args.outputs[0].data);
  if (kIsa == kIsaAvx512) {
    fc_rows_vnni(p, q, x, w, out);
  } else {
    fc_rows_avx2(p, q, x, w, out);
  }
  return true;
}

// ---- UNIDIRECTIONAL_SEQUENCE_LSTM (int8) -------------------------------------------------
// kernels/unidirectional_sequence_lstm.cc's int8 time step, 8 units per vector. Gate dot
// products: over many time steps (kLstmPackedMinSteps) from packed weights (packed_filter,
// kPackAvx2Bytes: [unit block of 8][depth pair][8 units][2] int8, zero past the last unit and
// depth; cached, verified byte for byte once per inference), so one vpmaddwd adds two depth
// entries of 8 units against the broadcast activation pair, without horizontal sums; over few
// steps row by row on the weights as they are, as fc_rows_avx2, where the verification would
// cost more than it saves. Measured both ways: trained_lstm (28 steps) 19 us packed against
// 82 us by rows, dtln (1 step) 25 us by rows against 32 us packed. The rescales are mbqm8 with one multiplier per gate; the LUT non-linearities
// gather from a table of (entry, next entry) pairs. Lanes past the last unit see zero weights
// and biases and are never stored.
using kernels::UnidirectionalSequenceLstmParams;
using kernels::kLstmGateCount;

constexpr uint32_t kLstmPackedMinSteps = 4;  // batch rows x time steps per inference

// lo | hi << 16 with lo = kSigmoidTable[i], hi = kSigmoidTable[i + 1] (i = 255: saturated
// inputs; its value is never used).
const int32_t* lut_pairs() {
  static const std::vector<int32_t> t = [] {
    std::vector<int32_t> v(256);
    for (uint32_t i = 0; i < 256; ++i) {
      const uint32_t lo = kernels::lstm::kSigmoidTable[i];
      const uint32_t hi = kernels::lstm::kSigmoidTable[i < 255 ? i + 1 : 255];
      v[i] = static_cast<int32_t>(lo | (hi << 16));
    }
    return v;
  }();
  return t.data();
}

// kernels::lstm::sigmoid_scaled (kTanh false) or tanh_scaled (true) of 8 lanes, as int32.
template <bool kTanh>
LPAI_TARGET_AVX2 inline __m256i lut8(__m256i v) {
  constexpr int kBits = kTanh ? 8 : 9;  // fraction bits of the table index
  const __m256i a = _mm256_abs_epi32(v);  // as uint32 (|INT32_MIN| = 2^31)
  const __m256i index = _mm256_srli_epi32(a, kBits);
  const __m256i pair = _mm256_i32gather_epi32(lut_pairs(), _mm256_min_epu32(index, _mm256_set1_epi32(255)), 4);
  const __m256i lo = _mm256_and_si256(pair, _mm256_set1_epi32(0xFFFF));
  const __m256i hi = _mm256_srli_epi32(pair, 16);
  const __m256i frac = _mm256_and_si256(a, _mm256_set1_epi32((1 << kBits) - 1));
  __m256i r = _mm256_add_epi32(_mm256_slli_epi32(lo, kBits), _mm256_mullo_epi32(frac, _mm256_sub_epi32(hi, lo)));
  const __m256i saturated = _mm256_cmpgt_epi32(index, _mm256_set1_epi32(254));  // index < 2^23
  r = _mm256_blendv_epi8(r, _mm256_set1_epi32(kTanh ? 0xFFFF << 8 : 0x7FFF << 10), saturated);
  const __m256i negative = _mm256_cmpgt_epi32(_mm256_setzero_si256(), v);
  if (kTanh) {
    const __m256i pos = _mm256_add_epi32(r, _mm256_set1_epi32(-(1 << 23) + (1 << 7)));
    const __m256i neg = _mm256_sub_epi32(_mm256_set1_epi32((1 << 23) + (1 << 7) - 1), r);
    return _mm256_srai_epi32(_mm256_blendv_epi8(pos, neg, negative), 8);
  }
  const __m256i pos = _mm256_add_epi32(r, _mm256_set1_epi32(1 << 9));
  const __m256i neg = _mm256_sub_epi32(_mm256_set1_epi32((1 << 25) + (1 << 9) - 1), r);
  return _mm256_srli_epi32(_mm256_blendv_epi8(pos, neg, negative), 10);
}

LPAI_TARGET_AVX2 inline __m256i sat16(__m256i x) {
  return _mm256_min_epi32(_mm256_max_epi32(x, _mm256_set1_epi32(-32768)), _mm256_set1_epi32(32767));
}

// multiply_by_quantized_multiplier with one multiplier and shift for all lanes (mbqm8).
struct Rescale8 {
  __m256i m, ls, rs;
};

LPAI_TARGET_AVX2 inline Rescale8 rescale8_of(const kernels::LstmRescale& r) {
  return Rescale8{_mm256_set1_epi32(r.multiplier), _mm256_set1_epi32(r.shift > 0 ? r.shift : 0),
                  _mm256_set1_epi32(r.shift > 0 ? 0 : -r.shift)};
}

LPAI_TARGET_AVX2 inline __m256i rescale8(__m256i x, const Rescale8& r) { return mbqm8(x, r.m, r.ls, r.rs); }

// dots[g][8b + lane] = bias[g][8b + lane] + sum over depth pairs q of w_g[b][q][lane] .
// (pairs[q] low, high) for the 4 gates of unit block b (w_g: packed, n_pairs x 16 int8 per
// block); the gates' four sums are independent chains sharing each broadcast pair.
LPAI_TARGET_AVX2 inline void packed_dots(const int8_t* const* w, uint32_t b, const int32_t* pairs,
                                         uint32_t n_pairs, const int32_t* bias, size_t stride,
                                         int32_t* dots) {
  const size_t at = static_cast<size_t>(b) * n_pairs * 16;
  const int8_t *w0 = w[0] + at, *w1 = w[1] + at, *w2 = w[2] + at, *w3 = w[3] + at;
  auto bias8 = [&](uint32_t g) LPAI_TARGET_AVX2 {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bias + g * stride + b * 8));
  };
  __m256i a0 = bias8(0), a1 = bias8(1), a2 = bias8(2), a3 = bias8(3);
  for (uint32_t q = 0; q < n_pairs; ++q) {
    const __m256i xp = _mm256_set1_epi32(pairs[q]);
    auto term = [&](const int8_t* wg) LPAI_TARGET_AVX2 { return _mm256_madd_epi16(wide(wg + q * 16), xp); };
    a0 = _mm256_add_epi32(a0, term(w0));
    a1 = _mm256_add_epi32(a1, term(w1));
    a2 = _mm256_add_epi32(a2, term(w2));
    a3 = _mm256_add_epi32(a3, term(w3));
  }
  int32_t* d = dots + b * 8;
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(d), a0);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(d + stride), a1);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(d + 2 * stride), a2);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(d + 3 * stride), a3);
}

// dots[g][u] = bias[g][u] + x . w_g[u] for the 4 gates and every unit u < n (w_g: [n][k],
// as in the tensor).
LPAI_TARGET_AVX2 void row_dots(const int8_t* x, uint32_t k, const int8_t* const* w, uint32_t n,
                               const int32_t* bias, size_t stride, int32_t* dots) {
  for (uint32_t u = 0; u < n; ++u) {
    const int8_t* wr[kLstmGateCount];
    for (uint32_t g = 0; g < kLstmGateCount; ++g) wr[g] = w[g] + static_cast<size_t>(u) * k;
    int32_t d[kLstmGateCount];
    dot4_avx2(x, wr, k, d);
    for (uint32_t g = 0; g < kLstmGateCount; ++g) {
      dots[g * stride + u] = static_cast<int32_t>(static_cast<uint32_t>(d[g]) + static_cast<uint32_t>(bias[g * stride + u]));
    }
  }
}

// The int8 activations x[0, len) as int16 pairs (x[2p] low, x[2p + 1] high; zero past len).
void activation_pairs(const int8_t* x, uint32_t len, int32_t* pairs) {
  for (uint32_t p = 0; 2 * p < len; ++p) {
    const uint32_t lo = static_cast<uint16_t>(static_cast<int16_t>(x[2 * p]));
    const uint32_t hi = 2 * p + 1 < len ? static_cast<uint16_t>(static_cast<int16_t>(x[2 * p + 1])) : 0u;
    pairs[p] = static_cast<int32_t>(lo | (hi << 16));
  }
}

struct Lstm8 {
  const UnidirectionalSequenceLstmParams* p;
  uint32_t blocks;                       // unit blocks of 8; lanes = 8 * blocks
  bool packed;                           // packed dot products (else row by row)
  const int8_t* w_in[kLstmGateCount];    // packed [blocks][in_pairs][8][2], or the tensors
  const int8_t* w_rec[kLstmGateCount];
  uint32_t in_pairs, rec_pairs;
  const int32_t* bias_in;   // [4][lanes], zero past S
  const int32_t* bias_rec;
  int32_t* dots_in;         // [4][lanes]: bias + dot product per gate and unit
  int32_t* dots_rec;
  int32_t* x_pairs;         // [in_pairs] (packed path)
  int32_t* h_pairs;         // [rec_pairs]
  int32_t* gates;           // [4][lanes], Q0.15 gate outputs as int32
};

// One time step of one batch row: x (I), h (S, in/out), c (S, in/out), out (S).
LPAI_TARGET_AVX2 void lstm_step_avx2(const Lstm8& l, const int8_t* x, int8_t* h, int16_t* c, int8_t* out) {
  const UnidirectionalSequenceLstmParams& p = *l.p;
  const uint32_t S = p.state_size;
  const size_t lanes = static_cast<size_t>(l.blocks) * 8;
  if (l.packed) {
    activation_pairs(x, p.input_size, l.x_pairs);
    activation_pairs(h, S, l.h_pairs);
    for (uint32_t b = 0; b < l.blocks; ++b) {
      packed_dots(l.w_in, b, l.x_pairs, l.in_pairs, l.bias_in, lanes, l.dots_in);
      packed_dots(l.w_rec, b, l.h_pairs, l.rec_pairs, l.bias_rec, lanes, l.dots_rec);
    }
  } else {
    row_dots(x, p.input_size, l.w_in, S, l.bias_in, lanes, l.dots_in);
    row_dots(h, S, l.w_rec, S, l.bias_rec, lanes, l.dots_rec);
  }
  // Gate by gate, the blocks are independent: their chains overlap.
  const __m256i three = _mm256_set1_epi32(3);
  for (uint32_t g = 0; g < kLstmGateCount; ++g) {
    const Rescale8 r_in = rescale8_of(p.input_fc[g]), r_rec = rescale8_of(p.recurrent_fc[g]);
    for (size_t i = g * lanes; i < (g + 1) * lanes; i += 8) {
      const __m256i acc_in = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(l.dots_in + i));
      const __m256i acc_rec = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(l.dots_rec + i));
      const __m256i pre = sat16(_mm256_add_epi32(sat16(rescale8(acc_in, r_in)), sat16(rescale8(acc_rec, r_rec))));
      const __m256i v = _mm256_mullo_epi32(pre, three);  // kGateLutScale: multiplier 3, shift 0
      const __m256i gate = g == kernels::kLstmGateCell ? lut8<true>(v) : lut8<false>(v);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(l.gates + i), gate);
    }
  }
  // Every gate comes from the previous hidden state: the update follows for all blocks.
  const Rescale8 fc = rescale8_of(p.forget_times_cell), ig = rescale8_of(p.input_times_gate),
                 ot = rescale8_of(p.output_times_tanh);
  const int32_t clip = p.cell_clip_enabled != 0 ? p.cell_clip : 32768;
  const __m256i clip_hi = _mm256_set1_epi32(clip), clip_lo = _mm256_set1_epi32(-clip);
  const __m256i tanh_mul = _mm256_set1_epi32(p.cell_tanh_multiplier);
  const __m256i tanh_round = _mm256_set1_epi32(p.cell_tanh_shift > 0 ? 1 << (p.cell_tanh_shift - 1) : 0);
  const __m128i tanh_shift = _mm_cvtsi32_si128(p.cell_tanh_shift);
  const __m256i zp = _mm256_set1_epi32(p.hidden_zero_point);
  for (uint32_t b = 0; b < l.blocks; ++b) {
    const uint32_t u0 = b * 8, n = S - u0 < 8 ? S - u0 : 8;
    auto gate = [&](uint32_t g) LPAI_TARGET_AVX2 {
      return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(l.gates + g * lanes + u0));
    };
    int16_t c16[8] = {};
    std::memcpy(c16, c + u0, n * sizeof(int16_t));
    const int16_t* cp = n == 8 ? c + u0 : c16;  // a whole block is read in place
    const __m256i cell_in = _mm256_cvtepi16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(cp)));
    // Gate outputs within [-32767, 32767], cell state int16: the products fit int32.
    const __m256i kept = sat16(rescale8(_mm256_mullo_epi32(gate(kernels::kLstmGateForget), cell_in), fc));
    const __m256i added = sat16(
        rescale8(_mm256_mullo_epi32(gate(kernels::kLstmGateInput), gate(kernels::kLstmGateCell)), ig));
    const __m256i cell = _mm256_min_epi32(_mm256_max_epi32(sat16(_mm256_add_epi32(kept, added)), clip_lo), clip_hi);
    // lstm::lut_scale_input (|cell * multiplier| < 2^31 for multiplier <= 49152).
    const __m256i v = _mm256_sra_epi32(_mm256_add_epi32(_mm256_mullo_epi32(cell, tanh_mul), tanh_round), tanh_shift);
    const __m256i t = lut8<true>(v);
    __m256i y = _mm256_add_epi32(zp, rescale8(_mm256_mullo_epi32(t, gate(kernels::kLstmGateOutput)), ot));
    y = _mm256_min_epi32(_mm256_max_epi32(y, _mm256_set1_epi32(-128)), _mm256_set1_epi32(127));
    int32_t cs[8], ys[8];
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(cs), cell);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(ys), y);
    for (uint32_t i = 0; i < n; ++i) {
      c[u0 + i] = static_cast<int16_t>(cs[i]);
      h[u0 + i] = static_cast<int8_t>(ys[i]);
      out[u0 + i] = static_cast<int8_t>(ys[i]);
    }
  }
}

bool lstm_impl(const KernelArgs& args) {
  using kernels::kLstmInputTensor;
  const auto& p = *reinterpret_cast<const UnidirectionalSequenceLstmParams*>(args.params);
  if (args.inputs[kLstmInputTensor].desc->data_type != static_cast<uint8_t>(format::DataType::kInt8)) {
    return false;  // 16x8: portable
  }
  const uint32_t B = p.batch_size, T = p.time_steps, I = p.input_size, S = p.state_size;
  Lstm8 l;
  l.p = &p;
  l.blocks = (S + 7) / 8;
  l.packed = static_cast<uint64_t>(B) * T >= kLstmPackedMinSteps;
  l.in_pairs = (I + 1) / 2;
  l.rec_pairs = (S + 1) / 2;
  if (l.packed) trim_packed_cache();
  for (uint32_t g = 0; g < kLstmGateCount; ++g) {
    l.w_in[g] = reinterpret_cast<const int8_t*>(args.inputs[kernels::kLstmInputWeights0 + g].data);
    l.w_rec[g] = reinterpret_cast<const int8_t*>(args.inputs[kernels::kLstmRecurrentWeights0 + g].data);
    if (l.packed) {
      l.w_in[g] = packed_filter(l.w_in[g], S, I, kPackAvx2Bytes, false).data.data();
      l.w_rec[g] = packed_filter(l.w_rec[g], S, S, kPackAvx2Bytes, false).data.data();
    }
  }
  // Per-thread working set: biases padded to whole blocks, the dot products, the gate outputs
  // and the activation pairs.
  thread_local std::vector<int32_t> buf;
  const size_t lanes = static_cast<size_t>(l.blocks) * 8;
  buf.resize(5 * kLstmGateCount * lanes + l.in_pairs + l.rec_pairs);
  int32_t* at = buf.data();
  auto take = [&at](size_t n) {
    int32_t* r = at;
    at += n;
    return r;
  };
  int32_t* bias_in = take(kLstmGateCount * lanes);
  int32_t* bias_rec = take(kLstmGateCount * lanes);
  const int32_t* blob_bias = reinterpret_cast<const int32_t*>(args.params + sizeof(p));
  int32_t* dots_in = take(kLstmGateCount * lanes);
  int32_t* dots_rec = take(kLstmGateCount * lanes);
  for (uint32_t g = 0; g < kLstmGateCount; ++g) {
    std::memcpy(bias_in + g * lanes, blob_bias + g * S, S * sizeof(int32_t));
    std::memcpy(bias_rec + g * lanes, blob_bias + (kLstmGateCount + g) * S, S * sizeof(int32_t));
    // Lanes past S: zero (the row path writes only units < S).
    for (int32_t* v : {bias_in, bias_rec, dots_in, dots_rec}) {
      std::fill(v + g * lanes + S, v + (g + 1) * lanes, 0);
    }
  }
  l.bias_in = bias_in;
  l.bias_rec = bias_rec;
  l.dots_in = dots_in;
  l.dots_rec = dots_rec;
  l.gates = take(kLstmGateCount * lanes);
  l.x_pairs = take(l.in_pairs);
  l.h_pairs = take(l.rec_pairs);
  const int8_t* input = reinterpret_cast<const int8_t*>(args.inputs[kLstmInputTensor].data);
  int8_t* hidden = reinterpret_cast<int8_t*>(args.inputs[kernels::kLstmHiddenState].data);
  int16_t* cell = reinterpret_cast<int16_t*>(args.inputs[kernels::kLstmCellState].data);
  int8_t* output = reinterpret_cast<int8_t*>(args.outputs[0].data);
  for (uint32_t b = 0; b < B; ++b) {
    for (uint32_t t = 0; t < T; ++t) {
      const size_t row = p.time_major ? static_cast<size_t>(t) * B + b : static_cast<size_t>(b) * T + t;
      lstm_step_avx2(l, input + row * I, hidden + static_cast<size_t>(b) * S,
                     cell + static_cast<size_t>(b) * S, output + row * S);
    }
  }
  return true;
}

}  // namespace

bool conv_s8_avx2(const kernels::KernelArgs& args) { return conv_impl<Avx2>(args); }
bool conv_s8_avx512vnni(const kernels::KernelArgs& args) { return conv_impl<Avx512>(args); }
bool fc_s8_avx2(const kernels::KernelArgs& args) { return fc_impl<kIsaAvx2>(args); }
bool dw_s8_avx2(const kernels::KernelArgs& args) { return dw_impl<kIsaAvx2>(args); }
bool dw_s8_avx512vnni(const kernels::KernelArgs& args) { return dw_impl<kIsaAvx512>(args); }
bool add_s8_avx2(const kernels::KernelArgs& args) { return add_impl<kIsaAvx2>(args); }
bool add_s8_avx512vnni(const kernels::KernelArgs& args) { return add_impl<kIsaAvx512>(args); }
bool fc_s8_avx512vnni(const kernels::KernelArgs& args) { return fc_impl<kIsaAvx512>(args); }
bool lstm_s8_avx2(const kernels::KernelArgs& args) { return lstm_impl(args); }

#else  // not x86-64: portable kernels only

bool conv_s8_avx2(const kernels::KernelArgs&) { return false; }
bool conv_s8_avx512vnni(const kernels::KernelArgs&) { return false; }
bool fc_s8_avx2(const kernels::KernelArgs&) { return false; }
bool fc_s8_avx512vnni(const kernels::KernelArgs&) { return false; }
bool dw_s8_avx2(const kernels::KernelArgs&) { return false; }
bool dw_s8_avx512vnni(const kernels::KernelArgs&) { return false; }
bool add_s8_avx2(const kernels::KernelArgs&) { return false; }
bool add_s8_avx512vnni(const kernels::KernelArgs&) { return false; }
bool lstm_s8_avx2(const kernels::KernelArgs&) { return false; }

#endif

}  // namespace simd
}  // namespace host
}  // namespace lpai
