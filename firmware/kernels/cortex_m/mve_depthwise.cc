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
// of each channel; the output stage on int16 lanes; for 3x3 filters the group's taps packed
// ([9][16] bytes, lanes past the group's channels 0). Every field within the immediate offset
// range of VLDRW / VLDRH from the table's address: one base register for a pixel's loads.
constexpr uint32_t kPackedTaps = 9;
struct GroupTables {
  int32_t start[kGroup];
  int32_t mult[kGroup];
  int32_t neg_rs[kGroup];
  int16_t zp16[8], lo16[8], hi16[8];
  int32_t left_mul[kGroup];
  int32_t bias[kGroup];
  int8_t wpk[kPackedTaps * kGroup];
  bool any_left_shift;
};

void fill_tables(const DepthwiseConv2dParams& p, const gemm::Requant& q, const int8_t* filter,
                 uint32_t c0, uint32_t left, GroupTables* t) {
  const uint32_t n = left < kGroup ? left : kGroup;
  const uint32_t taps = p.k_h * p.k_w;
  t->any_left_shift = false;
  vst1q_s16(t->zp16, vdupq_n_s16(static_cast<int16_t>(p.output_zero_point)));
  vst1q_s16(t->lo16, vdupq_n_s16(static_cast<int16_t>(p.act_min)));
  vst1q_s16(t->hi16, vdupq_n_s16(static_cast<int16_t>(p.act_max)));
  if (p.k_h * p.k_w == kPackedTaps) {
    const mve_pred16_t pn = vctp8q(n);
    for (uint32_t k = 0; k < kPackedTaps; ++k) {
      vstrbq_s8(t->wpk + k * kGroup, vldrbq_z_s8(filter + static_cast<size_t>(k) * p.in_c + c0, pn));
    }
  }
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

// tap() with the filter from a packed group (GroupTables::wpk): w advances by one tap (16 bytes).
template <int kShape>
inline void packed_tap(Acc& acc, const int8_t* src, const int8_t*& w) {
  int16x8_t x, f;
  int32x4_t t;
  if (kShape == kFull8) {
    __asm__("vldrb.s16 %q[x], [%[src]]\n"
            "vldrb.s16 %q[f], [%[w]], #16\n"
            "vmullb.s16 %q[t], %q[x], %q[f]\n"
            "vadd.i32 %q[a0], %q[a0], %q[t]\n"
            "vmullt.s16 %q[t], %q[x], %q[f]\n"
            "vadd.i32 %q[a1], %q[a1], %q[t]\n"
            : [a0] "+w"(acc.a0), [a1] "+w"(acc.a1), [x] "=&w"(x), [f] "=&w"(f), [t] "=&w"(t),
              [w] "+l"(w)
            : [src] "l"(src), "m"(*(const int8_t(*)[8])src), "m"(*(const int8_t(*)[16])w));
  } else {
    __asm__("vldrb.s16 %q[x], [%[src]]\n"
            "vldrb.s16 %q[f], [%[w]], #8\n"
            "vmullb.s16 %q[t], %q[x], %q[f]\n"
            "vadd.i32 %q[a0], %q[a0], %q[t]\n"
            "vmullt.s16 %q[t], %q[x], %q[f]\n"
            "vadd.i32 %q[a1], %q[a1], %q[t]\n"
            "vldrb.s16 %q[x], [%[src], #8]\n"
            "vldrb.s16 %q[f], [%[w]], #8\n"
            "vmullb.s16 %q[t], %q[x], %q[f]\n"
            "vadd.i32 %q[a2], %q[a2], %q[t]\n"
            "vmullt.s16 %q[t], %q[x], %q[f]\n"
            "vadd.i32 %q[a3], %q[a3], %q[t]\n"
            : [a0] "+w"(acc.a0), [a1] "+w"(acc.a1), [a2] "+w"(acc.a2), [a3] "+w"(acc.a3),
              [x] "=&w"(x), [f] "=&w"(f), [t] "=&w"(t), [w] "+l"(w)
            : [src] "l"(src), "m"(*(const int8_t(*)[16])src), "m"(*(const int8_t(*)[16])w));
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

template <bool kLeftShift>
inline int32x4_t scaled(int32x4_t acc, const GroupTables& t, uint32_t v) {
  // t's address is opaque per pixel (run_group): its loads use immediate offsets from it,
  // rather than addresses the compiler would hoist out of the pixel loop and spill.
  int32x4_t x = acc;
  if (kLeftShift) x = vmulq_s32(x, vldrwq_s32(t.left_mul + 4 * v));
  return scale(x, vldrwq_s32(t.mult + 4 * v), vldrwq_s32(t.neg_rs + 4 * v));
}

// The 8 int8 outputs of a half in channel order (even lanes from `even`, odd from `odd`): the
// scaled values narrowed to int16 with saturation (VQMOVNB / VQMOVNT), + zero point (VQADD),
// clamped. Equal to the int32 sequence: the activation range lies inside int16, so values
// saturated at the int16 limits clamp alike.
inline int16x8_t outputs(int32x4_t even, int32x4_t odd, const GroupTables& t) {
  const int16x8_t n = vqmovntq_s32(vqmovnbq_s32(vuninitializedq_s16(), even), odd);
  return vminq_s16(vmaxq_s16(vqaddq_s16(n, vld1q_s16(t.zp16)), vld1q_s16(t.lo16)), vld1q_s16(t.hi16));
}

// One accumulator's requantisation in place, its constants at byte offset kOff of the table
// (mult at +64, -rs at +128, 2^ls at +240 when kLeftShift): VMUL, VQRDMULH, the rounding fix
// and VRSHL of mve_requant.h's scale().
#define LPAI_MVE_DW_SCALE(acc, mult_off, rs_off, ls_off, left)       \
  left "vldrw.u32 %q[m], [%[tbl], #" ls_off "]\n"                   \
  left "vmul.i32 " acc ", " acc ", %q[m]\n"                          \
  "vldrw.u32 %q[m], [%[tbl], #" mult_off "]\n"                      \
  "vldrw.u32 %q[r], [%[tbl], #" rs_off "]\n"                        \
  "vqrdmulh.s32 " acc ", " acc ", %q[m]\n"                          \
  "vand %q[t], " acc ", %q[r]\n"                                    \
  "vshr.s32 %q[t], %q[t], #31\n"                                    \
  "vqadd.s32 " acc ", " acc ", %q[t]\n"                             \
  "vrshl.s32 " acc ", " acc ", %q[r]\n"

// Eight outputs from the even / odd accumulators: saturating narrow, + zero point, clamp,
// stored at dst + dst_off.
#define LPAI_MVE_DW_OUT8(even, odd, dst_off)                          \
  "vqmovnb.s32 %q[t], " even "\n"                                    \
  "vqmovnt.s32 %q[t], " odd "\n"                                     \
  "vldrh.u16 %q[m], [%[tbl], #192]\n"                                \
  "vqadd.s16 %q[t], %q[t], %q[m]\n"                                  \
  "vldrh.u16 %q[m], [%[tbl], #208]\n"                                \
  "vmax.s16 %q[t], %q[t], %q[m]\n"                                   \
  "vldrh.u16 %q[m], [%[tbl], #224]\n"                                \
  "vmin.s16 %q[t], %q[t], %q[m]\n"                                   \
  "vstrb.16 %q[t], [%[dst], #" dst_off "]\n"

static_assert(__builtin_offsetof(GroupTables, mult) == 64 && __builtin_offsetof(GroupTables, neg_rs) == 128 &&
                  __builtin_offsetof(GroupTables, zp16) == 192 && __builtin_offsetof(GroupTables, lo16) == 208 &&
                  __builtin_offsetof(GroupTables, hi16) == 224 &&
                  __builtin_offsetof(GroupTables, left_mul) == 240,
              "the offsets written in LPAI_MVE_DW_SCALE / LPAI_MVE_DW_OUT8");

// store() for whole groups (kFull16, kFull8), written out: the compiler's version spills
// constants and accumulators (eight vector registers: four accumulators, m, r, t).
template <int kShape, bool kLeftShift>
inline void store_whole(Acc acc, const GroupTables* t, int8_t* dst) {
  int32x4_t m, r, tmp;
  if (kShape == kFull8) {
    if (kLeftShift) {
      __asm__ volatile(LPAI_MVE_DW_SCALE("%q[a0]", "64", "128", "240", "")
                       LPAI_MVE_DW_SCALE("%q[a1]", "80", "144", "256", "")
                       LPAI_MVE_DW_OUT8("%q[a0]", "%q[a1]", "0")
                       : [a0] "+w"(acc.a0), [a1] "+w"(acc.a1), [m] "=&w"(m), [r] "=&w"(r), [t] "=&w"(tmp)
                       : [tbl] "r"(t), [dst] "l"(dst), "m"(*t)
                       : "memory");
    } else {
      __asm__ volatile(LPAI_MVE_DW_SCALE("%q[a0]", "64", "128", "240", "@ ")
                       LPAI_MVE_DW_SCALE("%q[a1]", "80", "144", "256", "@ ")
                       LPAI_MVE_DW_OUT8("%q[a0]", "%q[a1]", "0")
                       : [a0] "+w"(acc.a0), [a1] "+w"(acc.a1), [m] "=&w"(m), [r] "=&w"(r), [t] "=&w"(tmp)
                       : [tbl] "r"(t), [dst] "l"(dst), "m"(*t)
                       : "memory");
    }
    return;
  }
  if (kLeftShift) {
    __asm__ volatile(LPAI_MVE_DW_SCALE("%q[a0]", "64", "128", "240", "")
                     LPAI_MVE_DW_SCALE("%q[a1]", "80", "144", "256", "")
                     LPAI_MVE_DW_OUT8("%q[a0]", "%q[a1]", "0")
                     LPAI_MVE_DW_SCALE("%q[a2]", "96", "160", "272", "")
                     LPAI_MVE_DW_SCALE("%q[a3]", "112", "176", "288", "")
                     LPAI_MVE_DW_OUT8("%q[a2]", "%q[a3]", "8")
                     : [a0] "+w"(acc.a0), [a1] "+w"(acc.a1), [a2] "+w"(acc.a2), [a3] "+w"(acc.a3),
                       [m] "=&w"(m), [r] "=&w"(r), [t] "=&w"(tmp)
                     : [tbl] "r"(t), [dst] "l"(dst), "m"(*t)
                     : "memory");
  } else {
    __asm__ volatile(LPAI_MVE_DW_SCALE("%q[a0]", "64", "128", "240", "@ ")
                     LPAI_MVE_DW_SCALE("%q[a1]", "80", "144", "256", "@ ")
                     LPAI_MVE_DW_OUT8("%q[a0]", "%q[a1]", "0")
                     LPAI_MVE_DW_SCALE("%q[a2]", "96", "160", "272", "@ ")
                     LPAI_MVE_DW_SCALE("%q[a3]", "112", "176", "288", "@ ")
                     LPAI_MVE_DW_OUT8("%q[a2]", "%q[a3]", "8")
                     : [a0] "+w"(acc.a0), [a1] "+w"(acc.a1), [a2] "+w"(acc.a2), [a3] "+w"(acc.a3),
                       [m] "=&w"(m), [r] "=&w"(r), [t] "=&w"(tmp)
                     : [tbl] "r"(t), [dst] "l"(dst), "m"(*t)
                     : "memory");
  }
}
#undef LPAI_MVE_DW_SCALE
#undef LPAI_MVE_DW_OUT8

template <int kShape, bool kLeftShift>
inline void store(const Acc& acc, const GroupTables& t, const GroupPreds& g, int8_t* dst) {
  if (kShape != kPartial) {
    store_whole<kShape, kLeftShift>(acc, &t, dst);
    return;
  }
  if (kShape == kFull8) {
    vstrbq_s16(dst, outputs(scaled<kLeftShift>(acc.a0, t, 0), scaled<kLeftShift>(acc.a1, t, 1), t));
    return;
  }
  const int16x8_t lo = outputs(scaled<kLeftShift>(acc.a0, t, 0), scaled<kLeftShift>(acc.a1, t, 1), t);
  const int16x8_t hi = outputs(scaled<kLeftShift>(acc.a2, t, 2), scaled<kLeftShift>(acc.a3, t, 3), t);
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
// kPacked: a 3x3 filter whose interior pixels run the nine taps unrolled from t.wpk (kFull16
// and kFull8 groups).
template <int kShape, bool kLeftShift, bool kPacked>
__attribute__((noinline)) void run_group(const DepthwiseConv2dParams& p, const GroupTables& tables,
                                         const GroupPreds& g, const int8_t* in,
                                         const int8_t* filter, int8_t* out, uint32_t c0) {
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
        const GroupTables* tp = &tables;
        __asm__ volatile("" : "+r"(tp));  // see scaled(): the table's address, opaque per pixel
        const GroupTables& t = *tp;
        const int32_t ix0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
        Acc acc;
        if (rows_inside && ix0 >= 0 && ix0 + eff_w <= in_w) {
          // Interior: every tap, the zero point folded into the start.
          acc = Acc{vldrwq_s32(t.start), vldrwq_s32(t.start + 4), vldrwq_s32(t.start + 8),
                    vldrwq_s32(t.start + 12)};
          const int8_t* src_row = in_b + static_cast<size_t>(iy0) * row + static_cast<size_t>(ix0) * c;
          if (kPacked) {
            const int8_t* w = t.wpk;
            packed_tap<kShape>(acc, src_row, w);
            packed_tap<kShape>(acc, src_row + dx, w);
            packed_tap<kShape>(acc, src_row + 2 * dx, w);
            src_row += dy;
            packed_tap<kShape>(acc, src_row, w);
            packed_tap<kShape>(acc, src_row + dx, w);
            packed_tap<kShape>(acc, src_row + 2 * dx, w);
            src_row += dy;
            packed_tap<kShape>(acc, src_row, w);
            packed_tap<kShape>(acc, src_row + dx, w);
            packed_tap<kShape>(acc, src_row + 2 * dx, w);
            store<kShape, kLeftShift>(acc, t, g, dst);
            continue;
          }
          const int8_t* w = filter + c0;
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
        store<kShape, kLeftShift>(acc, t, g, dst);
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
    const bool packed = p.k_h == 3 && p.k_w == 3;
    if (left >= kGroup) {
      if (packed) {
        ls ? run_group<kFull16, true, true>(p, t, g, in, filter, out, c0)
           : run_group<kFull16, false, true>(p, t, g, in, filter, out, c0);
      } else {
        ls ? run_group<kFull16, true, false>(p, t, g, in, filter, out, c0)
           : run_group<kFull16, false, false>(p, t, g, in, filter, out, c0);
      }
    } else if (left == 8) {
      if (packed) {
        ls ? run_group<kFull8, true, true>(p, t, g, in, filter, out, c0)
           : run_group<kFull8, false, true>(p, t, g, in, filter, out, c0);
      } else {
        ls ? run_group<kFull8, true, false>(p, t, g, in, filter, out, c0)
           : run_group<kFull8, false, false>(p, t, g, in, filter, out, c0);
      }
    } else {
      ls ? run_group<kPartial, true, false>(p, t, g, in, filter, out, c0)
         : run_group<kPartial, false, false>(p, t, g, in, filter, out, c0);
    }
  }
}

}  // namespace mve
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_CORTEX_M_MVE
