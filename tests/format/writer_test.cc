// serialize_context_binary() rejects inconsistent descriptions with a message, and lays out
// what it accepts as documented; GraphBuilder plans offsets and sizes sequentially.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "format/binary_view.h"
#include "format/format_test_util.h"
#include "writer/context_binary_writer.h"
#include "common/graph_builder.h"

namespace {

using namespace lpai::format;  // NOLINT
using lpai::Status;
using lpai::writer::GraphBuilder;
using lpai::writer::GraphDesc;
using lpai::writer::serialize_context_binary;
using lpai::writer::TensorDesc;

struct Bad {
  const char* name;
  std::function<void(GraphDesc&)> edit;
  const char* message;  // substring of the error
};
std::ostream& operator<<(std::ostream& os, const Bad& b) { return os << b.name; }

std::vector<Bad> bad_descriptions() {
  return {
      {"NodeInputIdOutOfRange", [](GraphDesc& g) { g.nodes[0].inputs[1] = 8; },
       "node 0: input 1 tensor id 8 out of range"},
      {"NodeOutputIdOutOfRange", [](GraphDesc& g) { g.nodes[2].outputs[0] = 99; },
       "node 2: output 0 tensor id 99"},
      {"NodeOutputAbsent", [](GraphDesc& g) { g.nodes[2].outputs[0] = kNone; },
       "node 2: output 0 tensor id 4294967295"},
      {"NodeOutputConst", [](GraphDesc& g) { g.nodes[2].outputs[0] = 1; },
       "node 2: output 0 is const tensor 1"},
      {"TooManyNodeInputs", [](GraphDesc& g) { g.nodes[0].inputs.assign(256, 0); },
       "more than 255"},
      {"TempTensorPersistent", [](GraphDesc& g) { g.nodes[0].temp_tensor = 4; },
       "temp tensor 4 must be a scratch tensor"},
      {"TempTensorOutOfRange", [](GraphDesc& g) { g.nodes[0].temp_tensor = 8; },
       "temp tensor id 8 out of range"},
      {"GraphInputOutOfRange", [](GraphDesc& g) { g.inputs = {8}; }, "graph input 0: tensor id 8"},
      {"GraphOutputDuplicate",
       [](GraphDesc& g) {
         g.outputs = {6, 6};
       },
       "graph output 1: tensor 6 listed twice"},
      {"GraphIoInBothLists", [](GraphDesc& g) { g.outputs = {0}; }, "listed twice"},
      {"IoTensorWrongClassRaw", [](GraphDesc& g) { g.inputs = {4}; },
       "the raw IO hint requires scratch"},
      {"IoTensorWrongClassMemhandle", [](GraphDesc& g) { g.io_memhandle_hint = true; },
       "the memhandle IO hint requires io"},
      {"IoClassNotGraphIo",
       [](GraphDesc& g) {
         g.tensors[3].mem_class = MemClass::kIo;
         g.tensors[3].offset = 0;
       },
       "tensor 3: io memory class but not a graph input"},
      {"ConstDataSizeMismatch", [](GraphDesc& g) { g.tensors[2].const_data.pop_back(); },
       "const data has 7 bytes, expected 8"},
      {"ConstDataOnScratch", [](GraphDesc& g) { g.tensors[3].const_data = {1}; },
       "const data given for a scratch tensor"},
      {"UnknownType", [](GraphDesc& g) { g.tensors[3].type = static_cast<DataType>(10); },
       "unknown data type 10"},
      {"InvalidType", [](GraphDesc& g) { g.tensors[3].type = DataType::kInvalid; },
       "unknown data type 0"},
      {"Float32Scratch", [](GraphDesc& g) { g.tensors[3].type = DataType::kFloat32; },
       "float32 is allowed for const tensors only"},
      {"UnknownMemClass", [](GraphDesc& g) { g.tensors[3].mem_class = static_cast<MemClass>(7); },
       "unknown memory class 7"},
      {"RankTooLarge", [](GraphDesc& g) { g.tensors[3].dims = {1, 1, 1, 1, 1, 1, 32}; },
       "rank 7 exceeds 6"},
      {"DimZero",
       [](GraphDesc& g) {
         g.tensors[3].dims = {1, 0, 4, 2};
       },
       "dims[1] is 0"},
      {"SizeOverflows32Bits",
       [](GraphDesc& g) {
         g.tensors[4].dims = {65536, 65536};
       },
       "byte size overflows 32 bits"},
      {"ExplicitSizeWrong", [](GraphDesc& g) { g.tensors[3].size = 31; },
       "size 31 but dims and type give 32"},
      {"VariableNotPersistent", [](GraphDesc& g) { g.tensors[3].is_variable = true; },
       "variable tensors must be persistent"},
      {"ScratchOffsetMisaligned", [](GraphDesc& g) { g.tensors[3].offset = 8; },
       "offset 8 not a multiple of the plan start alignment 16"},
      {"ScratchBeyondPlan", [](GraphDesc& g) { g.plan.scratch_size = 144; },
       "tensor 6 'out': [128, 160) exceeds the scratch size 144"},
      {"PersistentBeyondPlan", [](GraphDesc& g) { g.plan.persistent_size = 0; },
       "exceeds the persistent size 0"},
      {"IoOffsetNonZero",
       [](GraphDesc& g) {
         g.io_memhandle_hint = true;
         g.tensors[0].mem_class = MemClass::kIo;
         g.tensors[0].offset = 16;
       },
       "io tensors have offset 0"},
      {"PlanStartAlignmentNotPow2", [](GraphDesc& g) { g.plan.start_alignment = 24; },
       "start alignment 24 not a power of two"},
      {"PlanSizeAlignmentZero", [](GraphDesc& g) { g.plan.size_alignment = 0; },
       "size alignment 0 not a power of two"},
      {"PlanScratchUnaligned", [](GraphDesc& g) { g.plan.scratch_size = 170; },
       "scratch size 170 not a multiple of 16"},
      {"PlanPersistentUnaligned", [](GraphDesc& g) { g.plan.persistent_size = 20; },
       "persistent size 20 not a multiple of 16"},
      {"ChannelCountsDiffer", [](GraphDesc& g) { g.tensors[1].channel_zero_points = {0}; },
       "2 channel scales but 1 channel zero points"},
      {"ChannelAxisWrong", [](GraphDesc& g) { g.tensors[1].quant_axis = 1; },
       "quant_axis 1 does not have 2 channels"},
      {"AxisWithoutChannels", [](GraphDesc& g) { g.tensors[0].quant_axis = 1; },
       "quant_axis 1 without per-channel parameters"},
      {"NameWithNul", [](GraphDesc& g) { g.tensors[5].name = std::string("a\0b", 3); },
       "name contains NUL"},
      {"GraphNameWithNul", [](GraphDesc& g) { g.name = std::string("g\0", 2); },
       "graph name contains NUL"},
  };
}

class WriterRejects : public ::testing::TestWithParam<Bad> {};

TEST_P(WriterRejects, WithMessage) {
  GraphDesc g = lpai_test::reference_graph(false);
  GetParam().edit(g);
  const lpai::host::HostResult<std::vector<uint8_t>> bin = serialize_context_binary(g);
  ASSERT_FALSE(bin.ok());
  EXPECT_TRUE(bin.value().empty());
  EXPECT_NE(bin.error().find(GetParam().message), std::string::npos) << bin.error();
}

INSTANTIATE_TEST_SUITE_P(Descriptions, WriterRejects, ::testing::ValuesIn(bad_descriptions()),
                         [](const ::testing::TestParamInfo<Bad>& i) { return i.param.name; });

TEST(Writer, SuccessCarriesTheBinaryAndNoMessage) {
  const lpai::host::HostResult<std::vector<uint8_t>> bin =
      serialize_context_binary(lpai_test::reference_graph(false));
  ASSERT_TRUE(bin.ok());
  EXPECT_FALSE(bin.value().empty());
  EXPECT_EQ(bin.error(), "");
}

TEST(Writer, DeterministicOutputWithZeroPadding) {
  const std::vector<uint8_t> a = lpai_test::reference_binary(false);
  const std::vector<uint8_t> b = lpai_test::reference_binary(false);
  EXPECT_EQ(a, b);
  const BinaryHeader h = lpai_test::header_of(a.data());
  EXPECT_EQ(h.total_size, a.size());
  // Sections in the documented order, each right after the previous one (16-byte aligned).
  const Section order[] = {h.tensors, h.nodes, h.indices, h.quant, h.params, h.consts, h.strings};
  const uint32_t rec[] = {64, 32, 4, 8, 1, 1, 1};
  size_t end = 128;
  for (int i = 0; i < 7; ++i) {
    SCOPED_TRACE(i);
    const size_t start = (end + 15) / 16 * 16;
    EXPECT_EQ(order[i].offset, start);
    for (size_t p = end; p < start; ++p) EXPECT_EQ(a[p], 0) << "padding byte " << p;
    end = start + size_t{order[i].count} * rec[i];
  }
  EXPECT_EQ(end, a.size());
  EXPECT_EQ(h.indices.count, 12u);  // 1 input + 1 output + (3+1) + (3+1) + (1+1)
  EXPECT_EQ(h.params.count, 12u);   // 6 bytes padded to 8, then 4
  EXPECT_EQ(h.consts.count, 44u);   // 4 @0, 8 @16, 12 @32
  EXPECT_EQ(h.quant.count, 2u);
  const char expected_strings[] = "reference_graph\0in\0w\0bias\0mid\0state\0tmp\0out\0lut";
  ASSERT_EQ(h.strings.count, sizeof(expected_strings));
  EXPECT_EQ(std::memcmp(a.data() + h.strings.offset, expected_strings, sizeof(expected_strings)),
            0);
}

TEST(Writer, StoredCrcMatchesReference) {
  const std::vector<uint8_t> a = lpai_test::reference_binary(true);
  EXPECT_EQ(lpai_test::get<uint32_t>(a.data(), 16), lpai_test::ref_binary_crc(a.data(), a.size()));
}

TEST(Writer, OutputValidates) {
  for (bool memhandle : {false, true}) {
    lpai_test::Bytes bin(lpai_test::reference_binary(memhandle));
    BinaryView v;
    EXPECT_EQ(validate_binary(bin.data(), bin.size(), &v), Status::kOk);
  }
}

TEST(GraphBuilder, SequentialPlanHonoursAlignments) {
  GraphBuilder b("plan");
  b.set_alignment(64, 256);
  const uint32_t a = b.add_scratch("a", DataType::kInt8, {10});
  const uint32_t p0 = b.add_persistent("p0", DataType::kInt32, {3});
  const uint32_t c = b.add_scratch("c", DataType::kInt16, {3, 11});
  const uint32_t p1 = b.add_persistent("p1", DataType::kInt8, {1}, false);
  const uint32_t k = b.add_const_values<int16_t>("k", DataType::kInt16, {2}, {1, -1});
  const uint32_t d = b.add_scratch("d", DataType::kInt64, {1});
  b.add_node(BuiltinOp::kCopy, {a}, {c});
  b.set_inputs({a}).set_outputs({c});  // d is planned but unused
  const GraphDesc g = b.build();
  EXPECT_EQ(g.tensors[a].offset, 0u);
  EXPECT_EQ(g.tensors[c].offset, 64u);   // after 10 bytes
  EXPECT_EQ(g.tensors[d].offset, 192u);  // c ends at 130
  EXPECT_EQ(g.tensors[k].mem_class, MemClass::kConst);
  EXPECT_EQ(g.plan.scratch_size, 256u);  // d ends at 200
  EXPECT_EQ(g.tensors[p0].offset, 0u);
  EXPECT_EQ(g.tensors[p1].offset, 64u);
  EXPECT_FALSE(g.tensors[p1].is_variable);
  EXPECT_TRUE(g.tensors[p0].is_variable);
  EXPECT_EQ(g.plan.start_alignment, 64u);
  EXPECT_EQ(g.plan.size_alignment, 256u);
  EXPECT_EQ(g.plan.persistent_size, 256u);  // 65 -> 256
  std::string error;
  lpai_test::Bytes bin(b.serialize(&error));
  ASSERT_GT(bin.size(), 0u) << error;
  BinaryView v;
  EXPECT_EQ(validate_binary(bin.data(), bin.size(), &v), Status::kOk);
}

TEST(GraphBuilder, ExplicitOffsetsAreKeptAndCountTowardsSize) {
  GraphBuilder b;
  const uint32_t a = b.add_scratch("a", DataType::kInt8, {32});
  TensorDesc alias;
  alias.name = "alias";
  alias.type = DataType::kInt8;
  alias.dims = {32};
  alias.offset = 0;  // shares a's bytes
  const uint32_t al = b.add_tensor(alias, false);
  TensorDesc far;
  far.name = "far";
  far.type = DataType::kInt32;
  far.dims = {4};
  far.offset = 1024;
  const uint32_t f = b.add_tensor(far, false);
  const uint32_t n = b.add_scratch("next", DataType::kInt8, {1});
  b.add_node(BuiltinOp::kReshape, {a}, {al});
  const GraphDesc g = b.build();
  EXPECT_EQ(g.tensors[al].offset, 0u);
  EXPECT_EQ(g.tensors[f].offset, 1024u);
  EXPECT_EQ(g.tensors[n].offset, 1040u);  // sequential after the furthest end
  EXPECT_EQ(g.plan.scratch_size, 1056u);  // 1041 -> 1056
}

TEST(GraphBuilder, IoClassFollowsHint) {
  GraphBuilder b;
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {16});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {16});
  b.add_node(BuiltinOp::kCopy, {in}, {out});
  b.set_inputs({in}).set_outputs({out});
  GraphDesc raw = b.build();
  EXPECT_EQ(raw.tensors[in].mem_class, MemClass::kScratch);
  EXPECT_EQ(raw.tensors[out].offset, 16u);
  EXPECT_EQ(raw.plan.scratch_size, 32u);
  b.set_io_memhandle_hint(true);
  GraphDesc mh = b.build();
  EXPECT_EQ(mh.tensors[in].mem_class, MemClass::kIo);
  EXPECT_EQ(mh.tensors[out].mem_class, MemClass::kIo);
  EXPECT_EQ(mh.plan.scratch_size, 0u);
  EXPECT_TRUE(mh.io_memhandle_hint);
  std::string error;
  lpai_test::Bytes bin(b.serialize(&error));
  ASSERT_GT(bin.size(), 0u) << error;
  BinaryView v;
  ASSERT_EQ(validate_binary(bin.data(), bin.size(), &v), Status::kOk);
  EXPECT_TRUE(v.io_memhandle_hint());
}

TEST(GraphBuilder, SerializeReportsWriterErrors) {
  GraphBuilder b;
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {4});
  b.add_const("k", DataType::kInt8, {4}, {1, 2, 3});  // 3 bytes for a 4-byte tensor
  b.set_inputs({in});
  std::string error;
  EXPECT_TRUE(b.serialize(&error).empty());
  EXPECT_NE(error.find("tensor 1 'k': const data has 3 bytes, expected 4"), std::string::npos)
      << error;
}

}  // namespace
