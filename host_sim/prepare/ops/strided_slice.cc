// STRIDED_SLICE: offline prepare. Resolves the constant begin/end/strides tensors and the
// masks into kernels::StridedSliceParams with TFLite Micro's rules (strided_slice_logic.h):
//   start: negative += dim; clamped to [0, dim] (stride > 0) or [-1, dim - 1] (stride < 0);
//          begin_mask bit -> 0 (stride > 0) or dim - 1 (stride < 0);
//   stop:  shrink_axis_mask bit -> start + 1; otherwise negative += dim, clamped like start
//          but to [0, dim] / [-1, dim - 1], end_mask bit -> dim (stride > 0) or -1 (stride < 0);
//   count: the number of start + k * stride strictly before stop in the stride's direction.
// Rejected with a reason: ellipsis_mask / new_axis_mask (TFLite Micro ignores them, which
// would compute a different slice than the model means), zero strides, empty slices, a shrunk
// axis whose index is out of range or whose stride is negative (TFLite Micro then writes
// nothing for it), an output shape that differs from the computed one.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "kernels/params/strided_slice.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {
namespace {

// Element k of a constant int32/int64 1-D tensor.
int64_t const_at(const PrepTensor& t, size_t k) {
  if (t.type == format::DataType::kInt64) {
    int64_t v;
    std::memcpy(&v, t.data + 8 * k, 8);
    return v;
  }
  int32_t v;
  std::memcpy(&v, t.data + 4 * k, 4);
  return v;
}

int64_t clamp64(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

}  // namespace

PrepResult prepare_strided_slice(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_arity(op, 4, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  const OpOptions& o = op.options;
  // TFLite Micro slices int8, int16, int32 and bool (shape arithmetic: SHAPE -> STRIDED_SLICE).
  const bool quantised = in.type == format::DataType::kInt8 || in.type == format::DataType::kInt16;
  if ((!quantised && in.type != format::DataType::kInt32 && in.type != format::DataType::kBool) ||
      out.type != in.type) {
    return PrepResult::reject(std::string("types ") + ew::type_name(in.type) + " -> " + ew::type_name(out.type) +
              " unsupported (int8, int16, int32 or bool, equal)");
  }
  if (quantised && (!ew::check_per_tensor(in, "input", &r.error) ||
                    !ew::check_per_tensor(out, "output", &r.error))) {
    return r;
  }
  if (quantised && (ew::scale_of(in) != ew::scale_of(out) || ew::zp_of(in) != ew::zp_of(out))) {
    return PrepResult::reject("input and output quantisation must be equal (STRIDED_SLICE copies values)");
  }
  if (o.ellipsis_mask != 0 || o.new_axis_mask != 0) {
    return PrepResult::reject("ellipsis_mask " + std::to_string(o.ellipsis_mask) + " / new_axis_mask " +
              std::to_string(o.new_axis_mask) +
              " not supported (must be 0: TFLite Micro ignores these masks, so the slice it "
              "computes would not be the one the model describes)");
  }
  const size_t rank = in.shape.size();
  if (rank < 1 || rank > format::kMaxRank) {
    return PrepResult::reject("input rank " + std::to_string(rank) + " unsupported (1..6)");
  }
  const char* names[3] = {"begin", "end", "strides"};
  for (int k = 0; k < 3; ++k) {
    const PrepTensor& t = *op.inputs[1 + k];
    const bool i64 = t.type == format::DataType::kInt64;
    if (!t.is_const() || (t.type != format::DataType::kInt32 && !i64) ||
        t.shape != std::vector<int32_t>{static_cast<int32_t>(rank)} ||
        t.data_size != rank * (i64 ? 8u : 4u)) {
      return PrepResult::reject(std::string(names[k]) + " must be a constant int32/int64 tensor of shape [" +
                std::to_string(rank) + "] (the input rank)");
    }
  }
  kernels::StridedSliceParams p;
  std::memset(&p, 0, sizeof(p));
  const size_t lead = format::kMaxRank - rank;
  for (size_t i = 0; i < format::kMaxRank; ++i) {
    p.in_dims[i] = 1;
    p.stride[i] = 1;
    p.count[i] = 1;
  }
  std::vector<int32_t> want_shape;
  for (size_t i = 0; i < rank; ++i) {
    const std::string axis = "axis " + std::to_string(i);
    const int64_t dim = in.shape[i];
    const int64_t stride = const_at(*op.inputs[3], i);
    if (stride == 0) {
      return PrepResult::reject(axis + ": stride must be non-zero");
    }
    if (stride > INT32_MAX || stride < -INT32_MAX) {
      return PrepResult::reject(axis + ": stride out of the int32 range");
    }
    const bool begin_masked = (o.begin_mask >> i) & 1;
    const bool end_masked = (o.end_mask >> i) & 1;
    const bool shrink = (o.shrink_axis_mask >> i) & 1;
    int64_t start = const_at(*op.inputs[1], i);
    if (start < 0) start += dim;
    start = stride > 0 ? clamp64(start, 0, dim) : clamp64(start, -1, dim - 1);
    if (begin_masked) start = stride > 0 ? 0 : dim - 1;
    int64_t count = 0;
    if (shrink) {
      if (stride < 0) {
        return PrepResult::reject(axis + ": shrink_axis_mask with a negative stride is not supported (TFLite "
                         "Micro produces no data for it)");
      }
      if (start >= dim) {
        return PrepResult::reject(axis + ": shrink_axis_mask index " +
                  std::to_string(const_at(*op.inputs[1], i)) + " is out of range for size " +
                  std::to_string(dim));
      }
      count = 1;
    } else {
      int64_t stop = const_at(*op.inputs[2], i);
      if (stop < 0) stop += dim;
      stop = stride > 0 ? clamp64(stop, 0, dim) : clamp64(stop, -1, dim - 1);
      if (end_masked) stop = stride > 0 ? dim : -1;
      const int64_t span = stride > 0 ? stop - start : start - stop;
      const int64_t step = stride > 0 ? stride : -stride;
      count = span > 0 ? (span + step - 1) / step : 0;
      if (count == 0) {
        return PrepResult::reject(axis + ": the slice is empty (zero-size outputs are not supported)");
      }
      want_shape.push_back(static_cast<int32_t>(count));
    }
    p.in_dims[lead + i] = static_cast<uint32_t>(dim);
    p.start[lead + i] = static_cast<int32_t>(start);
    // A single step never uses its stride: store 1 so the kernel's stride bound (|stride| <=
    // dim) holds for every slice.
    p.stride[lead + i] = count == 1 ? 1 : static_cast<int32_t>(stride);
    p.count[lead + i] = static_cast<uint32_t>(count);
  }
  if (want_shape != out.shape) {
    std::string want, got;
    for (int32_t d : want_shape) want += (want.empty() ? "" : ",") + std::to_string(d);
    for (int32_t d : out.shape) got += (got.empty() ? "" : ",") + std::to_string(d);
    return PrepResult::reject("output shape [" + got + "] differs from the slice's shape [" + want + "]");
  }
  r.params = ew::blob_of(p);
  return r;
}

host::HostStatus decode_strided_slice_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::StridedSliceOptions& p = *op.builtin_options_as_StridedSliceOptions();
  if (p.offset()) return host::HostStatus::fail("STRIDED_SLICE with offset=true is not supported");
  o->begin_mask = p.begin_mask();
  o->end_mask = p.end_mask();
  o->ellipsis_mask = p.ellipsis_mask();
  o->new_axis_mask = p.new_axis_mask();
  o->shrink_axis_mask = p.shrink_axis_mask();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
