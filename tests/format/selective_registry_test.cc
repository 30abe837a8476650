// A selective kernel registry (CMake LPAI_OP_LIST): registry.cc compiled with the op list
// tests/format/selective_ops.txt (ADD; COPY is always in). Only listed ops dispatch; a binary
// that needs another known op is refused at load with a line naming it.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_support.h"
#include "format/binary_view.h"
#include "kernels/kernel_api.h"
#include "common/graph_builder.h"

namespace {

using lpai::Status;
using lpai::format::BuiltinOp;
using lpai::format::DataType;

const lpai::kernels::OpKernel* kernel(BuiltinOp op) {
  return lpai::kernels::find_kernel(static_cast<uint16_t>(op));
}

TEST(SelectiveRegistry, OnlyTheListedOpsAndCopyDispatch) {
  ASSERT_NE(kernel(BuiltinOp::kAdd), nullptr);
  EXPECT_STREQ(kernel(BuiltinOp::kAdd)->name, "ADD");
  ASSERT_NE(kernel(BuiltinOp::kCopy), nullptr);
  EXPECT_EQ(kernel(BuiltinOp::kConv2d), nullptr);
  EXPECT_EQ(kernel(BuiltinOp::kMul), nullptr);
  EXPECT_EQ(kernel(BuiltinOp::kMean), nullptr);
}

TEST(SelectiveRegistry, ABinaryNeedingAMissingKernelIsRefusedNamingTheOp) {
  lpai::writer::GraphBuilder b("needs_mul");
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {8}, 0.5f, 0);
  const uint32_t mid = b.add_scratch("mid", DataType::kInt8, {8}, 0.5f, 0);
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {8}, 0.5f, 0);
  b.add_node(BuiltinOp::kCopy, {in}, {mid});
  b.add_node(BuiltinOp::kMul, {mid, mid}, {out});
  b.set_inputs({in}).set_outputs({out});
  std::string err;
  const std::vector<uint8_t> bin = b.serialize(&err);
  ASSERT_TRUE(err.empty()) << err;
  lpai::host::AlignedBytes copy(bin.size(), 64);
  std::copy(bin.begin(), bin.end(), copy.data());
  lpai::format::BinaryView view;
  ASSERT_EQ(lpai::format::validate_binary(copy.data(), bin.size(), &view), Status::kOk);
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  EXPECT_EQ(lpai::kernels::validate_nodes(view), Status::kBinaryUnknownOp);
  ASSERT_EQ(logs.lines().size(), 1u);
  EXPECT_TRUE(logs.contains("node 1 needs operator MUL, which this firmware image does not include"))
      << logs.lines()[0];
}

}  // namespace
