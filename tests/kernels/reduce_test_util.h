// Shared driver of the MEAN / SUM / REDUCE_MAX / REDUCE_MIN kernel tests (op_node.h +
// reference/reduce_ref.h).
#ifndef LPAI_TESTS_KERNELS_REDUCE_TEST_UTIL_H
#define LPAI_TESTS_KERNELS_REDUCE_TEST_UTIL_H

#include <gtest/gtest.h>

#include <vector>

#include "kernels/op_node.h"
#include "kernels/reference/reduce_ref.h"

namespace reduce_test {

using op_test::DataType;
using op_test::Node;

constexpr int kMean = 40, kSum = 74, kReduceMax = 82, kReduceMin = 89;

inline std::vector<int32_t> out_shape(const std::vector<int32_t>& shape,
                                      const std::vector<int32_t>& axes, bool keep) {
  const std::vector<bool> red = ref::reduced_axes(shape, axes);
  std::vector<int32_t> o;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (!red[d]) o.push_back(shape[d]);
    else if (keep) o.push_back(1);
  }
  return o;
}

// Builds, prepares, validates and runs one reduction; compares with the reference.
inline void check(int builtin, DataType t, std::vector<int32_t> shape, std::vector<int32_t> axes,
                  bool keep, float si, int32_t zi, float so, int32_t zo, uint32_t seed,
                  std::vector<int32_t> x = {}) {
  const bool i16 = t == DataType::kInt16;
  int64_t n = 1;
  for (int32_t d : shape) n *= d;
  if (x.empty()) x = op_test::random_values(static_cast<size_t>(n), i16 ? -32768 : -128, i16 ? 32767 : 127, seed);
  Node node(builtin);
  node.options().keep_dims = keep;
  node.add_input({t, shape, si, zi}, x);
  node.add_const({DataType::kInt32, {static_cast<int32_t>(axes.size())}, 1.0f, 0, false}, axes);
  node.add_output({t, out_shape(shape, axes, keep), so, zo});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  std::vector<int32_t> want;
  if (builtin == kReduceMax || builtin == kReduceMin) {
    want = ref::reduce_extreme(x, shape, axes, builtin == kReduceMax);
  } else {
    want = ref::mean_or_sum(x, shape, axes, builtin == kMean, si, zi, so, zo, i16 ? -32768 : -128,
                            i16 ? 32767 : 127);
  }
  EXPECT_EQ(node.output(), want);
}

}  // namespace reduce_test

#endif  // LPAI_TESTS_KERNELS_REDUCE_TEST_UTIL_H
