#include "format/format_test_util.h"

#include <gtest/gtest.h>

#include "common/graph_builder.h"

namespace lpai_test {

using lpai::format::BuiltinOp;
using lpai::format::DataType;
using lpai::format::kNone;

lpai::writer::GraphDesc reference_graph(bool memhandle) {
  lpai::writer::GraphBuilder b("reference_graph");
  b.set_io_memhandle_hint(memhandle);
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {1, 4, 4, 2}, 0.5f, -3);
  const uint32_t w = b.add_const("w", DataType::kInt8, {2, 1, 1, 2}, {0x01, 0xFF, 0x7F, 0x80});
  b.tensor(w).channel_scales = {0.25f, 0.125f};
  b.tensor(w).channel_zero_points = {0, 1};
  b.tensor(w).quant_axis = 0;
  const uint32_t bias = b.add_const_values<int32_t>("bias", DataType::kInt32, {2}, {1000, -7});
  const uint32_t mid = b.add_scratch("mid", DataType::kInt8, {1, 4, 4, 2});
  const uint32_t state = b.add_persistent("state", DataType::kInt16, {1, 8});
  const uint32_t tmp = b.add_scratch("tmp", DataType::kInt8, {64});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {1, 32});
  b.add_const_values<float>("lut", DataType::kFloat32, {3}, {1.5f, -2.0f, 0.25f});
  b.add_node(BuiltinOp::kConv2d, {in, w, bias}, {mid}, {1, 2, 3, 4, 5, 6}, tmp);
  b.add_node(BuiltinOp::kAdd, {mid, kNone, state}, {state});
  b.add_node(BuiltinOp::kReshape, {mid}, {out}, {9, 9, 9, 9});
  b.set_inputs({in}).set_outputs({out});
  return b.build();
}

std::vector<uint8_t> reference_binary(bool memhandle) {
  lpai::host::HostResult<std::vector<uint8_t>> bin =
      lpai::writer::serialize_context_binary(reference_graph(memhandle));
  EXPECT_TRUE(bin.ok()) << bin.error();
  return std::move(bin.value());
}

}  // namespace lpai_test
