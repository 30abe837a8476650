// BATCH_MATMUL: offline prepare (TFLite Micro's BatchMatMulPrepare: multiplier from
// GetQuantizedConvolutionMultipler, i.e. float product lhs_scale * rhs_scale then double
// division; int16 requires zero points 0; batch dims broadcast).
#include <cstring>

#include "kernels/params/batch_matmul.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/int8_prep_util.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_batch_matmul(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_arity(op, 2, 1, &r.error)) return r;
  const PrepTensor& lhs = *op.inputs[0];
  const PrepTensor& rhs = *op.inputs[1];
  const PrepTensor& out = *op.outputs[0];
  const bool i16 = lhs.type == format::DataType::kInt16;
  if ((lhs.type != format::DataType::kInt8 && !i16) || rhs.type != lhs.type ||
      out.type != lhs.type) {
    return PrepResult::reject(std::string("types ") + ew::type_name(lhs.type) + ", " + ew::type_name(rhs.type) +
              " -> " + ew::type_name(out.type) + " unsupported (int8 or int16, all equal)");
  }
  if (!ew::check_per_tensor(lhs, "lhs", &r.error) || !ew::check_per_tensor(rhs, "rhs", &r.error) ||
      !ew::check_per_tensor(out, "output", &r.error)) {
    return r;
  }
  if (i16 && (ew::zp_of(lhs) != 0 || ew::zp_of(rhs) != 0 || ew::zp_of(out) != 0)) {
    return PrepResult::reject("int16 needs zero points 0");
  }
  const int lr = static_cast<int>(lhs.shape.size());
  const int rr = static_cast<int>(rhs.shape.size());
  if (lr < 2 || lr > 5 || rr < 2 || rr > 5) {
    return PrepResult::reject("operand ranks must be 2..5");
  }
  const bool adj_x = op.options.adj_x;
  const bool adj_y = op.options.adj_y;
  const int32_t m = adj_x ? lhs.shape[lr - 1] : lhs.shape[lr - 2];
  const int32_t kl = adj_x ? lhs.shape[lr - 2] : lhs.shape[lr - 1];
  const int32_t kr = adj_y ? rhs.shape[rr - 1] : rhs.shape[rr - 2];
  const int32_t n = adj_y ? rhs.shape[rr - 2] : rhs.shape[rr - 1];
  if (kl != kr) {
    return PrepResult::reject("accumulation dims differ (" + std::to_string(kl) + " vs " + std::to_string(kr) + ")");
  }
  // Batch dims right-aligned to 3.
  const int orank = lr > rr ? lr : rr;
  int32_t lb[3] = {1, 1, 1}, rb[3] = {1, 1, 1};
  for (int i = 0; i < lr - 2; ++i) lb[3 - (lr - 2) + i] = lhs.shape[i];
  for (int i = 0; i < rr - 2; ++i) rb[3 - (rr - 2) + i] = rhs.shape[i];
  kernels::BatchMatmulParams p;
  std::memset(&p, 0, sizeof(p));
  std::vector<int32_t> want;
  int64_t ls = 1, rs = 1;
  for (int i = 2; i >= 0; --i) {
    if (lb[i] != rb[i] && lb[i] != 1 && rb[i] != 1) {
      return PrepResult::reject("batch dims do not broadcast");
    }
    p.batch[i] = lb[i] == 1 ? rb[i] : lb[i];
    p.lhs_stride[i] = lb[i] == 1 ? 0 : static_cast<int32_t>(ls);
    p.rhs_stride[i] = rb[i] == 1 ? 0 : static_cast<int32_t>(rs);
    ls *= lb[i];
    rs *= rb[i];
  }
  for (int i = 3 - (orank - 2); i < 3; ++i) want.push_back(p.batch[i]);
  want.push_back(m);
  want.push_back(n);
  if (out.shape != want) {
    return PrepResult::reject("output shape " + util::shape_string(out.shape) + ", want " +
              util::shape_string(want));
  }
  p.lhs_matrices = static_cast<int32_t>(ls);
  p.rhs_matrices = static_cast<int32_t>(rs);
  p.rows = m;
  p.cols = n;
  p.depth = kl;
  p.adj_x = adj_x ? 1 : 0;
  p.adj_y = adj_y ? 1 : 0;
  p.lhs_zero_point = ew::zp_of(lhs);
  p.rhs_zero_point = ew::zp_of(rhs);
  p.output_zero_point = ew::zp_of(out);
  const double product = static_cast<double>(ew::scale_of(lhs) * ew::scale_of(rhs));
  int shift = 0;
  quantize_multiplier(product / static_cast<double>(ew::scale_of(out)), &p.multiplier, &shift);
  if (shift < -31 || shift > (i16 ? 14 : 30)) {
    return PrepResult::reject("effective output scale out of range (shift " + std::to_string(shift) + ")");
  }
  p.shift = shift;
  const int64_t esize = i16 ? 2 : 1;
  const int64_t lhs_bytes = adj_x ? lhs.element_count() * esize : 0;
  const int64_t rhs_bytes = adj_y ? 0 : rhs.element_count() * esize;
  const int64_t rhs_off = (lhs_bytes + 3) & ~int64_t{3};
  const int64_t sums_off = (rhs_off + rhs_bytes + 3) & ~int64_t{3};
  const int64_t sums_bytes =
      !i16 && p.lhs_zero_point != 0 ? static_cast<int64_t>(p.rhs_matrices) * n * 4 : 0;
  const int64_t temp = sums_bytes > 0 ? sums_off + sums_bytes : rhs_off + rhs_bytes;
  if (temp > INT32_MAX) {
    return PrepResult::reject("operands too large");
  }
  p.rhs_temp_offset = static_cast<int32_t>(rhs_off);
  p.rhs_sums_offset = static_cast<int32_t>(sums_bytes > 0 ? sums_off : 0);
  p.temp_bytes = static_cast<int32_t>(temp);
  r.temp_bytes = static_cast<uint32_t>(temp);
  r.params.resize(sizeof(p));
  std::memcpy(r.params.data(), &p, sizeof(p));
  return r;
}

host::HostStatus decode_batch_matmul_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::BatchMatMulOptions& p = *op.builtin_options_as_BatchMatMulOptions();
  o->adj_x = p.adj_x();
  o->adj_y = p.adj_y();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
