// Helpers of the data-movement kernel tests: random values of a type, a per-type spec, and
// prepare -> validate -> run of an ew_test::Node with gtest assertions.
#ifndef LPAI_TESTS_KERNELS_MOVEMENT_TEST_UTIL_H
#define LPAI_TESTS_KERNELS_MOVEMENT_TEST_UTIL_H

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "kernels/ew_harness.h"

namespace mv_test {

using ew_test::DataType;
using ew_test::Node;
using ew_test::Spec;

inline std::vector<int32_t> values(DataType t, size_t n, uint32_t seed) {
  switch (t) {
    case DataType::kInt16: return ew_test::random_values(n, -32768, 32767, seed);
    case DataType::kInt32: return ew_test::random_values(n, -100000, 100000, seed);
    default: return ew_test::random_values(n, -128, 127, seed);
  }
}

inline size_t count(const std::vector<int32_t>& shape) {
  size_t n = 1;
  for (int32_t d : shape) n *= static_cast<size_t>(d);
  return n;
}

// Per-tensor quantised activation spec (int16 symmetric), zero point at a type limit for int8.
inline Spec spec(DataType t, std::vector<int32_t> shape, int32_t zp = -128) {
  const bool q = t == DataType::kInt8 || t == DataType::kInt16;
  return {t, std::move(shape), q ? 0.0625f : 0.0f, t == DataType::kInt8 ? zp : 0};
}
inline Spec ints(std::vector<int32_t> shape, bool i64 = false) {
  return {i64 ? DataType::kInt64 : DataType::kInt32, std::move(shape), 0.0f, 0};
}

// prepare + validate + run; false (with a gtest failure) when any step fails.
inline bool run(Node& n) {
  const auto r = n.prepare();
  EXPECT_TRUE(r.ok()) << r.error;
  if (!r.ok()) return false;
  const lpai::Status s = n.validate();
  EXPECT_EQ(s, lpai::Status::kOk);
  if (s != lpai::Status::kOk) return false;
  n.run();
  return true;
}

inline bool error_has(Node& n, const std::string& what) {
  const auto r = n.prepare();
  EXPECT_FALSE(r.ok());
  const bool has = r.error.find(what) != std::string::npos;
  EXPECT_TRUE(has) << "error '" << r.error << "' lacks '" << what << "'";
  return has;
}

}  // namespace mv_test

#endif  // LPAI_TESTS_KERNELS_MOVEMENT_TEST_UTIL_H
