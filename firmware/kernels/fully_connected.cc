// FULLY_CONNECTED int8 and int16x8: layout and contract in kernels/params/fully_connected.h.
// int16x8: per output, a 64-bit sum of 32-bit lane dot products, requantised as
// kernels/int16x8_common.h.
#include "kernels/params/fully_connected.h"

#include "core/check.h"
#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX
#include "kernels/hvx/hvx_gemm.h"
#include "kernels/hvx/hvx_gemv.h"
#endif
#include "kernels/hvx/hvx_layout.h"

#include "kernels/conv_checks.h"
#include "kernels/int16x8_common.h"
#include "kernels/int8_gemm.h"
#include "kernels/op_checks.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

constexpr const char* kOp = ops::fully_connected::kName;
constexpr uint32_t kMaxOutputDepth = 1u << 24;

const FullyConnectedParams& header(const KernelArgs& args) {
  return *reinterpret_cast<const FullyConnectedParams*>(args.params);
}

Status validate(const KernelArgs& args) {
  using format::DataType;
  LPAI_RETURN_IF_ERROR(checks::require_params_header(args, kOp, sizeof(FullyConnectedParams)));
  const FullyConnectedParams& p = header(args);
  if (p.output_depth == 0 || p.output_depth > kMaxOutputDepth || p.batches == 0 ||
      p.accum_depth == 0 || p.accum_depth > gemm::kMaxAccumDepth) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: batches/accum_depth/output_depth out of range", kOp);
  }
  if ((p.flags & ~kFcKnownFlags) != 0 || p.reserved != 0) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: unknown flags or non-zero reserved field", kOp);
  }
  const bool hvx = (p.flags & kFcFlagHvxLayout) != 0;
  // The packed GEMV: few rows, any size, int8 (checked below with the other int8 flags).
  const bool packed_gemv = (p.flags & kFcFlagHvxPacked) != 0;
  const bool packed = p.batches >= hvx_layout::kMinGemmRows || packed_gemv;
  if (packed_gemv && (!hvx || p.batches >= hvx_layout::kMinGemmRows ||
                      (p.flags & kFcFlagInt16x8) != 0)) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "%s: packed GEMV flag without an HVX layout, on many rows or on int16x8", kOp);
  }
  if (hvx && (((p.flags & kFcFlagLarge) == 0 && !packed_gemv) ||
              !hvx_layout::gemm_shape_ok(p.output_depth, p.accum_depth))) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: HVX layout on a product the HVX path does not take",
              kOp);
  }
  const uint64_t layout_bytes =
      hvx ? hvx_layout::gemm_layout_bytes(p.output_depth, p.accum_depth, packed) : 0u;
  if (args.params_size != fully_connected_params_size(p.output_depth, p.flags) + layout_bytes) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: parameter blob size does not match output_depth", kOp);
  }
  const uint64_t hvx_temp = packed_gemv ? hvx_layout::gemv_packed_temp_bytes(p.batches, p.accum_depth)
                                        : hvx_layout::fc_temp_bytes(p.batches, p.output_depth, p.accum_depth);
  if (hvx && args.temp_size < hvx_temp) {
    LPAI_FAIL(Status::kBinaryBadPlan, "%s: kernel scratch smaller than the HVX paths need", kOp);
  }
  const bool wide = (p.flags & kFcFlagInt16x8) != 0;
  const bool acc32 = (p.flags & kFcFlagAcc32) != 0;
  if (acc32 && !wide) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: 32-bit accumulation flag on int8", kOp);
  }
  const bool large = (p.flags & kFcFlagLarge) != 0;
  if (large != (!wide && fully_connected_is_large(p.batches, p.accum_depth, p.output_depth))) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: large-product flag differs from the dimensions", kOp);
  }
  const int32_t lo = wide ? -32768 : -128, hi = wide ? 32767 : 127;
  if (!checks::range_valid(p.output_zero_point, p.act_min, p.act_max, lo, hi) ||
      (wide && p.output_zero_point != 0)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: output zero point or activation range invalid", kOp);
  }
  const uint8_t* arrays_bytes = args.params + sizeof(FullyConnectedParams);
  const int32_t* arrays = reinterpret_cast<const int32_t*>(arrays_bytes);
  if (wide) {
    if (!w16::arrays_valid(arrays_bytes, p.output_depth, acc32)) {
      LPAI_FAIL(Status::kBinaryBadParams, "%s: int16x8 multiplier, shift or bias out of range",
                kOp);
    }
  } else if (!checks::multipliers_valid(arrays + p.output_depth, arrays + 2 * p.output_depth,
                                        p.output_depth, -31, 30)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: multiplier negative or shift outside [-31, 30]", kOp);
  } else if ((p.flags & kFcFlagPerChannel) == 0 &&
             (!checks::all_equal(arrays + p.output_depth, p.output_depth) ||
              !checks::all_equal(arrays + 2 * p.output_depth, p.output_depth))) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: per-tensor weights with differing multipliers or shifts",
              kOp);
  }
  const DataType act = wide ? DataType::kInt16 : DataType::kInt8;
  if (args.num_outputs != 1 || (args.num_inputs != 2 && args.num_inputs != 3)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: expects 2 or 3 inputs and 1 output", kOp);
  }
  const format::TensorRecord* in = args.inputs[0].desc;
  const format::TensorRecord* w = args.inputs[1].desc;
  const format::TensorRecord* bias = args.num_inputs == 3 ? args.inputs[2].desc : nullptr;
  const format::TensorRecord* out = args.outputs[0].desc;
  if (in == nullptr || w == nullptr || out == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: input, weights or output absent", kOp);
  }
  const DataType bias_type = wide && !acc32 ? DataType::kInt64 : DataType::kInt32;
  LPAI_RETURN_IF_ERROR(
      checks::require_gemm_types(in, w, bias, out, kOp, "weights", act, bias_type, bias_type));
  if (!checks::has_type(in, act) ||
      checks::dims_product(in) != static_cast<uint64_t>(p.batches) * p.accum_depth) {
    LPAI_FAIL(Status::kBinaryBadTensor,
              "%s: input type or element count (batches * accum_depth) wrong", kOp);
  }
  const uint32_t w_dims[2] = {p.output_depth, p.accum_depth};
  if (!checks::has_shape(w, DataType::kInt8, 2, w_dims) || !checks::is_const(w)) {
    LPAI_FAIL(Status::kBinaryBadTensor,
              "%s: weights are not constant int8 [output_depth, accum_depth]", kOp);
  }
  if ((p.flags & kFcFlagPerChannel) != 0 && w->quant_count != p.output_depth) {
    LPAI_FAIL(Status::kBinaryBadTensor, "%s: per-channel weights without output_depth scales", kOp);
  }
  const bool has_bias = bias != nullptr;
  if (has_bias != ((p.flags & kFcFlagHasBias) != 0)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: bias presence differs from the parameter flags", kOp);
  }
  const uint32_t b_dims[1] = {p.output_depth};
  if (has_bias && (!checks::has_shape(bias, bias_type, 1, b_dims) || !checks::is_const(bias))) {
    LPAI_FAIL(Status::kBinaryBadTensor, "%s: bias is not constant [output_depth] of the bias type",
              kOp);
  }
  if (!checks::has_type(out, act) || out->rank == 0 ||
      out->dims[out->rank - 1] != p.output_depth ||
      checks::dims_product(out) != static_cast<uint64_t>(p.batches) * p.output_depth) {
    LPAI_FAIL(Status::kBinaryBadTensor,
              "%s: output type wrong or not [..., output_depth] with batches rows", kOp);
  }
  if (hvx && !hvx_layout::gemm_layout_matches(
                 args.params + fully_connected_params_size(p.output_depth, p.flags),
                 reinterpret_cast<const int8_t*>(args.inputs[1].data), p.output_depth,
                 p.accum_depth,
                 gemm::requant_after_header<FullyConnectedParams>(args.params, p.output_depth),
                 packed)) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "%s: HVX layout differs from the weights and requantisation", kOp);
  }
  return Status::kOk;
}

void eval_s16(const KernelArgs& args) {
  const FullyConnectedParams& p = header(args);
  const w16::Requant q = w16::requant_at(args.params + sizeof(FullyConnectedParams), p.output_depth,
                                         p.act_min, p.act_max, (p.flags & kFcFlagAcc32) != 0);
  const int16_t* in = reinterpret_cast<const int16_t*>(args.inputs[0].data);
  const int8_t* w = reinterpret_cast<const int8_t*>(args.inputs[1].data);
  int16_t* out = reinterpret_cast<int16_t*>(args.outputs[0].data);
  const uint32_t k = p.accum_depth, n = p.output_depth;
  for (uint32_t b = 0; b < p.batches; ++b) {
    const int16_t* x = in + static_cast<size_t>(b) * k;
    int16_t* dst = out + static_cast<size_t>(b) * n;
    for (uint32_t o = 0; o < n; ++o) {
      dst[o] = w16::requantize(w16::dot_long(x, w + static_cast<size_t>(o) * k, k), o, q);
    }
  }
}

// The portable int8 kernel (inlined: eval stays a leaf for the small FCs).
__attribute__((always_inline)) inline void eval_s8(const KernelArgs& args) {
  const FullyConnectedParams& p = header(args);
  const gemm::Requant q = gemm::requant_after_header<FullyConnectedParams>(args.params, p.output_depth);
  gemm::gemv_rows(reinterpret_cast<const int8_t*>(args.inputs[0].data), p.accum_depth, p.batches,
                  reinterpret_cast<const int8_t*>(args.inputs[1].data), p.output_depth,
                  p.accum_depth, q, reinterpret_cast<int8_t*>(args.outputs[0].data),
                  p.output_depth, (p.flags & kFcFlagPerChannel) == 0);
}

#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX
static_assert(kFcLargeRows == hvx::kMinGemmRows && kFcLargeMacs == hvx::kMinGemvMacs,
              "kFcFlagLarge marks exactly the FCs the HVX paths take");
// Flags that leave the portable int8 kernel.
constexpr uint32_t kFcOtherPathFlags = kFcFlagInt16x8 | kFcFlagHvxLayout;

// The HVX paths (hexagon builds, bit-exact) of a node with its HVX layout. Many rows: the GEMM
// over the packed weights; few rows: the packed GEMV (kFcFlagHvxPacked) or dot products along
// the depth (gemv_s8).
void eval_hvx(const KernelArgs& args) {
  const FullyConnectedParams& p = header(args);
  const hvx::GemmLayout l{args.params + fully_connected_params_size(p.output_depth, p.flags),
                          p.output_depth, p.accum_depth, p.output_zero_point, p.act_min, p.act_max};
  const int8_t* x = reinterpret_cast<const int8_t*>(args.inputs[0].data);
  const int8_t* w = reinterpret_cast<const int8_t*>(args.inputs[1].data);
  int8_t* o = reinterpret_cast<int8_t*>(args.outputs[0].data);
  if ((p.flags & kFcFlagHvxPacked) != 0) {
    // Rows off the word grid need the staging row; without it (planned for aligned rows, the
    // input a caller's unaligned buffer) the portable kernel gives the same bytes.
    const bool aligned = (reinterpret_cast<uintptr_t>(x) & 3u) == 0 &&
                         hvx_layout::gemv_rows_aligned(p.batches, p.accum_depth);
    if (!aligned && args.temp_size < hvx_layout::gemv_packed_stage_bytes(p.accum_depth)) {
      eval_s8(args);
      return;
    }
    hvx::fc_gemv_packed_s8(x, p.batches, l.bytes, p.output_depth, p.accum_depth,
                           p.output_zero_point, p.act_min, p.act_max, args.temp, o);
  } else if (p.batches >= hvx::kMinGemmRows) {
    hvx::gemm_s8_strided(x, p.accum_depth, p.batches, l, args.temp, o);
  } else {
    hvx::gemv_s8(x, p.batches, w, l, args.temp, o);
  }
}
#else
constexpr uint32_t kFcOtherPathFlags = kFcFlagInt16x8;
#endif

// The int16x8 kernel, or on HVX builds the vector paths. Out of line so that eval stays a leaf
// whose only cost for the small int8 FCs is one flag test.
__attribute__((noinline)) void eval_other(const KernelArgs& args) {
  if ((header(args).flags & kFcFlagInt16x8) != 0) {
    eval_s16(args);
    return;
  }
#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX
  eval_hvx(args);
#endif
}

void eval(const KernelArgs& args) {
  const FullyConnectedParams& p = header(args);
  if ((p.flags & kFcOtherPathFlags) != 0) {
    eval_other(args);
    return;
  }
  eval_s8(args);
}

}  // namespace

LPAI_DEFINE_KERNEL(fully_connected, validate, eval);

}  // namespace kernels
}  // namespace lpai
