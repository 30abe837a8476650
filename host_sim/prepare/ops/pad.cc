// PAD: offline prepare (TFLite Micro's PadPrepare with a constant paddings tensor).
#include <cstring>

#include "kernels/params/pad.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/movement_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_pad(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_arity(op, 2, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& pads = *op.inputs[1];
  const PrepTensor& out = *op.outputs[0];
  if ((in.type != format::DataType::kInt8 && in.type != format::DataType::kInt16) ||
      out.type != in.type) {
    return PrepResult::reject(std::string("types ") + ew::type_name(in.type) + " -> " + ew::type_name(out.type) +
              " unsupported (int8 or int16, equal)");
  }
  if (!ew::check_per_tensor(in, "input", &r.error) ||
      !ew::check_per_tensor(out, "output", &r.error)) {
    return r;
  }
  if (ew::scale_of(in) != ew::scale_of(out) || ew::zp_of(in) != ew::zp_of(out)) {
    return PrepResult::reject("input and output quantisation must be equal (PAD copies values)");
  }
  if (in.type == format::DataType::kInt16 && ew::zp_of(out) != 0) {
    return PrepResult::reject("int16 PAD requires zero point 0");
  }
  const size_t rank = in.shape.size();
  if (rank > format::kMaxRank || out.shape.size() != rank) {
    return PrepResult::reject("rank must be <= 6 and equal for input and output");
  }
  if (!mv::is_paddings(pads, rank)) {
    return PrepResult::reject("paddings must be a constant int32/int64 tensor of shape [rank, 2]");
  }
  kernels::PadParams p;
  std::memset(&p, 0, sizeof(p));
  const size_t lead = format::kMaxRank - rank;
  for (size_t i = 0; i < format::kMaxRank; ++i) {
    p.in_dims[i] = p.out_dims[i] = 1;
  }
  for (size_t i = 0; i < rank; ++i) {
    int64_t before = 0, after = 0;
    mv::pad_row(pads, i, &before, &after);
    if (before < 0 || after < 0 || in.shape[i] + before + after != out.shape[i]) {
      return PrepResult::reject("paddings of dim " + std::to_string(i) +
                " are negative or do not produce the output shape");
    }
    p.in_dims[lead + i] = static_cast<uint32_t>(in.shape[i]);
    p.out_dims[lead + i] = static_cast<uint32_t>(out.shape[i]);
    p.before[lead + i] = static_cast<uint32_t>(before);
  }
  p.pad_value = in.type == format::DataType::kInt8 ? ew::zp_of(out) : 0;
  r.params = ew::blob_of(p);
  return r;
}

}  // namespace prepare
}  // namespace lpai
