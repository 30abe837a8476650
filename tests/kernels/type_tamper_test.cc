// Type tamper at load: a node that prepares and validates, then has one tensor record's
// data_type changed to a type its kernel does not accept in that position, fails validate with
// Status::kBinaryTensorTypeRefused (never kBinaryBadParams / kBinaryBadTensor), one case per
// kernel family (movement, indices, comparisons, softmax, LUT activations, ADD_N, FILL,
// ZEROS_LIKE, SHAPE).
#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "kernels/movement_test_util.h"

namespace {

using mv_test::DataType;
using mv_test::Node;
using mv_test::Spec;

// TFLite builtin codes.
constexpr int kConcatenation = 2;
constexpr int kLogistic = 14;
constexpr int kSoftmax = 25;
constexpr int kPad = 34;
constexpr int kGather = 36;
constexpr int kTranspose = 39;
constexpr int kEqual = 71;
constexpr int kShape = 77;
constexpr int kPack = 83;
constexpr int kZerosLike = 93;
constexpr int kFill = 94;
constexpr int kAddN = 106;

Spec i8(std::vector<int32_t> shape, int32_t zp = 0, float scale = 0.0625f) {
  return {DataType::kInt8, std::move(shape), scale, zp};
}
Spec plain(DataType t, std::vector<int32_t> shape) { return {t, std::move(shape), 0.0f, 0}; }

struct Case {
  const char* name;
  std::function<std::unique_ptr<Node>()> build;  // a valid node, not yet prepared
  bool output;                                   // patch an output (else an input)
  size_t index;
  DataType refused;
};

std::vector<Case> cases() {
  return {
      {"TransposeInputUint8",
       [] {
         auto n = std::make_unique<Node>(kTranspose);
         n->add_input(i8({2, 3}), {});
         n->add_const(plain(DataType::kInt32, {2}), {1, 0});
         n->add_output(i8({3, 2}));
         return n;
       },
       false, 0, DataType::kUint8},
      {"TransposeOutputOfAnotherType",
       [] {
         auto n = std::make_unique<Node>(kTranspose);
         n->add_input(i8({2, 3}), {});
         n->add_const(plain(DataType::kInt32, {2}), {1, 0});
         n->add_output(i8({3, 2}));
         return n;
       },
       true, 0, DataType::kInt16},
      {"PadInputInt32",
       [] {
         auto n = std::make_unique<Node>(kPad);
         n->add_input(i8({2, 2}), {});
         n->add_const(plain(DataType::kInt32, {2, 2}), {1, 1, 0, 0});
         n->add_output(i8({4, 2}));
         return n;
       },
       false, 0, DataType::kInt32},
      {"ConcatenationSecondInputInt16",
       [] {
         auto n = std::make_unique<Node>(kConcatenation);
         n->options().axis = 0;
         n->add_input(i8({1, 2}), {});
         n->add_input(i8({1, 2}), {});
         n->add_output(i8({2, 2}));
         return n;
       },
       false, 1, DataType::kInt16},
      {"PackOutputUint8",
       [] {
         auto n = std::make_unique<Node>(kPack);
         n->options().axis = 0;
         n->options().values_count = 2;
         n->add_input(i8({2}), {});
         n->add_input(i8({2}), {});
         n->add_output(i8({2, 2}));
         return n;
       },
       true, 0, DataType::kUint8},
      {"GatherIndicesInt16",
       [] {
         auto n = std::make_unique<Node>(kGather);
         n->add_input(i8({3, 2}), {});
         n->add_input(plain(DataType::kInt32, {2}), {0, 2});
         n->add_output(i8({2, 2}));
         return n;
       },
       false, 1, DataType::kInt16},
      {"SoftmaxInputInt32",
       [] {
         auto n = std::make_unique<Node>(kSoftmax);
         n->add_input(i8({1, 4}), {});
         n->add_output(i8({1, 4}, -128, 1.0f / 256));
         return n;
       },
       false, 0, DataType::kInt32},
      {"EqualOutputInt8",
       [] {
         auto n = std::make_unique<Node>(kEqual);
         n->add_input(i8({4}), {});
         n->add_input(i8({4}), {});
         n->add_output(plain(DataType::kBool, {4}));
         return n;
       },
       true, 0, DataType::kInt8},
      {"AddNSecondInputInt16",
       [] {
         auto n = std::make_unique<Node>(kAddN);
         n->add_input(i8({4}), {});
         n->add_input(i8({4}), {});
         n->add_output(i8({4}));
         return n;
       },
       false, 1, DataType::kInt16},
      {"LogisticOutputInt16",
       [] {
         auto n = std::make_unique<Node>(kLogistic);
         n->add_input(i8({4}), {});
         n->add_output(i8({4}, -128, 1.0f / 256));
         return n;
       },
       true, 0, DataType::kInt16},
      {"ZerosLikeOutputInt16",
       [] {
         auto n = std::make_unique<Node>(kZerosLike);
         n->add_input(i8({4}), {});
         n->add_output(i8({4}));
         return n;
       },
       true, 0, DataType::kInt16},
      {"FillValueInt16",
       [] {
         auto n = std::make_unique<Node>(kFill);
         n->add_const(plain(DataType::kInt32, {1}), {4});
         n->add_input(i8({1}), {});
         n->add_output(i8({4}));
         return n;
       },
       false, 1, DataType::kInt16},
      {"ShapeOutputInt8",
       [] {
         auto n = std::make_unique<Node>(kShape);
         n->add_input(i8({2, 3}), {});
         n->add_output(plain(DataType::kInt32, {2}));
         return n;
       },
       true, 0, DataType::kInt8},
  };
}

void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

class TypeTamper : public ::testing::TestWithParam<Case> {};

TEST_P(TypeTamper, RefusedDataTypeGivesItsOwnCode) {
  const Case& c = GetParam();
  std::unique_ptr<Node> n = c.build();
  const auto r = n->prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(n->validate(), lpai::Status::kOk);
  lpai::format::TensorRecord& rec = c.output ? n->out_rec(c.index) : n->in_rec(c.index);
  rec.data_type = static_cast<uint8_t>(c.refused);
  EXPECT_EQ(n->validate(), lpai::Status::kBinaryTensorTypeRefused);
}

INSTANTIATE_TEST_SUITE_P(Kernels, TypeTamper, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& i) {
                           return std::string(i.param.name);
                         });

}  // namespace
