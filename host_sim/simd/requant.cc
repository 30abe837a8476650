// Requantisation tables of the x86 SIMD kernels. Contract in requant.h.
#include "simd/requant.h"

#include "simd/derived_cache.h"

#if defined(LPAI_X86_SIMD)
namespace lpai::host::simd {
namespace {

using kernels::gemm::Requant;

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

}  // namespace

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

}  // namespace lpai::host::simd
#endif  // LPAI_X86_SIMD
