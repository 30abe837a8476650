// COPY and RESHAPE kernels: load-time validation through kernels::validate_nodes on
// writer-built binaries (exact Status per bad case), eval over real buffers, and the RESHAPE
// offline prepare.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "format/binary_view.h"
#include "format/format_test_util.h"
#include "kernels/kernel_api.h"
#include "prepare/op_prepare.h"
#include "common/graph_builder.h"

namespace {

using namespace lpai::format;  // NOLINT
using lpai::Status;
using lpai::kernels::KernelArgs;
using lpai::kernels::TensorRef;
using lpai::writer::GraphBuilder;

// The tests below build bare node chains. As a graph, a chain's first reads of non-constant
// tensors are its inputs and the tensors it writes but never reads its outputs (the loader's
// graph-level checks need every read defined and every output written).
GraphBuilder with_io(const GraphBuilder& b) {
  const lpai::writer::GraphDesc d = b.build();
  std::vector<uint32_t> inputs, outputs, written;
  auto has = [](const std::vector<uint32_t>& v, uint32_t id) {
    return std::find(v.begin(), v.end(), id) != v.end();
  };
  for (const lpai::writer::NodeDesc& n : d.nodes) {
    for (uint32_t id : n.inputs) {
      if (id != kNone && d.tensors[id].mem_class == MemClass::kScratch && !has(written, id) &&
          !has(inputs, id)) {
        inputs.push_back(id);
      }
    }
    for (uint32_t id : n.outputs) written.push_back(id);
  }
  for (uint32_t id : written) {
    bool read = false;
    for (const lpai::writer::NodeDesc& n : d.nodes) read = read || has(n.inputs, id);
    if (!read && !has(outputs, id)) outputs.push_back(id);
  }
  GraphBuilder g = b;
  g.set_inputs(inputs).set_outputs(outputs);
  return g;
}

// Serializes `b` (with_io), validates the structure (must pass) and returns validate_nodes'
// Status.
Status node_status(const GraphBuilder& bare, lpai_test::Bytes* keep = nullptr,
                   BinaryView* view_out = nullptr) {
  const GraphBuilder b = with_io(bare);
  std::string error;
  lpai_test::Bytes bin(b.serialize(&error));
  EXPECT_GT(bin.size(), 0u) << error;
  BinaryView view;
  EXPECT_EQ(validate_binary(bin.data(), bin.size(), &view), Status::kOk);
  if (!view.valid()) return Status::kInternal;
  const Status s = lpai::kernels::validate_nodes(view);
  if (keep != nullptr) {
    *keep = bin;
    EXPECT_EQ(validate_binary(keep->data(), keep->size(), view_out), Status::kOk);
  }
  return s;
}

TEST(CopyKernel, ValidCopyPasses) {
  GraphBuilder b;
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {2, 8});
  const uint32_t out = b.add_scratch("out", DataType::kInt16, {8});  // same 16 bytes
  b.add_node(BuiltinOp::kCopy, {in}, {out});
  EXPECT_EQ(node_status(b), Status::kOk);
}

TEST(CopyKernel, SizeMismatchRejected) {
  GraphBuilder b;
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {16});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {15});
  b.add_node(BuiltinOp::kCopy, {in}, {out});
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  EXPECT_EQ(node_status(b), Status::kBinaryBadTensor);
  EXPECT_TRUE(logs.contains("COPY: input 16 bytes, output 15 bytes"));
}

TEST(CopyKernel, WrongCountsRejected) {
  {
    GraphBuilder b;
    const uint32_t a = b.add_scratch("a", DataType::kInt8, {4});
    const uint32_t c = b.add_scratch("c", DataType::kInt8, {4});
    b.add_node(BuiltinOp::kCopy, {a, a}, {c});
    EXPECT_EQ(node_status(b), Status::kBinaryBadParams);
  }
  {
    // One output listed twice: a tensor written twice, refused at load by the graph checks.
    GraphBuilder b;
    const uint32_t a = b.add_scratch("a", DataType::kInt8, {4});
    const uint32_t c = b.add_scratch("c", DataType::kInt8, {4});
    b.add_node(BuiltinOp::kCopy, {a}, {c, c});
    std::string error;
    lpai_test::Bytes bin(with_io(b).serialize(&error));
    BinaryView view;
    lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
    EXPECT_EQ(validate_binary(bin.data(), bin.size(), &view), Status::kBinaryBadTensor);
    EXPECT_TRUE(logs.contains("node 0 output 1: tensor 1 is written by two nodes"));
  }
  {
    GraphBuilder b;
    const uint32_t a = b.add_scratch("a", DataType::kInt8, {4});
    const uint32_t c = b.add_scratch("c", DataType::kInt8, {4});
    const uint32_t e = b.add_scratch("e", DataType::kInt8, {4});
    b.add_node(BuiltinOp::kCopy, {a}, {c, e});
    EXPECT_EQ(node_status(b), Status::kBinaryBadParams);
  }
  {
    GraphBuilder b;
    const uint32_t c = b.add_scratch("c", DataType::kInt8, {4});
    b.add_node(BuiltinOp::kCopy, {kNone}, {c});
    EXPECT_EQ(node_status(b), Status::kBinaryBadParams);
  }
  {
    GraphBuilder b;
    const uint32_t a = b.add_scratch("a", DataType::kInt8, {4});
    b.add_node(BuiltinOp::kCopy, {a}, {});
    EXPECT_EQ(node_status(b), Status::kBinaryBadParams);
  }
}

TEST(CopyKernel, ParamsRejected) {
  GraphBuilder b;
  const uint32_t a = b.add_scratch("a", DataType::kInt8, {4});
  const uint32_t c = b.add_scratch("c", DataType::kInt8, {4});
  b.add_node(BuiltinOp::kCopy, {a}, {c}, {0, 0, 0, 0});
  EXPECT_EQ(node_status(b), Status::kBinaryBadParams);
}

// Runs node 0 of `view` with the given data pointers.
void run_node0(const BinaryView& view, uint8_t* in, uint8_t* out) {
  const NodeRecord& n = view.node(0);
  TensorRef inputs[lpai::kernels::kMaxNodeInputs];
  TensorRef outputs[lpai::kernels::kMaxNodeOutputs];
  KernelArgs args;
  lpai::kernels::describe_node(view, n, inputs, outputs, &args);
  inputs[0].data = in;
  outputs[0].data = out;
  const lpai::kernels::OpKernel* k = lpai::kernels::find_kernel(n.op);
  ASSERT_NE(k, nullptr);
  k->eval(args);
}

TEST(CopyKernel, EvalCopiesExactlyTheBytes) {
  GraphBuilder b;
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {10});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {10});
  b.add_node(BuiltinOp::kCopy, {in}, {out});
  lpai_test::Bytes keep;
  BinaryView view;
  ASSERT_EQ(node_status(b, &keep, &view), Status::kOk);
  uint8_t src[10];
  uint8_t dst[12];
  for (int i = 0; i < 10; ++i) src[i] = static_cast<uint8_t>(100 + i);
  std::memset(dst, 0xAA, sizeof(dst));
  run_node0(view, src, dst + 1);
  EXPECT_EQ(dst[0], 0xAA);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(dst[1 + i], 100 + i);
  EXPECT_EQ(dst[11], 0xAA);
}

TEST(CopyKernel, EvalIsOverlapSafe) {
  GraphBuilder b;
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {8});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {8});
  b.add_node(BuiltinOp::kCopy, {in}, {out});
  lpai_test::Bytes keep;
  BinaryView view;
  ASSERT_EQ(node_status(b, &keep, &view), Status::kOk);
  uint8_t buf[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  run_node0(view, buf, buf + 3);  // forward overlap
  const uint8_t fwd[12] = {1, 2, 3, 1, 2, 3, 4, 5, 6, 7, 8, 12};
  EXPECT_EQ(std::memcmp(buf, fwd, 12), 0);
  uint8_t buf2[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  run_node0(view, buf2 + 3, buf2);  // backward overlap
  const uint8_t bwd[12] = {4, 5, 6, 7, 8, 9, 10, 11, 9, 10, 11, 12};
  EXPECT_EQ(std::memcmp(buf2, bwd, 12), 0);
}

TEST(ReshapeKernel, ValidWithAndWithoutShapeInput) {
  GraphBuilder b;
  const uint32_t in = b.add_scratch("in", DataType::kInt16, {2, 3, 4}, 0.5f, 3);
  const uint32_t shape = b.add_const_values<int32_t>("shape", DataType::kInt32, {2}, {6, 4});
  const uint32_t mid = b.add_scratch("mid", DataType::kInt16, {6, 4}, 0.5f, 3);
  const uint32_t out = b.add_scratch("out", DataType::kInt16, {24}, 0.5f, 3);
  const uint32_t out2 = b.add_scratch("out2", DataType::kInt16, {4, 6}, 0.5f, 3);
  b.add_node(BuiltinOp::kReshape, {in, shape}, {mid});
  b.add_node(BuiltinOp::kReshape, {mid}, {out});
  b.add_node(BuiltinOp::kReshape, {out, kNone}, {out2});
  EXPECT_EQ(node_status(b), Status::kOk);
}

TEST(ReshapeKernel, TypeMismatchRejected) {
  GraphBuilder b;
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {4, 4});
  const uint32_t out = b.add_scratch("out", DataType::kUint8, {16});
  b.add_node(BuiltinOp::kReshape, {in}, {out});
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  EXPECT_EQ(node_status(b), Status::kBinaryTensorTypeRefused);
  EXPECT_TRUE(logs.contains("RESHAPE: output data type 2 refused (want 1, the input's type)"));
}

TEST(ReshapeKernel, ElementCountMismatchRejected) {
  GraphBuilder b;
  const uint32_t in = b.add_scratch("in", DataType::kInt16, {4, 4});
  const uint32_t out = b.add_scratch("out", DataType::kInt16, {15});
  b.add_node(BuiltinOp::kReshape, {in}, {out});
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  EXPECT_EQ(node_status(b), Status::kBinaryBadTensor);
  EXPECT_TRUE(logs.contains("RESHAPE: input 16 elements, output 15 elements"));
}

TEST(ReshapeKernel, QuantisationMismatchRejected) {
  GraphBuilder b;
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {8}, 0.5f, 1);
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {2, 4}, 0.5f, 2);
  b.add_node(BuiltinOp::kReshape, {in}, {out});
  EXPECT_EQ(node_status(b), Status::kBinaryBadTensor);
}

TEST(ReshapeKernel, NonConstShapeRejected) {
  GraphBuilder b;
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {8});
  const uint32_t shape = b.add_scratch("shape", DataType::kInt32, {2});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {2, 4});
  b.add_node(BuiltinOp::kReshape, {in, shape}, {out});
  EXPECT_EQ(node_status(b), Status::kBinaryBadParams);
}

TEST(ReshapeKernel, WrongCountsAndParamsRejected) {
  {
    GraphBuilder b;
    const uint32_t in = b.add_scratch("in", DataType::kInt8, {8});
    const uint32_t out = b.add_scratch("out", DataType::kInt8, {8});
    b.add_node(BuiltinOp::kReshape, {in, kNone, kNone}, {out});
    EXPECT_EQ(node_status(b), Status::kBinaryBadParams);
  }
  {
    GraphBuilder b;
    const uint32_t in = b.add_scratch("in", DataType::kInt8, {8});
    b.add_node(BuiltinOp::kReshape, {in}, {});
    EXPECT_EQ(node_status(b), Status::kBinaryBadParams);
  }
  {
    GraphBuilder b;
    const uint32_t in = b.add_scratch("in", DataType::kInt8, {8});
    const uint32_t out = b.add_scratch("out", DataType::kInt8, {8});
    b.add_node(BuiltinOp::kReshape, {in}, {out}, {1, 0, 0, 0});
    EXPECT_EQ(node_status(b), Status::kBinaryBadParams);
  }
}

TEST(ReshapeKernel, EvalCopiesOrSkipsWhenAliased) {
  GraphBuilder b;
  const uint32_t in = b.add_scratch("in", DataType::kInt16, {2, 3});
  const uint32_t out = b.add_scratch("out", DataType::kInt16, {6});
  b.add_node(BuiltinOp::kReshape, {in}, {out});
  lpai_test::Bytes keep;
  BinaryView view;
  ASSERT_EQ(node_status(b, &keep, &view), Status::kOk);
  int16_t src[6] = {-1, 2, -3, 4, -5, 6};
  int16_t dst[6] = {0, 0, 0, 0, 0, 0};
  run_node0(view, reinterpret_cast<uint8_t*>(src), reinterpret_cast<uint8_t*>(dst));
  EXPECT_EQ(std::memcmp(src, dst, sizeof(src)), 0);
  int16_t same[6] = {7, 8, 9, 10, 11, 12};
  run_node0(view, reinterpret_cast<uint8_t*>(same), reinterpret_cast<uint8_t*>(same));
  const int16_t expect_same[6] = {7, 8, 9, 10, 11, 12};
  EXPECT_EQ(std::memcmp(same, expect_same, sizeof(same)), 0);
}

// ---- RESHAPE offline prepare ----------------------------------------------------------------

lpai::prepare::PrepTensor prep_tensor(const char* name, DataType type, std::vector<int32_t> shape,
                                      float scale = 0.5f, int64_t zp = 0) {
  lpai::prepare::PrepTensor t;
  t.name = name;
  t.type = type;
  t.shape = std::move(shape);
  t.scales = {scale};
  t.zero_points = {zp};
  return t;
}

TEST(ReshapePrepare, AcceptsMatchingTensorsWithEmptyParams) {
  const lpai::prepare::PrepareFn fn = lpai::prepare::find_prepare(22);
  ASSERT_NE(fn, nullptr);
  auto in = prep_tensor("in", DataType::kInt8, {1, 2, 3});
  auto out = prep_tensor("out", DataType::kInt8, {6});
  const int32_t shape_data[1] = {6};
  auto shape = prep_tensor("shape", DataType::kInt32, {1});
  shape.data = reinterpret_cast<const uint8_t*>(shape_data);
  shape.data_size = sizeof(shape_data);
  lpai::prepare::PrepOp op;
  op.builtin = static_cast<int>(lpai::format::BuiltinOp::kReshape);
  op.inputs = {&in, &shape};
  op.outputs = {&out};
  const lpai::prepare::PrepResult r = fn(op);
  EXPECT_TRUE(r.ok()) << r.error;
  EXPECT_TRUE(r.params.empty());
  EXPECT_EQ(r.temp_bytes, 0u);
  op.inputs = {&in};
  EXPECT_TRUE(fn(op).ok());
}

TEST(ReshapePrepare, RejectsMismatches) {
  const lpai::prepare::PrepareFn fn = lpai::prepare::find_prepare(22);
  ASSERT_NE(fn, nullptr);
  auto in = prep_tensor("in", DataType::kInt8, {2, 3});
  lpai::prepare::PrepOp op;
  op.builtin = static_cast<int>(lpai::format::BuiltinOp::kReshape);
  op.inputs = {&in};

  auto wrong_count = prep_tensor("out", DataType::kInt8, {5});
  op.outputs = {&wrong_count};
  EXPECT_NE(fn(op).error.find("6 elements, output 5"), std::string::npos) << fn(op).error;

  auto wrong_type = prep_tensor("out", DataType::kInt16, {6});
  op.outputs = {&wrong_type};
  EXPECT_NE(fn(op).error.find("differ in type"), std::string::npos) << fn(op).error;

  auto wrong_quant = prep_tensor("out", DataType::kInt8, {6}, 0.25f);
  op.outputs = {&wrong_quant};
  EXPECT_NE(fn(op).error.find("different quantisation"), std::string::npos) << fn(op).error;

  auto good = prep_tensor("out", DataType::kInt8, {6});
  auto dyn_shape = prep_tensor("shape", DataType::kInt32, {1});  // no data: not constant
  op.inputs = {&in, &dyn_shape};
  op.outputs = {&good};
  EXPECT_NE(fn(op).error.find("not constant"), std::string::npos) << fn(op).error;

  op.inputs = {&in};
  op.outputs = {};
  EXPECT_NE(fn(op).error.find("needs 1 or 2 inputs and 1 output"), std::string::npos);
}

}  // namespace
