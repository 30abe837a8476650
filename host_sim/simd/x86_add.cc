// x86-64 SIMD ADD int8 without broadcast (host simulation only). Contract in x86_kernels.h.
#include "simd/x86_kernels.h"

#include <cstring>

#include "kernels/add_sub_arith.h"
#include "simd/requant.h"
#include "simd/x86_target.h"

#if defined(LPAI_X86_SIMD)
namespace lpai::host::simd {
namespace {

using kernels::AddParams;
using kernels::KernelArgs;

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
  const Int8Io io = int8_tensors(args);
  (kIsa == kIsaAvx512 ? add_avx512 : add_avx2)(p, io.in0, io.in1, io.out,
                                               kernels::element_count(args.outputs[0].desc));
  return true;
}

}  // namespace

bool add_s8_avx2(const kernels::KernelArgs& args) { return add_impl<kIsaAvx2>(args); }
bool add_s8_avx512vnni(const kernels::KernelArgs& args) { return add_impl<kIsaAvx512>(args); }

}  // namespace lpai::host::simd
#endif  // LPAI_X86_SIMD
