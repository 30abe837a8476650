#include "kernels/reference/int16x8_ref.h"

#include <algorithm>
#include <cmath>

namespace ref {
namespace {

size_t idx4(int d1, int d2, int d3, int a, int b, int c, int d) {
  return ((static_cast<size_t>(a) * d1 + b) * d2 + c) * d3 + d;
}

void mults(float in_scale, const std::vector<float>& f_scales, float out_scale, int channels,
           std::vector<int32_t>* m, std::vector<int>* s) {
  m->resize(channels);
  s->resize(channels);
  for (int c = 0; c < channels; ++c) {
    const double fs = f_scales.size() == 1 ? f_scales[0] : f_scales[c];
    quantize_multiplier(static_cast<double>(in_scale) * fs / static_cast<double>(out_scale),
                        &(*m)[c], &(*s)[c]);
  }
}

// Requantises an accumulator the TFLite Micro way for the chosen accumulator type.
int16_t finish(int64_t acc, const int64_t* bias, int32_t m, int s, int32_t lo, int32_t hi,
               bool acc32) {
  int32_t v;
  if (acc32) {
    uint32_t a = static_cast<uint32_t>(static_cast<uint64_t>(acc));
    if (bias) a += static_cast<uint32_t>(static_cast<int32_t>(*bias));
    v = multiply(static_cast<int32_t>(a), m, s);
  } else {
    v = multiply64(acc + (bias ? *bias : 0), m, s);
  }
  return static_cast<int16_t>(std::min(std::max(v, lo), hi));
}

}  // namespace

std::vector<int16_t> conv_2d_16x8_acc(const ConvGeom& g, const std::vector<int16_t>& in,
                                      float in_scale, const std::vector<int8_t>& filter,
                                      const std::vector<float>& f_scales,
                                      const std::vector<int64_t>* bias, float out_scale,
                                      int activation, bool acc32) {
  std::vector<int32_t> m;
  std::vector<int> s;
  mults(in_scale, f_scales, out_scale, g.out_c, &m, &s);
  int32_t lo, hi;
  activation_range(activation, out_scale, 0, -32768, 32767, &lo, &hi);
  std::vector<int16_t> out(static_cast<size_t>(g.batches) * g.out_h * g.out_w * g.out_c);
  for (int b = 0; b < g.batches; ++b)
    for (int oy = 0; oy < g.out_h; ++oy)
      for (int ox = 0; ox < g.out_w; ++ox)
        for (int oc = 0; oc < g.out_c; ++oc) {
          int64_t acc = 0;
          for (int ky = 0; ky < g.k_h; ++ky)
            for (int kx = 0; kx < g.k_w; ++kx) {
              const int iy = oy * g.stride_h - g.pad_h + ky * g.dil_h;
              const int ix = ox * g.stride_w - g.pad_w + kx * g.dil_w;
              if (iy < 0 || iy >= g.in_h || ix < 0 || ix >= g.in_w) continue;
              for (int ic = 0; ic < g.in_c; ++ic) {
                acc += int64_t{filter[idx4(g.k_h, g.k_w, g.in_c, oc, ky, kx, ic)]} *
                       in[idx4(g.in_h, g.in_w, g.in_c, b, iy, ix, ic)];
              }
            }
          out[idx4(g.out_h, g.out_w, g.out_c, b, oy, ox, oc)] =
              finish(acc, bias ? &(*bias)[oc] : nullptr, m[oc], s[oc], lo, hi, acc32);
        }
  return out;
}

namespace {

// Sum over the group's taps of filter * (input - offset) for output (b, oy, ox, oc).
template <typename X>
int64_t grouped_sum(const ConvGeom& g, int groups, const std::vector<X>& in, int32_t offset,
                    const std::vector<int8_t>& filter, int b, int oy, int ox, int oc) {
  const int fc = g.in_c / groups;
  const int c0 = (oc / (g.out_c / groups)) * fc;
  int64_t acc = 0;
  for (int ky = 0; ky < g.k_h; ++ky)
    for (int kx = 0; kx < g.k_w; ++kx) {
      const int iy = oy * g.stride_h - g.pad_h + ky * g.dil_h;
      const int ix = ox * g.stride_w - g.pad_w + kx * g.dil_w;
      if (iy < 0 || iy >= g.in_h || ix < 0 || ix >= g.in_w) continue;
      for (int ic = 0; ic < fc; ++ic) {
        acc += int64_t{filter[idx4(g.k_h, g.k_w, fc, oc, ky, kx, ic)]} *
               (int64_t{in[idx4(g.in_h, g.in_w, g.in_c, b, iy, ix, c0 + ic)]} - offset);
      }
    }
  return acc;
}

}  // namespace

std::vector<int8_t> conv_2d_grouped(const ConvGeom& g, int groups, const std::vector<int8_t>& in,
                                    Quant in_q, const std::vector<int8_t>& filter,
                                    const std::vector<float>& f_scales,
                                    const std::vector<int32_t>* bias, Quant out_q, int activation) {
  std::vector<int32_t> m;
  std::vector<int> s;
  mults(in_q.scale, f_scales, out_q.scale, g.out_c, &m, &s);
  int32_t lo, hi;
  activation_range(activation, out_q.scale, out_q.zero_point, -128, 127, &lo, &hi);
  std::vector<int8_t> out(static_cast<size_t>(g.batches) * g.out_h * g.out_w * g.out_c);
  for (int b = 0; b < g.batches; ++b)
    for (int oy = 0; oy < g.out_h; ++oy)
      for (int ox = 0; ox < g.out_w; ++ox)
        for (int oc = 0; oc < g.out_c; ++oc) {
          uint32_t a = static_cast<uint32_t>(static_cast<uint64_t>(
              grouped_sum(g, groups, in, in_q.zero_point, filter, b, oy, ox, oc)));
          if (bias) a += static_cast<uint32_t>((*bias)[oc]);
          const int32_t v = multiply(static_cast<int32_t>(a), m[oc], s[oc]) + out_q.zero_point;
          out[idx4(g.out_h, g.out_w, g.out_c, b, oy, ox, oc)] =
              static_cast<int8_t>(std::min(std::max(v, lo), hi));
        }
  return out;
}

std::vector<int16_t> conv_2d_grouped_16x8(const ConvGeom& g, int groups,
                                          const std::vector<int16_t>& in, float in_scale,
                                          const std::vector<int8_t>& filter,
                                          const std::vector<float>& f_scales,
                                          const std::vector<int64_t>* bias, float out_scale,
                                          int activation, bool acc32) {
  std::vector<int32_t> m;
  std::vector<int> s;
  mults(in_scale, f_scales, out_scale, g.out_c, &m, &s);
  int32_t lo, hi;
  activation_range(activation, out_scale, 0, -32768, 32767, &lo, &hi);
  std::vector<int16_t> out(static_cast<size_t>(g.batches) * g.out_h * g.out_w * g.out_c);
  for (int b = 0; b < g.batches; ++b)
    for (int oy = 0; oy < g.out_h; ++oy)
      for (int ox = 0; ox < g.out_w; ++ox)
        for (int oc = 0; oc < g.out_c; ++oc) {
          const int64_t acc = grouped_sum(g, groups, in, 0, filter, b, oy, ox, oc);
          out[idx4(g.out_h, g.out_w, g.out_c, b, oy, ox, oc)] =
              finish(acc, bias ? &(*bias)[oc] : nullptr, m[oc], s[oc], lo, hi, acc32);
        }
  return out;
}

std::vector<int16_t> fully_connected_16x8(const std::vector<int16_t>& in, float in_scale,
                                          int batches, int k, const std::vector<int8_t>& weights,
                                          const std::vector<float>& w_scales,
                                          const std::vector<int64_t>* bias, int n,
                                          float out_scale, int activation, bool acc32) {
  std::vector<int32_t> m(n);
  std::vector<int> s(n);
  for (int o = 0; o < n; ++o) {
    if (w_scales.size() == 1) {
      const float prod = in_scale * w_scales[0];
      quantize_multiplier(static_cast<double>(prod) / out_scale, &m[o], &s[o]);
    } else {
      quantize_multiplier(static_cast<double>(in_scale) * w_scales[o] / out_scale, &m[o], &s[o]);
    }
  }
  int32_t lo, hi;
  activation_range(activation, out_scale, 0, -32768, 32767, &lo, &hi);
  std::vector<int16_t> out(static_cast<size_t>(batches) * n);
  for (int b = 0; b < batches; ++b)
    for (int o = 0; o < n; ++o) {
      int64_t acc = 0;
      for (int i = 0; i < k; ++i) acc += int64_t{weights[o * k + i]} * in[b * k + i];
      out[b * n + o] = finish(acc, bias ? &(*bias)[o] : nullptr, m[o], s[o], lo, hi, acc32);
    }
  return out;
}

std::vector<int16_t> depthwise_conv_2d_16x8(const ConvGeom& g, int depth_multiplier,
                                            const std::vector<int16_t>& in, float in_scale,
                                            const std::vector<int8_t>& filter,
                                            const std::vector<float>& f_scales,
                                            const std::vector<int64_t>* bias, float out_scale,
                                            int activation) {
  std::vector<int32_t> m;
  std::vector<int> s;
  mults(in_scale, f_scales, out_scale, g.out_c, &m, &s);
  int32_t lo, hi;
  activation_range(activation, out_scale, 0, -32768, 32767, &lo, &hi);
  std::vector<int16_t> out(static_cast<size_t>(g.batches) * g.out_h * g.out_w * g.out_c);
  for (int b = 0; b < g.batches; ++b)
    for (int oy = 0; oy < g.out_h; ++oy)
      for (int ox = 0; ox < g.out_w; ++ox)
        for (int ic = 0; ic < g.in_c; ++ic)
          for (int dm = 0; dm < depth_multiplier; ++dm) {
            const int oc = ic * depth_multiplier + dm;
            int64_t acc = 0;
            for (int ky = 0; ky < g.k_h; ++ky)
              for (int kx = 0; kx < g.k_w; ++kx) {
                const int iy = oy * g.stride_h - g.pad_h + ky * g.dil_h;
                const int ix = ox * g.stride_w - g.pad_w + kx * g.dil_w;
                if (iy < 0 || iy >= g.in_h || ix < 0 || ix >= g.in_w) continue;
                acc += int64_t{filter[idx4(1, g.k_w, g.out_c, 0, ky, kx, oc)]} *
                       in[idx4(g.in_h, g.in_w, g.in_c, b, iy, ix, ic)];
              }
            out[idx4(g.out_h, g.out_w, g.out_c, b, oy, ox, oc)] =
                finish(acc, bias ? &(*bias)[oc] : nullptr, m[oc], s[oc], lo, hi, false);
          }
  return out;
}

namespace {

// Scatter of TRANSPOSE_CONV into acc[b][oy][ox][oc]; x(b, y, x, c) already offset.
template <typename F>
std::vector<int64_t> transpose_scatter(const TransposeGeom& g, const std::vector<int8_t>& filter,
                                       F x_at, int* pad_h, int* pad_w) {
  int unused = 0;
  same_or_valid(g.padding, g.out_h, g.k_h, g.stride_h, 1, &unused, pad_h);
  same_or_valid(g.padding, g.out_w, g.k_w, g.stride_w, 1, &unused, pad_w);
  std::vector<int64_t> acc(static_cast<size_t>(g.batches) * g.out_h * g.out_w * g.out_c, 0);
  for (int b = 0; b < g.batches; ++b)
    for (int iy = 0; iy < g.in_h; ++iy)
      for (int ix = 0; ix < g.in_w; ++ix)
        for (int ic = 0; ic < g.in_c; ++ic)
          for (int ky = 0; ky < g.k_h; ++ky)
            for (int kx = 0; kx < g.k_w; ++kx)
              for (int oc = 0; oc < g.out_c; ++oc) {
                const int oy = iy * g.stride_h - *pad_h + ky;
                const int ox = ix * g.stride_w - *pad_w + kx;
                if (oy < 0 || oy >= g.out_h || ox < 0 || ox >= g.out_w) continue;
                acc[idx4(g.out_h, g.out_w, g.out_c, b, oy, ox, oc)] +=
                    int64_t{filter[idx4(g.k_h, g.k_w, g.in_c, oc, ky, kx, ic)]} * x_at(b, iy, ix, ic);
              }
  return acc;
}

}  // namespace

std::vector<int8_t> transpose_conv(const TransposeGeom& g, const std::vector<int8_t>& in,
                                   Quant in_q, const std::vector<int8_t>& filter,
                                   const std::vector<float>& f_scales,
                                   const std::vector<int32_t>* bias, Quant out_q, int activation) {
  int ph = 0, pw = 0;
  const auto acc = transpose_scatter(
      g, filter,
      [&](int b, int y, int x, int c) {
        return int64_t{in[idx4(g.in_h, g.in_w, g.in_c, b, y, x, c)]} - in_q.zero_point;
      },
      &ph, &pw);
  std::vector<int32_t> m;
  std::vector<int> s;
  mults(in_q.scale, f_scales, out_q.scale, g.out_c, &m, &s);
  int32_t lo, hi;
  activation_range(activation, out_q.scale, out_q.zero_point, -128, 127, &lo, &hi);
  std::vector<int8_t> out(acc.size());
  for (size_t i = 0; i < acc.size(); ++i) {
    const int oc = static_cast<int>(i % g.out_c);
    uint32_t a = static_cast<uint32_t>(static_cast<uint64_t>(acc[i]));
    if (bias) a += static_cast<uint32_t>((*bias)[oc]);
    const int32_t v = multiply(static_cast<int32_t>(a), m[oc], s[oc]) + out_q.zero_point;
    out[i] = static_cast<int8_t>(std::min(std::max(v, lo), hi));
  }
  return out;
}

std::vector<int16_t> transpose_conv_16x8(const TransposeGeom& g, const std::vector<int16_t>& in,
                                         float in_scale, const std::vector<int8_t>& filter,
                                         const std::vector<float>& f_scales,
                                         const std::vector<int64_t>* bias, float out_scale,
                                         int activation) {
  int ph = 0, pw = 0;
  const auto acc = transpose_scatter(
      g, filter,
      [&](int b, int y, int x, int c) { return int64_t{in[idx4(g.in_h, g.in_w, g.in_c, b, y, x, c)]}; },
      &ph, &pw);
  std::vector<int32_t> m;
  std::vector<int> s;
  mults(in_scale, f_scales, out_scale, g.out_c, &m, &s);
  int32_t lo, hi;
  activation_range(activation, out_scale, 0, -32768, 32767, &lo, &hi);
  std::vector<int16_t> out(acc.size());
  for (size_t i = 0; i < acc.size(); ++i) {
    const int oc = static_cast<int>(i % g.out_c);
    out[i] = finish(acc[i], bias ? &(*bias)[oc] : nullptr, m[oc], s[oc], lo, hi, false);
  }
  return out;
}

namespace {

// TFLite gen_lut<float, int16_t, int16_t>(f, lo, hi, -1, 1): 512 segments plus the end value,
// each entry nudged so that the interpolated midpoint error is halved.
std::vector<int16_t> table(float (*f)(float), float lo, float hi) {
  std::vector<int16_t> t(513);
  const float step = (hi - lo) / 512;
  const float half = step / 2;
  const float scale = 32768.0f;
  for (int i = 0; i < 512; ++i) {
    const float a = f(lo + static_cast<float>(i) * step);
    const float mid = f(lo + static_cast<float>(i) * step + half);
    const float next = f(lo + static_cast<float>(i + 1) * step);
    const float sample = std::round(a * scale);
    const float interp = std::round((next * scale + std::round(a * scale)) / 2);
    const float bias = std::round((interp - std::round(mid * scale)) / 2);
    t[i] = static_cast<int16_t>(std::min(std::max(sample - bias, -32768.0f), 32767.0f));
  }
  t[512] = static_cast<int16_t>(std::min(std::max(std::round(f(hi) * scale), -32768.0f), 32767.0f));
  return t;
}

int16_t lookup(int16_t v, const std::vector<int16_t>& t) {
  const int i = 256 + (v >> 7);
  const int off = v & 0x7f;
  const int16_t slope = static_cast<int16_t>(t[i + 1] - t[i]);
  return static_cast<int16_t>(t[i] + ((slope * off + 64) >> 7));
}

float fexp(float v) { return std::exp(v); }
float frecip(float v) { return 1.0f / (1.0f + v); }

}  // namespace

std::vector<int16_t> softmax_int16(const std::vector<int16_t>& in, int depth, float in_scale,
                                   float beta) {
  const auto exp_t = table(fexp, -10.0f, 0.0f);
  const auto rec_t = table(frecip, 0.0f, 1.0f);
  int32_t m = 0;
  int s = 0;
  quantize_multiplier(static_cast<double>(in_scale) * beta / (10.0 / 65535.0), &m, &s);
  std::vector<int16_t> out(in.size());
  for (size_t r = 0; r < in.size() / depth; ++r) {
    const int16_t* x = &in[r * depth];
    int16_t mx = -32768;
    for (int c = 0; c < depth; ++c) mx = std::max(mx, x[c]);
    std::vector<int16_t> e(depth);
    int32_t sum = 0;
    for (int c = 0; c < depth; ++c) {
      const int32_t d = multiply(x[c] - mx, m, s) + 32767;
      e[c] = lookup(static_cast<int16_t>(std::min(std::max(d, -32768), 32767)), exp_t);
      sum += e[c];
    }
    int lz = 0;
    while (lz < 32 && (static_cast<uint32_t>(sum) & (0x80000000u >> lz)) == 0) ++lz;
    const int32_t shifted = static_cast<int32_t>(((static_cast<int64_t>(sum) << (lz - 1)) + (1 << 13)) >> 14);
    const int32_t xr = std::min(std::max(shifted - 98304, -32768), 32767);
    const int16_t rec = lookup(static_cast<int16_t>(xr), rec_t);
    const int rs = 31 - lz;
    for (int c = 0; c < depth; ++c) {
      const int32_t v = static_cast<int32_t>((static_cast<int64_t>(e[c]) * rec + (int64_t{1} << (rs - 1))) >> rs);
      out[r * depth + c] = static_cast<int16_t>(std::min(std::max(v, 0), 32767));
    }
  }
  return out;
}

}  // namespace ref
