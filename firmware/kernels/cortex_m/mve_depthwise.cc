// Helium DEPTHWISE_CONV_2D (depth multiplier 1): see mve_depthwise.h.
#include "kernels/cortex_m/mve_depthwise.h"

#if defined(LPAI_HAS_CORTEX_M_MVE)
#include <arm_mve.h>

#include "kernels/cortex_m/mve_requant.h"

namespace lpai {
namespace kernels {
namespace mve {
namespace {

constexpr uint32_t kGroup = 16;  // channels per step: four int32x4 accumulators

// Group shapes: 16 channels, exactly 8 (the first half only: in_c == 8 layers, or a last group
// of 8), or any other count under predicates.
constexpr int kFull16 = 0;
constexpr int kFull8 = 1;
constexpr int kPartial = 2;

// Lane predicates of the two int16x8 halves of a group with `left` channels (all lanes when
// >= 16): channels [0, 8) and [8, 16) of the group.
struct GroupPreds {
  mve_pred16_t p[2];
};

inline GroupPreds group_preds(uint32_t left) {
  GroupPreds g;
  g.p[0] = vctp16q(left > 8 ? 8u : left);
  g.p[1] = vctp16q(left > 8 ? left - 8 : 0u);
  return g;
}

// Per-group constants in accumulator order: vector v holds the even (v = 0, 2) or odd
// (v = 1, 3) channels of half v / 2, so entry 4 v + i is channel 8 (v / 2) + 2 i + v % 2.
// start = bias - zp * sum(taps) (interior pixels), bias (edge pixels), multiplier, -rs and 2^ls
// of each channel.
struct GroupTables {
  int32_t start[kGroup];
  int32_t bias[kGroup];
  int32_t mult[kGroup];
  int32_t neg_rs[kGroup];
  int32_t left_mul[kGroup];
  bool any_left_shift;
};

void fill_tables(const DepthwiseConv2dParams& p, const gemm::Requant& q, const int8_t* filter,
                 uint32_t c0, uint32_t left, GroupTables* t) {
  const uint32_t n = left < kGroup ? left : kGroup;
  const uint32_t taps = p.k_h * p.k_w;
  t->any_left_shift = false;
  for (uint32_t e = 0; e < kGroup; ++e) {
    const uint32_t v = e / 4, i = e % 4;
    const uint32_t j = 8 * (v / 2) + 2 * i + v % 2;  // channel within the group
    if (j >= n) {
      t->start[e] = t->bias[e] = t->mult[e] = t->neg_rs[e] = 0;
      t->left_mul[e] = 1;
      continue;
    }
    const uint32_t c = c0 + j;
    int32_t sum = 0;
    for (uint32_t k = 0; k < taps; ++k) sum += filter[static_cast<size_t>(k) * p.in_c + c];
    // Wrapping, like the accumulator: bias + sum over taps of (x - zp) * w.
    t->start[e] = static_cast<int32_t>(static_cast<uint32_t>(q.folded_bias[c]) -
                                       static_cast<uint32_t>(p.input_zero_point) * static_cast<uint32_t>(sum));
    t->bias[e] = q.folded_bias[c];
    const int32_t shift = q.shift[c];
    t->mult[e] = q.multiplier[c];
    t->neg_rs[e] = shift < 0 ? shift : 0;
    t->left_mul[e] = static_cast<int32_t>(1u << (shift > 0 ? shift : 0));
    t->any_left_shift = t->any_left_shift || shift > 0;
  }
}

// Even / odd channel accumulators of the two halves: a0 = (0, 2, 4, 6), a1 = (1, 3, 5, 7),
// a2 = (8, 10, 12, 14), a3 = (9, 11, 13, 15).
struct Acc {
  int32x4_t a0, a1, a2, a3;
};

// acc += x * w for the 8 channels of a half: VMULLB / VMULLT give the exact int32 products of
// the even and odd int16 lanes.
inline void mac_half(int32x4_t& even, int32x4_t& odd, int16x8_t x, int16x8_t w) {
  even = vaddq_s32(even, vmullbq_int_s16(x, w));
  odd = vaddq_s32(odd, vmulltq_int_s16(x, w));
}

// acc += x * w over the group; x from `src` (an input pixel's group). The whole-group form is
// written out: the compiler loads all four operands first, needs nine vector registers and
// spills an accumulator every tap; this order needs seven.
template <int kShape>
inline void tap(Acc& acc, const int8_t* src, const int8_t* w, const GroupPreds& g) {
  if (kShape == kFull8) {
    int16x8_t x, f;
    int32x4_t t;
    __asm__("vldrb.s16 %q[x], [%[src]]\n"
            "vldrb.s16 %q[f], [%[w]]\n"
            "vmullb.s16 %q[t], %q[x], %q[f]\n"
            "vadd.i32 %q[a0], %q[a0], %q[t]\n"
            "vmullt.s16 %q[t], %q[x], %q[f]\n"
            "vadd.i32 %q[a1], %q[a1], %q[t]\n"
            : [a0] "+w"(acc.a0), [a1] "+w"(acc.a1), [x] "=&w"(x), [f] "=&w"(f), [t] "=&w"(t)
            : [src] "r"(src), [w] "r"(w));
  } else if (kShape == kFull16) {
    int16x8_t x, f;
    int32x4_t t;
    __asm__("vldrb.s16 %q[x], [%[src]]\n"
            "vldrb.s16 %q[f], [%[w]]\n"
            "vmullb.s16 %q[t], %q[x], %q[f]\n"
            "vadd.i32 %q[a0], %q[a0], %q[t]\n"
            "vmullt.s16 %q[t], %q[x], %q[f]\n"
            "vadd.i32 %q[a1], %q[a1], %q[t]\n"
            "vldrb.s16 %q[x], [%[src], #8]\n"
            "vldrb.s16 %q[f], [%[w], #8]\n"
            "vmullb.s16 %q[t], %q[x], %q[f]\n"
            "vadd.i32 %q[a2], %q[a2], %q[t]\n"
            "vmullt.s16 %q[t], %q[x], %q[f]\n"
            "vadd.i32 %q[a3], %q[a3], %q[t]\n"
            : [a0] "+w"(acc.a0), [a1] "+w"(acc.a1), [a2] "+w"(acc.a2), [a3] "+w"(acc.a3),
              [x] "=&w"(x), [f] "=&w"(f), [t] "=&w"(t)
            : [src] "r"(src), [w] "r"(w));  // reads only: input and filter are not written here
  } else {
    mac_half(acc.a0, acc.a1, vldrbq_z_s16(src, g.p[0]), vldrbq_z_s16(w, g.p[0]));
    mac_half(acc.a2, acc.a3, vldrbq_z_s16(src + 8, g.p[1]), vldrbq_z_s16(w + 8, g.p[1]));
  }
}

// acc += (x - zp) * w over the group (edge pixels: only their valid taps are visited); the
// whole-group form written out like tap() (eight vector registers with the zero point).
template <int kShape>
inline void edge_tap(Acc& acc, const int8_t* src, int16x8_t zp, const int8_t* w, const GroupPreds& g) {
  if (kShape == kFull8) {
    mac_half(acc.a0, acc.a1, vsubq_s16(vldrbq_s16(src), zp), vldrbq_s16(w));
  } else if (kShape == kFull16) {
    int16x8_t x, f;
    int32x4_t t;
    __asm__("vldrb.s16 %q[x], [%[src]]\n"
            "vldrb.s16 %q[f], [%[w]]\n"
            "vsub.i16 %q[x], %q[x], %q[zp]\n"
            "vmullb.s16 %q[t], %q[x], %q[f]\n"
            "vadd.i32 %q[a0], %q[a0], %q[t]\n"
            "vmullt.s16 %q[t], %q[x], %q[f]\n"
            "vadd.i32 %q[a1], %q[a1], %q[t]\n"
            "vldrb.s16 %q[x], [%[src], #8]\n"
            "vldrb.s16 %q[f], [%[w], #8]\n"
            "vsub.i16 %q[x], %q[x], %q[zp]\n"
            "vmullb.s16 %q[t], %q[x], %q[f]\n"
            "vadd.i32 %q[a2], %q[a2], %q[t]\n"
            "vmullt.s16 %q[t], %q[x], %q[f]\n"
            "vadd.i32 %q[a3], %q[a3], %q[t]\n"
            : [a0] "+w"(acc.a0), [a1] "+w"(acc.a1), [a2] "+w"(acc.a2), [a3] "+w"(acc.a3),
              [x] "=&w"(x), [f] "=&w"(f), [t] "=&w"(t)
            : [src] "r"(src), [w] "r"(w), [zp] "w"(zp));
  } else {
    mac_half(acc.a0, acc.a1, vsubq_s16(vldrbq_z_s16(src, g.p[0]), zp), vldrbq_z_s16(w, g.p[0]));
    mac_half(acc.a2, acc.a3, vsubq_s16(vldrbq_z_s16(src + 8, g.p[1]), zp), vldrbq_z_s16(w + 8, g.p[1]));
  }
}

// The output stage on 8 int16 lanes: zero point (saturating) and activation range.
struct OutStage16 {
  int16x8_t zp, lo, hi;
};

template <bool kLeftShift>
inline int32x4_t scaled(int32x4_t acc, const GroupTables& t, uint32_t v) {
  int32x4_t x = acc;
  if (kLeftShift) x = vmulq_s32(x, vldrwq_s32(t.left_mul + 4 * v));
  return scale(x, vldrwq_s32(t.mult + 4 * v), vldrwq_s32(t.neg_rs + 4 * v));
}

// The 8 int8 outputs of a half in channel order (even lanes from `even`, odd from `odd`): the
// scaled values narrowed to int16 with saturation (VQMOVNB / VQMOVNT), + zero point (VQADD),
// clamped. Equal to the int32 sequence: the activation range lies inside int16, so values
// saturated at the int16 limits clamp alike.
inline int16x8_t outputs(int32x4_t even, int32x4_t odd, const OutStage16& o) {
  const int16x8_t n = vqmovntq_s32(vqmovnbq_s32(vdupq_n_s16(0), even), odd);
  return vminq_s16(vmaxq_s16(vqaddq_s16(n, o.zp), o.lo), o.hi);
}

template <int kShape, bool kLeftShift>
inline void store(const Acc& acc, const GroupTables& t, const GroupPreds& g, const OutStage16& o,
                  int8_t* dst) {
  if (kShape == kFull8) {
    vstrbq_s16(dst, outputs(scaled<kLeftShift>(acc.a0, t, 0), scaled<kLeftShift>(acc.a1, t, 1), o));
    return;
  }
  const int16x8_t lo = outputs(scaled<kLeftShift>(acc.a0, t, 0), scaled<kLeftShift>(acc.a1, t, 1), o);
  const int16x8_t hi = outputs(scaled<kLeftShift>(acc.a2, t, 2), scaled<kLeftShift>(acc.a3, t, 3), o);
  if (kShape == kFull16) {
    vstrbq_s16(dst, lo);
    vstrbq_s16(dst + 8, hi);
  } else {
    vstrbq_p_s16(dst, lo, g.p[0]);
    vstrbq_p_s16(dst + 8, hi, g.p[1]);
  }
}

// First k in [0, k_count) with base + k * dil >= 0, and one past the last with
// base + k * dil < limit (the valid taps of one axis; an empty range gives first >= last).
inline void valid_taps(int32_t base, uint32_t dil, int32_t limit, uint32_t k_count, uint32_t* first,
                       uint32_t* last) {
  const int32_t d = static_cast<int32_t>(dil);
  uint32_t f = base >= 0 ? 0u : static_cast<uint32_t>((-base + d - 1) / d);
  int32_t l = limit - base <= 0 ? 0 : (limit - base + d - 1) / d;
  *first = f;
  *last = static_cast<uint32_t>(l) < k_count ? static_cast<uint32_t>(l) : k_count;
}

// One group of channels [c0, c0 + 16) (8 for kFull8, fewer for kPartial) over every output
// pixel. Not inlined:
// the tables stay addressed from one register.
template <int kShape, bool kLeftShift>
__attribute__((noinline)) void run_group(const DepthwiseConv2dParams& p, const GroupTables& t,
                                         const GroupPreds& g, const int8_t* in,
                                         const int8_t* filter, int8_t* out, uint32_t c0) {
  const OutStage16 o{vdupq_n_s16(static_cast<int16_t>(p.output_zero_point)),
                     vdupq_n_s16(static_cast<int16_t>(p.act_min)),
                     vdupq_n_s16(static_cast<int16_t>(p.act_max))};
  const uint32_t c = p.in_c;
  const size_t row = static_cast<size_t>(p.in_w) * c;                  // input row, bytes
  const size_t dx = static_cast<size_t>(p.dilation_w) * c;             // tap step along x
  const size_t dy = static_cast<size_t>(p.dilation_h) * row;           // tap step along y
  const int32_t eff_h = static_cast<int32_t>((p.k_h - 1) * p.dilation_h + 1);
  const int32_t eff_w = static_cast<int32_t>((p.k_w - 1) * p.dilation_w + 1);
  const int32_t in_h = static_cast<int32_t>(p.in_h), in_w = static_cast<int32_t>(p.in_w);
  const size_t filter_row = static_cast<size_t>(p.k_w) * c;
  for (uint32_t b = 0; b < p.batches; ++b) {
    const int8_t* in_b = in + static_cast<size_t>(b) * p.in_h * row + c0;
    int8_t* dst = out + static_cast<size_t>(b) * p.out_h * p.out_w * c + c0;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      const int32_t iy0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
      const bool rows_inside = iy0 >= 0 && iy0 + eff_h <= in_h;
      for (uint32_t ox = 0; ox < p.out_w; ++ox, dst += c) {
        const int32_t ix0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
        Acc acc;
        if (rows_inside && ix0 >= 0 && ix0 + eff_w <= in_w) {
          // Interior: every tap, the zero point folded into the start.
          acc = Acc{vldrwq_s32(t.start), vldrwq_s32(t.start + 4), vldrwq_s32(t.start + 8),
                    vldrwq_s32(t.start + 12)};
          const int8_t* w = filter + c0;
          const int8_t* src_row = in_b + static_cast<size_t>(iy0) * row + static_cast<size_t>(ix0) * c;
          for (uint32_t ky = 0; ky < p.k_h; ++ky, src_row += dy) {
            const int8_t* src = src_row;
            for (uint32_t kx = 0; kx < p.k_w; ++kx, src += dx, w += c) tap<kShape>(acc, src, w, g);
          }
        } else {
          // Edge: the valid taps only, each adding (x - zp) * w to the bias.
          acc = Acc{vldrwq_s32(t.bias), vldrwq_s32(t.bias + 4), vldrwq_s32(t.bias + 8),
                    vldrwq_s32(t.bias + 12)};
          const int16x8_t zp = vdupq_n_s16(static_cast<int16_t>(p.input_zero_point));
          uint32_t ky0, ky1, kx0, kx1;
          valid_taps(iy0, p.dilation_h, in_h, p.k_h, &ky0, &ky1);
          valid_taps(ix0, p.dilation_w, in_w, p.k_w, &kx0, &kx1);
          for (uint32_t ky = ky0; ky < ky1; ++ky) {
            const int32_t iy = iy0 + static_cast<int32_t>(ky * p.dilation_h);
            const int32_t ix = ix0 + static_cast<int32_t>(kx0 * p.dilation_w);
            const int8_t* src = in_b + static_cast<size_t>(iy) * row + static_cast<size_t>(ix) * c;
            const int8_t* w = filter + c0 + ky * filter_row + static_cast<size_t>(kx0) * c;
            for (uint32_t kx = kx0; kx < kx1; ++kx, src += dx, w += c) edge_tap<kShape>(acc, src, zp, w, g);
          }
        }
        store<kShape, kLeftShift>(acc, t, g, o, dst);
      }
    }
  }
}

}  // namespace

bool depthwise_dm1_applies(const DepthwiseConv2dParams& p) {
  return p.depth_multiplier == 1 && (p.flags & kDwFlagInt16x8) == 0 && p.out_c == p.in_c;
}

void depthwise_dm1(const DepthwiseConv2dParams& p, const gemm::Requant& q, const int8_t* in,
                   const int8_t* filter, int8_t* out) {
  GroupTables t;
  for (uint32_t c0 = 0; c0 < p.in_c; c0 += kGroup) {
    const uint32_t left = p.in_c - c0;
    fill_tables(p, q, filter, c0, left, &t);
    const GroupPreds g = group_preds(left);
    const bool ls = t.any_left_shift;
    if (left >= kGroup) {
      ls ? run_group<kFull16, true>(p, t, g, in, filter, out, c0)
         : run_group<kFull16, false>(p, t, g, in, filter, out, c0);
    } else if (left == 8) {
      ls ? run_group<kFull8, true>(p, t, g, in, filter, out, c0)
         : run_group<kFull8, false>(p, t, g, in, filter, out, c0);
    } else {
      ls ? run_group<kPartial, true>(p, t, g, in, filter, out, c0)
         : run_group<kPartial, false>(p, t, g, in, filter, out, c0);
    }
  }
}

}  // namespace mve
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_CORTEX_M_MVE
