// A writer-built binary validates, and every BinaryView accessor returns what was written.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "common/test_support.h"
#include "format/binary_view.h"
#include "format/format_test_util.h"

namespace {

using namespace lpai::format;  // NOLINT
using lpai::Status;
using lpai_test::Bytes;

uint32_t bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

class LoaderValid : public ::testing::Test {
 protected:
  void load(bool memhandle) {
    bin_ = Bytes(lpai_test::reference_binary(memhandle));
    ASSERT_GT(bin_.size(), sizeof(BinaryHeader));
    lpai_test::LogCapture logs;
    ASSERT_EQ(validate_binary(bin_.data(), bin_.size(), &view_), Status::kOk);
    EXPECT_TRUE(logs.lines().empty());
    ASSERT_TRUE(view_.valid());
  }
  Bytes bin_;
  BinaryView view_;
};

TEST_F(LoaderValid, DefaultViewIsInvalid) {
  BinaryView v;
  EXPECT_FALSE(v.valid());
}

TEST_F(LoaderValid, HeaderFields) {
  load(false);
  EXPECT_EQ(view_.data(), bin_.data());
  EXPECT_EQ(view_.size(), bin_.size());
  const BinaryHeader& h = view_.header();
  EXPECT_EQ(h.magic, 0x4941504Cu);
  EXPECT_EQ(std::memcmp(bin_.data(), "LPAI", 4), 0);
  EXPECT_EQ(h.version_major, 1);
  EXPECT_EQ(h.version_minor, 0);
  EXPECT_EQ(h.flags, 0u);
  EXPECT_EQ(h.header_size, 128u);
  EXPECT_EQ(h.crc32, lpai_test::ref_binary_crc(bin_.data(), bin_.size()));
  EXPECT_FALSE(view_.io_memhandle_hint());
  EXPECT_STREQ(view_.graph_name(), "reference_graph");
  EXPECT_EQ(view_.tensor_count(), 8u);
  EXPECT_EQ(view_.node_count(), 3u);
  // Sections are 16-byte aligned and follow the header.
  for (const Section* s :
       {&h.tensors, &h.nodes, &h.indices, &h.quant, &h.params, &h.consts, &h.strings}) {
    EXPECT_EQ(s->offset % 16, 0u);
    EXPECT_GE(s->offset, 128u);
  }
}

TEST_F(LoaderValid, MemoryPlan) {
  load(false);
  EXPECT_EQ(view_.plan().scratch_size, 160u);
  EXPECT_EQ(view_.plan().persistent_size, 16u);
  EXPECT_EQ(view_.plan().start_alignment, 16u);
  EXPECT_EQ(view_.plan().size_alignment, 16u);
}

TEST_F(LoaderValid, TensorRecords) {
  load(false);
  struct Expect {
    const char* name;
    DataType type;
    MemClass mc;
    uint32_t rank;
    uint32_t dims[6];
    uint32_t size;
  };
  const Expect e[8] = {
      {"in", DataType::kInt8, MemClass::kScratch, 4, {1, 4, 4, 2}, 32},
      {"w", DataType::kInt8, MemClass::kConst, 4, {2, 1, 1, 2}, 4},
      {"bias", DataType::kInt32, MemClass::kConst, 1, {2}, 8},
      {"mid", DataType::kInt8, MemClass::kScratch, 4, {1, 4, 4, 2}, 32},
      {"state", DataType::kInt16, MemClass::kPersistent, 2, {1, 8}, 16},
      {"tmp", DataType::kInt8, MemClass::kScratch, 1, {64}, 64},
      {"out", DataType::kInt8, MemClass::kScratch, 2, {1, 32}, 32},
      {"lut", DataType::kFloat32, MemClass::kConst, 1, {3}, 12},
  };
  for (uint32_t id = 0; id < 8; ++id) {
    SCOPED_TRACE(id);
    const TensorRecord& t = view_.tensor(id);
    EXPECT_STREQ(view_.tensor_name(id), e[id].name);
    EXPECT_EQ(t.data_type, static_cast<uint8_t>(e[id].type));
    EXPECT_EQ(t.mem_class, static_cast<uint8_t>(e[id].mc));
    EXPECT_EQ(t.rank, e[id].rank);
    for (uint32_t d = 0; d < 6; ++d) EXPECT_EQ(t.dims[d], e[id].dims[d]);
    EXPECT_EQ(t.size, e[id].size);
  }
  // Planned offsets.
  EXPECT_EQ(view_.tensor(0).offset, 0u);
  EXPECT_EQ(view_.tensor(3).offset, 32u);
  EXPECT_EQ(view_.tensor(5).offset, 64u);
  EXPECT_EQ(view_.tensor(6).offset, 128u);
  EXPECT_EQ(view_.tensor(4).offset, 0u);
  // Flags and IO slots.
  EXPECT_EQ(view_.tensor(0).flags, kTensorIsInput);
  EXPECT_EQ(view_.tensor(0).io_slot, 0u);
  EXPECT_EQ(view_.tensor(6).flags, kTensorIsOutput);
  EXPECT_EQ(view_.tensor(6).io_slot, 1u);
  EXPECT_EQ(view_.tensor(4).flags, kTensorIsVariable);
  for (uint32_t id : {1u, 2u, 3u, 4u, 5u, 7u}) EXPECT_EQ(view_.tensor(id).io_slot, kNone);
  // Per-tensor quantisation.
  EXPECT_EQ(view_.tensor(0).zero_point, -3);
  EXPECT_EQ(view_.tensor(0).scale_bits, bits(0.5f));
  EXPECT_EQ(view_.tensor(0).quant_index, kNone);
  EXPECT_EQ(view_.tensor(0).quant_count, 0u);
}

TEST_F(LoaderValid, PerChannelQuant) {
  load(false);
  const TensorRecord& w = view_.tensor(1);
  EXPECT_EQ(w.quant_count, 2u);
  EXPECT_EQ(w.quant_axis, 0);
  EXPECT_EQ(w.scale_bits, bits(0.25f));  // channel 0
  EXPECT_EQ(w.zero_point, 0);
  const QuantParam* q = view_.quant(w.quant_index);
  EXPECT_EQ(q[0].scale_bits, bits(0.25f));
  EXPECT_EQ(q[0].zero_point, 0);
  EXPECT_EQ(q[1].scale_bits, bits(0.125f));
  EXPECT_EQ(q[1].zero_point, 1);
}

TEST_F(LoaderValid, ConstData) {
  load(false);
  const uint8_t* w = view_.consts() + view_.tensor(1).offset;
  EXPECT_EQ(w[0], 0x01);
  EXPECT_EQ(w[1], 0xFF);
  EXPECT_EQ(w[2], 0x7F);
  EXPECT_EQ(w[3], 0x80);
  int32_t bias[2];
  std::memcpy(bias, view_.consts() + view_.tensor(2).offset, 8);
  EXPECT_EQ(bias[0], 1000);
  EXPECT_EQ(bias[1], -7);
  float lut[3];
  std::memcpy(lut, view_.consts() + view_.tensor(7).offset, 12);
  EXPECT_EQ(lut[0], 1.5f);
  EXPECT_EQ(lut[1], -2.0f);
  EXPECT_EQ(lut[2], 0.25f);
  for (uint32_t id : {1u, 2u, 7u}) EXPECT_EQ(view_.tensor(id).offset % 16, 0u);
  // Const data is addressed in place: consts() points into the binary.
  EXPECT_EQ(view_.consts(), bin_.data() + view_.header().consts.offset);
}

TEST_F(LoaderValid, NodeRecords) {
  load(false);
  const NodeRecord& n0 = view_.node(0);
  EXPECT_EQ(n0.op, static_cast<uint16_t>(BuiltinOp::kConv2d));
  ASSERT_EQ(n0.num_inputs, 3);
  ASSERT_EQ(n0.num_outputs, 1);
  EXPECT_EQ(view_.indices(n0.inputs_index)[0], 0u);
  EXPECT_EQ(view_.indices(n0.inputs_index)[1], 1u);
  EXPECT_EQ(view_.indices(n0.inputs_index)[2], 2u);
  EXPECT_EQ(view_.indices(n0.outputs_index)[0], 3u);
  EXPECT_EQ(n0.params_size, 6u);
  EXPECT_EQ(n0.params_offset % 4, 0u);
  const uint8_t* p0 = view_.params(n0);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(p0[i], i + 1);
  EXPECT_EQ(n0.temp_tensor, 5u);

  const NodeRecord& n1 = view_.node(1);
  EXPECT_EQ(n1.op, static_cast<uint16_t>(BuiltinOp::kAdd));
  ASSERT_EQ(n1.num_inputs, 3);
  EXPECT_EQ(view_.indices(n1.inputs_index)[0], 3u);
  EXPECT_EQ(view_.indices(n1.inputs_index)[1], kNone);
  EXPECT_EQ(view_.indices(n1.inputs_index)[2], 4u);
  EXPECT_EQ(view_.indices(n1.outputs_index)[0], 4u);
  EXPECT_EQ(n1.params_size, 0u);
  EXPECT_EQ(n1.temp_tensor, kNone);

  const NodeRecord& n2 = view_.node(2);
  EXPECT_EQ(n2.op, static_cast<uint16_t>(BuiltinOp::kReshape));
  EXPECT_EQ(view_.indices(n2.outputs_index)[0], 6u);
  ASSERT_EQ(n2.params_size, 4u);
  EXPECT_EQ(n2.params_offset % 4, 0u);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(view_.params(n2)[i], 9);
  for (uint32_t i = 0; i < 3; ++i) {
    EXPECT_EQ(view_.node(i).reserved[0], 0u);
    EXPECT_EQ(view_.node(i).reserved[1], 0u);
  }
}

TEST_F(LoaderValid, GraphIo) {
  load(false);
  ASSERT_EQ(view_.num_inputs(), 1u);
  ASSERT_EQ(view_.num_outputs(), 1u);
  EXPECT_EQ(view_.input_tensor(0), 0u);
  EXPECT_EQ(view_.output_tensor(0), 6u);
  // IO slots: the input first, then the output; each tensor record names its own slot.
  ASSERT_EQ(view_.io_count(), 2u);
  EXPECT_EQ(view_.io_tensor(0), 0u);
  EXPECT_EQ(view_.io_tensor(1), 6u);
  for (uint32_t slot = 0; slot < view_.io_count(); ++slot) {
    EXPECT_EQ(view_.tensor(view_.io_tensor(slot)).io_slot, slot);
  }
}

TEST_F(LoaderValid, MemhandleHintPutsIoOutsideThePools) {
  load(true);
  EXPECT_TRUE(view_.io_memhandle_hint());
  EXPECT_EQ(view_.header().flags, kFlagIoMemhandleHint);
  EXPECT_EQ(view_.tensor(0).mem_class, static_cast<uint8_t>(MemClass::kIo));
  EXPECT_EQ(view_.tensor(6).mem_class, static_cast<uint8_t>(MemClass::kIo));
  EXPECT_EQ(view_.tensor(0).offset, 0u);
  EXPECT_EQ(view_.tensor(6).offset, 0u);
  EXPECT_EQ(view_.tensor(3).offset, 0u);
  EXPECT_EQ(view_.tensor(5).offset, 32u);
  EXPECT_EQ(view_.plan().scratch_size, 96u);
}

TEST_F(LoaderValid, OutputViewUntouchedOnFailure) {
  load(false);
  BinaryView other;
  Bytes bad(lpai_test::reference_binary(false));
  bad[0] ^= 0xFF;
  lpai_test::LogCapture logs;
  EXPECT_EQ(validate_binary(bad.data(), bad.size(), &other), Status::kBinaryBadMagic);
  EXPECT_FALSE(other.valid());
  EXPECT_EQ(validate_binary(bad.data(), bad.size(), &view_), Status::kBinaryBadMagic);
  EXPECT_EQ(view_.data(), bin_.data());
}

TEST_F(LoaderValid, EmptyGraphValidates) {
  lpai::writer::GraphDesc g;
  g.name = "";
  const lpai::host::HostResult<std::vector<uint8_t>> serialized =
      lpai::writer::serialize_context_binary(g);
  ASSERT_TRUE(serialized.ok()) << serialized.error();
  Bytes bin(serialized.value());
  BinaryView v;
  EXPECT_EQ(validate_binary(bin.data(), bin.size(), &v), Status::kOk);
  EXPECT_EQ(v.tensor_count(), 0u);
  EXPECT_EQ(v.node_count(), 0u);
  EXPECT_STREQ(v.graph_name(), "");
  EXPECT_EQ(v.header().tensors.offset, 0u);  // empty sections sit at offset 0
}

}  // namespace
