// HVX MAX_POOL_2D int8. See hvx_pool.h.
#include "kernels/hvx/hvx_pool.h"

#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX

#include <hexagon_protos.h>
#include <hexagon_types.h>

namespace lpai {
namespace kernels {
namespace hvx {
namespace {

constexpr uint32_t kVec = 128;

// Valid tap range [first, last) of a window starting at `origin` (as pool_2d_common.cc).
inline void valid_taps(int32_t origin, uint32_t k, uint32_t size, uint32_t* first, uint32_t* last) {
  const int32_t f = origin < 0 ? -origin : 0;
  int64_t l = static_cast<int64_t>(size) - origin;
  if (l > static_cast<int64_t>(k)) l = k;
  *first = static_cast<uint32_t>(f);
  *last = l > f ? static_cast<uint32_t>(l) : static_cast<uint32_t>(f);
}

// 128 channels from `src`, or the `n` < 128 that remain (read byte by byte: never past them).
inline HVX_Vector load_channels(const int8_t* src, uint32_t n) {
  if (n == kVec) return *reinterpret_cast<const HVX_UVector*>(src);
  alignas(128) int8_t tmp[kVec];
  for (uint32_t j = 0; j < n; ++j) tmp[j] = src[j];
  return *reinterpret_cast<const HVX_Vector*>(tmp);
}

}  // namespace

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
      valid_taps(y0, p.k_h, p.in_h, &ky0, &ky1);
      for (uint32_t ox = 0; ox < p.out_w; ++ox) {
        const int32_t x0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
        uint32_t kx0, kx1;
        valid_taps(x0, p.k_w, p.in_w, &kx0, &kx1);
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
            alignas(128) int8_t tmp[kVec];
            *reinterpret_cast<HVX_Vector*>(tmp) = acc;
            for (uint32_t j = 0; j < n; ++j) dst[c0 + j] = tmp[j];
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
