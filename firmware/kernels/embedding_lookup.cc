// EMBEDDING_LOOKUP kernel: see kernels/embedding_lookup.h.
#include "kernels/embedding_lookup.h"

#include <stddef.h>

#include "core/log.h"
#include "kernels/movement_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

constexpr unsigned fmt_u(uint32_t v) { return v; }

Status validate(const KernelArgs& args) {
  if (args.params_size != sizeof(EmbeddingLookupParams) || args.num_inputs != 2 ||
      args.num_outputs != 1 || args.inputs[0].desc == nullptr || args.inputs[1].desc == nullptr ||
      args.outputs[0].desc == nullptr) {
    LPAI_LOG_ERROR("EMBEDDING_LOOKUP: params %u bytes (want %u), %u inputs, %u outputs (want 2, 1)",
                   fmt_u(args.params_size), fmt_u(sizeof(EmbeddingLookupParams)),
                   fmt_u(args.num_inputs), fmt_u(args.num_outputs));
    return Status::kBinaryBadParams;
  }
  const format::TensorRecord* ids = args.inputs[0].desc;
  const format::TensorRecord* value = args.inputs[1].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  const EmbeddingLookupParams& p = *reinterpret_cast<const EmbeddingLookupParams*>(args.params);
  if (ids->data_type != static_cast<uint8_t>(format::DataType::kInt32) || ids->rank != 1 ||
      !movement::copyable_type(value->data_type) || out->data_type != value->data_type ||
      value->rank < 2 || p.rows == 0 || value->dims[0] != p.rows ||
      element_count(value) != static_cast<uint64_t>(p.rows) * p.row_elems ||
      element_count(out) != static_cast<uint64_t>(ids->dims[0]) * p.row_elems) {
    LPAI_LOG_ERROR("EMBEDDING_LOOKUP: types (ids %u, value %u -> %u) or shapes do not match",
                   fmt_u(ids->data_type), fmt_u(value->data_type), fmt_u(out->data_type));
    return Status::kBinaryBadParams;
  }
  return Status::kOk;
}

void eval(const KernelArgs& args) {
  const EmbeddingLookupParams& p = *reinterpret_cast<const EmbeddingLookupParams*>(args.params);
  const uint32_t es =
      format::data_type_size(static_cast<format::DataType>(args.inputs[1].desc->data_type));
  const size_t row = static_cast<size_t>(p.row_elems) * es;
  const int32_t* ids = reinterpret_cast<const int32_t*>(args.inputs[0].data);
  const uint8_t* value = args.inputs[1].data;
  uint8_t* out = args.outputs[0].data;
  const uint32_t n = args.inputs[0].desc->dims[0];
  const int32_t last = static_cast<int32_t>(p.rows - 1);
  for (uint32_t i = 0; i < n; ++i) {
    const int32_t k = ids[i] < 0 ? 0 : (ids[i] > last ? last : ids[i]);  // clamp
    __builtin_memcpy(out, value + static_cast<size_t>(k) * row, row);
    out += row;
  }
}

}  // namespace

const OpKernel kEmbeddingLookupKernel = {format::BuiltinOp::kEmbeddingLookup, "EMBEDDING_LOOKUP",
                                         validate, eval};

}  // namespace kernels
}  // namespace lpai
