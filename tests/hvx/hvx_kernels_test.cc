// HVX kernels against the portable reference (gemm::requantize over plain dot products, TFLite's
// depthwise sum over valid taps, add_sub::compute), on odd shapes: channel counts not a multiple
// of 32 (the vector's int32 lanes) or of 128, depths not a multiple of 4, single rows, padding,
// strides and dilation for CONV_2D and DEPTHWISE_CONV_2D, element counts not a multiple of 128
// for ADD/SUB. Guard bytes after
// every output check that the vector stores stay inside it. Freestanding Hexagon program run
// under qemu-hexagon by ctest in the hexagon build (firmware/images/CMakeLists.txt); prints one
// line per case and "hvx-test: PASS" / "FAIL", exit status 0 / 1. Run with the qemu-insn plugin
// (-plugin build-hexagon/bin/qemu-insn.so), the larger cases also print the packets they took.
// The GEMM and depthwise kernels run on layouts built by hvx_layout.h (what prepare writes),
// with their kernel scratch at an address that is not 128-byte aligned.
#include "kernels/add_sub_impl.h"
#include "kernels/fixed_point.h"
#include "kernels/fixed_point_math.h"
#include "kernels/hvx/hvx_depthwise.h"
#include "kernels/hvx/hvx_depthwise_map.h"
#include "kernels/hvx/hvx_elementwise.h"
#include "kernels/hvx/hvx_conv_pixels.h"
#include "kernels/hvx/hvx_gemm.h"
#include "kernels/hvx/hvx_layout.h"
#include "kernels/hvx/hvx_pixel_layout.h"
#include "kernels/hvx/hvx_pool.h"
#include "kernels/int8_gemm.h"
#include "kernels/params/conv_2d.h"
#include "kernels/params/depthwise_conv_2d.h"
#include "kernels/params/softmax.h"
#include "kernels/pool_2d_common.h"
#include "../common/on_target.h"

namespace {

using lpai::kernels::AddParams;
using lpai::kernels::Conv2dParams;
using lpai::kernels::DepthwiseConv2dParams;
namespace gemm = lpai::kernels::gemm;
namespace hvx = lpai::kernels::hvx;
namespace hvx_layout = lpai::kernels::hvx_layout;

constexpr uint32_t kGuard = 256;
int8_t g_in[96 * 1024];
int8_t g_w[160 * 1024];
int8_t g_out[64 * 1024 + kGuard];
int8_t g_ref[64 * 1024];
int32_t g_bias[1024], g_mult[1024], g_shift[1024];
alignas(4) uint8_t g_layout[192 * 1024];
alignas(128) uint8_t g_temp_block[96 * 1024];
uint8_t* const g_temp = g_temp_block + 4;  // kernel scratch, deliberately off the vector grid
constexpr uint64_t kTempBytes = sizeof(g_temp_block) - 4;
uint32_t g_seed = 0x12345678u;

uint32_t rnd() { return lpai::on_target::xorshift32(&g_seed); }

using lpai::on_target::print;
using lpai::on_target::print_u;

void fill(int8_t* p, uint32_t n) {
  for (uint32_t i = 0; i < n; ++i) p[i] = static_cast<int8_t>(rnd());
}

// Set for cases whose kernels take a shorter sequence when no channel shifts left.
bool g_right_shifts_only = false;
// Set for cases that must take the flat path's whole-image form (hvx::dw_map_applies).
bool g_expect_dw_map = false;

gemm::Requant make_requant(uint32_t n, uint32_t k_len) {
  for (uint32_t o = 0; o < n; ++o) {
    g_mult[o] = static_cast<int32_t>(0x40000000u | (rnd() & 0x3FFFFFFFu));
    // Mostly right shifts with moderate biases; every fourth channel a left shift (up to 10) and
    // any bias, so that the wrapping add and shift of the general sequence are exercised
    // (unless g_right_shifts_only).
    const bool wild = !g_right_shifts_only && rnd() % 4 == 0;
    g_shift[o] = wild ? static_cast<int32_t>(rnd() % 11) : -static_cast<int32_t>(rnd() % 14) + (k_len < 8 ? 1 : 0);
    g_bias[o] = wild ? static_cast<int32_t>(rnd()) : static_cast<int32_t>(rnd() % 40001) - 20000;
  }
  const int32_t zp = static_cast<int32_t>(rnd() % 41) - 20;
  const int32_t lo = (rnd() & 1) ? -128 : -100;
  const int32_t hi = (rnd() & 1) ? 127 : 90;
  return gemm::Requant{g_bias, g_mult, g_shift, zp, lo, hi};
}

struct Rows {
  const int8_t* in;
  uint32_t k;
};
const int8_t* row_of(const void* ctx, uint32_t i) {
  const Rows& r = *static_cast<const Rows*>(ctx);
  return r.in + static_cast<size_t>(i) * r.k;
}

bool check(const char* what, uint32_t count, uint32_t a, uint32_t b, uint32_t c) {
  bool ok = true;
  for (uint32_t i = 0; i < count; ++i) ok = ok && g_out[i] == g_ref[i];
  for (uint32_t i = 0; i < kGuard; ++i) ok = ok && g_out[count + i] == 0x5A;
  print(ok ? "ok   " : "FAIL ");
  print(what);
  print(" ");
  print_u(a);
  print(" ");
  print_u(b);
  print(" ");
  print_u(c);
  print("\n");
  return ok;
}

bool gemm_case(uint32_t rows, uint32_t n, uint32_t k) {
  fill(g_in, rows * k);
  fill(g_w, n * k);
  const gemm::Requant q = make_requant(n, k);
  for (uint32_t i = 0; i < rows; ++i) {
    for (uint32_t o = 0; o < n; ++o) {
      int32_t dot = 0;
      for (uint32_t j = 0; j < k; ++j) dot += int32_t{g_in[i * k + j]} * g_w[o * k + j];
      g_ref[i * n + o] = gemm::requantize(dot, o, q);
    }
  }
  for (uint32_t i = 0; i < rows * n + kGuard; ++i) g_out[i] = 0x5A;
  const Rows r{g_in, k};
  if (hvx_layout::gemm_layout_bytes(n, k, true) > sizeof(g_layout) ||
      hvx_layout::fc_temp_bytes(rows, n, k) > kTempBytes || hvx_layout::gemm_temp_bytes(n, k) + 128 > kTempBytes ||
      !hvx_layout::build_gemm_layout(g_w, n, k, q, true, g_layout)) {
    print("FAIL gemm layout\n");
    return false;
  }
  const hvx::GemmLayout l{g_layout, n, k, q.output_zero_point, q.act_min, q.act_max};
  uint64_t t0 = 0, t1 = 0;
  const int timed = lpai_target_emu_insn_count(&t0);
  if ((rows & 1) != 0) {
    hvx::gemm_s8(row_of, &r, rows, l, g_temp, g_out);
  } else {
    hvx::gemm_s8_strided(g_in, k, rows, l, g_temp, g_out);
  }
  if (timed != 0 && lpai_target_emu_insn_count(&t1) != 0 && rows * n * k >= 100000) {
    print("     packets=");
    print_u(static_cast<uint32_t>(t1 - t0));
    print("\n");
  }
  if (!check("gemm rows/n/k", rows * n, rows, n, k)) return false;
  if (rows > 9 || k * n < hvx::kMinGemvMacs) return true;
  for (uint32_t i = 0; i < rows * n + kGuard; ++i) g_out[i] = 0x5A;
  if (!hvx_layout::build_gemm_layout(g_w, n, k, q, false, g_layout)) {
    print("FAIL gemv layout\n");
    return false;
  }
  hvx::gemv_s8(g_in, rows, g_w, l, g_temp, g_out);
  return check("gemv rows/n/k", rows * n, rows, n, k);
}

// `im2col_rows`: the header's rows per im2col block (0: the kernel's default), as prepare's
// leaner forms set it. The input ends where g_in's image does; guard bytes after the kernel
// scratch (conv_temp_bytes) check that the gathered rows stay inside it. `pixels`: the
// pixel-lane kernel (hvx_conv_pixels.h) on its layout instead of the GEMM's; `stride_h` when
// not 0 replaces `stride` vertically.
bool conv_case(uint32_t h, uint32_t w, uint32_t c, uint32_t oc, uint32_t kh, uint32_t kw,
               uint32_t stride, uint32_t dil, bool same, uint32_t im2col_rows = 0, bool pixels = false,
               uint32_t stride_h = 0) {
  Conv2dParams p{};
  p.batches = 1;
  p.im2col_rows = im2col_rows;
  p.in_h = h;
  p.in_w = w;
  p.in_c = c;
  p.k_h = kh;
  p.k_w = kw;
  const uint32_t sh = stride_h != 0 ? stride_h : stride;
  p.stride_h = sh;
  p.stride_w = stride;
  p.dilation_h = p.dilation_w = dil;
  const uint32_t ekh = (kh - 1) * dil + 1, ekw = (kw - 1) * dil + 1;
  if (same) {
    p.out_h = (h + sh - 1) / sh;
    p.out_w = (w + stride - 1) / stride;
    const uint32_t ph = (p.out_h - 1) * sh + ekh, pw = (p.out_w - 1) * stride + ekw;
    p.pad_h = ph > h ? (ph - h) / 2 : 0;
    p.pad_w = pw > w ? (pw - w) / 2 : 0;
  } else {
    p.out_h = (h - ekh) / sh + 1;
    p.out_w = (w - ekw) / stride + 1;
  }
  p.out_c = oc;
  p.groups = 1;
  if (pixels) p.flags = lpai::kernels::kConvFlagHvxLayout | lpai::kernels::kConvFlagHvxPixels;
  p.input_zero_point = static_cast<int32_t>(rnd() % 41) - 20;
  const uint32_t k_len = kh * kw * c;
  fill(g_in, h * w * c);
  fill(g_w, oc * k_len);
  const gemm::Requant q = make_requant(oc, k_len);
  p.output_zero_point = q.output_zero_point;
  p.act_min = q.act_min;
  p.act_max = q.act_max;
  const uint32_t count = p.out_h * p.out_w * oc;
  for (uint32_t oy = 0; oy < p.out_h; ++oy) {
    for (uint32_t ox = 0; ox < p.out_w; ++ox) {
      for (uint32_t o = 0; o < oc; ++o) {
        int32_t dot = 0;
        for (uint32_t ky = 0; ky < kh; ++ky) {
          for (uint32_t kx = 0; kx < kw; ++kx) {
            const int32_t iy = static_cast<int32_t>(oy * sh + ky * dil) - static_cast<int32_t>(p.pad_h);
            const int32_t ix = static_cast<int32_t>(ox * stride + kx * dil) - static_cast<int32_t>(p.pad_w);
            const bool inside = iy >= 0 && ix >= 0 && iy < static_cast<int32_t>(h) && ix < static_cast<int32_t>(w);
            for (uint32_t ci = 0; ci < c; ++ci) {
              const int32_t x = inside ? g_in[(static_cast<uint32_t>(iy) * w + static_cast<uint32_t>(ix)) * c + ci]
                                       : p.input_zero_point;
              dot += x * g_w[((o * kh + ky) * kw + kx) * c + ci];
            }
          }
        }
        g_ref[(oy * p.out_w + ox) * oc + o] = gemm::requantize(dot, o, q);
      }
    }
  }
  for (uint32_t i = 0; i < count + kGuard; ++i) g_out[i] = 0x5A;
  if (!hvx_layout::conv_hvx_ok(p) || hvx_layout::conv_hvx_layout_bytes(p) > sizeof(g_layout) ||
      hvx_layout::conv_hvx_temp_bytes(p) > kTempBytes ||
      !(pixels ? hvx_layout::build_pixel_layout(p, g_w, q, g_layout)
               : hvx_layout::build_gemm_layout(g_w, oc, k_len, q, true, g_layout))) {
    print("FAIL conv layout\n");
    return false;
  }
  const uint32_t temp_end = static_cast<uint32_t>(hvx_layout::conv_hvx_temp_bytes(p));
  if (temp_end + kGuard > kTempBytes) {
    print("FAIL conv temp\n");
    return false;
  }
  for (uint32_t i = temp_end; i < temp_end + kGuard; ++i) g_temp[i] = 0xA5;
  uint64_t t0 = 0, t1 = 0;
  const int timed = lpai_target_emu_insn_count(&t0);
  if (pixels) {
    hvx::conv_pixels_s8(p, g_layout, g_in, g_temp, g_out);
  } else {
    hvx::conv_2d_s8(p, g_layout, g_in, g_temp, g_out);
  }
  for (uint32_t i = temp_end; i < temp_end + kGuard; ++i) {
    if (g_temp[i] != 0xA5) {
      print("FAIL conv wrote past its kernel scratch\n");
      return false;
    }
  }
  if (timed != 0 && lpai_target_emu_insn_count(&t1) != 0) {
    print("     packets=");
    print_u(static_cast<uint32_t>(t1 - t0));
    print("\n");
  }
  return check(pixels ? "conv pixels hw/c->oc/k" : "conv hw/c->oc/k", count, h * 1000 + w, c * 1000 + oc,
               kh * 100 + stride * 10 + dil);
}

bool depthwise_case(uint32_t h, uint32_t w, uint32_t c, uint32_t kh, uint32_t kw, uint32_t stride,
                    uint32_t dil, bool same, uint32_t mult = 1, uint32_t batches = 1) {
  DepthwiseConv2dParams p{};
  p.batches = batches;
  p.in_h = h;
  p.in_w = w;
  p.in_c = c / mult;
  p.out_c = c;
  p.depth_multiplier = mult;
  p.k_h = kh;
  p.k_w = kw;
  p.stride_h = p.stride_w = stride;
  p.dilation_h = p.dilation_w = dil;
  const uint32_t ekh = (kh - 1) * dil + 1, ekw = (kw - 1) * dil + 1;
  if (same) {
    p.out_h = (h + stride - 1) / stride;
    p.out_w = (w + stride - 1) / stride;
    const uint32_t ph = (p.out_h - 1) * stride + ekh, pw = (p.out_w - 1) * stride + ekw;
    p.pad_h = ph > h ? (ph - h) / 2 : 0;
    p.pad_w = pw > w ? (pw - w) / 2 : 0;
  } else {
    p.out_h = (h - ekh) / stride + 1;
    p.out_w = (w - ekw) / stride + 1;
  }
  p.input_zero_point = static_cast<int32_t>(rnd() % 41) - 20;
  fill(g_in, batches * h * w * p.in_c);
  fill(g_w, kh * kw * c);
  const gemm::Requant q = make_requant(c, kh * kw);  // folded_bias = the bias for this op
  p.output_zero_point = q.output_zero_point;
  p.act_min = q.act_min;
  p.act_max = q.act_max;
  const uint32_t count = batches * p.out_h * p.out_w * c;
  for (uint32_t b = 0; b < batches; ++b) {
  const int8_t* const img = g_in + static_cast<size_t>(b) * h * w * p.in_c;
  int8_t* const ref = g_ref + static_cast<size_t>(b) * p.out_h * p.out_w * c;
  for (uint32_t oy = 0; oy < p.out_h; ++oy) {
    for (uint32_t ox = 0; ox < p.out_w; ++ox) {
      for (uint32_t ch = 0; ch < c; ++ch) {
        int32_t acc = 0;  // TFLite: valid taps only, (x - zp) * f
        for (uint32_t ky = 0; ky < kh; ++ky) {
          for (uint32_t kx = 0; kx < kw; ++kx) {
            const int32_t iy = static_cast<int32_t>(oy * stride + ky * dil) - static_cast<int32_t>(p.pad_h);
            const int32_t ix = static_cast<int32_t>(ox * stride + kx * dil) - static_cast<int32_t>(p.pad_w);
            if (iy < 0 || ix < 0 || iy >= static_cast<int32_t>(h) || ix >= static_cast<int32_t>(w)) continue;
            acc += (img[(static_cast<uint32_t>(iy) * w + static_cast<uint32_t>(ix)) * p.in_c + ch / mult] -
                    p.input_zero_point) *
                   g_w[(ky * kw + kx) * c + ch];
          }
        }
        ref[(oy * p.out_w + ox) * c + ch] = gemm::requantize(acc, ch, q);
      }
    }
  }
  }
  for (uint32_t i = 0; i < count + kGuard; ++i) g_out[i] = 0x5A;
  if (hvx_layout::dw_path(p) == hvx_layout::DwPath::kNone ||
      hvx_layout::dw_layout_bytes(p) > sizeof(g_layout) || hvx_layout::dw_temp_bytes(p) > kTempBytes ||
      !hvx_layout::build_dw_layout(p, g_w, q, g_layout)) {
    print("FAIL depthwise layout\n");
    return false;
  }
  if (g_expect_dw_map && !hvx::dw_map_applies(p)) {
    print("FAIL depthwise: not the whole-image form\n");
    return false;
  }
  hvx::depthwise_s8(p, g_layout, g_in, g_temp, g_out);
  return check("depthwise hw/c/k", count, h * 1000 + w, c, kh * 1000 + kw * 100 + stride * 10 + dil);
}

// A node reading g_in (and g_w as its second input when num_inputs is 2) into g_out, every
// tensor described by `t` (null for kernels that take their shapes from the parameters).
struct Node {
  lpai::kernels::TensorRef in[2];
  lpai::kernels::TensorRef out[1];
  lpai::kernels::KernelArgs args{};
  Node(const void* params, uint32_t params_size, const lpai::format::TensorRecord* t,
       uint32_t num_inputs) {
    in[0] = {reinterpret_cast<uint8_t*>(g_in), t};
    in[1] = {reinterpret_cast<uint8_t*>(g_w), t};
    out[0] = {reinterpret_cast<uint8_t*>(g_out), t};
    args.params = static_cast<const uint8_t*>(params);
    args.params_size = params_size;
    args.inputs = in;
    args.num_inputs = num_inputs;
    args.outputs = out;
    args.num_outputs = 1;
  }
};

// A flat int8 tensor of n elements.
lpai::format::TensorRecord flat_int8(uint32_t n) {
  lpai::format::TensorRecord t{};
  t.data_type = static_cast<uint8_t>(lpai::format::DataType::kInt8);
  t.rank = 1;
  t.dims[0] = n;
  t.size = n;
  return t;
}

// An element-wise node over g_in and g_w (n int8 elements each) into g_out, whose guard bytes
// are set.
struct BinaryNode {
  lpai::format::TensorRecord t;
  Node node;
  BinaryNode(uint32_t n, const void* params, uint32_t params_size)
      : t(flat_int8(n)), node(params, params_size, &t, 2) {
    for (uint32_t i = 0; i < n + kGuard; ++i) g_out[i] = 0x5A;
  }
};

bool add_case(uint32_t n, bool subtract) {
  AddParams p{};
  p.input1_offset = static_cast<int32_t>(rnd() % 256) - 127;
  p.input2_offset = static_cast<int32_t>(rnd() % 256) - 127;
  p.output_offset = static_cast<int32_t>(rnd() % 256) - 128;
  p.left_shift = 20;
  p.input1_multiplier = static_cast<int32_t>(0x40000000u | (rnd() & 0x3FFFFFFFu));
  p.input1_shift = -static_cast<int32_t>(rnd() % 4);
  p.input2_multiplier = static_cast<int32_t>(0x40000000u | (rnd() & 0x3FFFFFFFu));
  p.input2_shift = -static_cast<int32_t>(rnd() % 4);
  p.output_multiplier = static_cast<int32_t>(0x40000000u | (rnd() & 0x3FFFFFFFu));
  p.output_shift = -static_cast<int32_t>(16 + rnd() % 6);
  p.activation_min = (rnd() & 1) ? -128 : -60;
  p.activation_max = (rnd() & 1) ? 127 : 70;
  fill(g_in, n);
  fill(g_w, n);
  for (uint32_t i = 0; i < n; ++i) {
    g_ref[i] = subtract ? lpai::kernels::add_sub::compute<int8_t, true>(p, g_in[i], g_w[i])
                        : lpai::kernels::add_sub::compute<int8_t, false>(p, g_in[i], g_w[i]);
  }
  const BinaryNode node(n, &p, sizeof(p));
  if (!hvx::add_sub_s8(p, node.node.args, subtract)) {
    print("FAIL add refused\n");
    return false;
  }
  return check(subtract ? "sub n" : "add n", n, n, 0, 0);
}

// MUL against the portable arithmetic; output_shift in [-15, 0] (the vector path's range; the
// largest products need shifts near 0 to stay in int8 before the clamp).
bool mul_case(uint32_t n) {
  lpai::kernels::MulParams p{};
  p.input1_offset = static_cast<int32_t>(rnd() % 256) - 127;
  p.input2_offset = static_cast<int32_t>(rnd() % 256) - 127;
  p.output_offset = static_cast<int32_t>(rnd() % 256) - 128;
  p.output_multiplier = static_cast<int32_t>(0x40000000u | (rnd() & 0x3FFFFFFFu));
  p.output_shift = -static_cast<int32_t>(rnd() % 16);
  p.activation_min = (rnd() & 1) ? -128 : -60;
  p.activation_max = (rnd() & 1) ? 127 : 70;
  fill(g_in, n);
  fill(g_w, n);
  for (uint32_t i = 0; i < n; ++i) {
    const int32_t prod = (g_in[i] + p.input1_offset) * (g_w[i] + p.input2_offset);
    int32_t v = p.output_offset +
                lpai::kernels::multiply_by_quantized_multiplier(prod, p.output_multiplier, p.output_shift);
    v = v < p.activation_min ? p.activation_min : v > p.activation_max ? p.activation_max : v;
    g_ref[i] = static_cast<int8_t>(v);
  }
  const BinaryNode node(n, &p, sizeof(p));
  if (!hvx::mul_s8(p, node.node.args)) {
    print("FAIL mul refused\n");
    return false;
  }
  return check("mul n", n, n, 0, static_cast<uint32_t>(-p.output_shift));
}

// AVERAGE_POOL_2D (max = false) or MAX_POOL_2D against a direct scalar restatement.
bool pool_case(bool max, uint32_t h, uint32_t w, uint32_t c, uint32_t kh, uint32_t kw,
               uint32_t stride, uint32_t pad) {
  lpai::kernels::Pool2dParams p{};
  p.batches = 1;
  p.in_h = h;
  p.in_w = w;
  p.channels = c;
  p.k_h = kh;
  p.k_w = kw;
  p.stride_h = p.stride_w = stride;
  p.pad_h = p.pad_w = pad;
  p.out_h = (h + 2 * pad - kh) / stride + 1;
  p.out_w = (w + 2 * pad - kw) / stride + 1;
  p.act_min = (rnd() & 1) ? -128 : -50;
  p.act_max = (rnd() & 1) ? 127 : 60;
  p.data_type = static_cast<uint32_t>(lpai::format::DataType::kInt8);
  fill(g_in, h * w * c);
  const uint32_t count_out = p.out_h * p.out_w * c;
  for (uint32_t oy = 0; oy < p.out_h; ++oy) {
    for (uint32_t ox = 0; ox < p.out_w; ++ox) {
      for (uint32_t ch = 0; ch < c; ++ch) {
        int32_t sum = 0, count = 0, best = -128;
        for (uint32_t ky = 0; ky < kh; ++ky) {
          for (uint32_t kx = 0; kx < kw; ++kx) {
            const int32_t iy = static_cast<int32_t>(oy * stride + ky) - static_cast<int32_t>(pad);
            const int32_t ix = static_cast<int32_t>(ox * stride + kx) - static_cast<int32_t>(pad);
            if (iy < 0 || ix < 0 || iy >= static_cast<int32_t>(h) || ix >= static_cast<int32_t>(w)) continue;
            const int32_t x = g_in[(static_cast<uint32_t>(iy) * w + static_cast<uint32_t>(ix)) * c + ch];
            sum += x;
            best = x > best ? x : best;
            ++count;
          }
        }
        int32_t v = max ? best : sum > 0 ? (sum + count / 2) / count : (sum - count / 2) / count;
        v = v < p.act_min ? p.act_min : v > p.act_max ? p.act_max : v;
        g_ref[(oy * p.out_w + ox) * c + ch] = static_cast<int8_t>(v);
      }
    }
  }
  for (uint32_t i = 0; i < count_out + kGuard; ++i) g_out[i] = 0x5A;
  const Node node(&p, sizeof(p), nullptr, 1);
  if (!(max ? hvx::max_pool_s8(p, node.args) : hvx::average_pool_s8(p, node.args))) {
    print(max ? "FAIL maxpool refused\n" : "FAIL avgpool refused\n");
    return false;
  }
  return check(max ? "maxpool hw/c/k" : "avgpool hw/c/k", count_out, h * 1000 + w, c,
               kh * 1000 + kw * 10 + stride);
}

// SOFTMAX int8 -> int8 through the kernel (its HVX rows from kSoftmaxMinDepth on) against
// TFLite's integer reference written out here: row max, Q12 sum of the exp table, reciprocal,
// per element rounded product. `span`: inputs in [-span, span - 1].
lpai::kernels::SoftmaxParams g_softmax;
bool softmax_case(uint32_t rows, uint32_t depth, uint32_t span) {
  using namespace lpai::kernels;  // NOLINT
  SoftmaxParams& p = g_softmax;
  p.exp_lut[0] = 0x7FFFFFFF;
  for (uint32_t k = 1; k < kSoftmaxLutSize; ++k) {
    p.exp_lut[k] = p.exp_lut[k - 1] - static_cast<int32_t>(rnd() % (static_cast<uint32_t>(p.exp_lut[k - 1]) / 16 + 1));
  }
  const uint32_t n = rows * depth;
  for (uint32_t i = 0; i < n; ++i) g_in[i] = static_cast<int8_t>(static_cast<int32_t>(rnd() % (2 * span)) - static_cast<int32_t>(span));
  for (uint32_t r = 0; r < rows; ++r) {
    const int8_t* x = g_in + r * depth;
    int32_t m = -128;
    for (uint32_t c = 0; c < depth; ++c) m = x[c] > m ? x[c] : m;
    uint32_t sum = 0;
    for (uint32_t c = 0; c < depth; ++c) sum += static_cast<uint32_t>(rounding_divide_by_pot(p.exp_lut[m - x[c]], 12));
    int over = 0;
    const int32_t scale = fpm::get_reciprocal(static_cast<int32_t>(sum), 12, &over);
    const int e = over + 31 - 8;
    for (uint32_t c = 0; c < depth; ++c) {
      const int32_t prod = saturating_rounding_doubling_high_mul(scale, p.exp_lut[m - x[c]]);
      const int32_t v = (e > 31 ? 0 : rounding_divide_by_pot(prod, e)) - 128;
      g_ref[r * depth + c] = static_cast<int8_t>(clamp_i32(v, -128, 127));
    }
  }
  for (uint32_t i = 0; i < n + kGuard; ++i) g_out[i] = 0x5A;
  lpai::format::TensorRecord t{};
  t.data_type = static_cast<uint8_t>(lpai::format::DataType::kInt8);
  t.rank = 2;
  t.dims[0] = rows;
  t.dims[1] = depth;
  t.size = n;
  const Node node(&p, sizeof(p), &t, 1);
  find_kernel(static_cast<uint16_t>(lpai::format::BuiltinOp::kSoftmax))->eval(node.args);
  return check("softmax rows/depth/span", n, rows, depth, span);
}

bool dot_case(uint32_t k) {
  fill(g_in, k);
  fill(g_w, 4 * k);
  int32_t ref[4], got[4];
  gemm::dot_1x4(g_in, g_w, g_w + k, g_w + 2 * k, g_w + 3 * k, k, ref);
  hvx::dot_1x4(g_in, g_w, g_w + k, g_w + 2 * k, g_w + 3 * k, k, got);
  const bool ok = ref[0] == got[0] && ref[1] == got[1] && ref[2] == got[2] && ref[3] == got[3];
  print(ok ? "ok   dot_1x4 k " : "FAIL dot_1x4 k ");
  print_u(k);
  print("\n");
  return ok;
}

}  // namespace

bool hvx_lstm_cases();  // hvx_lstm_test.cc
bool hvx_gemv_cases();  // hvx_gemv_test.cc

extern "C" int main(void);
extern "C" int main(void) {
  bool ok = true;
  const uint32_t ns[] = {1, 3, 8, 16, 31, 32, 33, 64, 100, 128, 129, 200};
  const uint32_t ks[] = {1, 3, 4, 5, 17, 40, 64, 65, 130, 577};
  const uint32_t rs[] = {1, 2, 7, 9, 17, 125};
  for (uint32_t n : ns) {
    for (uint32_t k : ks) {
      for (uint32_t r : rs) ok = gemm_case(r, n, k) && ok;
    }
  }
  // n = 64 and 128 without any left shift (the steps' shorter requantisation).
  g_right_shifts_only = true;
  const uint32_t step_ns[] = {64, 128};
  for (uint32_t n : step_ns) {
    for (uint32_t k : ks) {
      for (uint32_t r : rs) ok = gemm_case(r, n, k) && ok;
    }
  }
  ok = conv_case(25, 5, 64, 64, 1, 1, 1, 1, false) && ok;  // kws_ref_model's pointwise layers
  g_right_shifts_only = false;
  ok = conv_case(7, 5, 3, 33, 3, 3, 1, 1, true) && ok;
  // Pixel lanes: vww_96_int8's and resnet's first layers, then odd shapes (pixel counts not a
  // multiple of 32, padding on every side, strides 1 and 2 (also unequal), dilation, in_c 1..4,
  // filters wider than the image).
  ok = conv_case(96, 96, 3, 8, 3, 3, 2, 1, true, 0, true) && ok;
  ok = conv_case(32, 32, 3, 16, 3, 3, 1, 1, true, 0, true) && ok;
  ok = conv_case(13, 37, 3, 8, 3, 3, 2, 1, true, 0, true) && ok;
  ok = conv_case(9, 70, 3, 16, 3, 3, 2, 1, true, 0, true, 1) && ok;
  ok = conv_case(11, 33, 1, 8, 5, 5, 1, 1, true, 0, true) && ok;
  ok = conv_case(7, 40, 2, 16, 3, 3, 2, 1, true, 0, true) && ok;
  ok = conv_case(8, 45, 4, 8, 2, 2, 2, 1, false, 0, true) && ok;
  ok = conv_case(6, 66, 4, 16, 4, 3, 1, 1, true, 0, true, 2) && ok;
  ok = conv_case(10, 31, 3, 8, 3, 3, 1, 2, true, 0, true) && ok;
  ok = conv_case(5, 3, 2, 8, 7, 7, 1, 1, true, 0, true) && ok;
  ok = conv_case(12, 65, 3, 8, 1, 1, 2, 1, false, 0, true) && ok;
  // Strip-form pixel lanes (in_c * k_w <= 4, 32 or 64 channels): kws_ref_model's first layer,
  // then odd shapes (pixel blocks crossing output rows at every phase, strides 1-3, unequal
  // strides, in_c 1..4, padding, a single output row and column).
  ok = conv_case(49, 10, 1, 64, 10, 4, 2, 1, true, 0, true) && ok;
  ok = conv_case(13, 7, 1, 32, 5, 4, 2, 1, true, 0, true) && ok;
  ok = conv_case(9, 10, 2, 64, 3, 2, 1, 1, true, 0, true) && ok;
  ok = conv_case(20, 9, 1, 64, 8, 3, 2, 1, false, 0, true, 3) && ok;
  ok = conv_case(6, 3, 4, 32, 2, 1, 1, 1, true, 0, true) && ok;
  ok = conv_case(17, 6, 1, 32, 4, 4, 2, 1, true, 0, true) && ok;
  ok = conv_case(1, 1, 3, 64, 3, 1, 1, 1, true, 0, true) && ok;
  // Pointwise pixel lanes: vww_96_int8's 8->16, 16->32, 32->32 layers, then pixel counts not a
  // multiple of 32 (the last block's loads and stores partial) over every in/out pair.
  ok = conv_case(48, 48, 8, 16, 1, 1, 1, 1, false, 0, true) && ok;
  ok = conv_case(24, 24, 16, 32, 1, 1, 1, 1, false, 0, true) && ok;
  ok = conv_case(24, 24, 32, 32, 1, 1, 1, 1, false, 0, true) && ok;
  ok = conv_case(5, 7, 8, 8, 1, 1, 1, 1, false, 0, true) && ok;
  ok = conv_case(3, 13, 8, 32, 1, 1, 1, 1, false, 0, true) && ok;
  ok = conv_case(7, 9, 16, 8, 1, 1, 1, 1, false, 0, true) && ok;
  ok = conv_case(1, 45, 16, 16, 1, 1, 1, 1, false, 0, true) && ok;
  ok = conv_case(2, 17, 32, 8, 1, 1, 1, 1, false, 0, true) && ok;
  ok = conv_case(3, 11, 32, 16, 1, 1, 1, 1, false, 0, true) && ok;
  ok = conv_case(1, 1, 32, 32, 1, 1, 1, 1, false, 0, true) && ok;
  // Wide pointwise pixel lanes (64 output channels): kws_ref_model's 64->64 layers, vww_96_int8's
  // 32->64 and 64->64, then pixel counts leaving 1, 13 and 15 pixels for the last group, and the
  // smallest count the form takes (64).
  ok = conv_case(25, 5, 64, 64, 1, 1, 1, 1, false, 0, true) && ok;
  ok = conv_case(12, 12, 32, 64, 1, 1, 1, 1, false, 0, true) && ok;
  ok = conv_case(12, 12, 64, 64, 1, 1, 1, 1, false, 0, true) && ok;
  ok = conv_case(5, 13, 64, 64, 1, 1, 1, 1, false, 0, true) && ok;
  ok = conv_case(7, 11, 32, 64, 1, 1, 1, 1, false, 0, true) && ok;
  ok = conv_case(3, 37, 64, 64, 1, 1, 1, 1, false, 0, true) && ok;
  ok = conv_case(8, 8, 32, 64, 1, 1, 1, 1, false, 0, true) && ok;
  // Channel-tap pixel lanes: resnet's 3x3 16->16 (32x32) and 32->32 (16x16) layers, then odd
  // widths (partial last blocks), every in/out pair, VALID, dilation 2, stride_h 2, 5x5 and 1x3.
  ok = conv_case(32, 32, 16, 16, 3, 3, 1, 1, true, 0, true) && ok;
  ok = conv_case(16, 16, 32, 32, 3, 3, 1, 1, true, 0, true) && ok;
  ok = conv_case(7, 45, 16, 32, 3, 3, 1, 1, true, 0, true) && ok;
  ok = conv_case(5, 33, 32, 16, 3, 3, 1, 1, true, 0, true) && ok;
  ok = conv_case(6, 9, 16, 16, 3, 3, 1, 1, false, 0, true) && ok;
  ok = conv_case(9, 70, 32, 32, 3, 3, 1, 2, true, 0, true) && ok;
  ok = conv_case(9, 13, 16, 16, 3, 3, 1, 1, true, 0, true, 2) && ok;
  ok = conv_case(3, 5, 16, 32, 5, 5, 1, 1, true, 0, true) && ok;
  ok = conv_case(4, 3, 32, 32, 1, 3, 1, 1, true, 0, true) && ok;
  // The GEMM on resnet's two layers, for the packet comparison.
  ok = conv_case(32, 32, 16, 16, 3, 3, 1, 1, true) && ok;
  ok = conv_case(16, 16, 32, 32, 3, 3, 1, 1, true) && ok;
  // The GEMM on the same three vww layers, for the packet comparison.
  ok = conv_case(48, 48, 8, 16, 1, 1, 1, 1, false) && ok;
  ok = conv_case(24, 24, 16, 32, 1, 1, 1, 1, false) && ok;
  ok = conv_case(24, 24, 32, 32, 1, 1, 1, 1, false) && ok;
  ok = conv_case(96, 96, 3, 8, 3, 3, 2, 1, true) && ok;
  ok = conv_case(9, 8, 8, 64, 3, 3, 2, 1, true) && ok;
  ok = conv_case(10, 11, 5, 7, 3, 2, 1, 2, false) && ok;
  ok = conv_case(6, 6, 17, 31, 1, 1, 1, 1, false) && ok;
  ok = conv_case(6, 7, 16, 40, 1, 1, 2, 1, false) && ok;
  ok = conv_case(12, 3, 1, 8, 10, 4, 2, 1, true) && ok;
  ok = conv_case(13, 11, 3, 8, 3, 3, 2, 1, true) && ok;
  ok = conv_case(49, 10, 1, 64, 10, 4, 2, 1, true) && ok;  // kws_ref_model's first layer
  ok = conv_case(9, 9, 16, 16, 3, 3, 1, 1, true) && ok;
  ok = conv_case(7, 5, 8, 16, 1, 1, 1, 1, false) && ok;
  // n = 64 (four pixels a step) and n = 128 (two): im2col blocks and strided pointwise rows
  // whose counts leave 1, 2 and 3 pixels for the last step.
  ok = conv_case(25, 5, 64, 64, 1, 1, 1, 1, false) && ok;  // kws_ref_model's pointwise layers
  ok = conv_case(9, 7, 24, 64, 1, 1, 2, 1, false) && ok;
  ok = conv_case(6, 5, 5, 64, 3, 3, 1, 1, true) && ok;
  ok = conv_case(5, 7, 16, 128, 3, 3, 1, 1, true) && ok;
  ok = conv_case(7, 3, 9, 128, 1, 1, 2, 1, false) && ok;
  // vww_96_int8's GEMM pointwise layers: n = 128 four pixels a step (rows in place), n = 256 (wide).
  ok = conv_case(6, 6, 64, 128, 1, 1, 1, 1, false) && ok;
  ok = conv_case(6, 6, 128, 128, 1, 1, 1, 1, false) && ok;
  ok = conv_case(3, 3, 128, 256, 1, 1, 1, 1, false) && ok;
  ok = conv_case(3, 3, 256, 256, 1, 1, 1, 1, false) && ok;
  // The im2col rows unrolled from the bordered input rows: windows over every edge (SAME padding,
  // one-sided for even filters, 5x5 with two rows of it), strides 1 to 3, segments over 128
  // bytes (k_w * in_c: the per-row path), dilation, and blocks of 2 rows, one GEMM step, a
  // count that is not a whole number of steps and one as large as the image.
  ok = conv_case(6, 7, 48, 40, 3, 3, 1, 1, true) && ok;    // seg 144, wide mode
  ok = conv_case(9, 8, 64, 16, 3, 3, 2, 1, true, 6) && ok;  // seg 192, narrow mode
  ok = conv_case(8, 9, 7, 24, 4, 4, 1, 1, true, 2) && ok;   // even filter: padding after
  ok = conv_case(11, 10, 3, 32, 5, 5, 1, 1, true, 4) && ok;
  ok = conv_case(11, 13, 4, 8, 5, 5, 3, 1, true, 10) && ok;
  ok = conv_case(12, 12, 16, 16, 3, 3, 1, 2, true, 64) && ok;  // dilation 2, SAME
  ok = conv_case(17, 16, 16, 16, 3, 3, 1, 1, true, 8) && ok;
  ok = conv_case(16, 16, 16, 32, 3, 3, 2, 1, true, 32) && ok;
  ok = conv_case(5, 3, 2, 64, 7, 7, 1, 1, true, 1024) && ok;  // windows wider than the image
  ok = conv_case(32, 32, 16, 16, 3, 3, 1, 1, true, 16) && ok;  // resnet's 3x3 layers
  // Bordered images over hvx_layout::kConvWholeImageBytes (the ring of rows) for filters of 5
  // rows, even ones with stride 2, dilation 2.
  ok = conv_case(20, 20, 12, 24, 5, 5, 1, 1, true, 16) && ok;
  ok = conv_case(18, 17, 20, 32, 4, 4, 2, 1, true, 4) && ok;
  ok = conv_case(18, 18, 16, 16, 3, 3, 1, 2, true, 8) && ok;
  ok = conv_case(30, 9, 24, 8, 7, 1, 2, 1, false, 0) && ok;
  const uint32_t dw[][7] = {{7, 5, 8, 3, 3, 1, 1},   {9, 9, 16, 3, 3, 2, 1},  {6, 5, 64, 3, 3, 1, 1},
                            {5, 7, 3, 3, 3, 1, 1},   {8, 6, 40, 3, 3, 2, 1},  {5, 5, 130, 3, 3, 1, 1},
                            {6, 6, 256, 3, 3, 2, 1}, {10, 8, 32, 5, 3, 1, 2}, {4, 9, 128, 1, 4, 1, 1},
                            {12, 3, 1, 3, 3, 1, 1},  {3, 3, 24, 3, 3, 1, 1}};
  for (const auto& d : dw) {
    ok = depthwise_case(d[0], d[1], d[2], d[3], d[4], d[5], d[6], true) && ok;
    ok = depthwise_case(d[0] + 2, d[1] + 2, d[2], d[3], d[4], d[5], d[6], false) && ok;
  }
  // The flat path's output row pairs and its ring of input rows: odd and even output heights, a
  // single row, stride 2, a ring that skips rows (k_h = 1, stride 2), dilation.
  const uint32_t dw_pairs[][8] = {{25, 5, 64, 3, 3, 1, 1, 1},  {12, 12, 32, 3, 3, 2, 1, 1},
                                  {11, 7, 128, 3, 3, 2, 1, 0}, {2, 9, 16, 3, 3, 1, 1, 1},
                                  {1, 9, 64, 1, 3, 1, 1, 1},   {8, 3, 8, 5, 5, 1, 1, 1},
                                  {9, 8, 32, 1, 3, 2, 1, 1},   {13, 6, 16, 3, 3, 2, 2, 1},
                                  // Stride 2 over dealt (even/odd pixel) rows: 8 and 64
                                  // channels, 5x5, an even filter width, rows of several blocks.
                                  {10, 11, 8, 3, 3, 2, 1, 1},  {9, 13, 64, 5, 5, 2, 1, 1},
                                  {7, 10, 16, 3, 2, 2, 1, 0},  {6, 40, 32, 3, 3, 2, 1, 1}};
  for (const auto& d : dw_pairs) ok = depthwise_case(d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7] != 0) && ok;
  // Per-pixel path in groups of four pixels: a remainder of 1-3 pixels, channel counts over one
  // block that are not a multiple of 128 (the last block's store must not spill), and columns
  // (w = 1, k_w = 1: run as one row of h pixels), e.g. str_ww_ref_model's temporal layers
  // (30x1x40 by 3, 28x1x128 by 5, 24x1x128 by 10, 15x1x128 by 15), with stride, dilation and
  // vertical padding.
  const uint32_t dw_groups[][8] = {{5, 9, 200, 3, 3, 1, 1, 1},  {6, 7, 40, 3, 3, 1, 1, 0},
                                   {4, 6, 136, 3, 3, 2, 1, 1},  {30, 1, 40, 3, 1, 1, 1, 0},
                                   {28, 1, 128, 5, 1, 1, 1, 0}, {24, 1, 128, 10, 1, 1, 1, 0},
                                   {15, 1, 128, 15, 1, 1, 1, 0}, {17, 1, 64, 3, 1, 2, 1, 1},
                                   {19, 1, 24, 3, 1, 1, 2, 1},  {13, 1, 200, 3, 1, 1, 1, 1},
                                   {7, 1, 256, 4, 1, 1, 1, 1},  {2, 1, 48, 3, 1, 1, 1, 1}};
  for (const auto& d : dw_groups) ok = depthwise_case(d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7] != 0) && ok;
  ok = depthwise_case(49, 40, 8, 10, 8, 2, 1, true, 8) && ok;  // micro_speech's layer
  // The flat path's whole-image form (3x3, stride 1, padding 1; hvx_depthwise_map.h): staged
  // top and bottom chunks, the last chunk partial, a whole image staged, images too small for
  // the stage (chunk by chunk), 128 / c pixels per chunk up to w, 1, 2 or 4 requantisation
  // blocks, batches, and requantisation without any left shift {h, w, c, batches, right only}.
  const uint32_t dw_map[][5] = {{25, 5, 64, 1, 1}, {25, 5, 64, 2, 0}, {1, 2, 64, 1, 0},  {2, 2, 64, 1, 1},
                                {1, 9, 16, 2, 0},  {7, 4, 32, 1, 1},  {9, 16, 8, 1, 0},  {6, 6, 128, 2, 1},
                                {13, 3, 128, 1, 0}, {12, 12, 64, 1, 1}, {48, 48, 8, 1, 1}, {5, 20, 16, 3, 0},
                                {2, 3, 64, 2, 1}, {4, 7, 32, 1, 0}};
  for (const auto& d : dw_map) {
    g_right_shifts_only = d[4] != 0;
    g_expect_dw_map = true;
    ok = depthwise_case(d[0], d[1], d[2], 3, 3, 1, 1, true, 1, d[3]) && ok;
    g_right_shifts_only = g_expect_dw_map = false;
  }
  // The whole-image form at stride 2: vww_96_int8's four layers (48x48x16, 24x24x32, 12x12x64,
  // 6x6x128; SAME: padding only below and right), odd input sizes (padding 1 on every side: the
  // first rows and columns read the zero point), 8 channels (16 pixels a chunk), several rows a
  // chunk count, batches, and requantisation without any left shift {h, w, c, batches, right
  // only}.
  const uint32_t dw_map2[][5] = {{48, 48, 16, 1, 1}, {24, 24, 32, 1, 0}, {12, 12, 64, 1, 1}, {6, 6, 128, 1, 0},
                                 {7, 7, 128, 2, 1},  {15, 15, 16, 1, 0}, {11, 16, 64, 1, 1}, {9, 32, 8, 1, 0},
                                 {4, 8, 32, 3, 1},   {1, 12, 64, 1, 0}};
  for (const auto& d : dw_map2) {
    g_right_shifts_only = d[4] != 0;
    g_expect_dw_map = true;
    ok = depthwise_case(d[0], d[1], d[2], 3, 3, 2, 1, true, 1, d[3]) && ok;
    g_right_shifts_only = g_expect_dw_map = false;
  }
  // One input channel, multiplier 8 (rows of 32 pixels): several blocks per row and 1-pixel
  // remainders, stride 1 and 2, taps not a multiple of four, filters taller than the input.
  const uint32_t dw_single[][8] = {{49, 40, 8, 10, 8, 2, 1, 0}, {7, 70, 8, 3, 5, 2, 1, 1},
                                   {5, 100, 8, 4, 3, 1, 1, 0},  {6, 9, 8, 2, 13, 1, 1, 1},
                                   {3, 17, 8, 5, 4, 2, 1, 1},   {4, 129, 8, 1, 1, 1, 1, 0},
                                   {3, 11, 8, 10, 6, 2, 1, 1},  {2, 200, 8, 2, 2, 2, 1, 1}};
  for (const auto& d : dw_single) ok = depthwise_case(d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7] != 0, 8) && ok;
  ok = depthwise_case(9, 7, 3, 3, 3, 1, 1, true, 3) && ok;
  ok = depthwise_case(8, 8, 16, 3, 3, 2, 1, false, 16) && ok;
  const uint32_t softmax[][3] = {{1, 256, 128}, {2, 257, 128}, {3, 300, 20}, {1, 1000, 128}, {1, 4097, 128},
                                 {2, 129, 128}, {1, 12, 128}};
  for (const auto& s : softmax) ok = softmax_case(s[0], s[1], s[2]) && ok;
  const uint32_t dots[] = {1, 5, 127, 128, 129, 257, 700, 4000};
  for (uint32_t k : dots) ok = dot_case(k) && ok;
  const uint32_t sizes[] = {1, 5, 127, 128, 129, 1000, 4097};
  for (uint32_t n : sizes) {
    ok = add_case(n, false) && ok;
    ok = add_case(n, true) && ok;
    ok = mul_case(n) && ok;
    ok = mul_case(n) && ok;
  }
  for (int kind = 0; kind < 2; ++kind) {
    const bool max = kind == 1;
    ok = pool_case(max, 25, 5, 64, 25, 5, 1, 0) && ok;  // kws_ref_model's global pool
    ok = pool_case(max, 7, 9, 33, 3, 3, 2, 1) && ok;
    ok = pool_case(max, 6, 6, 200, 2, 2, 2, 0) && ok;
    ok = pool_case(max, 5, 4, 3, 3, 2, 1, 1) && ok;
    ok = pool_case(max, 9, 9, 256, 3, 3, 2, 0) && ok;  // two whole vectors
  }
  ok = hvx_lstm_cases() && ok;
  ok = hvx_gemv_cases() && ok;
  print(ok ? "hvx-test: PASS\n" : "hvx-test: FAIL\n");
  return ok ? 0 : 1;
}
