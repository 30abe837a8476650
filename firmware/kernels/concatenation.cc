// CONCATENATION kernel: see kernels/params/concatenation.h.
#include "kernels/params/concatenation.h"

#include "core/check.h"
#include "core/log.h"
#include "kernels/elementwise_common.h"
#include "kernels/op_checks.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

// Bytes of one row of `t` from dim `axis` inwards.
uint32_t row_bytes(const format::TensorRecord* t, uint32_t axis) {
  uint32_t n = format::data_type_size(type_of(t));
  for (uint32_t i = axis; i < t->rank; ++i) n *= t->dims[i];
  return n;
}

Status validate(const KernelArgs& args) {
  if (args.params_size != sizeof(ConcatenationParams) || args.num_inputs == 0 ||
      args.num_outputs != 1 || args.outputs[0].desc == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "CONCATENATION: params %u bytes (want %u), %u inputs, %u outputs", args.params_size,
              static_cast<unsigned>(sizeof(ConcatenationParams)), args.num_inputs,
              args.num_outputs);
  }
  const ConcatenationParams& p = *reinterpret_cast<const ConcatenationParams*>(args.params);
  const format::TensorRecord* out = args.outputs[0].desc;
  LPAI_RETURN_IF_ERROR(checks::require_copyable_type(out, ops::concatenation::kName, "output"));
  for (uint32_t k = 0; k < args.num_inputs; ++k) {
    if (args.inputs[k].desc != nullptr) {
      LPAI_RETURN_IF_ERROR(checks::require_same_type(
          args.inputs[k].desc, out, ops::concatenation::kName, "input", "the output"));
    }
  }
  const format::DataType t = type_of(out);
  if (p.reserved != 0 || p.axis >= out->rank) {
    LPAI_FAIL(Status::kBinaryBadParams, "CONCATENATION: axis %u (rank %u) unsupported", p.axis,
              out->rank);
  }
  uint64_t axis_sum = 0;  // 64-bit: a wrapped 32-bit sum could pass and let eval overrun
  for (uint32_t k = 0; k < args.num_inputs; ++k) {
    const format::TensorRecord* in = args.inputs[k].desc;
    bool ok = in != nullptr && type_of(in) == t && in->rank == out->rank &&
              in->zero_point == out->zero_point && in->scale_bits == out->scale_bits;
    for (uint32_t i = 0; ok && i < out->rank; ++i) {
      ok = i == p.axis || in->dims[i] == out->dims[i];
    }
    if (!ok) {
      LPAI_FAIL(Status::kBinaryBadParams,
                "CONCATENATION: input %u type/rank/quantisation/shape inconsistent with "
                "the output", k);
    }
    axis_sum += in->dims[p.axis];
  }
  if (axis_sum != out->dims[p.axis]) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "CONCATENATION: inputs sum to %llu along axis %u, output has %u",
              static_cast<unsigned long long>(axis_sum), p.axis, out->dims[p.axis]);
  }
  return Status::kOk;
}

void eval(const KernelArgs& args) {
  const ConcatenationParams& p = *reinterpret_cast<const ConcatenationParams*>(args.params);
  const format::TensorRecord* out = args.outputs[0].desc;
  uint32_t outer = 1;
  for (uint32_t i = 0; i < p.axis; ++i) outer *= out->dims[i];
  uint32_t rows[kMaxNodeInputs];
  for (uint32_t k = 0; k < args.num_inputs; ++k) rows[k] = row_bytes(args.inputs[k].desc, p.axis);
  uint8_t* dst = args.outputs[0].data;
  for (uint32_t o = 0; o < outer; ++o) {
    for (uint32_t k = 0; k < args.num_inputs; ++k) {
      const uint8_t* src = args.inputs[k].data + o * rows[k];
      for (uint32_t b = 0; b < rows[k]; ++b) dst[b] = src[b];
      dst += rows[k];
    }
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(concatenation, validate, eval);

}  // namespace kernels
}  // namespace lpai
