#include "kernels/reference/reference_ops.h"

#include <algorithm>
#include <cmath>

namespace ref {

void quantize_multiplier(double real, int32_t* multiplier, int* shift) {
  if (real == 0.0) {
    *multiplier = 0;
    *shift = 0;
    return;
  }
  int exp = 0;
  const double frac = std::frexp(real, &exp);  // real = frac * 2^exp, frac in [0.5, 1)
  long long q = std::llround(frac * 2147483648.0);
  if (q == 2147483648LL) {
    q /= 2;
    ++exp;
  }
  if (exp < -31) {
    exp = 0;
    q = 0;
  }
  *multiplier = static_cast<int32_t>(q);
  *shift = exp;
}

namespace {

// High half of the doubled product, rounded half away from zero; saturating.
int32_t doubling_high_mul(int32_t a, int32_t b) {
  if (a == INT32_MIN && b == INT32_MIN) return INT32_MAX;
  const long long p = static_cast<long long>(a) * b;
  const long long half = 1LL << 30;
  const long long r = p >= 0 ? (p + half) / (1LL << 31) : (p + 1 - half) / (1LL << 31);
  return static_cast<int32_t>(r);
}

// x / 2^e rounded to nearest, ties away from zero.
int32_t divide_pot(int32_t x, int e) {
  const long long d = 1LL << e;
  const long long v = x;
  const long long r = v >= 0 ? (v + d / 2) / d : -((-v + d / 2) / d);
  return static_cast<int32_t>(r);
}

}  // namespace

int32_t multiply(int32_t x, int32_t multiplier, int shift) {
  const int left = shift > 0 ? shift : 0;
  const int right = shift > 0 ? 0 : -shift;
  const int32_t shifted = static_cast<int32_t>(static_cast<uint32_t>(x) * (1u << left));
  return divide_pot(doubling_high_mul(shifted, multiplier), right);
}

int32_t multiply64(int64_t x, int32_t multiplier, int shift) {
  int32_t reduced = multiplier < 0x7FFF0000 ? (multiplier + (1 << 15)) >> 16 : 0x7FFF;
  const int total = 15 - shift;
  const int64_t v = x * reduced + (int64_t{1} << (total - 1));
  return static_cast<int32_t>(v >> total);
}

void activation_range(int activation, float out_scale, int32_t out_zp, int32_t qmin,
                      int32_t qmax, int32_t* lo, int32_t* hi) {
  auto q = [&](float f) { return out_zp + static_cast<int32_t>(std::round(f / out_scale)); };
  *lo = qmin;
  *hi = qmax;
  if (activation == 1) {
    *lo = std::max(qmin, q(0.0f));
  } else if (activation == 2) {
    *lo = std::max(qmin, q(-1.0f));
    *hi = std::min(qmax, q(1.0f));
  } else if (activation == 3) {
    *lo = std::max(qmin, q(0.0f));
    *hi = std::min(qmax, q(6.0f));
  }
}

std::vector<int8_t> fully_connected(const std::vector<int8_t>& in, Quant in_q, int batches,
                                    int k, const std::vector<int8_t>& weights,
                                    const std::vector<float>& w_scales,
                                    const std::vector<int32_t>* bias, int n, Quant out_q,
                                    int activation) {
  std::vector<int32_t> mult(n), shift(n);
  for (int o = 0; o < n; ++o) {
    int sh = 0;
    if (w_scales.size() == 1) {
      // Per-tensor: TFLite multiplies the two float scales in float first.
      const float prod = in_q.scale * w_scales[0];
      quantize_multiplier(static_cast<double>(prod) / out_q.scale, &mult[o], &sh);
    } else {
      quantize_multiplier(static_cast<double>(in_q.scale) * w_scales[o] / out_q.scale, &mult[o], &sh);
    }
    shift[o] = sh;
  }
  int32_t lo, hi;
  activation_range(activation, out_q.scale, out_q.zero_point, -128, 127, &lo, &hi);
  std::vector<int8_t> out(static_cast<size_t>(batches) * n);
  for (int b = 0; b < batches; ++b) {
    for (int o = 0; o < n; ++o) {
      int32_t acc = 0;
      for (int i = 0; i < k; ++i) {
        acc += weights[o * k + i] * (in[b * k + i] - in_q.zero_point);
      }
      if (bias) acc += (*bias)[o];
      int32_t v = multiply(acc, mult[o], shift[o]) + out_q.zero_point;
      v = std::min(std::max(v, lo), hi);
      out[b * n + o] = static_cast<int8_t>(v);
    }
  }
  return out;
}

bool same_or_valid(int padding, int in, int k, int stride, int dilation, int* out, int* pad) {
  const int eff = (k - 1) * dilation + 1;
  int o = padding == 0 ? (in + stride - 1) / stride : (in - eff + stride) / stride;
  if (o <= 0) return false;
  const int total = (o - 1) * stride + eff - in;
  *out = o;
  *pad = total > 0 ? total / 2 : 0;
  return true;
}

namespace {

std::vector<int32_t> channel_mults(float in_scale, const std::vector<float>& f_scales,
                                   float out_scale, int channels, std::vector<int32_t>* shift) {
  std::vector<int32_t> m(channels);
  shift->resize(channels);
  for (int c = 0; c < channels; ++c) {
    const double fs = f_scales.size() == 1 ? f_scales[0] : f_scales[c];
    int sh = 0;
    quantize_multiplier(static_cast<double>(in_scale) * fs / static_cast<double>(out_scale), &m[c], &sh);
    (*shift)[c] = sh;
  }
  return m;
}

size_t nhwc(int h, int w, int c, int b, int y, int x, int ch) {
  return ((static_cast<size_t>(b) * h + y) * w + x) * c + ch;
}

}  // namespace

std::vector<int8_t> conv_2d(const ConvGeom& g, const std::vector<int8_t>& in, Quant in_q,
                            const std::vector<int8_t>& filter, const std::vector<float>& f_scales,
                            const std::vector<int32_t>* bias, Quant out_q, int activation) {
  std::vector<int32_t> shift;
  const std::vector<int32_t> mult = channel_mults(in_q.scale, f_scales, out_q.scale, g.out_c, &shift);
  int32_t lo, hi;
  activation_range(activation, out_q.scale, out_q.zero_point, -128, 127, &lo, &hi);
  std::vector<int8_t> out(static_cast<size_t>(g.batches) * g.out_h * g.out_w * g.out_c);
  for (int b = 0; b < g.batches; ++b)
    for (int oy = 0; oy < g.out_h; ++oy)
      for (int ox = 0; ox < g.out_w; ++ox)
        for (int oc = 0; oc < g.out_c; ++oc) {
          int32_t acc = 0;
          for (int ky = 0; ky < g.k_h; ++ky)
            for (int kx = 0; kx < g.k_w; ++kx) {
              const int iy = oy * g.stride_h - g.pad_h + ky * g.dil_h;
              const int ix = ox * g.stride_w - g.pad_w + kx * g.dil_w;
              if (iy < 0 || iy >= g.in_h || ix < 0 || ix >= g.in_w) continue;
              for (int ic = 0; ic < g.in_c; ++ic) {
                const int32_t x = in[nhwc(g.in_h, g.in_w, g.in_c, b, iy, ix, ic)];
                const int32_t f = filter[((static_cast<size_t>(oc) * g.k_h + ky) * g.k_w + kx) * g.in_c + ic];
                acc += f * (x - in_q.zero_point);
              }
            }
          if (bias) acc += (*bias)[oc];
          int32_t v = multiply(acc, mult[oc], shift[oc]) + out_q.zero_point;
          v = std::min(std::max(v, lo), hi);
          out[nhwc(g.out_h, g.out_w, g.out_c, b, oy, ox, oc)] = static_cast<int8_t>(v);
        }
  return out;
}

std::vector<int16_t> conv_2d_16x8(const ConvGeom& g, const std::vector<int16_t>& in,
                                  float in_scale, const std::vector<int8_t>& filter,
                                  const std::vector<float>& f_scales,
                                  const std::vector<int64_t>* bias, float out_scale,
                                  int activation) {
  std::vector<int32_t> shift;
  const std::vector<int32_t> mult = channel_mults(in_scale, f_scales, out_scale, g.out_c, &shift);
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
                const int64_t x = in[nhwc(g.in_h, g.in_w, g.in_c, b, iy, ix, ic)];
                const int64_t f = filter[((static_cast<size_t>(oc) * g.k_h + ky) * g.k_w + kx) * g.in_c + ic];
                acc += f * x;
              }
            }
          if (bias) acc += (*bias)[oc];
          int32_t v = multiply64(acc, mult[oc], shift[oc]);
          v = std::min(std::max(v, lo), hi);
          out[nhwc(g.out_h, g.out_w, g.out_c, b, oy, ox, oc)] = static_cast<int16_t>(v);
        }
  return out;
}

std::vector<int8_t> depthwise_conv_2d(const ConvGeom& g, int depth_multiplier,
                                      const std::vector<int8_t>& in, Quant in_q,
                                      const std::vector<int8_t>& filter,
                                      const std::vector<float>& f_scales,
                                      const std::vector<int32_t>* bias, Quant out_q,
                                      int activation) {
  std::vector<int32_t> shift;
  const std::vector<int32_t> mult = channel_mults(in_q.scale, f_scales, out_q.scale, g.out_c, &shift);
  int32_t lo, hi;
  activation_range(activation, out_q.scale, out_q.zero_point, -128, 127, &lo, &hi);
  std::vector<int8_t> out(static_cast<size_t>(g.batches) * g.out_h * g.out_w * g.out_c);
  for (int b = 0; b < g.batches; ++b)
    for (int oy = 0; oy < g.out_h; ++oy)
      for (int ox = 0; ox < g.out_w; ++ox)
        for (int ic = 0; ic < g.in_c; ++ic)
          for (int m = 0; m < depth_multiplier; ++m) {
            const int oc = ic * depth_multiplier + m;
            int32_t acc = 0;
            for (int ky = 0; ky < g.k_h; ++ky)
              for (int kx = 0; kx < g.k_w; ++kx) {
                const int iy = oy * g.stride_h - g.pad_h + ky * g.dil_h;
                const int ix = ox * g.stride_w - g.pad_w + kx * g.dil_w;
                if (iy < 0 || iy >= g.in_h || ix < 0 || ix >= g.in_w) continue;
                const int32_t x = in[nhwc(g.in_h, g.in_w, g.in_c, b, iy, ix, ic)];
                const int32_t f = filter[(static_cast<size_t>(ky) * g.k_w + kx) * g.out_c + oc];
                acc += f * (x - in_q.zero_point);
              }
            if (bias) acc += (*bias)[oc];
            int32_t v = multiply(acc, mult[oc], shift[oc]) + out_q.zero_point;
            v = std::min(std::max(v, lo), hi);
            out[nhwc(g.out_h, g.out_w, g.out_c, b, oy, ox, oc)] = static_cast<int8_t>(v);
          }
  return out;
}

std::vector<int8_t> average_pool(const ConvGeom& g, const std::vector<int8_t>& in, Quant out_q,
                                 int activation) {
  int32_t lo, hi;
  activation_range(activation, out_q.scale, out_q.zero_point, -128, 127, &lo, &hi);
  std::vector<int8_t> out(static_cast<size_t>(g.batches) * g.out_h * g.out_w * g.in_c);
  for (int b = 0; b < g.batches; ++b)
    for (int oy = 0; oy < g.out_h; ++oy)
      for (int ox = 0; ox < g.out_w; ++ox)
        for (int c = 0; c < g.in_c; ++c) {
          int32_t sum = 0;
          int count = 0;
          for (int ky = 0; ky < g.k_h; ++ky)
            for (int kx = 0; kx < g.k_w; ++kx) {
              const int iy = oy * g.stride_h - g.pad_h + ky;
              const int ix = ox * g.stride_w - g.pad_w + kx;
              if (iy < 0 || iy >= g.in_h || ix < 0 || ix >= g.in_w) continue;
              sum += in[nhwc(g.in_h, g.in_w, g.in_c, b, iy, ix, c)];
              ++count;
            }
          int32_t v = sum > 0 ? (sum + count / 2) / count : (sum - count / 2) / count;
          v = std::min(std::max(v, lo), hi);
          out[nhwc(g.out_h, g.out_w, g.in_c, b, oy, ox, c)] = static_cast<int8_t>(v);
        }
  return out;
}

std::vector<int8_t> max_pool(const ConvGeom& g, const std::vector<int8_t>& in, Quant out_q,
                             int activation) {
  int32_t lo, hi;
  activation_range(activation, out_q.scale, out_q.zero_point, -128, 127, &lo, &hi);
  std::vector<int8_t> out(static_cast<size_t>(g.batches) * g.out_h * g.out_w * g.in_c);
  for (int b = 0; b < g.batches; ++b)
    for (int oy = 0; oy < g.out_h; ++oy)
      for (int ox = 0; ox < g.out_w; ++ox)
        for (int c = 0; c < g.in_c; ++c) {
          int32_t m = -128;
          for (int ky = 0; ky < g.k_h; ++ky)
            for (int kx = 0; kx < g.k_w; ++kx) {
              const int iy = oy * g.stride_h - g.pad_h + ky;
              const int ix = ox * g.stride_w - g.pad_w + kx;
              if (iy < 0 || iy >= g.in_h || ix < 0 || ix >= g.in_w) continue;
              m = std::max<int32_t>(m, in[nhwc(g.in_h, g.in_w, g.in_c, b, iy, ix, c)]);
            }
          m = std::min(std::max(m, lo), hi);
          out[nhwc(g.out_h, g.out_w, g.in_c, b, oy, ox, c)] = static_cast<int8_t>(m);
        }
  return out;
}

}  // namespace ref
