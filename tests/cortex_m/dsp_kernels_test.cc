// Cortex-M DSP-extension and, on a core with Helium (Cortex-M55), MVE kernels (kernels/cortex_m)
// against references written here from
// TFLite's integer algorithms: plain int32 dot products requantised by gemm::requantize
// (MultiplyByQuantizedMultiplier), the depthwise sum of filter * (x - input_zero_point) over the
// valid taps, and ADD/SUB's three rescales (add_sub::compute). Odd shapes: depths 1..300 (whole
// words, partial last words, one and several stack chunks), 1..16 output channels per run,
// slow requantisation lanes (large biases, left shifts), padding, strides and dilation for the
// depthwise path, element counts that are not a multiple of 4. Guard bytes after every output
// check that no store runs past it. On the M55 gemm_row_pair_run and gemv_rows run the Helium
// blocks (int8_gemm.h selects them first); the depthwise cases run both the DSP and the Helium
// kernel, the latter also on channel counts that are not a multiple of 4 or 16. Freestanding program run under qemu-system-arm by ctest
// (firmware_image.cortex_m.dsp_kernels_match_portable); prints one line per case and
// "dsp-test: PASS" / "FAIL", exit status 0 / 1.
#include "kernels/add_sub_impl.h"
#include "kernels/cortex_m/dsp_depthwise.h"
#include "kernels/cortex_m/dsp_elementwise.h"
#include "kernels/cortex_m/dsp_gemm.h"
#include "kernels/cortex_m/dsp_pool.h"
#include "kernels/cortex_m/dsp_requant.h"
#include "kernels/cortex_m/mve_depthwise.h"
#include "kernels/cortex_m/mve_im2col.h"
#include "kernels/cortex_m/mve_requant.h"
#include "kernels/int8_gemm.h"
#include "../common/on_target.h"

#if !defined(LPAI_HAS_CORTEX_M_DSP)
#error "dsp_kernels_test needs a Cortex-M core with the DSP extension"
#endif

namespace {

using lpai::kernels::AddParams;
using lpai::kernels::DepthwiseConv2dParams;
using lpai::kernels::Pool2dParams;
namespace gemm = lpai::kernels::gemm;
namespace dsp = lpai::kernels::dsp;

constexpr uint32_t kGuard = 64;
int8_t g_in[24 * 1024];
int8_t g_in2[8 * 1024];
int8_t g_w[16 * 1024];
int8_t g_out[16 * 1024 + kGuard];
int8_t g_ref[16 * 1024];
int32_t g_bias[256], g_mult[256], g_shift[256];
uint32_t g_seed = 0x2545F491u;
uint32_t g_cases = 0;

uint32_t rnd() { return lpai::on_target::xorshift32(&g_seed); }

using lpai::on_target::print;
using lpai::on_target::print_u;

// Random int8 values with the extremes (-128, 127) over-represented.
void fill(int8_t* p, uint32_t n) {
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t r = rnd();
    p[i] = (r & 15) == 0 ? int8_t{-128} : (r & 15) == 1 ? int8_t{127} : static_cast<int8_t>(r >> 8);
  }
}

// Requantisation of n channels: mostly right shifts and moderate biases; with `wild`, every
// third channel a left shift and any bias (slow lanes of the fast forms).
gemm::Requant make_requant(uint32_t n, bool wild) {
  for (uint32_t o = 0; o < n; ++o) {
    g_mult[o] = static_cast<int32_t>(0x40000000u | (rnd() & 0x3FFFFFFFu));
    const bool w = wild && rnd() % 3 == 0;
    g_shift[o] = w ? static_cast<int32_t>(rnd() % 11) : -static_cast<int32_t>(rnd() % 16);
    g_bias[o] = w ? static_cast<int32_t>(rnd()) : static_cast<int32_t>(rnd() % 40001) - 20000;
  }
  const int32_t zp = static_cast<int32_t>(rnd() % 41) - 20;
  const int32_t lo = (rnd() & 1) ? -128 : -100;
  const int32_t hi = (rnd() & 1) ? 127 : 90;
  return gemm::Requant{g_bias, g_mult, g_shift, zp, lo, hi};
}

void clear_out(uint32_t count) {
  for (uint32_t i = 0; i < count + kGuard; ++i) g_out[i] = 0x5A;
}

bool check(const char* what, uint32_t count, uint32_t a, uint32_t b, uint32_t c) {
  bool ok = true;
  for (uint32_t i = 0; i < count; ++i) ok = ok && g_out[i] == g_ref[i];
  for (uint32_t i = 0; i < kGuard; ++i) ok = ok && g_out[count + i] == 0x5A;
  ++g_cases;
  if (!ok) {
    print("FAIL ");
    print(what);
    print(" ");
    print_u(a);
    print(" ");
    print_u(b);
    print(" ");
    print_u(c);
    print("\n");
  }
  return ok;
}

int32_t dot(const int8_t* x, const int8_t* w, uint32_t k) {
  int32_t s = 0;
  for (uint32_t j = 0; j < k; ++j) s += int32_t{x[j]} * w[j];
  return s;
}

// gemm::gemm_row_pair_run (two rows, or one) over n channels of depth k. round_shifts: every
// channel's shift in [-21, -1] (the DSP path's SMMLAR form), half the time with the full int8
// activation range.
bool row_pair_case(uint32_t n, uint32_t k, bool pair, bool wild, bool round_shifts = false) {
  fill(g_in, 2 * k);
  fill(g_w, n * k);
  gemm::Requant q = make_requant(n, wild);
  if (round_shifts) {
    for (uint32_t o = 0; o < n; ++o) g_shift[o] = -static_cast<int32_t>(1 + rnd() % 21);
    if (rnd() & 1) {
      q.act_min = -128;
      q.act_max = 127;
    }
  }
  for (uint32_t o = 0; o < n; ++o) {
    g_ref[o] = gemm::requantize(dot(g_in, g_w + o * k, k), o, q);
    if (pair) g_ref[n + o] = gemm::requantize(dot(g_in + k, g_w + o * k, k), o, q);
  }
  clear_out(pair ? 2 * n : n);
  gemm::FastRun run;
  gemm::fast_run_fill(q, 0, n, n, k * (128u * 128u), &run);
  gemm::gemm_row_pair_run(g_in, pair ? g_in + k : g_in, g_w, n, k, run, g_out,
                          pair ? g_out + n : nullptr);
  return check("row_pair", pair ? 2 * n : n, n, k, wild ? 1 : 0);
}

// gemm::dsp_row_pair_all (CONV_2D's all-channel row pairs): n channels (several runs) of
// depth k (over dsp::kPairMax: widened a chunk at a time). mode 0: shifts in [-21, -1] (kRoundShifts); 1: some shifts in
// [0, 4] (kMixed); 2: also a channel with shift -26 and bias 2^30 (a dead channel as vww has
// them), whose run takes the general sequence.
bool row_pair_all_case(uint32_t n, uint32_t k, bool pair, uint32_t mode) {
  fill(g_in, 2 * k);
  fill(g_w, n * k);
  gemm::Requant q = make_requant(n, false);
  for (uint32_t o = 0; o < n; ++o) {
    g_shift[o] = (mode >= 1 && rnd() % 4 == 0) ? static_cast<int32_t>(rnd() % 5)
                                               : -static_cast<int32_t>(1 + rnd() % 21);
  }
  const uint32_t odd = n / 2;
  if (mode == 2) {
    g_shift[odd] = -26;
    g_bias[odd] = 1 << 30;
  }
  if (rnd() & 1) {
    q.act_min = -128;
    q.act_max = 127;
  }
  const gemm::SmmlarPlan plan = gemm::dsp_smmlar_channels(q, n, k * (128u * 128u));
  bool mixed = false;
  for (uint32_t o = 0; o < n; ++o) mixed = mixed || (g_shift[o] >= 0 && !(mode == 2 && o == odd));
  const bool plan_ok = plan.form == (mixed ? gemm::SmmlarForm::kMixed : gemm::SmmlarForm::kRoundShifts) &&
                       plan.general_runs == (mode == 2 ? 1u << (odd / gemm::kFastRun) : 0u);
  for (uint32_t o = 0; o < n; ++o) {
    g_ref[o] = gemm::requantize(dot(g_in, g_w + o * k, k), o, q);
    if (pair) g_ref[n + o] = gemm::requantize(dot(g_in + k, g_w + o * k, k), o, q);
  }
  clear_out(pair ? 2 * n : n);
  gemm::dsp_row_pair_all(g_in, pair ? g_in + k : g_in, g_w, n, k, q, plan, g_out, pair ? g_out + n : nullptr);
  if (!plan_ok) print("FAIL dsp_smmlar_channels plan\n");
  return check("row_pair_all", pair ? 2 * n : n, n, k, mode) && plan_ok;
}

// gemm::gemv_rows: m rows of depth k times n channels (the FULLY_CONNECTED form). per_tensor:
// one multiplier and shift for every channel (shifts over [-24, 4], so both sides of the DSP
// form's [-21, -1]), biases up to +-2^31 so that some sums leave its range.
bool gemv_case(uint32_t m, uint32_t n, uint32_t k, bool per_tensor = false) {
  fill(g_in, m * k);
  fill(g_w, n * k);
  const gemm::Requant q = make_requant(n, true);
  if (per_tensor) {
    const int32_t shift = static_cast<int32_t>(rnd() % 29) - 24;
    for (uint32_t o = 0; o < n; ++o) {
      g_mult[o] = g_mult[0];
      g_shift[o] = shift;
      if (rnd() % 8 == 0) g_bias[o] = static_cast<int32_t>(rnd());
    }
  }
  for (uint32_t i = 0; i < m; ++i) {
    for (uint32_t o = 0; o < n; ++o) g_ref[i * n + o] = gemm::requantize(dot(g_in + i * k, g_w + o * k, k), o, q);
  }
  clear_out(m * n);
  gemm::gemv_rows(g_in, k, m, g_w, n, k, q, g_out, n, per_tensor);
  return check(per_tensor ? "gemv_per_tensor" : "gemv", m * n, m, n, k);
}

// dsp::depthwise_dm1 against TFLite's depthwise sum over the valid taps. mode 0: shifts <= 0;
// 1: some channels with left shifts and wide biases; 2: multiplier 2^30 and shifts in [-4, -1]
// (rounding ties in the doubling high multiply and in the rounding shift are frequent).
bool depthwise_case(uint32_t h, uint32_t w, uint32_t c, uint32_t kh, uint32_t kw, uint32_t stride,
                    uint32_t dilation, bool same, int mode = 0) {
  DepthwiseConv2dParams p{};
  p.batches = 1;
  p.in_h = h;
  p.in_w = w;
  p.in_c = c;
  p.out_c = c;
  p.depth_multiplier = 1;
  p.k_h = kh;
  p.k_w = kw;
  p.stride_h = p.stride_w = stride;
  p.dilation_h = p.dilation_w = dilation;
  const uint32_t eff_h = (kh - 1) * dilation + 1, eff_w = (kw - 1) * dilation + 1;
  if (same) {
    p.out_h = (h + stride - 1) / stride;
    p.out_w = (w + stride - 1) / stride;
    const uint32_t need_h = (p.out_h - 1) * stride + eff_h, need_w = (p.out_w - 1) * stride + eff_w;
    p.pad_h = need_h > h ? (need_h - h) / 2 : 0;
    p.pad_w = need_w > w ? (need_w - w) / 2 : 0;
  } else {
    p.out_h = (h - eff_h) / stride + 1;
    p.out_w = (w - eff_w) / stride + 1;
  }
  p.input_zero_point = static_cast<int32_t>(rnd() % 256) - 128;
  fill(g_in, h * w * c);
  fill(g_w, kh * kw * c);
  const gemm::Requant q = make_requant(c, mode == 1);
  if (mode == 2) {
    for (uint32_t ch = 0; ch < c; ++ch) {
      g_mult[ch] = 1 << 30;
      g_shift[ch] = -static_cast<int32_t>(1 + rnd() % 4);
    }
  }
  p.output_zero_point = q.output_zero_point;
  p.act_min = q.act_min;
  p.act_max = q.act_max;
  const bool dsp_path = dsp::depthwise_dm1_applies(p);
  if (!dsp_path && c % 4 == 0) {
    print("FAIL depthwise case not taken by the DSP path\n");
    return false;
  }
  for (uint32_t oy = 0; oy < p.out_h; ++oy) {
    for (uint32_t ox = 0; ox < p.out_w; ++ox) {
      for (uint32_t ch = 0; ch < c; ++ch) {
        int32_t acc = 0;
        for (uint32_t ky = 0; ky < kh; ++ky) {
          const int32_t iy = static_cast<int32_t>(oy * stride + ky * dilation) - static_cast<int32_t>(p.pad_h);
          if (iy < 0 || iy >= static_cast<int32_t>(h)) continue;
          for (uint32_t kx = 0; kx < kw; ++kx) {
            const int32_t ix = static_cast<int32_t>(ox * stride + kx * dilation) - static_cast<int32_t>(p.pad_w);
            if (ix < 0 || ix >= static_cast<int32_t>(w)) continue;
            const int32_t x = g_in[(static_cast<uint32_t>(iy) * w + static_cast<uint32_t>(ix)) * c + ch];
            acc += (x - p.input_zero_point) * g_w[(ky * kw + kx) * c + ch];
          }
        }
        g_ref[(oy * p.out_w + ox) * c + ch] = gemm::requantize(acc, ch, q);
      }
    }
  }
  const uint32_t count = p.out_h * p.out_w * c;
  bool ok = true;
  if (dsp_path) {
    clear_out(count);
    dsp::depthwise_dm1(p, q, g_in, g_w, g_out);
    ok = check("depthwise", count, h * 1000 + w, c, kh * 100 + kw * 10 + stride);
  }
#if defined(LPAI_HAS_CORTEX_M_MVE)
  if (!lpai::kernels::mve::depthwise_dm1_applies(p)) {
    print("FAIL depthwise case not taken by the Helium path\n");
    return false;
  }
  clear_out(count);
  lpai::kernels::mve::depthwise_dm1(p, q, g_in, g_w, g_out);
  ok = check("mve_depthwise", count, h * 1000 + w, c, kh * 100 + kw * 10 + stride) && ok;
#endif
  return ok;
}

// dsp::depthwise_single (one input channel, out_c = mult) against TFLite's depthwise sum over
// the valid taps; strides and dilations apply to both axes.
bool single_case(uint32_t h, uint32_t w, uint32_t mult, uint32_t kh, uint32_t kw, uint32_t stride,
                 uint32_t dilation, bool same, int mode = 0) {
  DepthwiseConv2dParams p{};
  p.batches = 1;
  p.in_h = h;
  p.in_w = w;
  p.in_c = 1;
  p.out_c = mult;
  p.depth_multiplier = mult;
  p.k_h = kh;
  p.k_w = kw;
  p.stride_h = p.stride_w = stride;
  p.dilation_h = p.dilation_w = dilation;
  const uint32_t eff_h = (kh - 1) * dilation + 1, eff_w = (kw - 1) * dilation + 1;
  if (same) {
    p.out_h = (h + stride - 1) / stride;
    p.out_w = (w + stride - 1) / stride;
    const uint32_t need_h = (p.out_h - 1) * stride + eff_h, need_w = (p.out_w - 1) * stride + eff_w;
    p.pad_h = need_h > h ? (need_h - h) / 2 : 0;
    p.pad_w = need_w > w ? (need_w - w) / 2 : 0;
  } else {
    p.out_h = (h - eff_h) / stride + 1;
    p.out_w = (w - eff_w) / stride + 1;
  }
  p.input_zero_point = static_cast<int32_t>(rnd() % 256) - 128;
  fill(g_in, h * w);
  fill(g_w, kh * kw * mult);
  const gemm::Requant q = make_requant(mult, mode == 1);
  p.output_zero_point = q.output_zero_point;
  p.act_min = q.act_min;
  p.act_max = q.act_max;
  if (!dsp::depthwise_single_applies(p)) {
    print("FAIL single-channel depthwise case not taken by the DSP path\n");
    return false;
  }
  for (uint32_t oy = 0; oy < p.out_h; ++oy) {
    for (uint32_t ox = 0; ox < p.out_w; ++ox) {
      for (uint32_t ch = 0; ch < mult; ++ch) {
        int32_t acc = 0;
        for (uint32_t ky = 0; ky < kh; ++ky) {
          const int32_t iy = static_cast<int32_t>(oy * stride + ky * dilation) - static_cast<int32_t>(p.pad_h);
          if (iy < 0 || iy >= static_cast<int32_t>(h)) continue;
          for (uint32_t kx = 0; kx < kw; ++kx) {
            const int32_t ix = static_cast<int32_t>(ox * stride + kx * dilation) - static_cast<int32_t>(p.pad_w);
            if (ix < 0 || ix >= static_cast<int32_t>(w)) continue;
            const int32_t x = g_in[static_cast<uint32_t>(iy) * w + static_cast<uint32_t>(ix)];
            acc += (x - p.input_zero_point) * g_w[(ky * kw + kx) * mult + ch];
          }
        }
        g_ref[(oy * p.out_w + ox) * mult + ch] = gemm::requantize(acc, ch, q);
      }
    }
  }
  const uint32_t count = p.out_h * p.out_w * mult;
  clear_out(count);
  dsp::depthwise_single(p, q, g_in, g_w, g_out);
  return check("depthwise_single", count, h * 1000 + w, mult, kh * 100 + kw * 10 + stride);
}

#if defined(LPAI_HAS_CORTEX_M_MVE)
// mve::im2col_row (CONV_2D's unrolled windows) for every output pixel against TFLite's window:
// tap (ky, kx) of output (oy, ox) reads input (oy * stride + ky * dilation - pad_h, ...), and a
// position outside the input contributes as the input zero point (TFLite skips it: x - zp = 0).
bool im2col_case(uint32_t h, uint32_t w, uint32_t c, uint32_t kh, uint32_t kw, uint32_t stride,
                 uint32_t dilation, bool same) {
  lpai::kernels::Conv2dParams p{};
  p.batches = 2;
  p.in_h = h;
  p.in_w = w;
  p.in_c = c;
  p.k_h = kh;
  p.k_w = kw;
  p.stride_h = p.stride_w = stride;
  p.dilation_h = p.dilation_w = dilation;
  const uint32_t eff_h = (kh - 1) * dilation + 1, eff_w = (kw - 1) * dilation + 1;
  if (same) {
    p.out_h = (h + stride - 1) / stride;
    p.out_w = (w + stride - 1) / stride;
    const uint32_t need_h = (p.out_h - 1) * stride + eff_h, need_w = (p.out_w - 1) * stride + eff_w;
    p.pad_h = need_h > h ? (need_h - h) / 2 : 0;
    p.pad_w = need_w > w ? (need_w - w) / 2 : 0;
  } else {
    p.out_h = (h - eff_h) / stride + 1;
    p.out_w = (w - eff_w) / stride + 1;
  }
  p.input_zero_point = static_cast<int32_t>(rnd() % 256) - 128;
  fill(g_in, p.batches * h * w * c);
  const uint32_t k_len = kh * kw * c;
  const uint32_t count = p.batches * p.out_h * p.out_w * k_len;
  if (count > sizeof(g_ref)) {
    print("FAIL im2col case too large\n");
    return false;
  }
  uint32_t i = 0;
  for (uint32_t b = 0; b < p.batches; ++b) {
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      for (uint32_t ox = 0; ox < p.out_w; ++ox) {
        for (uint32_t ky = 0; ky < kh; ++ky) {
          for (uint32_t kx = 0; kx < kw; ++kx) {
            const int32_t iy = static_cast<int32_t>(oy * stride + ky * dilation) - static_cast<int32_t>(p.pad_h);
            const int32_t ix = static_cast<int32_t>(ox * stride + kx * dilation) - static_cast<int32_t>(p.pad_w);
            const bool in = iy >= 0 && iy < static_cast<int32_t>(h) && ix >= 0 && ix < static_cast<int32_t>(w);
            for (uint32_t ch = 0; ch < c; ++ch, ++i) {
              g_ref[i] = in ? g_in[((b * h + static_cast<uint32_t>(iy)) * w + static_cast<uint32_t>(ix)) * c + ch]
                            : static_cast<int8_t>(p.input_zero_point);
            }
          }
        }
      }
    }
  }
  clear_out(count);
  i = 0;
  for (uint32_t b = 0; b < p.batches; ++b) {
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      for (uint32_t ox = 0; ox < p.out_w; ++ox, i += k_len) {
        lpai::kernels::mve::im2col_row(p, g_in, b, oy, ox, g_out + i);
      }
    }
  }
  return check("mve_im2col", count, h * 1000 + w, c, kh * 100 + kw * 10 + stride);
}
#endif

// dsp::add_sub_s8 against add_sub::compute. zero_shifts: 0 random input shifts in [-3, 0],
// 1 or 2 that input's shift 0 (as TFLite gives the input of the larger scale), 3 both 0;
// wide: output shifts over [-24, -1] and extreme output offsets (the fast ADD's folded zero
// point and its fallback beyond shift -21).
template <bool kSubtract>
bool add_case(uint32_t n, uint32_t zero_shifts = 0, bool wide = false) {
  AddParams p{};
  p.left_shift = 20;
  p.input1_offset = static_cast<int32_t>(rnd() % 256) - 127;
  p.input2_offset = static_cast<int32_t>(rnd() % 256) - 127;
  p.output_offset = static_cast<int32_t>(rnd() % 256) - 128;
  p.input1_multiplier = static_cast<int32_t>(0x40000000u | (rnd() & 0x3FFFFFFFu));
  p.input2_multiplier = static_cast<int32_t>(0x40000000u | (rnd() & 0x3FFFFFFFu));
  p.output_multiplier = static_cast<int32_t>(0x40000000u | (rnd() & 0x3FFFFFFFu));
  p.input1_shift = -static_cast<int32_t>(rnd() % 4);
  p.input2_shift = -static_cast<int32_t>(rnd() % 4);
  p.output_shift = -static_cast<int32_t>(18 + rnd() % 6);
  if (zero_shifts & 1u) p.input1_shift = 0;
  if (zero_shifts & 2u) p.input2_shift = 0;
  if (wide) {
    p.output_shift = -static_cast<int32_t>(1 + rnd() % 24);
    const int32_t offsets[] = {-128, 127, 0, p.output_offset};
    p.output_offset = offsets[rnd() % 4];
    if (rnd() & 1) {  // power-of-two scales: many exact rounding ties, negative ones included
      p.input1_multiplier = p.input2_multiplier = p.output_multiplier = 1 << 30;
      if (!(zero_shifts & 1u)) p.input1_shift = -static_cast<int32_t>(17 + rnd() % 4);
      if (!(zero_shifts & 2u)) p.input2_shift = -static_cast<int32_t>(17 + rnd() % 4);
      p.output_shift = -static_cast<int32_t>((rnd() & 1) ? 1 + rnd() % 2 : 17 + rnd() % 5);
    }
  }
  p.activation_min = (rnd() & 1) ? -128 : -60;
  p.activation_max = (rnd() & 1) ? 127 : 70;
  fill(g_in, n);
  fill(g_in2, n);
  for (uint32_t i = 0; i < n; ++i) {
    g_ref[i] = lpai::kernels::add_sub::compute<int8_t, kSubtract>(p, g_in[i], g_in2[i]);
  }
  clear_out(n);
  dsp::add_sub_s8<kSubtract>(g_in, g_in2, g_out, n, p.input1_offset, p.input2_offset,
                             p.output_offset, dsp::down_scale(p.input1_multiplier, p.input1_shift),
                             dsp::down_scale(p.input2_multiplier, p.input2_shift),
                             dsp::down_scale(p.output_multiplier, p.output_shift),
                             p.activation_min, p.activation_max);
  return check(kSubtract ? "sub" : "add", n, n, 0, 0);
}

// dsp::mul_s8 against TFLite's int8 MUL: zp + MultiplyByQuantizedMultiplier((a + o1) * (b + o2),
// m, shift), clamped; shifts over [-24, 15], so both sides of the DSP form's [-21, 13].
bool mul_case(uint32_t n) {
  const int32_t o1 = static_cast<int32_t>(rnd() % 256) - 127, o2 = static_cast<int32_t>(rnd() % 256) - 127;
  const int32_t zp = static_cast<int32_t>(rnd() % 256) - 128;
  const int32_t m = (rnd() & 3) == 0 ? 1 << 30 : static_cast<int32_t>(0x40000000u | (rnd() & 0x3FFFFFFFu));
  const int32_t shift = static_cast<int32_t>(rnd() % 40) - 24;
  const int32_t lo = (rnd() & 1) ? -128 : -70, hi = (rnd() & 1) ? 127 : 60;
  fill(g_in, n);
  fill(g_in2, n);
  for (uint32_t i = 0; i < n; ++i) {
    const int32_t v = zp + lpai::kernels::multiply_by_quantized_multiplier((o1 + g_in[i]) * (o2 + g_in2[i]), m, shift);
    g_ref[i] = static_cast<int8_t>(v < lo ? lo : (v > hi ? hi : v));
  }
  clear_out(n);
  dsp::MulFast f;
  if (!dsp::mul_fast(o1, o2, zp, m, shift, lo, hi, &f)) {
    // Outside the form the kernel keeps the portable loop: nothing to compare here, but the
    // range must be exactly the documented one.
    const bool outside = shift < -21 || shift > 13;
    if (!outside) print("FAIL mul_fast range\n");
    return outside;
  }
  if (lo == -128 && hi == 127) {
    dsp::mul_s8<true>(g_in, g_in2, g_out, n, f);
  } else {
    dsp::mul_s8<false>(g_in, g_in2, g_out, n, f);
  }
  return check("mul", n, n, static_cast<uint32_t>(shift + 24), 0);
}

// dsp::pool_s8 against TFLite's int8 pooling: padded taps skipped, the average divided by the
// count of valid taps with rounding half away from zero, then the activation clamp.
bool pool_case(uint32_t h, uint32_t w, uint32_t c, uint32_t kh, uint32_t kw, uint32_t stride, uint32_t pad,
               bool average) {
  Pool2dParams p{};
  p.batches = 1;
  p.in_h = h;
  p.in_w = w;
  p.channels = c;
  p.k_h = kh;
  p.k_w = kw;
  p.stride_h = stride;
  p.stride_w = stride;
  p.pad_h = pad;
  p.pad_w = pad;
  p.out_h = (h + 2 * pad - p.k_h) / stride + 1;
  p.out_w = (w + 2 * pad - p.k_w) / stride + 1;
  p.act_min = (rnd() & 1) ? -128 : -100;
  p.act_max = (rnd() & 1) ? 127 : 90;
  fill(g_in, h * w * c);
  for (uint32_t oy = 0; oy < p.out_h; ++oy) {
    for (uint32_t ox = 0; ox < p.out_w; ++ox) {
      for (uint32_t ch = 0; ch < c; ++ch) {
        int32_t acc = average ? 0 : -128, count = 0;
        for (uint32_t ky = 0; ky < p.k_h; ++ky) {
          for (uint32_t kx = 0; kx < p.k_w; ++kx) {
            const int32_t iy = static_cast<int32_t>(oy * stride + ky) - static_cast<int32_t>(pad);
            const int32_t ix = static_cast<int32_t>(ox * stride + kx) - static_cast<int32_t>(pad);
            if (iy < 0 || ix < 0 || iy >= static_cast<int32_t>(h) || ix >= static_cast<int32_t>(w)) continue;
            const int32_t v = g_in[(static_cast<uint32_t>(iy) * w + static_cast<uint32_t>(ix)) * c + ch];
            acc = average ? acc + v : (v > acc ? v : acc);
            ++count;
          }
        }
        if (average) acc = acc > 0 ? (acc + count / 2) / count : (acc - count / 2) / count;
        acc = acc < p.act_min ? p.act_min : (acc > p.act_max ? p.act_max : acc);
        g_ref[(oy * p.out_w + ox) * c + ch] = static_cast<int8_t>(acc);
      }
    }
  }
  const uint32_t count = p.out_h * p.out_w * c;
  clear_out(count);
  if (!dsp::pool_s8_applies(p, average)) return check("pool_applies", 0, h, w, c) && false;
  if (average) {
    dsp::pool_s8<true>(p, g_in, g_out);
  } else {
    dsp::pool_s8<false>(p, g_in, g_out);
  }
  return check(average ? "avg_pool" : "max_pool", count, h * 100 + w, c, kh * 100 + kw * 10 + stride);
}

// dsp::requantize (fast and general lanes) on extreme accumulators.
bool requant_case() {
  const gemm::Requant q = make_requant(64, true);
  const int32_t accs[] = {0, 1, -1, 12345, -12345, 1 << 20, -(1 << 20), 0x7FFFFFFF, INT32_MIN};
  uint32_t count = 0;
  for (uint32_t c = 0; c < 64; ++c) {
    for (int32_t a : accs) {
      g_ref[count] = gemm::requantize(a, c, q);
      const dsp::Lane l = dsp::lane(q, c, static_cast<uint32_t>(a < 0 ? -(a + 1) : a));
      g_out[count++] = dsp::requantize(a, l, q.output_zero_point, q.act_min, q.act_max);
    }
  }
  for (uint32_t i = 0; i < kGuard; ++i) g_out[count + i] = 0x5A;
  return check("requant", count, 0, 0, 0);
}

#if defined(LPAI_HAS_CORTEX_M_MVE)
// mve::requantize (4 channels per vector) on extreme accumulators, wild shifts and biases.
bool mve_requant_case() {
  namespace mve = lpai::kernels::mve;
  const gemm::Requant q = make_requant(64, true);
  const int32_t accs[] = {0, 1, -1, 12345, -12345, 1 << 20, -(1 << 20), 0x7FFFFFFF, INT32_MIN,
                          0x3FFFFFFF, -0x40000000};
  const mve::OutStage o = mve::out_stage(q.output_zero_point, q.act_min, q.act_max);
  uint32_t count = 0;
  for (uint32_t c = 0; c < 64; c += 4) {
    int32_t shift[4], left_mul[4];
    for (uint32_t j = 0; j < 4; ++j) {
      shift[j] = q.shift[c + j];
      left_mul[j] = static_cast<int32_t>(1u << (shift[j] > 0 ? shift[j] : 0));
    }
    for (int32_t a : accs) {
      const int32_t acc[4] = {a, a ^ 0x55, a >> 3, -(a >> 1)};
      for (uint32_t j = 0; j < 4; ++j) g_ref[count + j] = gemm::requantize(acc[j], c + j, q);
      const int32x4_t r = mve::requantize(vldrwq_s32(acc), vldrwq_s32(q.folded_bias + c),
                                          vldrwq_s32(left_mul), vldrwq_s32(q.multiplier + c),
                                          vldrwq_s32(shift), o);
      vstrbq_s32(g_out + count, r);
      count += 4;
    }
  }
  for (uint32_t i = 0; i < kGuard; ++i) g_out[count + i] = 0x5A;
  return check("mve_requant", count, 0, 0, 0);
}
#endif

}  // namespace

extern "C" int main(void);
extern "C" int main(void) {
  bool ok = true;
  // 1 to 32: the short-row Helium path (one or two vectors per row, tails predicated).
  const uint32_t ks[] = {1,  2,  3,  4,  5,   7,   8,   15,  16,  17,  27,  31, 32,
                         33, 40, 63, 64, 65, 100, 128, 129, 191, 192, 193, 300};
  for (uint32_t k : ks) {
    for (uint32_t n = 1; n <= 16; n += (n < 4 ? 1 : 5)) {
      ok = row_pair_case(n, k, true, false) && ok;
      ok = row_pair_case(n, k, false, true) && ok;
      ok = row_pair_case(n, k, true, true) && ok;
      ok = row_pair_case(n, k, true, false, true) && ok;
      ok = row_pair_case(n, k, false, false, true) && ok;
    }
    ok = gemv_case(1, 9, k) && ok;
    ok = gemv_case(3, 4, k) && ok;
    for (uint32_t n = 1; n <= 9; ++n) ok = gemv_case(1 + n % 2, n, k, true) && ok;
    ok = gemv_case(1, 40, k, true) && ok;
    {
      const uint32_t all_ns[] = {1, 2, 7, 16, 17, 40, 64};
      for (uint32_t n : all_ns) {
        if (n * k > sizeof(g_w)) continue;  // rows over dsp::kPairMax: a chunk at a time
        for (uint32_t mode = 0; mode < 3; ++mode) {
          ok = row_pair_all_case(n, k, true, mode) && ok;
          ok = row_pair_all_case(n, k, false, mode) && ok;
        }
      }
    }
    ok = gemv_case(2, 33, k) && ok;
  }
  const uint32_t dw[][7] = {{7, 5, 8, 3, 3, 1, 1},  {9, 9, 16, 3, 3, 2, 1}, {25, 5, 64, 3, 3, 1, 1},
                            {5, 7, 4, 3, 3, 1, 1},  {8, 6, 12, 3, 3, 2, 1}, {10, 8, 32, 5, 3, 1, 2},
                            {4, 9, 20, 1, 4, 1, 1}, {6, 6, 8, 1, 1, 1, 1},  {11, 7, 4, 5, 5, 2, 1},
                            {3, 3, 24, 3, 3, 1, 1}, {9, 10, 8, 2, 3, 1, 3},
                            {30, 1, 40, 3, 1, 1, 1}, {15, 1, 12, 15, 1, 1, 1},
                            {12, 3, 8, 5, 1, 2, 1},  {2, 17, 4, 1, 7, 1, 1},
#if defined(LPAI_HAS_CORTEX_M_MVE)
                            // Helium only: channels not a multiple of 4 or of 16
                            {7, 6, 3, 3, 3, 1, 1},  {6, 9, 17, 3, 3, 2, 1}, {8, 5, 21, 3, 3, 1, 2},
                            {5, 5, 35, 5, 5, 1, 1}, {4, 6, 1, 3, 3, 1, 1},
#endif
                            };
  for (const auto& d : dw) {
    ok = depthwise_case(d[0], d[1], d[2], d[3], d[4], d[5], d[6], true) && ok;
    ok = depthwise_case(d[0] + 2, d[1] + 2, d[2], d[3], d[4], d[5], d[6], false) && ok;
    // Left shifts and rounding ties (the Helium 3x3 path's written-out requantisation).
    ok = depthwise_case(d[0], d[1], d[2], d[3], d[4], d[5], d[6], true, 1) && ok;
    ok = depthwise_case(d[0] + 1, d[1] + 2, d[2], d[3], d[4], d[5], d[6], true, 2) && ok;
  }
  // One input channel (micro_speech's 49x40 by 10x8, multiplier 8, stride 2), odd shapes:
  // multipliers 4, 12 and 16, stride 1 and 3, dilation 2, widths that leave one pixel unpaired.
  const uint32_t single[][7] = {{49, 40, 8, 10, 8, 2, 1}, {7, 9, 8, 3, 5, 2, 1},   {6, 11, 4, 3, 3, 1, 1},
                                {8, 13, 12, 4, 7, 3, 1},  {9, 10, 16, 3, 3, 1, 2}, {3, 5, 8, 5, 6, 2, 1},
                                {5, 1, 8, 3, 1, 1, 1}};
  for (const auto& d : single) {
    ok = single_case(d[0], d[1], d[2], d[3], d[4], d[5], d[6], true) && ok;
    ok = single_case(d[0] + 4, d[1] + 9, d[2], d[3], d[4], d[5], d[6], false, 1) && ok;
  }
#if defined(LPAI_HAS_CORTEX_M_MVE)
  // Windows of up to 16 bytes per filter row (one predicated vector, edges by lane), longer
  // ones, dilated ones, kernels wider than the input.
  const uint32_t im[][7] = {{49, 10, 1, 10, 4, 2, 1}, {9, 9, 3, 3, 3, 2, 1}, {7, 6, 4, 3, 4, 1, 1},
                            {6, 7, 5, 3, 3, 1, 1},    {5, 8, 17, 3, 3, 2, 1}, {8, 8, 2, 3, 3, 1, 2},
                            {4, 3, 3, 5, 5, 1, 1},    {6, 5, 16, 1, 1, 1, 1}, {5, 9, 8, 2, 3, 1, 1},
                            {3, 14, 1, 1, 16, 1, 1}, {4, 20, 1, 1, 17, 1, 1}, {6, 6, 6, 3, 3, 3, 1}};
  for (const auto& d : im) {
    ok = im2col_case(d[0], d[1], d[2], d[3], d[4], d[5], d[6], true) && ok;
    ok = im2col_case(d[0] + 2, d[1] + 3, d[2], d[3], d[4], d[5], d[6], false) && ok;
  }
#endif
  const uint32_t ns[] = {1, 3, 4, 17, 255, 1000};
  for (uint32_t n : ns) {
    ok = add_case<false>(n) && ok;
    ok = add_case<true>(n) && ok;
  }
  for (uint32_t i = 0; i < 48; ++i) {
    ok = add_case<false>(ns[i % 6], i % 4, true) && ok;
    ok = add_case<true>(ns[i % 6], i % 4, true) && ok;
  }
  for (uint32_t i = 0; i < 64; ++i) ok = mul_case(ns[i % 6]) && ok;
  const uint32_t pools[][6] = {{7, 5, 4, 3, 2, 1},  {9, 9, 8, 2, 2, 2},   {25, 5, 64, 25, 5, 1},
                               {6, 6, 68, 3, 3, 2}, {5, 11, 12, 3, 4, 1}, {3, 3, 256, 3, 3, 1},
                               {16, 16, 4, 15, 16, 1}};
  for (const auto& q : pools) {
    for (uint32_t pad = 0; pad < 2 && pad < q[3] && pad < q[4]; ++pad) {
      ok = pool_case(q[0], q[1], q[2], q[3], q[4], q[5], pad, true) && ok;
      ok = pool_case(q[0], q[1], q[2], q[3], q[4], q[5], pad, false) && ok;
    }
  }
  ok = requant_case() && ok;
#if defined(LPAI_HAS_CORTEX_M_MVE)
  ok = mve_requant_case() && ok;
#endif
  print("dsp-test: ");
  print_u(g_cases);
  print(ok ? " cases, PASS\n" : " cases, FAIL\n");
  return ok ? 0 : 1;
}
