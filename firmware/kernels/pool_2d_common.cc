// Shared AVERAGE_POOL_2D / MAX_POOL_2D implementation: contract in kernels/pool_2d_common.h.
#include "kernels/pool_2d_common.h"

#include "core/check.h"
#include "core/checked_math.h"
#include "kernels/cortex_m/dsp_pool.h"
#include "kernels/fixed_point.h"
#include "kernels/op_checks.h"

namespace lpai {
namespace kernels {
namespace pool {
namespace {

constexpr uint32_t kChunk = 64;

template <typename T>
void run(const Pool2dParams& p, const T* in, T* out, Kind kind) {
  const uint32_t c = p.channels;
  const int32_t lowest = sizeof(T) == 1 ? -128 : -32768;
  for (uint32_t b = 0; b < p.batches; ++b) {
    const T* in_b = in + static_cast<size_t>(b) * p.in_h * p.in_w * c;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      const int32_t y0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
      uint32_t ky0, ky1;
      tap_range(y0, p.k_h, p.in_h, &ky0, &ky1);
      for (uint32_t ox = 0; ox < p.out_w; ++ox) {
        const int32_t x0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
        uint32_t kx0, kx1;
        tap_range(x0, p.k_w, p.in_w, &kx0, &kx1);
        const int32_t count = static_cast<int32_t>((ky1 - ky0) * (kx1 - kx0));
        T* dst = out + ((static_cast<size_t>(b) * p.out_h + oy) * p.out_w + ox) * c;
        for (uint32_t c0 = 0; c0 < c; c0 += kChunk) {
          const uint32_t n = c - c0 < kChunk ? c - c0 : kChunk;
          int32_t acc[kChunk];
          for (uint32_t j = 0; j < n; ++j) acc[j] = kind == Kind::kMax ? lowest : 0;
          for (uint32_t ky = ky0; ky < ky1; ++ky) {
            const uint32_t iy = static_cast<uint32_t>(y0 + static_cast<int32_t>(ky));
            for (uint32_t kx = kx0; kx < kx1; ++kx) {
              const uint32_t ix = static_cast<uint32_t>(x0 + static_cast<int32_t>(kx));
              const T* src = in_b + (static_cast<size_t>(iy) * p.in_w + ix) * c + c0;
              if (kind == Kind::kMax) {
                for (uint32_t j = 0; j < n; ++j) acc[j] = src[j] > acc[j] ? src[j] : acc[j];
              } else {
                for (uint32_t j = 0; j < n; ++j) acc[j] += src[j];
              }
            }
          }
          for (uint32_t j = 0; j < n; ++j) {
            int32_t v = acc[j];
            if (kind == Kind::kAverage) {
              v = v > 0 ? (v + count / 2) / count : (v - count / 2) / count;
            }
            dst[c0 + j] = static_cast<T>(clamp_i32(v, p.act_min, p.act_max));
          }
        }
      }
    }
  }
}

}  // namespace

Status validate(const KernelArgs& args, const char* op) {
  using format::DataType;
  if (args.params == nullptr || args.params_size != sizeof(Pool2dParams)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: parameter blob size is not sizeof(Pool2dParams)", op);
  }
  const Pool2dParams& p = *reinterpret_cast<const Pool2dParams*>(args.params);
  const uint32_t dims[] = {p.batches, p.in_h, p.in_w, p.channels, p.out_h, p.out_w,
                           p.k_h, p.k_w, p.stride_h, p.stride_w};
  for (uint32_t d : dims) {
    if (d == 0 || d > kPoolMaxDim) {
      LPAI_FAIL(Status::kBinaryBadParams, "%s: a shape or stride is 0 or too large", op);
    }
  }
  if (static_cast<uint64_t>(p.k_h) * p.k_w > kPoolMaxTaps) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: window has too many taps", op);
  }
  if (p.pad_h >= p.k_h || p.pad_w >= p.k_w ||
      static_cast<uint64_t>(p.out_h - 1) * p.stride_h >= sat_sum(p.in_h, p.pad_h) ||
      static_cast<uint64_t>(p.out_w - 1) * p.stride_w >= sat_sum(p.in_w, p.pad_w)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: padding or output size inconsistent with the input",
              op);
  }
  const bool wide = p.data_type == static_cast<uint32_t>(DataType::kInt16);
  if ((!wide && p.data_type != static_cast<uint32_t>(DataType::kInt8)) || p.reserved != 0) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: data type neither int8 nor int16, or reserved set",
              op);
  }
  const int32_t lo = wide ? -32768 : -128, hi = wide ? 32767 : 127;
  if (!checks::range_valid(lo, p.act_min, p.act_max, lo, hi)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: activation range invalid", op);
  }
  if (args.num_inputs != 1 || args.num_outputs != 1) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: expects 1 input and 1 output", op);
  }
  const format::TensorRecord* in = args.inputs[0].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  if (in == nullptr || out == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: input or output absent", op);
  }
  const DataType type = wide ? DataType::kInt16 : DataType::kInt8;
  const uint32_t in_dims[4] = {p.batches, p.in_h, p.in_w, p.channels};
  const uint32_t out_dims[4] = {p.batches, p.out_h, p.out_w, p.channels};
  LPAI_RETURN_IF_ERROR(checks::require_type(in, op, "input", type, type));
  LPAI_RETURN_IF_ERROR(checks::require_type(out, op, "output", type, type));
  if (!checks::has_shape(in, type, 4, in_dims)) {
    LPAI_FAIL(Status::kBinaryBadTensor, "%s: input type or shape differs from the parameters", op);
  }
  if (!checks::has_shape(out, type, 4, out_dims)) {
    LPAI_FAIL(Status::kBinaryBadTensor, "%s: output type or shape differs from the parameters", op);
  }
  return Status::kOk;
}

void eval(const KernelArgs& args, Kind kind) {
  const Pool2dParams& p = *reinterpret_cast<const Pool2dParams*>(args.params);
  if (p.data_type == static_cast<uint32_t>(format::DataType::kInt16)) {
    run(p, reinterpret_cast<const int16_t*>(args.inputs[0].data),
        reinterpret_cast<int16_t*>(args.outputs[0].data), kind);
  } else {
#if defined(LPAI_HAS_CORTEX_M_DSP)
    if (dsp::pool_s8_applies(p, kind == Kind::kAverage)) {  // Cortex-M DSP extension, bit-exact
      const int8_t* in = reinterpret_cast<const int8_t*>(args.inputs[0].data);
      int8_t* out = reinterpret_cast<int8_t*>(args.outputs[0].data);
      if (kind == Kind::kAverage) {
        dsp::pool_s8<true>(p, in, out);
      } else {
        dsp::pool_s8<false>(p, in, out);
      }
      return;
    }
#endif
    run(p, reinterpret_cast<const int8_t*>(args.inputs[0].data),
        reinterpret_cast<int8_t*>(args.outputs[0].data), kind);
  }
}

}  // namespace pool
}  // namespace kernels
}  // namespace lpai
