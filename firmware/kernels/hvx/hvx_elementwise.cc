// HVX ADD / SUB int8. See hvx_elementwise.h.
#include "kernels/hvx/hvx_elementwise.h"

#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX

#include "kernels/elementwise_common.h"
#include "kernels/hvx/hvx_common.h"

namespace lpai {
namespace kernels {
namespace hvx {
namespace {

// multiply_by_quantized_multiplier(x, m, -rs) for m >= 0, rs in [0, 31] (no left shift), the
// same vector sequence as hvx_gemm's requantisation.
struct Scale {
  HVX_Vector mult, right, mask, half;
};

Scale make_scale(int32_t multiplier, int32_t shift) {
  const uint32_t rs = static_cast<uint32_t>(-shift);
  return Scale{Q6_V_vsplat_R(multiplier), Q6_V_vsplat_R(static_cast<int32_t>(rs)),
               Q6_V_vsplat_R(static_cast<int32_t>((uint32_t{1} << rs) - 1u)),
               Q6_V_vsplat_R(static_cast<int32_t>(((uint32_t{1} << rs) - 1u) >> 1))};
}

inline HVX_Vector scale(HVX_Vector x, const Scale& s, HVX_Vector one) {
  const HVX_Vector h = Q6_Vw_vmpyoacc_VwVwVh_s1_rnd_sat_shift(Q6_Vw_vmpye_VwVuh(x, s.mult), x, s.mult);
  const HVX_Vector rem = Q6_V_vand_VV(h, s.mask);
  const HVX_Vector thr = Q6_Vw_vsub_VwVw(s.half, Q6_Vw_vasr_VwR(h, 31));
  const HVX_Vector v = Q6_Vw_vasr_VwVw(h, s.right);
  return Q6_Vw_condacc_QVwVw(Q6_Q_vcmp_gt_VwVw(rem, thr), v, one);
}

// The four byte positions of 128 int8 elements: word_op(ea, eb) gets the sign-extended
// elements 4l + k of lane l (byte position k) and returns the results as words already clamped
// to int8; they are packed back to bytes.
template <typename WordOp>
__attribute__((always_inline)) inline HVX_Vector bytes_of(HVX_Vector va, HVX_Vector vb, WordOp word_op) {
  const HVX_Vector byte_mask = Q6_V_vsplat_R(0xFF);
  auto op = [&](uint32_t k) {
    return word_op(Q6_Vw_vasr_VwR(Q6_Vw_vasl_VwR(va, 24 - 8 * k), 24),
                   Q6_Vw_vasr_VwR(Q6_Vw_vasl_VwR(vb, 24 - 8 * k), 24));
  };
  const HVX_Vector r0 = op(0), r1 = op(1), r2 = op(2), r3 = op(3);
  return Q6_V_vor_VV(Q6_V_vor_VV(Q6_V_vand_VV(r0, byte_mask), Q6_Vw_vasl_VwR(Q6_V_vand_VV(r1, byte_mask), 8)),
                     Q6_V_vor_VV(Q6_Vw_vasl_VwR(Q6_V_vand_VV(r2, byte_mask), 16), Q6_Vw_vasl_VwR(r3, 24)));
}

// Runs chunk(va, vb) -> 128 result bytes over int8 vectors a, b of n elements into o. Tails go
// through load_tail / store_tail, so nothing is read or written past n. `chunk` is a
// non-inlined function of the op: its constants are splatted inside it, so no vector stays
// live across the loop (HVX registers are caller-saved) and neither frame holds spills.
template <typename Chunk>
inline void map_s8(const int8_t* a, const int8_t* b, int8_t* o, uint32_t n, Chunk chunk) {
  uint32_t i = 0;
  for (; i + kVec <= n; i += kVec) {
    *reinterpret_cast<HVX_UVector*>(o + i) =
        chunk(*reinterpret_cast<const HVX_UVector*>(a + i), *reinterpret_cast<const HVX_UVector*>(b + i));
  }
  if (i < n) store_tail(o + i, chunk(load_tail(a + i, a + n), load_tail(b + i, b + n)), o + n);
}

__attribute__((noinline)) HVX_Vector add_sub_chunk(const AddParams& p, bool subtract, HVX_Vector va,
                                                   HVX_Vector vb) {
  const Scale s1 = make_scale(p.input1_multiplier, p.input1_shift);
  const Scale s2 = make_scale(p.input2_multiplier, p.input2_shift);
  const Scale so = make_scale(p.output_multiplier, p.output_shift);
  const HVX_Vector one = Q6_V_vsplat_R(1);
  return bytes_of(va, vb, [&](HVX_Vector ea, HVX_Vector eb) {
    const HVX_Vector sa = scale(Q6_Vw_vasl_VwR(Q6_Vw_vadd_VwVw(ea, Q6_V_vsplat_R(p.input1_offset)), 20), s1, one);
    const HVX_Vector sb = scale(Q6_Vw_vasl_VwR(Q6_Vw_vadd_VwVw(eb, Q6_V_vsplat_R(p.input2_offset)), 20), s2, one);
    const HVX_Vector raw = subtract ? Q6_Vw_vsub_VwVw(sa, sb) : Q6_Vw_vadd_VwVw(sa, sb);
    const HVX_Vector v = Q6_Vw_vadd_VwVw(scale(raw, so, one), Q6_V_vsplat_R(p.output_offset));
    return Q6_Vw_vmin_VwVw(Q6_Vw_vmax_VwVw(v, Q6_V_vsplat_R(p.activation_min)), Q6_V_vsplat_R(p.activation_max));
  });
}

__attribute__((noinline)) HVX_Vector mul_chunk(const MulParams& p, HVX_Vector va, HVX_Vector vb) {
  const Scale so = make_scale(p.output_multiplier, p.output_shift);
  const HVX_Vector one = Q6_V_vsplat_R(1);
  return bytes_of(va, vb, [&](HVX_Vector ea, HVX_Vector eb) {
    // in2 + offset2 + 256 is in [1, 511]: an unsigned halfword for vmpyie, the 256 taken back
    // as (in1 + offset1) << 8.
    const HVX_Vector xa = Q6_Vw_vadd_VwVw(ea, Q6_V_vsplat_R(p.input1_offset));
    const HVX_Vector xb = Q6_Vw_vadd_VwVw(eb, Q6_V_vsplat_R(p.input2_offset + 256));
    const HVX_Vector prod = Q6_Vw_vsub_VwVw(Q6_Vw_vmpyie_VwVuh(xa, xb), Q6_Vw_vasl_VwR(xa, 8));
    const HVX_Vector v = Q6_Vw_vadd_VwVw(scale(prod, so, one), Q6_V_vsplat_R(p.output_offset));
    return Q6_Vw_vmin_VwVw(Q6_Vw_vmax_VwVw(v, Q6_V_vsplat_R(p.activation_min)), Q6_V_vsplat_R(p.activation_max));
  });
}

}  // namespace

bool add_sub_s8(const AddParams& p, const KernelArgs& args, bool subtract) {
  if (args.outputs[0].desc->data_type != static_cast<uint8_t>(format::DataType::kInt8) ||
      p.broadcast != 0 || p.left_shift != 20 || p.input1_shift > 0 || p.input1_shift < -31 ||
      p.input2_shift > 0 || p.input2_shift < -31 || p.output_shift > 0 || p.output_shift < -31 ||
      p.input1_multiplier < 0 || p.input2_multiplier < 0 || p.output_multiplier < 0) {
    return false;
  }
  const int8_t* a = reinterpret_cast<const int8_t*>(args.inputs[0].data);
  const int8_t* b = reinterpret_cast<const int8_t*>(args.inputs[1].data);
  int8_t* o = reinterpret_cast<int8_t*>(args.outputs[0].data);
  map_s8(a, b, o, element_count(args.outputs[0].desc),
         [&](HVX_Vector va, HVX_Vector vb) { return add_sub_chunk(p, subtract, va, vb); });
  return true;
}

bool mul_s8(const MulParams& p, const KernelArgs& args) {
  if (args.outputs[0].desc->data_type != static_cast<uint8_t>(format::DataType::kInt8) ||
      p.broadcast != 0 || p.output_shift > 0 || p.output_shift < -31 || p.output_multiplier < 0) {
    return false;
  }
  const int8_t* a = reinterpret_cast<const int8_t*>(args.inputs[0].data);
  const int8_t* b = reinterpret_cast<const int8_t*>(args.inputs[1].data);
  int8_t* o = reinterpret_cast<int8_t*>(args.outputs[0].data);
  map_s8(a, b, o, element_count(args.outputs[0].desc),
         [&](HVX_Vector va, HVX_Vector vb) { return mul_chunk(p, va, vb); });
  return true;
}

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_HVX
