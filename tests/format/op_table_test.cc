// The operator table (format/op_table.h) and what is generated from it agree: every row has a
// kernel whose name is the row's name, every TFLite row a prepare function, codes are unique,
// and codes outside the table have neither.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "format/context_binary_format.h"
#include "kernels/kernel_api.h"
#include "prepare/op_prepare.h"

namespace {

struct Row {
  lpai::format::BuiltinOp op;
  const char* name;
  int code;
  int options;
  bool tflite;
};

const Row kRows[] = {
#define LPAI_TEST_ROW(Enum, NAME, code, options, snake) \
  {lpai::format::BuiltinOp::Enum, #NAME, code, options, code < 1000},
    LPAI_KERNEL_OPS(LPAI_TEST_ROW)
#undef LPAI_TEST_ROW
};

TEST(OpTable, EveryRowHasItsKernelAndPrepare) {
  std::set<int> codes;
  for (const Row& r : kRows) {
    EXPECT_TRUE(codes.insert(r.code).second) << "duplicate code " << r.code;
    EXPECT_EQ(static_cast<int>(r.op), r.code) << r.name;
    const lpai::kernels::OpKernel* k = lpai::kernels::find_kernel(static_cast<uint16_t>(r.code));
    ASSERT_NE(k, nullptr) << r.name;
    EXPECT_EQ(static_cast<int>(k->op), r.code) << r.name;
    EXPECT_STREQ(k->name, r.name);
    EXPECT_STREQ(lpai::format::op_name(static_cast<uint32_t>(r.code)), r.name);
    if (r.tflite) {
      EXPECT_NE(lpai::prepare::find_prepare(r.code), nullptr) << r.name;
      EXPECT_EQ(lpai::prepare::builtin_name(r.code), r.name);
      EXPECT_EQ(lpai::prepare::options_type_of(r.code), r.options) << r.name;
    }
  }
}

TEST(OpTable, CodesOutsideTheTableHaveNothing) {
  std::set<int> codes;
  for (const Row& r : kRows) codes.insert(r.code);
  for (int code = 0; code < 2048; ++code) {
    if (codes.count(code) != 0) continue;
    EXPECT_EQ(lpai::kernels::find_kernel(static_cast<uint16_t>(code)), nullptr) << code;
    EXPECT_EQ(lpai::prepare::find_prepare(code), nullptr) << code;
  }
  EXPECT_EQ(lpai::prepare::builtin_name(8), "UNKNOWN(8)");  // FLOOR: float-only, never run
  EXPECT_EQ(lpai::prepare::builtin_name(32), "CUSTOM");
}

}  // namespace
