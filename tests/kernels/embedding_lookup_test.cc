// EMBEDDING_LOOKUP kernel: rows copied by run-time ids; out-of-range ids are clamped.
#include <gtest/gtest.h>

#include "kernels/movement_test_util.h"
#include "kernels/reference/movement_ref.h"

namespace {

using mv_test::DataType;
using mv_test::Node;

constexpr int kEmbeddingLookup = 7;

void check(DataType t, std::vector<int32_t> vs, std::vector<int32_t> ids) {
  const auto table = mv_test::values(t, mv_test::count(vs), 47);
  std::vector<int32_t> os;
  const auto want = ref::gather(table, vs, std::vector<int64_t>(ids.begin(), ids.end()),
                                {static_cast<int32_t>(ids.size())}, 0, 0, &os);
  Node n(kEmbeddingLookup);
  n.add_input(mv_test::ints({static_cast<int32_t>(ids.size())}), ids);
  n.add_const(mv_test::spec(t, vs, 0), table);
  n.add_output(mv_test::spec(t, os, 43));  // the output's quantisation is not looked at
  if (!mv_test::run(n)) return;
  EXPECT_EQ(n.output(), want);
}

TEST(EmbeddingLookupKernel, Rows) {
  check(DataType::kInt8, {2, 4}, {1, 0});
  check(DataType::kInt8, {2, 2, 6}, {1, 1, 0, 1, 0, 0});
  check(DataType::kInt8, {7, 5, 6}, {6, 3});
  check(DataType::kInt8, {1, 1, 4}, {0, 0, 0});
  check(DataType::kInt16, {3, 5}, {2, 0, 1});
}

TEST(EmbeddingLookupKernel, OutOfRangeIdsAreClamped) {
  Node n(kEmbeddingLookup);
  n.add_input(mv_test::ints({3}), {-1, 9, 1});
  n.add_const(mv_test::spec(DataType::kInt8, {2, 2}, 0), {1, 2, 3, 4});
  n.add_output(mv_test::spec(DataType::kInt8, {3, 2}, 0));
  ASSERT_TRUE(mv_test::run(n));
  EXPECT_EQ(n.output(), (std::vector<int32_t>{1, 2, 3, 4, 3, 4}));
}

TEST(EmbeddingLookupKernel, Rejects) {
  {
    Node n(kEmbeddingLookup);
    n.add_input(mv_test::ints({2}), {});
    n.add_const(mv_test::spec(DataType::kInt8, {4}, 0), {});
    n.add_output(mv_test::spec(DataType::kInt8, {2}, 0));
    mv_test::error_has(n, "rank 2..6");
  }
  Node n(kEmbeddingLookup);
  n.add_input(mv_test::ints({2}), {});
  n.add_const(mv_test::spec(DataType::kInt8, {3, 2}, 0), {});
  n.add_output(mv_test::spec(DataType::kInt8, {2, 2}, 0));
  ASSERT_TRUE(n.prepare().ok());
  ASSERT_EQ(n.validate(), lpai::Status::kOk);
  n.in_rec(1).dims[0] = 2;  // rows differ from the blob
  n.in_rec(1).size = 4;
  EXPECT_EQ(n.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
