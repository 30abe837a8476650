// Shared prepare of the reductions: see reduce_prep.h and kernels/reduce_common.h.
#include "prepare/ops/reduce_prep.h"

#include <algorithm>
#include <cstring>

#include "kernels/params/reduce.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/int8_prep_util.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {
namespace {

int floor_log2(int64_t n) {
  int s = 0;
  while ((int64_t{1} << (s + 1)) <= n) ++s;
  return s;
}

// The blob is exactly the struct (sized then copied: vector::insert trips a GCC 12
// -Wstringop-overflow false positive here).
void set_blob(const kernels::ReduceParams& p, PrepResult* r) {
  r->params.resize(sizeof(p));
  std::memcpy(r->params.data(), &p, sizeof(p));
}

}  // namespace

PrepResult prepare_reduce(const PrepOp& op, ReduceKind kind) {
  PrepResult r;
  if (!ew::check_arity(op, 2, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& axis = *op.inputs[1];
  const PrepTensor& out = *op.outputs[0];
  const bool extreme = kind == ReduceKind::kMax || kind == ReduceKind::kMin;
  const bool type_ok = in.type == format::DataType::kInt8 ||
                       (!extreme && in.type == format::DataType::kInt16);
  if (!type_ok || out.type != in.type) {
    return PrepResult::reject(std::string("types ") + ew::type_name(in.type) + " -> " + ew::type_name(out.type) +
              " unsupported (" + (extreme ? "int8" : "int8 or int16") + ", equal)");
  }
  if (!ew::check_per_tensor(in, "input", &r.error) ||
      !ew::check_per_tensor(out, "output", &r.error)) {
    return r;
  }
  if (axis.type != format::DataType::kInt32 || !axis.is_const()) {
    return PrepResult::reject("axis must be a constant int32 tensor");
  }
  const int rank = static_cast<int>(in.shape.size());
  if (rank > static_cast<int>(format::kMaxRank)) {
    return PrepResult::reject("input rank above 6");
  }
  bool reduced[format::kMaxRank] = {false, false, false, false, false, false};
  if (rank > 0) {
    for (int64_t i = 0; i < axis.element_count(); ++i) {
      int32_t a = util::const_i32(axis, i);
      if (a < 0) a += rank;
      if (a < 0 || a >= rank) {
        return PrepResult::reject("axis " + std::to_string(util::const_i32(axis, i)) + " out of range");
      }
      reduced[a] = true;
    }
  }
  kernels::ReduceParams p;
  std::memset(&p, 0, sizeof(p));
  int64_t in_count = 1, kept = 1, red = 1;
  bool empty = false;
  for (int k = 0; k < rank; ++k) {
    in_count *= in.shape[k];
    if (in.shape[k] == 0) empty = true;
    (reduced[k] ? red : kept) *= in.shape[k];
  }
  if (out.element_count() != kept) {
    return PrepResult::reject("output has " + std::to_string(out.element_count()) + " elements, want " +
              std::to_string(kept));
  }
  if (in_count > INT32_MAX) {
    return PrepResult::reject("input too large");
  }
  // Merge dims: drop size-1 dims, join neighbours with equal reduced flags.
  int32_t mdims[format::kMaxRank] = {0, 0, 0, 0, 0, 0};
  bool mred[format::kMaxRank] = {false, false, false, false, false, false};
  int m = 0;
  if (empty) {
    mdims[m++] = 0;
  } else {
    for (int k = 0; k < rank; ++k) {
      if (in.shape[k] == 1) continue;
      if (m > 0 && mred[m - 1] == reduced[k]) {
        mdims[m - 1] *= in.shape[k];
      } else {
        mdims[m] = in.shape[k];
        mred[m++] = reduced[k];
      }
    }
    if (m == 0) mdims[m++] = 1;
  }
  p.num_dims = m;
  int32_t stride = 1;
  for (int k = p.num_dims; k-- > 0;) {
    p.dims[k] = mdims[k];
    if (mred[k]) {
      p.reduced_mask |= 1 << k;
    } else {
      p.out_strides[k] = stride;
      stride *= mdims[k];
    }
  }
  p.num_outputs = static_cast<int32_t>(kept);
  p.reduce_count = empty ? 0 : static_cast<int32_t>(red);
  p.input_zero_point = ew::zp_of(in);
  p.output_zero_point = ew::zp_of(out);
  if (extreme) {
    // TFLite Micro's int8 REDUCE_MAX/MIN require equal scales and copy raw values (its
    // zero-point equality check compares fields its Prepare never fills, so it always passes).
    if (static_cast<double>(ew::scale_of(in)) != static_cast<double>(ew::scale_of(out))) {
      return PrepResult::reject("input and output scales differ");
    }
    p.mode = kind == ReduceKind::kMax ? kernels::kReduceMaxMode : kernels::kReduceMinMode;
    set_blob(p, &r);
    return r;
  }
  r.temp_bytes = static_cast<uint32_t>(kept * 4);
  // MEAN and SUM always requantise, also with equal input and output quantisation: TFLite
  // Micro's int8/int16 MEAN at the goldens' commit runs QuantizedMeanOrSum (1/count folded into
  // the multiplier, rounded to nearest), never the truncating integer mean.
  p.mode = kernels::kReduceRequantize;
  int32_t mult = 0;
  int shift = 0;
  quantize_multiplier(static_cast<double>(ew::scale_of(in)) / static_cast<double>(ew::scale_of(out)),
                      &mult, &shift);
  if (shift < -31 || shift > 30) {
    return PrepResult::reject("scale ratio out of range");
  }
  if (kind == ReduceKind::kMean && p.reduce_count > 0) {
    // TFLite's QuantizedMeanOrSum folds 1/count into the multiplier.
    const int64_t n = p.reduce_count;
    int s = std::min(floor_log2(n), 32);
    s = std::min(s, 31 + shift);
    mult = static_cast<int32_t>((static_cast<int64_t>(mult) << s) / n);
    shift -= s;
  }
  p.multiplier = mult;
  p.shift = shift;
  set_blob(p, &r);
  return r;
}

void decode_reducer(const tflite::ReducerOptions& p, OpOptions* o) { o->keep_dims = p.keep_dims(); }

}  // namespace prepare
}  // namespace lpai
