// HVX AVERAGE_POOL_2D and MAX_POOL_2D int8. See hvx_pool.h.
#include "kernels/hvx/hvx_pool.h"

#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX

#include "kernels/hvx/hvx_common.h"
#include "kernels/pool_window.h"

namespace lpai {
namespace kernels {
namespace hvx {
namespace {

using pool::tap_range;

// 128 channels from `src`, or the `n` < 128 that remain (read byte by byte: never past them).
inline HVX_Vector load_channels(const int8_t* src, uint32_t n) {
  return n == kVec ? *reinterpret_cast<const HVX_UVector*>(src) : load_tail(src, src + n);
}

}  // namespace

bool average_pool_s8(const Pool2dParams& p, const KernelArgs& args) {
  if (p.data_type != static_cast<uint32_t>(format::DataType::kInt8) || p.channels == 0 ||
      p.k_h * p.k_w > (1u << 15)) {
    return false;
  }
  const int8_t* in = reinterpret_cast<const int8_t*>(args.inputs[0].data);
  int8_t* out = reinterpret_cast<int8_t*>(args.outputs[0].data);
  const uint32_t c = p.channels;
  const int8_t* const in_end = in + static_cast<size_t>(p.batches) * p.in_h * p.in_w * c;
  alignas(128) int32_t sums[4][kLanes];  // [s][l] = channel c0 + 4l + s
  for (uint32_t b = 0; b < p.batches; ++b) {
    const int8_t* in_b = in + static_cast<size_t>(b) * p.in_h * p.in_w * c;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      const int32_t y0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
      uint32_t ky0, ky1;
      tap_range(y0, p.k_h, p.in_h, &ky0, &ky1);
      for (uint32_t ox = 0; ox < p.out_w; ++ox) {
        const int32_t x0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
        uint32_t kx0, kx1;
        tap_range(x0, p.k_w, p.in_w, &kx0, &kx1);
        const uint32_t count = (ky1 - ky0) * (kx1 - kx0);
        // ceil(2^40 / count): (u * m) >> 40 = floor(u / count) for u < 2^24, count < 2^16.
        const uint64_t m = count == 0 ? 0 : ((uint64_t{1} << 40) + count - 1) / count;
        const uint32_t half = count / 2;
        int8_t* dst = out + ((static_cast<size_t>(b) * p.out_h + oy) * p.out_w + ox) * c;
        for (uint32_t c0 = 0; c0 < c; c0 += kVec) {
          HVX_Vector a0 = Q6_V_vzero(), a1 = Q6_V_vzero(), a2 = Q6_V_vzero(), a3 = Q6_V_vzero();
          for (uint32_t ky = ky0; ky < ky1; ++ky) {
            const int8_t* src = in_b + (static_cast<size_t>(static_cast<uint32_t>(y0 + static_cast<int32_t>(ky))) * p.in_w +
                                        static_cast<uint32_t>(x0 + static_cast<int32_t>(kx0))) * c + c0;
            for (uint32_t kx = kx0; kx < kx1; ++kx, src += c) {
              const HVX_Vector x =
                  src + kVec <= in_end ? *reinterpret_cast<const HVX_UVector*>(src) : load_tail(src, in_end);
              // Byte s of every word, sign extended: channel c0 + 4l + s in lane l.
              a0 = Q6_Vw_vadd_VwVw(a0, Q6_Vw_vasr_VwR(Q6_Vw_vasl_VwR(x, 24), 24));
              a1 = Q6_Vw_vadd_VwVw(a1, Q6_Vw_vasr_VwR(Q6_Vw_vasl_VwR(x, 16), 24));
              a2 = Q6_Vw_vadd_VwVw(a2, Q6_Vw_vasr_VwR(Q6_Vw_vasl_VwR(x, 8), 24));
              a3 = Q6_Vw_vadd_VwVw(a3, Q6_Vw_vasr_VwR(x, 24));
            }
          }
          *reinterpret_cast<HVX_Vector*>(sums[0]) = a0;
          *reinterpret_cast<HVX_Vector*>(sums[1]) = a1;
          *reinterpret_cast<HVX_Vector*>(sums[2]) = a2;
          *reinterpret_cast<HVX_Vector*>(sums[3]) = a3;
          const uint32_t n = c - c0 < kVec ? c - c0 : kVec;
          for (uint32_t j = 0; j < n; ++j) {
            const int32_t v = sums[j & 3u][j >> 2];
            const uint32_t u = static_cast<uint32_t>(v < 0 ? -v : v) + half;
            const int32_t q = static_cast<int32_t>((static_cast<uint64_t>(u) * m) >> 40);
            int32_t r = v < 0 ? -q : q;
            r = r < p.act_min ? p.act_min : r;
            r = r > p.act_max ? p.act_max : r;
            dst[c0 + j] = static_cast<int8_t>(r);
          }
        }
      }
    }
  }
  return true;
}

bool max_pool_s8(const Pool2dParams& p, const KernelArgs& args) {
  if (p.data_type != static_cast<uint32_t>(format::DataType::kInt8) || p.channels == 0) {
    return false;
  }
  const int8_t* in = reinterpret_cast<const int8_t*>(args.inputs[0].data);
  int8_t* out = reinterpret_cast<int8_t*>(args.outputs[0].data);
  const uint32_t c = p.channels;
  // Bytes splat to every lane (the activation range is within int8: validated at load).
  const HVX_Vector lowest = Q6_Vb_vsplat_R(-128);
  const HVX_Vector lo = Q6_Vb_vsplat_R(p.act_min);
  const HVX_Vector hi = Q6_Vb_vsplat_R(p.act_max);
  for (uint32_t b = 0; b < p.batches; ++b) {
    const int8_t* in_b = in + static_cast<size_t>(b) * p.in_h * p.in_w * c;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      const int32_t y0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
      uint32_t ky0, ky1;
      tap_range(y0, p.k_h, p.in_h, &ky0, &ky1);
      for (uint32_t ox = 0; ox < p.out_w; ++ox) {
        const int32_t x0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
        uint32_t kx0, kx1;
        tap_range(x0, p.k_w, p.in_w, &kx0, &kx1);
        int8_t* dst = out + ((static_cast<size_t>(b) * p.out_h + oy) * p.out_w + ox) * c;
        for (uint32_t c0 = 0; c0 < c; c0 += kVec) {
          const uint32_t n = c - c0 < kVec ? c - c0 : kVec;
          HVX_Vector acc = lowest;
          for (uint32_t ky = ky0; ky < ky1; ++ky) {
            const int8_t* src =
                in_b + (static_cast<size_t>(static_cast<uint32_t>(y0 + static_cast<int32_t>(ky))) * p.in_w +
                        static_cast<uint32_t>(x0 + static_cast<int32_t>(kx0))) * c + c0;
            for (uint32_t kx = kx0; kx < kx1; ++kx, src += c) {
              acc = Q6_Vb_vmax_VbVb(acc, load_channels(src, n));
            }
          }
          acc = Q6_Vb_vmin_VbVb(Q6_Vb_vmax_VbVb(acc, lo), hi);
          if (n == kVec) {
            *reinterpret_cast<HVX_UVector*>(dst + c0) = acc;
          } else {
            store_tail(dst + c0, acc, dst + c0 + n);
          }
        }
      }
    }
  }
  return true;
}

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_HVX
