// x86-64 SIMD FULLY_CONNECTED int8 (host simulation only). Contract in x86_kernels.h. No
// repacking (weights are read once per call anyway): 4 weight rows at a time dotted along K
// (VNNI: weights flipped to unsigned, 128 * sum_k x[k] taken out once per row; AVX2:
// sign-extended int16 pairs, x86_dot.h), horizontal sums, then kernels::gemm::requantize.
#include "simd/x86_kernels.h"

#include "kernels/params/fully_connected.h"
#include "kernels/int8_gemm.h"
#include "simd/x86_dot.h"
#include "simd/x86_target.h"

#if defined(LPAI_X86_SIMD)
namespace lpai::host::simd {
namespace {

using kernels::FullyConnectedParams;
using kernels::KernelArgs;
using kernels::gemm::Requant;

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
  const Int8Io io = int8_tensors(args);
  (kIsa == kIsaAvx512 ? fc_rows_vnni : fc_rows_avx2)(p, q, io.in0, io.in1, io.out);
  return true;
}

}  // namespace

bool fc_s8_avx2(const kernels::KernelArgs& args) { return fc_impl<kIsaAvx2>(args); }
bool fc_s8_avx512vnni(const kernels::KernelArgs& args) { return fc_impl<kIsaAvx512>(args); }

}  // namespace lpai::host::simd
#endif  // LPAI_X86_SIMD
