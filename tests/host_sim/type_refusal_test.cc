// Load-time type refusal: a binary whose node has a tensor of a data type the node's kernel
// does not accept fails QnnContext_createFromBinary with QNN_LPAI_ERROR_BINARY_TENSOR_TYPE_REFUSED
// (5118), whatever the kernel. The binaries are prepared from valid models and then have one
// tensor record's data_type patched to uint8 (one byte like int8, so sizes and the plan stay
// consistent; zero points chosen inside both ranges) and the CRC recomputed.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "format/binary_view.h"
#include "format/context_binary_format.h"
#include "lpai/qnn_compat.h"
#include "prepare/prepare.h"
#include "prepare/tflite_builder.h"
#include "runner/session.h"

namespace {

namespace tb = lpai::tflite_builder;
namespace fmt = lpai::format;

std::vector<uint8_t> prepared(const tb::TfliteBuilder& m) {
  const std::vector<uint8_t> model = m.finish();
  lpai::prepare::PrepareOutput out;
  std::string err;
  EXPECT_EQ(lpai_test::failure(lpai::prepare::prepare_tflite(model.data(), model.size(),
                                            lpai::prepare::PlanOptions(), &out)), "");
  return out.binary;
}

// Sets data_type of every tensor record whose flags contain `flag` (graph input / output) to
// `type`, then recomputes the CRC.
void patch_io_type(std::vector<uint8_t>* bin, uint8_t flag, fmt::DataType type) {
  fmt::BinaryHeader h;
  std::memcpy(&h, bin->data(), sizeof(h));
  for (uint32_t i = 0; i < h.tensors.count; ++i) {
    const size_t at = h.tensors.offset + i * sizeof(fmt::TensorRecord);
    fmt::TensorRecord t;
    std::memcpy(&t, bin->data() + at, sizeof(t));
    if ((t.flags & flag) == 0) continue;
    t.data_type = static_cast<uint8_t>(type);
    std::memcpy(bin->data() + at, &t, sizeof(t));
  }
  std::memset(bin->data() + offsetof(fmt::BinaryHeader, crc32), 0, 4);
  const uint32_t crc = fmt::binary_crc32(bin->data(), bin->size());
  std::memcpy(bin->data() + offsetof(fmt::BinaryHeader, crc32), &crc, 4);
}

// Opens the binary; expects the create to fail with the type-refused code.
void expect_type_refused(const std::vector<uint8_t>& bin) {
  std::string err;
  auto s = lpai::host::Session::open(bin, lpai::host::SessionOptions(), &err);
  EXPECT_EQ(s, nullptr);
  EXPECT_NE(err.find(std::to_string(QNN_LPAI_ERROR_BINARY_TENSOR_TYPE_REFUSED)), std::string::npos)
      << err;
  EXPECT_NE(err.find("BINARY_TENSOR_TYPE_REFUSED"), std::string::npos) << err;
}

// The unpatched binary opens (the patch alone makes the difference).
void expect_opens(const std::vector<uint8_t>& bin) {
  std::string err;
  EXPECT_NE(lpai::host::Session::open(bin, lpai::host::SessionOptions(), &err), nullptr) << err;
}

// in int8 [1, 4, 4, 2] -> CONV_2D 1x1 (2 -> 3 channels, int32 bias) -> out int8 [1, 4, 4, 3].
tb::TfliteBuilder conv_model() {
  tb::TfliteBuilder m;
  const int in = m.act("in", {1, 4, 4, 2}, 0.5f, 3);
  tb::TensorSpec w;
  w.name = "w";
  w.shape = {3, 1, 1, 2};
  w.scales = {0.25f};
  w.zero_points = {0};
  w.data = {1, 2, 3, 4, 5, 6};
  const int wi = m.tensor(w);
  tb::TensorSpec b;
  b.name = "b";
  b.type = tb::tfl::TensorType_INT32;
  b.shape = {3};
  b.scales = {0.125f};
  b.zero_points = {0};
  b.data.assign(12, 0);
  const int bi = m.tensor(b);
  const int out = m.act("out", {1, 4, 4, 3}, 1.0f, 1);
  m.op({tb::kConv2d, {in, wi, bi}, {out}, {}, tb::tfl::BuiltinOptions_Conv2DOptions,
        tb::conv_options(tb::tfl::Padding_VALID, 1, 1, tb::tfl::ActivationFunctionType_NONE), -1});
  m.io({in}, {out});
  return m;
}

// in int8 [1, 8] -> RELU -> out int8 [1, 8].
tb::TfliteBuilder relu_model() {
  tb::TfliteBuilder m;
  const int in = m.act("in", {1, 8}, 0.5f, 2);
  const int out = m.act("out", {1, 8}, 0.5f, 2);
  m.op({tb::kRelu, {in}, {out}, {}, tb::tfl::BuiltinOptions_NONE, nullptr, -1});
  m.io({in}, {out});
  return m;
}

// in int8 [1, 8] -> CAST -> out int32 [1, 8] (plain integers).
tb::TfliteBuilder cast_model() {
  tb::TfliteBuilder m;
  tb::TensorSpec i;
  i.name = "in";
  i.shape = {1, 8};
  const int in = m.tensor(i);
  tb::TensorSpec o;
  o.name = "out";
  o.type = tb::tfl::TensorType_INT32;
  o.shape = {1, 8};
  const int out = m.tensor(o);
  m.op({tb::kCast, {in}, {out}, {}, tb::tfl::BuiltinOptions_NONE, nullptr, -1});
  m.io({in}, {out});
  return m;
}

TEST(TensorTypeRefused, Conv2dInputOfAnotherTypeFailsAtCreate) {
  std::vector<uint8_t> bin = prepared(conv_model());
  ASSERT_FALSE(bin.empty());
  expect_opens(bin);
  patch_io_type(&bin, fmt::kTensorIsInput, fmt::DataType::kUint8);
  expect_type_refused(bin);
}

TEST(TensorTypeRefused, Conv2dOutputOfAnotherTypeFailsAtCreate) {
  std::vector<uint8_t> bin = prepared(conv_model());
  ASSERT_FALSE(bin.empty());
  patch_io_type(&bin, fmt::kTensorIsOutput, fmt::DataType::kUint8);
  expect_type_refused(bin);
}

TEST(TensorTypeRefused, ElementWiseReluOutputOfAnotherTypeFailsAtCreate) {
  std::vector<uint8_t> bin = prepared(relu_model());
  ASSERT_FALSE(bin.empty());
  expect_opens(bin);
  patch_io_type(&bin, fmt::kTensorIsOutput, fmt::DataType::kUint8);
  expect_type_refused(bin);
}

TEST(TensorTypeRefused, CastFromAnotherTypeFailsAtCreate) {
  std::vector<uint8_t> bin = prepared(cast_model());
  ASSERT_FALSE(bin.empty());
  expect_opens(bin);
  patch_io_type(&bin, fmt::kTensorIsInput, fmt::DataType::kUint8);
  expect_type_refused(bin);
}

}  // namespace
