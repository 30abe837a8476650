// CAST kernel against a plain reference: TFLite Micro's integer cast is static_cast of each
// value (two's-complement wrap when narrowing, bool -> 0/1, any non-zero value -> true).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "kernels/op_node.h"

namespace {

using op_test::DataType;
using op_test::Node;

constexpr int kCast = 53;

// static_cast<To>(v) of a value already held in the input type.
int32_t ref_cast(int64_t v, DataType to) {
  switch (to) {
    case DataType::kInt8: return static_cast<int8_t>(v);
    case DataType::kInt16: return static_cast<int16_t>(v);
    case DataType::kInt32: return static_cast<int32_t>(v);
    case DataType::kBool: return static_cast<bool>(v) ? 1 : 0;
    default: ADD_FAILURE() << "type"; return 0;
  }
}

// The input type's extremes, neighbours of the narrower types' limits, and random values.
std::vector<int32_t> inputs_for(DataType ti) {
  if (ti == DataType::kBool) return {0, 1, 1, 0, 0, 1, 1, 1, 0};
  int64_t lo = -128, hi = 127;
  if (ti == DataType::kInt16) lo = -32768, hi = 32767;
  if (ti == DataType::kInt32) lo = INT32_MIN, hi = INT32_MAX;
  std::vector<int32_t> v;
  for (int64_t c : {int64_t{0}, int64_t{1}, int64_t{-1}, int64_t{127}, int64_t{128},
                    int64_t{-128}, int64_t{-129}, int64_t{255}, int64_t{256}, int64_t{32767},
                    int64_t{32768}, int64_t{-32768}, int64_t{-32769}, int64_t{65536},
                    int64_t{65537}, lo, hi, lo + 1, hi - 1}) {
    if (c >= lo && c <= hi) v.push_back(static_cast<int32_t>(c));
  }
  const auto r = op_test::random_values(61, static_cast<int32_t>(lo), static_cast<int32_t>(hi),
                                        static_cast<uint32_t>(ti) + 3u);
  v.insert(v.end(), r.begin(), r.end());
  return v;
}

const DataType kTypes[] = {DataType::kInt8, DataType::kInt16, DataType::kInt32, DataType::kBool};

TEST(CastKernel, EveryTypePairMatchesStaticCast) {
  for (DataType ti : kTypes) {
    for (DataType to : kTypes) {
      const std::vector<int32_t> x = inputs_for(ti);
      const int32_t n = static_cast<int32_t>(x.size());
      Node node(kCast);
      node.add_input({ti, {1, n}, 1.0f, 0, false}, x);
      node.add_output({to, {1, n}, 1.0f, 0, false});
      const auto r = node.prepare();
      ASSERT_TRUE(r.ok()) << r.error;
      EXPECT_TRUE(r.params.empty());
      ASSERT_EQ(node.validate(), lpai::Status::kOk);
      node.run();
      std::vector<int32_t> want(x.size());
      for (size_t i = 0; i < x.size(); ++i) want[i] = ref_cast(x[i], to);
      EXPECT_EQ(node.output(), want) << "types " << static_cast<int>(ti) << " -> "
                                     << static_cast<int>(to);
    }
  }
}

TEST(CastKernel, MultiDimensionalAndEmpty) {
  const std::vector<int32_t> x = op_test::random_values(2 * 3 * 4 * 5, -32768, 32767, 9);
  Node node(kCast);
  node.add_input({DataType::kInt16, {2, 3, 4, 5}, 1.0f, 0, false}, x);
  node.add_output({DataType::kInt8, {2, 3, 4, 5}, 1.0f, 0, false});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  std::vector<int32_t> want(x.size());
  for (size_t i = 0; i < x.size(); ++i) want[i] = ref_cast(x[i], DataType::kInt8);
  EXPECT_EQ(node.output(), want);

  Node empty(kCast);
  empty.add_input({DataType::kInt32, {0, 3}, 1.0f, 0, false}, {});
  empty.add_output({DataType::kInt8, {0, 3}, 1.0f, 0, false});
  ASSERT_TRUE(empty.prepare().ok());
  ASSERT_EQ(empty.validate(), lpai::Status::kOk);
  empty.run();
  EXPECT_TRUE(empty.output().empty());
}

TEST(CastKernel, Rejects) {
  {  // prepare: a type outside int8/int16/int32/bool
    Node node(kCast);
    node.add_input({DataType::kInt64, {4}, 1.0f, 0, false}, {});
    node.add_output({DataType::kInt32, {4}, 1.0f, 0, false});
    const auto r = node.prepare();
    EXPECT_FALSE(r.ok());
    EXPECT_NE(r.error.find("unsupported"), std::string::npos) << r.error;
  }
  {  // prepare: shapes differ
    Node node(kCast);
    node.add_input({DataType::kInt8, {4}, 1.0f, 0, false}, {});
    node.add_output({DataType::kInt32, {2, 2}, 1.0f, 0, false});
    const auto r = node.prepare();
    EXPECT_FALSE(r.ok());
    EXPECT_NE(r.error.find("shapes differ"), std::string::npos) << r.error;
  }
  {  // validate: tampered records
    Node node(kCast);
    node.add_input({DataType::kInt8, {4}, 1.0f, 0, false}, {});
    node.add_output({DataType::kInt16, {4}, 1.0f, 0, false});
    ASSERT_TRUE(node.prepare().ok());
    ASSERT_EQ(node.validate(), lpai::Status::kOk);
    node.out_rec(0).data_type = static_cast<uint8_t>(DataType::kFloat32);
    node.out_rec(0).size = 16;
    EXPECT_EQ(node.validate(), lpai::Status::kBinaryTensorTypeRefused);
    node.out_rec(0).data_type = static_cast<uint8_t>(DataType::kInt16);
    node.out_rec(0).size = 8;
    node.out_rec(0).dims[0] = 3;
    node.out_rec(0).size = 6;
    EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  }
}

}  // namespace
