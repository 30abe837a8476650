// HVX ADD / SUB int8. See hvx_elementwise.h.
#include "kernels/hvx/hvx_elementwise.h"

#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX

#include <hexagon_protos.h>
#include <hexagon_types.h>

#include "kernels/elementwise_common.h"
#include "kernels/hvx/hvx_common.h"

namespace lpai {
namespace kernels {
namespace hvx {
namespace {

constexpr uint32_t kVec = 128;

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

// Runs `word_op` over int8 vectors a, b of n elements into o: word_op(ea, eb) gets the
// sign-extended elements 4l + k of lane l (one byte position k per call) and returns the
// results as words already clamped to int8; they are packed back to bytes. Tails go through
// load_tail / store_tail, so nothing is read or written past n.
template <typename WordOp>
inline void map_s8(const int8_t* a, const int8_t* b, int8_t* o, uint32_t n, WordOp word_op) {
  const HVX_Vector byte_mask = Q6_V_vsplat_R(0xFF);
  for (uint32_t i = 0; i < n; i += kVec) {
    const uint32_t count = n - i < kVec ? n - i : kVec;
    const HVX_Vector va = count == kVec ? *reinterpret_cast<const HVX_UVector*>(a + i) : load_tail(a + i, a + n);
    const HVX_Vector vb = count == kVec ? *reinterpret_cast<const HVX_UVector*>(b + i) : load_tail(b + i, b + n);
    // Byte k of every word, sign extended: element 4l + k in lane l.
    auto op = [&](uint32_t k) {
      return word_op(Q6_Vw_vasr_VwR(Q6_Vw_vasl_VwR(va, 24 - 8 * k), 24),
                     Q6_Vw_vasr_VwR(Q6_Vw_vasl_VwR(vb, 24 - 8 * k), 24));
    };
    const HVX_Vector r0 = op(0), r1 = op(1), r2 = op(2), r3 = op(3);
    const HVX_Vector bytes =
        Q6_V_vor_VV(Q6_V_vor_VV(Q6_V_vand_VV(r0, byte_mask), Q6_Vw_vasl_VwR(Q6_V_vand_VV(r1, byte_mask), 8)),
                    Q6_V_vor_VV(Q6_Vw_vasl_VwR(Q6_V_vand_VV(r2, byte_mask), 16), Q6_Vw_vasl_VwR(r3, 24)));
    if (count == kVec) {
      *reinterpret_cast<HVX_UVector*>(o + i) = bytes;
    } else {
      store_tail(o + i, bytes, o + n);
    }
  }
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
  const uint32_t n = element_count(args.outputs[0].desc);

  const Scale s1 = make_scale(p.input1_multiplier, p.input1_shift);
  const Scale s2 = make_scale(p.input2_multiplier, p.input2_shift);
  const Scale so = make_scale(p.output_multiplier, p.output_shift);
  const HVX_Vector off1 = Q6_V_vsplat_R(p.input1_offset);
  const HVX_Vector off2 = Q6_V_vsplat_R(p.input2_offset);
  const HVX_Vector off_out = Q6_V_vsplat_R(p.output_offset);
  const HVX_Vector lo = Q6_V_vsplat_R(p.activation_min);
  const HVX_Vector hi = Q6_V_vsplat_R(p.activation_max);
  const HVX_Vector one = Q6_V_vsplat_R(1);
  map_s8(a, b, o, n, [&](HVX_Vector ea, HVX_Vector eb) {
    const HVX_Vector sa = scale(Q6_Vw_vasl_VwR(Q6_Vw_vadd_VwVw(ea, off1), 20), s1, one);
    const HVX_Vector sb = scale(Q6_Vw_vasl_VwR(Q6_Vw_vadd_VwVw(eb, off2), 20), s2, one);
    const HVX_Vector raw = subtract ? Q6_Vw_vsub_VwVw(sa, sb) : Q6_Vw_vadd_VwVw(sa, sb);
    const HVX_Vector v = Q6_Vw_vadd_VwVw(scale(raw, so, one), off_out);
    return Q6_Vw_vmin_VwVw(Q6_Vw_vmax_VwVw(v, lo), hi);
  });
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
  const uint32_t n = element_count(args.outputs[0].desc);

  const Scale so = make_scale(p.output_multiplier, p.output_shift);
  const HVX_Vector off1 = Q6_V_vsplat_R(p.input1_offset);
  // in2 + offset2 + 256 is in [1, 511]: an unsigned halfword for vmpyie, the 256 taken back
  // as (in1 + offset1) << 8.
  const HVX_Vector off2_biased = Q6_V_vsplat_R(p.input2_offset + 256);
  const HVX_Vector off_out = Q6_V_vsplat_R(p.output_offset);
  const HVX_Vector lo = Q6_V_vsplat_R(p.activation_min);
  const HVX_Vector hi = Q6_V_vsplat_R(p.activation_max);
  const HVX_Vector one = Q6_V_vsplat_R(1);
  map_s8(a, b, o, n, [&](HVX_Vector ea, HVX_Vector eb) {
    const HVX_Vector xa = Q6_Vw_vadd_VwVw(ea, off1);
    const HVX_Vector xb = Q6_Vw_vadd_VwVw(eb, off2_biased);
    const HVX_Vector prod = Q6_Vw_vsub_VwVw(Q6_Vw_vmpyie_VwVuh(xa, xb), Q6_Vw_vasl_VwR(xa, 8));
    const HVX_Vector v = Q6_Vw_vadd_VwVw(scale(prod, so, one), off_out);
    return Q6_Vw_vmin_VwVw(Q6_Vw_vmax_VwVw(v, lo), hi);
  });
  return true;
}

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_HVX
