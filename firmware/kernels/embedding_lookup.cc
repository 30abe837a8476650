// EMBEDDING_LOOKUP kernel: see kernels/params/embedding_lookup.h.
#include "kernels/params/embedding_lookup.h"

#include <stddef.h>

#include "core/check.h"
#include "core/log.h"
#include "kernels/movement_common.h"
#include "kernels/op_checks.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {


Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(checks::require_node(
      args, ops::embedding_lookup::kName, static_cast<uint32_t>(sizeof(EmbeddingLookupParams)), 2,
      1, 0b11));
  const format::TensorRecord* ids = args.inputs[0].desc;
  const format::TensorRecord* value = args.inputs[1].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  const EmbeddingLookupParams& p = *reinterpret_cast<const EmbeddingLookupParams*>(args.params);
  const char* op = ops::embedding_lookup::kName;
  LPAI_RETURN_IF_ERROR(checks::require_type(ids, op, "ids", format::DataType::kInt32,
                                             format::DataType::kInt32));
  LPAI_RETURN_IF_ERROR(checks::require_copyable_type(value, op, "value"));
  LPAI_RETURN_IF_ERROR(checks::require_same_type(out, value, op, "output", "the value"));
  if (ids->rank != 1 || value->rank < 2 || p.rows == 0 || value->dims[0] != p.rows ||
      element_count(value) != static_cast<uint64_t>(p.rows) * p.row_elems ||
      element_count(out) != static_cast<uint64_t>(ids->dims[0]) * p.row_elems) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "EMBEDDING_LOOKUP: shapes (ids rank %u, value rank %u) do not match the blob",
              fmt_u(ids->rank), fmt_u(value->rank));
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

LPAI_DEFINE_KERNEL(embedding_lookup, validate, eval);

}  // namespace kernels
}  // namespace lpai
