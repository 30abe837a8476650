// SELECT_V2: offline prepare (TFLite Micro's select.cc copies raw values; only the three-way
// broadcast plan goes into the blob, each operand planned against the output with
// kernels::compute_broadcast).
#include <cstring>

#include "kernels/params/select_v2.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_select_v2(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_arity(op, 3, 1, &r.error)) return r;
  const PrepTensor& c = *op.inputs[0];
  const PrepTensor& x = *op.inputs[1];
  const PrepTensor& y = *op.inputs[2];
  const PrepTensor& out = *op.outputs[0];
  const format::DataType t = out.type;
  if (c.type != format::DataType::kBool ||
      (t != format::DataType::kInt8 && t != format::DataType::kInt16 &&
       t != format::DataType::kInt32) ||
      x.type != t || y.type != t) {
    return PrepResult::reject(std::string("types ") + ew::type_name(c.type) + " ? " + ew::type_name(x.type) +
              " : " + ew::type_name(y.type) + " -> " + ew::type_name(t) +
              " unsupported (bool condition; int8, int16 or int32 values, all equal)");
  }
  kernels::SelectV2Params p;
  std::memset(&p, 0, sizeof(p));
  std::vector<uint32_t> dout;
  if (!ew::dims_u32(out, &dout)) {
    return PrepResult::reject("negative dimension");
  }
  if (c.shape == out.shape && x.shape == out.shape && y.shape == out.shape) {
    p.flat = 1;
    r.params = ew::blob_of(p);
    return r;
  }
  const PrepTensor* operands[3] = {&c, &x, &y};
  uint32_t* strides[3] = {p.cond_strides, p.x_strides, p.y_strides};
  for (int k = 0; k < 3; ++k) {
    std::vector<uint32_t> d;
    if (!ew::dims_u32(*operands[k], &d)) {
      return PrepResult::reject("negative dimension");
    }
    kernels::BroadcastShape bc;
    uint32_t rank = 0;
    uint32_t shape[kernels::kBroadcastRank];
    if (!kernels::compute_broadcast(d.data(), static_cast<uint32_t>(d.size()), dout.data(),
                                    static_cast<uint32_t>(dout.size()), &bc, &rank, shape) ||
        std::vector<uint32_t>(shape, shape + rank) != dout) {
      return PrepResult::reject("operand " + std::to_string(k) + " does not broadcast to the output shape");
    }
    for (uint32_t i = 0; i < kernels::kBroadcastRank; ++i) {
      p.out_dims[i] = bc.out_dims[i];
      strides[k][i] = bc.in1_strides[i];
    }
  }
  r.params = ew::blob_of(p);
  return r;
}

}  // namespace prepare
}  // namespace lpai
