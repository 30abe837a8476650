// TRANSPOSE_CONV int8 and int16x8: layout and contract in kernels/params/transpose_conv.h.
//
// Scatter order: per input pixel and filter tap inside the output, every output channel adds
// one dot product over the input channels (the filter's innermost dimension) to its scratch
// accumulator; sums are exact (int8: wrapping int32 like the reference's int32 scratch;
// int16x8: int64). Then one requantisation pass over the scratch.
#include "kernels/params/transpose_conv.h"

#include "core/check.h"
#include "core/checked_math.h"
#include "kernels/conv_checks.h"
#include "kernels/int16x8_common.h"
#include "kernels/int8_gemm.h"
#include "kernels/op_checks.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

constexpr const char* kOp = ops::transpose_conv::kName;
constexpr uint32_t kMaxChannels = 1u << 24;

const TransposeConvParams& header(const KernelArgs& args) {
  return *reinterpret_cast<const TransposeConvParams*>(args.params);
}

Status validate(const KernelArgs& args) {
  using format::DataType;
  LPAI_RETURN_IF_ERROR(checks::require_params_header(args, kOp, sizeof(TransposeConvParams)));
  const TransposeConvParams& p = header(args);
  const uint32_t dims[] = {p.batches, p.in_h, p.in_w, p.out_h, p.out_w,
                           p.k_h, p.k_w, p.stride_h, p.stride_w};
  for (uint32_t d : dims) {
    if (d == 0 || d > kTcMaxDim) {
      LPAI_FAIL(Status::kBinaryBadParams, "%s: a shape or stride is 0 or too large", kOp);
    }
  }
  if (p.in_c == 0 || p.in_c > kTcMaxInChannels || p.out_c == 0 || p.out_c > kMaxChannels ||
      p.pad_h >= kTcMaxDim || p.pad_w >= kTcMaxDim) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: channels or padding out of range", kOp);
  }
  if ((p.flags & ~kTcKnownFlags) != 0 || p.reserved != 0) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: unknown flags or non-zero reserved field", kOp);
  }
  if (args.params_size != transpose_conv_params_size(p.out_c, p.flags)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: parameter blob size does not match out_c", kOp);
  }
  const bool wide = (p.flags & kTcFlagInt16x8) != 0;
  const int32_t lo = wide ? -32768 : -128;
  const int32_t hi = wide ? 32767 : 127;
  if (!checks::range_valid(p.output_zero_point, p.act_min, p.act_max, lo, hi) ||
      !checks::range_valid(p.input_zero_point, lo, hi, lo, hi) ||
      (wide && (p.input_zero_point != 0 || p.output_zero_point != 0))) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: zero points or activation range invalid", kOp);
  }
  const uint8_t* arrays = args.params + sizeof(TransposeConvParams);
  if (wide) {
    if (!w16::arrays_valid(arrays, p.out_c, false)) {
      LPAI_FAIL(Status::kBinaryBadParams, "%s: int16x8 multiplier, shift or bias out of range",
                kOp);
    }
  } else {
    const int32_t* mult = reinterpret_cast<const int32_t*>(arrays) + p.out_c;
    if (!checks::multipliers_valid(mult, mult + p.out_c, p.out_c, -31, 30)) {
      LPAI_FAIL(Status::kBinaryBadParams, "%s: multiplier negative or shift outside [-31, 30]",
                kOp);
    }
  }
  const uint64_t out_elems = sat_product(p.batches, p.out_h, p.out_w, p.out_c);
  if (out_elems > 0xFFFFFFFFu ||  // no tensor has more; keeps the byte count below exact
      static_cast<uint64_t>(args.temp_size) < transpose_conv_temp_size(out_elems, p.in_c, p.flags)) {
    LPAI_FAIL(Status::kBinaryBadPlan, "%s: kernel scratch smaller than the accumulators", kOp);
  }

  const DataType act = wide ? DataType::kInt16 : DataType::kInt8;
  const checks::ConvTensorSpec spec = {act,
                                       DataType::kInt32,
                                       wide ? DataType::kInt64 : DataType::kInt32,
                                       {p.batches, p.in_h, p.in_w, p.in_c},
                                       {p.out_c, p.k_h, p.k_w, p.in_c},
                                       {p.batches, p.out_h, p.out_w, p.out_c},
                                       p.out_c,
                                       (p.flags & kTcFlagPerChannel) != 0,
                                       (p.flags & kTcFlagHasBias) != 0,
                                       "[out_c, k_h, k_w, in_c]"};
  return checks::conv_tensors(args, kOp, 2, 3, spec);
}

// Scatter of every input pixel into the accumulators acc[b][oy][ox][oc] (zeroed here).
// X is the input element type; Acc the accumulator (uint32_t wraps like the reference's int32
// scratch, int64_t exact). int8 inputs are first shifted by the zero point into xs (in_c
// int16 entries of scratch).
template <typename X, typename Acc>
void scatter(const TransposeConvParams& p, const X* in, const int8_t* w, Acc* acc, int16_t* xs) {
  const uint32_t c_in = p.in_c, n = p.out_c;
  const size_t out_elems = static_cast<size_t>(p.batches) * p.out_h * p.out_w * n;
  __builtin_memset(acc, 0, out_elems * sizeof(Acc));
  const size_t tap_stride = static_cast<size_t>(p.k_h) * p.k_w * c_in;  // per output channel
  for (uint32_t b = 0; b < p.batches; ++b) {
    for (uint32_t iy = 0; iy < p.in_h; ++iy) {
      const int32_t oy0 = static_cast<int32_t>(iy * p.stride_h) - static_cast<int32_t>(p.pad_h);
      for (uint32_t ix = 0; ix < p.in_w; ++ix) {
        const int32_t ox0 = static_cast<int32_t>(ix * p.stride_w) - static_cast<int32_t>(p.pad_w);
        const X* src = in + ((static_cast<size_t>(b) * p.in_h + iy) * p.in_w + ix) * c_in;
        const int16_t* x;
        if (sizeof(X) == 1) {
          for (uint32_t c = 0; c < c_in; ++c) {
            xs[c] = static_cast<int16_t>(static_cast<int32_t>(src[c]) - p.input_zero_point);
          }
          x = xs;
        } else {
          x = reinterpret_cast<const int16_t*>(src);
        }
        for (uint32_t ky = 0; ky < p.k_h; ++ky) {
          const int32_t oy = oy0 + static_cast<int32_t>(ky);
          if (oy < 0 || oy >= static_cast<int32_t>(p.out_h)) continue;
          for (uint32_t kx = 0; kx < p.k_w; ++kx) {
            const int32_t ox = ox0 + static_cast<int32_t>(kx);
            if (ox < 0 || ox >= static_cast<int32_t>(p.out_w)) continue;
            Acc* dst = acc + ((static_cast<size_t>(b) * p.out_h + static_cast<uint32_t>(oy)) * p.out_w +
                              static_cast<uint32_t>(ox)) * n;
            const int8_t* wt = w + (static_cast<size_t>(ky) * p.k_w + kx) * c_in;
            for (uint32_t oc = 0; oc < n; ++oc) {
              const int64_t d = w16::dot_long(x, wt + oc * tap_stride, c_in);
              dst[oc] += static_cast<Acc>(d);
            }
          }
        }
      }
    }
  }
}

void eval(const KernelArgs& args) {
  const TransposeConvParams& p = header(args);
  const int8_t* w = reinterpret_cast<const int8_t*>(args.inputs[1].data);
  const size_t n = p.out_c;
  const size_t pixels = static_cast<size_t>(p.batches) * p.out_h * p.out_w;
  if ((p.flags & kTcFlagInt16x8) != 0) {
    int64_t* acc = reinterpret_cast<int64_t*>(args.temp);
    scatter(p, reinterpret_cast<const int16_t*>(args.inputs[2].data), w, acc, nullptr);
    const w16::Requant q =
        w16::requant_at(args.params + sizeof(TransposeConvParams), p.out_c, p.act_min, p.act_max, false);
    int16_t* out = reinterpret_cast<int16_t*>(args.outputs[0].data);
    for (size_t i = 0; i < pixels; ++i) {
      for (uint32_t oc = 0; oc < n; ++oc) out[i * n + oc] = w16::requantize(acc[i * n + oc], oc, q);
    }
    return;
  }
  uint32_t* acc = reinterpret_cast<uint32_t*>(args.temp);
  int16_t* xs = reinterpret_cast<int16_t*>(args.temp + pixels * n * 4);
  scatter(p, reinterpret_cast<const int8_t*>(args.inputs[2].data), w, acc, xs);
  const gemm::Requant q = gemm::requant_after_header<TransposeConvParams>(args.params, p.out_c);
  int8_t* out = reinterpret_cast<int8_t*>(args.outputs[0].data);
  for (size_t i = 0; i < pixels; ++i) {
    for (uint32_t oc = 0; oc < n; ++oc) {
      out[i * n + oc] = gemm::requantize(static_cast<int32_t>(acc[i * n + oc]), oc, q);
    }
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(transpose_conv, validate, eval);

}  // namespace kernels
}  // namespace lpai
