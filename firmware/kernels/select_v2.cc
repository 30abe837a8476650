// SELECT_V2 kernel: see kernels/params/select_v2.h.
#include "kernels/params/select_v2.h"

#include "core/check.h"
#include "core/log.h"
#include "kernels/elementwise_common.h"
#include "kernels/op_checks.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

// Strides of `operand` broadcast to `out`; false when it does not broadcast to exactly out.
bool strides_to(const format::TensorRecord* operand, const format::TensorRecord* out,
                uint32_t out_dims[kBroadcastRank], uint32_t strides[kBroadcastRank]) {
  BroadcastShape bc;
  uint32_t rank = 0;
  uint32_t dims[kBroadcastRank];
  if (!compute_broadcast(operand->dims, operand->rank, out->dims, out->rank, &bc, &rank, dims) ||
      !dims_equal(out, dims, rank)) {
    return false;
  }
  for (uint32_t i = 0; i < kBroadcastRank; ++i) {
    out_dims[i] = bc.out_dims[i];
    strides[i] = bc.in1_strides[i];
  }
  return true;
}

bool equal_u32(const uint32_t* a, const uint32_t* b) {
  for (uint32_t i = 0; i < kBroadcastRank; ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(checks::require_node(
      args, ops::select_v2::kName, static_cast<uint32_t>(sizeof(SelectV2Params)), 3, 1, 0b111));
  const format::TensorRecord* c = args.inputs[0].desc;
  const format::TensorRecord* x = args.inputs[1].desc;
  const format::TensorRecord* y = args.inputs[2].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  const format::DataType t = type_of(out);
  if (type_of(c) != format::DataType::kBool ||
      (t != format::DataType::kInt8 && t != format::DataType::kInt16 &&
       t != format::DataType::kInt32) ||
      type_of(x) != t || type_of(y) != t) {
    LPAI_FAIL(Status::kBinaryTensorTypeRefused,
              "SELECT_V2: types %u ? %u : %u -> %u unsupported (bool condition; int8, "
              "int16 or int32 values, all equal)", c->data_type, x->data_type, y->data_type,
              out->data_type);
  }
  const SelectV2Params& p = *reinterpret_cast<const SelectV2Params*>(args.params);
  if (p.flat > 1) LPAI_FAIL(Status::kBinaryBadParams, "SELECT_V2: flat flag %u invalid", p.flat);
  if (p.flat == 1) {
    if (!same_shape(c, out) || !same_shape(x, out) || !same_shape(y, out)) {
      LPAI_FAIL(Status::kBinaryBadParams,
                "SELECT_V2: operand shapes differ from the output but the node is flat");
    }
    return Status::kOk;
  }
  uint32_t d[kBroadcastRank], s[kBroadcastRank];
  const format::TensorRecord* ops[3] = {c, x, y};
  const uint32_t* want[3] = {p.cond_strides, p.x_strides, p.y_strides};
  for (uint32_t k = 0; k < 3; ++k) {
    if (!strides_to(ops[k], out, d, s) || !equal_u32(d, p.out_dims) || !equal_u32(s, want[k])) {
      LPAI_FAIL(Status::kBinaryBadParams,
                "SELECT_V2: broadcast description of operand %u does not match the shapes", k);
    }
  }
  return Status::kOk;
}

template <typename T>
void eval_typed(const SelectV2Params& p, const KernelArgs& args) {
  const uint8_t* c = args.inputs[0].data;
  const T* x = reinterpret_cast<const T*>(args.inputs[1].data);
  const T* y = reinterpret_cast<const T*>(args.inputs[2].data);
  T* o = reinterpret_cast<T*>(args.outputs[0].data);
  if (p.flat) {
    const uint32_t n = element_count(args.outputs[0].desc);
    for (uint32_t i = 0; i < n; ++i) o[i] = c[i] ? x[i] : y[i];
    return;
  }
  const uint32_t* d = p.out_dims;
  const uint32_t* sc = p.cond_strides;
  const uint32_t* sx = p.x_strides;
  const uint32_t* sy = p.y_strides;
  uint32_t oi = 0;
  for (uint32_t i0 = 0; i0 < d[0]; ++i0) {
    for (uint32_t i1 = 0; i1 < d[1]; ++i1) {
      for (uint32_t i2 = 0; i2 < d[2]; ++i2) {
        for (uint32_t i3 = 0; i3 < d[3]; ++i3) {
          for (uint32_t i4 = 0; i4 < d[4]; ++i4) {
            const uint32_t bc = i0 * sc[0] + i1 * sc[1] + i2 * sc[2] + i3 * sc[3] + i4 * sc[4];
            const uint32_t bx = i0 * sx[0] + i1 * sx[1] + i2 * sx[2] + i3 * sx[3] + i4 * sx[4];
            const uint32_t by = i0 * sy[0] + i1 * sy[1] + i2 * sy[2] + i3 * sy[3] + i4 * sy[4];
            for (uint32_t i5 = 0; i5 < d[5]; ++i5) {
              o[oi++] = c[bc + i5 * sc[5]] ? x[bx + i5 * sx[5]] : y[by + i5 * sy[5]];
            }
          }
        }
      }
    }
  }
}

void eval(const KernelArgs& args) {
  const SelectV2Params& p = *reinterpret_cast<const SelectV2Params*>(args.params);
  switch (type_of(args.outputs[0].desc)) {
    case format::DataType::kInt8: eval_typed<int8_t>(p, args); break;
    case format::DataType::kInt16: eval_typed<int16_t>(p, args); break;
    default: eval_typed<int32_t>(p, args); break;
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(select_v2, validate, eval);

}  // namespace kernels
}  // namespace lpai
