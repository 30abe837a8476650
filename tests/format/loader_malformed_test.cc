// Every structural check of validate_binary(): a valid reference binary with one field patched
// (CRC recomputed unless the CRC itself is the subject) gets exactly its Status and exactly one
// error log line naming the field.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "format/binary_view.h"
#include "format/format_test_util.h"

namespace {

using namespace lpai::format;  // NOLINT
using lpai::Status;
using lpai_test::Bytes;
using lpai_test::get;
using lpai_test::header_of;
using lpai_test::index_at;
using lpai_test::node_at;
using lpai_test::put;
using lpai_test::tensor_at;

#define HDR(field) offsetof(BinaryHeader, field)
#define TEN(id, field) (tensor_at(b, id) + offsetof(TensorRecord, field))
#define NODE(i, field) (node_at(b, i) + offsetof(NodeRecord, field))

struct Case {
  const char* name;
  bool memhandle;
  std::function<void(uint8_t* b)> patch;
  Status expected;
  const char* log;  // substring of the one error line
  bool fix_crc = true;
};

std::ostream& operator<<(std::ostream& os, const Case& c) { return os << c.name; }

// Constants of the reference graph (see format_test_util.h).
constexpr uint32_t kTensorCount = 8;
constexpr uint32_t kScratchSize = 160;

std::vector<Case> cases() {
  std::vector<Case> v;
  auto add = [&v](const char* name, std::function<void(uint8_t*)> patch, Status s, const char* log,
                  bool memhandle = false, bool fix = true) {
    v.push_back(Case{name, memhandle, std::move(patch), s, log, fix});
  };
  // ---- header ------------------------------------------------------------------------------
  add(
      "Magic", [](uint8_t* b) { b[0] = 'X'; }, Status::kBinaryBadMagic, "magic");
  add(
      "VersionMajorNewer", [](uint8_t* b) { put<uint16_t>(b, HDR(version_major), 2); },
      Status::kBinaryBadVersion, "version 2.0");
  add(
      "VersionMajorZero", [](uint8_t* b) { put<uint16_t>(b, HDR(version_major), 0); },
      Status::kBinaryBadVersion, "version 0.0");
  add(
      "VersionMinorNewer", [](uint8_t* b) { put<uint16_t>(b, HDR(version_minor), 2); },
      Status::kBinaryBadVersion, "version 1.2");
  add(
      "FlagsUnknownBit", [](uint8_t* b) { put<uint32_t>(b, HDR(flags), 0x4); },
      Status::kBinaryBadHeader, "flags");
  add(
      "FlagsHighBit", [](uint8_t* b) { put<uint32_t>(b, HDR(flags), 0x80000001u); },
      Status::kBinaryBadHeader, "flags");
  add(
      "HeaderSize", [](uint8_t* b) { put<uint32_t>(b, HDR(header_size), 124); },
      Status::kBinaryBadHeader, "header_size");
  add(
      "Reserved0", [](uint8_t* b) { put<uint32_t>(b, HDR(reserved), 1); }, Status::kBinaryBadHeader,
      "reserved[0]");
  add(
      "RowViewsInVersion10", [](uint8_t* b) { put<uint32_t>(b, HDR(row_views) + 4, 1); },
      Status::kBinaryBadHeader, "header row_views (reserved in version 1.0) set in a version 1.0");
  add(
      "RowViewsEmptyWithOffset",
      [](uint8_t* b) {
        put<uint16_t>(b, HDR(version_minor), 1);
        put<uint32_t>(b, HDR(row_views), 128);
      },
      Status::kBinarySectionOutOfBounds, "empty section row_views has offset 128");
  add(
      "RowViewsOutsideBinary",
      [](uint8_t* b) {
        put<uint16_t>(b, HDR(version_minor), 1);
        put<uint32_t>(b, HDR(row_views), 128);
        put<uint32_t>(b, HDR(row_views) + 4, 0x10000000u);
      },
      Status::kBinarySectionOutOfBounds, "section row_views");
  add(
      "TotalSizeLarger",
      [](uint8_t* b) { put<uint32_t>(b, HDR(total_size), get<uint32_t>(b, HDR(total_size)) + 16); },
      Status::kBinarySizeMismatch, "total_size");
  add(
      "TotalSizeSmaller",
      [](uint8_t* b) { put<uint32_t>(b, HDR(total_size), get<uint32_t>(b, HDR(total_size)) - 1); },
      Status::kBinarySizeMismatch, "total_size");
  add(
      "CrcField",
      [](uint8_t* b) { put<uint32_t>(b, HDR(crc32), get<uint32_t>(b, HDR(crc32)) + 1); },
      Status::kBinaryBadCrc, "crc32", false, false);
  add(
      "CrcPayloadByte", [](uint8_t* b) { b[header_of(b).consts.offset] ^= 0x01; },
      Status::kBinaryBadCrc, "crc32", false, false);
  add(
      "CrcLastByte", [](uint8_t* b) { b[get<uint32_t>(b, HDR(total_size)) - 1] ^= 0x80; },
      Status::kBinaryBadCrc, "crc32", false, false);
  // ---- sections ----------------------------------------------------------------------------
  add(
      "SectionMisaligned",
      [](uint8_t* b) { put<uint32_t>(b, HDR(tensors), header_of(b).tensors.offset + 4); },
      Status::kBinaryMisaligned, "section tensors offset");
  add(
      "SectionStringsMisaligned",
      [](uint8_t* b) { put<uint32_t>(b, HDR(strings), header_of(b).strings.offset + 1); },
      Status::kBinaryMisaligned, "section strings offset");
  add(
      "SectionCountPastEnd", [](uint8_t* b) { put<uint32_t>(b, HDR(strings) + 4, 0x7FFFFFFF); },
      Status::kBinarySectionOutOfBounds, "section strings");
  add(
      "SectionCountOverflowsBytes",
      [](uint8_t* b) { put<uint32_t>(b, HDR(tensors) + 4, 0xFFFFFFFFu); },
      Status::kBinarySectionOutOfBounds, "section tensors");
  add(
      "SectionOffsetPastEnd", [](uint8_t* b) { put<uint32_t>(b, HDR(nodes), 0xFFFFFFF0u); },
      Status::kBinarySectionOutOfBounds, "section nodes");
  add(
      "SectionEndsOneRecordLate",
      [](uint8_t* b) { put<uint32_t>(b, HDR(quant), get<uint32_t>(b, HDR(total_size)) & ~15u); },
      Status::kBinarySectionOutOfBounds, "section quant");
  add(
      "SectionOverlapsHeader", [](uint8_t* b) { put<uint32_t>(b, HDR(nodes), 0); },
      Status::kBinarySectionOutOfBounds, "overlaps the header");
  add(
      "SectionOverlapsHeaderEnd", [](uint8_t* b) { put<uint32_t>(b, HDR(consts), 112); },
      Status::kBinarySectionOutOfBounds, "overlaps the header");
  add(
      "SectionsOverlap",
      [](uint8_t* b) { put<uint32_t>(b, HDR(nodes), header_of(b).tensors.offset + 16); },
      Status::kBinarySectionOutOfBounds, "sections tensors and nodes overlap");
  add(
      "EmptySectionNonZeroOffset", [](uint8_t* b) { put<uint32_t>(b, HDR(quant) + 4, 0); },
      Status::kBinarySectionOutOfBounds, "empty section quant");
  // ---- memory plan -------------------------------------------------------------------------
  add(
      "PlanStartAlignmentNotPow2",
      [](uint8_t* b) { put<uint32_t>(b, HDR(plan.start_alignment), 12); }, Status::kBinaryBadPlan,
      "start_alignment");
  add(
      "PlanStartAlignmentAbovePoolLimit",
      [](uint8_t* b) { put<uint32_t>(b, HDR(plan.start_alignment), 8192); },
      Status::kBinaryBadPlan, "start_alignment");
  add(
      "PlanStartAlignmentZero", [](uint8_t* b) { put<uint32_t>(b, HDR(plan.start_alignment), 0); },
      Status::kBinaryBadPlan, "start_alignment");
  add(
      "PlanSizeAlignmentZero", [](uint8_t* b) { put<uint32_t>(b, HDR(plan.size_alignment), 0); },
      Status::kBinaryBadPlan, "size_alignment");
  add(
      "PlanSizeAlignmentNotPow2",
      [](uint8_t* b) { put<uint32_t>(b, HDR(plan.size_alignment), 48); }, Status::kBinaryBadPlan,
      "size_alignment");
  add(
      "PlanScratchSizeUnaligned",
      [](uint8_t* b) { put<uint32_t>(b, HDR(plan.scratch_size), kScratchSize + 8); },
      Status::kBinaryBadPlan, "scratch_size");
  add(
      "PlanPersistentSizeUnaligned",
      [](uint8_t* b) { put<uint32_t>(b, HDR(plan.persistent_size), 8); }, Status::kBinaryBadPlan,
      "persistent_size");
  // ---- strings -----------------------------------------------------------------------------
  add(
      "StringsNotTerminated",
      [](uint8_t* b) {
        const Section s = header_of(b).strings;
        b[s.offset + s.count - 1] = 'x';
      },
      Status::kBinaryBadString, "NUL-terminated");
  add(
      "GraphNameOutOfBounds",
      [](uint8_t* b) { put<uint32_t>(b, HDR(graph_name), header_of(b).strings.count); },
      Status::kBinaryBadString, "graph_name");
  add(
      "TensorNameOutOfBounds",
      [](uint8_t* b) { put<uint32_t>(b, TEN(3, name), header_of(b).strings.count + 5); },
      Status::kBinaryBadString, "tensor 3 name");
  // ---- graph IO lists ----------------------------------------------------------------------
  add(
      "InputsIndexOutOfRange",
      [](uint8_t* b) { put<uint32_t>(b, HDR(inputs_index), header_of(b).indices.count); },
      Status::kBinaryBadIo, "graph inputs");
  add(
      "NumOutputsOutOfRange", [](uint8_t* b) { put<uint32_t>(b, HDR(num_outputs), 0xFFFFFFFFu); },
      Status::kBinaryBadIo, "graph outputs");
  add(
      "InputTensorIdOutOfRange", [](uint8_t* b) { put<uint32_t>(b, index_at(b, 0), kTensorCount); },
      Status::kBinaryBadIo, "graph input 0 is tensor 8");
  add(
      "InputTensorIdNone", [](uint8_t* b) { put<uint32_t>(b, index_at(b, 0), kNone); },
      Status::kBinaryBadIo, "graph input 0");
  add(
      "DuplicateIoTensor", [](uint8_t* b) { put<uint32_t>(b, index_at(b, 1), 0); },
      Status::kBinaryBadIo, "listed twice");
  add(
      "IoSlotMissing", [](uint8_t* b) { put<uint32_t>(b, TEN(0, io_slot), kNone); },
      Status::kBinaryBadIo, "io_slot");
  add(
      "IoSlotOnOtherTensor", [](uint8_t* b) { put<uint32_t>(b, TEN(3, io_slot), 0); },
      Status::kBinaryBadIo, "tensor 3 io_slot 0");
  add(
      "IoSlotOutOfRange", [](uint8_t* b) { put<uint32_t>(b, TEN(3, io_slot), 2); },
      Status::kBinaryBadIo, "tensor 3 io_slot 2");
  add(
      "InputFlagMissing", [](uint8_t* b) { b[TEN(0, flags)] = 0; }, Status::kBinaryBadIo,
      "tensor 0 flags");
  add(
      "OutputFlagOnInput", [](uint8_t* b) { b[TEN(0, flags)] = kTensorIsOutput; },
      Status::kBinaryBadIo, "tensor 0 flags");
  add(
      "InputFlagOnNonIo", [](uint8_t* b) { b[TEN(3, flags)] = kTensorIsInput; },
      Status::kBinaryBadIo, "tensor 3 flags");
  add(
      "IoTensorPersistent", [](uint8_t* b) { b[TEN(6, mem_class)] = 2; }, Status::kBinaryBadIo,
      "mem_class 2");
  add(
      "IoHintFlagWithScratchIo", [](uint8_t* b) { put<uint32_t>(b, HDR(flags), 1); },
      Status::kBinaryBadIo, "IO hint");
  add(
      "RawHintWithIoClassIo", [](uint8_t* b) { put<uint32_t>(b, HDR(flags), 0); },
      Status::kBinaryBadIo, "IO hint", true);
  add(
      "IoClassOnNonIoTensor", [](uint8_t* b) { b[TEN(3, mem_class)] = 3; }, Status::kBinaryBadIo,
      "tensor 3 mem_class io", true);
  // ---- tensor records ----------------------------------------------------------------------
  add(
      "DataTypeInvalid", [](uint8_t* b) { b[TEN(3, data_type)] = 0; }, Status::kBinaryBadTensor,
      "tensor 3 data_type");
  add(
      "DataTypeUnknown", [](uint8_t* b) { b[TEN(3, data_type)] = 10; }, Status::kBinaryBadTensor,
      "tensor 3 data_type");
  add(
      "Float32NotConst", [](uint8_t* b) { b[TEN(3, data_type)] = 6; }, Status::kBinaryBadTensor,
      "float32");
  add(
      "MemClassUnknown", [](uint8_t* b) { b[TEN(3, mem_class)] = 4; }, Status::kBinaryBadTensor,
      "tensor 3 mem_class");
  add(
      "RankTooLarge", [](uint8_t* b) { b[TEN(3, rank)] = 7; }, Status::kBinaryBadTensor,
      "tensor 3 rank");
  add(
      "UnusedDimNonZero", [](uint8_t* b) { put<uint32_t>(b, TEN(6, dims) + 2 * 4, 1); },
      Status::kBinaryBadTensor, "tensor 6 dims[2]");
  add(
      "LastDimSlotNonZero", [](uint8_t* b) { put<uint32_t>(b, TEN(5, dims) + 5 * 4, 7); },
      Status::kBinaryBadTensor, "tensor 5 dims[5]");
  add(
      "DimZero", [](uint8_t* b) { put<uint32_t>(b, TEN(3, dims) + 1 * 4, 0); },
      Status::kBinaryBadTensor, "tensor 3 dims[1] is 0");
  add(
      "SizeMismatch", [](uint8_t* b) { put<uint32_t>(b, TEN(3, size), 33); },
      Status::kBinaryBadTensor, "tensor 3 size 33");
  add(
      "SizeOverflows32",
      [](uint8_t* b) {
        put<uint32_t>(b, TEN(4, dims), 0x10000);
        put<uint32_t>(b, TEN(4, dims) + 4, 0x10000);
      },
      Status::kBinaryBadTensor, "tensor 4 size overflows");
  add(
      "SizeOverflowsWithMaxDims",
      [](uint8_t* b) {
        b[TEN(5, rank)] = 6;
        for (int d = 0; d < 6; ++d) put<uint32_t>(b, TEN(5, dims) + 4 * d, 0xFFFFFFFFu);
      },
      Status::kBinaryBadTensor, "tensor 5 size overflows");
  add(
      "TensorFlagsUnknown", [](uint8_t* b) { b[TEN(3, flags)] = 0x10; }, Status::kBinaryBadTensor,
      "tensor 3 flags");
  add(
      "FloatIoFlagOnNonIoTensor", [](uint8_t* b) { b[TEN(3, flags)] = kTensorIsFloatIo; },
      Status::kBinaryBadIo, "float IO flag");
  add(
      "VariableNotPersistent", [](uint8_t* b) { b[TEN(3, flags)] = kTensorIsVariable; },
      Status::kBinaryBadTensor, "variable");
  // ---- tensor placement --------------------------------------------------------------------
  add(
      "ScratchOffsetMisaligned", [](uint8_t* b) { put<uint32_t>(b, TEN(3, offset), 40); },
      Status::kBinaryMisaligned, "tensor 3 offset 40");
  add(
      "ScratchOutOfPlan", [](uint8_t* b) { put<uint32_t>(b, TEN(6, offset), kScratchSize); },
      Status::kBinaryTensorOutOfBounds, "scratch_size");
  add(
      "ScratchEndsOneTooFar", [](uint8_t* b) { put<uint32_t>(b, HDR(plan.scratch_size), 144); },
      Status::kBinaryTensorOutOfBounds, "tensor 6");
  add(
      "ScratchOffsetOverflow", [](uint8_t* b) { put<uint32_t>(b, TEN(3, offset), 0xFFFFFFF0u); },
      Status::kBinaryTensorOutOfBounds, "tensor 3");
  add(
      "PersistentOutOfPlan", [](uint8_t* b) { put<uint32_t>(b, TEN(4, offset), 16); },
      Status::kBinaryTensorOutOfBounds, "persistent_size");
  add(
      "PersistentOffsetMisaligned", [](uint8_t* b) { put<uint32_t>(b, TEN(4, offset), 2); },
      Status::kBinaryMisaligned, "tensor 4 offset 2");
  add(
      "ConstOutOfSection",
      [](uint8_t* b) { put<uint32_t>(b, TEN(2, offset), header_of(b).consts.count - 4); },
      Status::kBinaryTensorOutOfBounds, "tensor 2 const");
  add(
      "ConstMisaligned",
      [](uint8_t* b) { put<uint32_t>(b, TEN(2, offset), get<uint32_t>(b, TEN(2, offset)) + 2); },
      Status::kBinaryMisaligned, "tensor 2 const offset");
  add(
      "IoOffsetNonZero", [](uint8_t* b) { put<uint32_t>(b, TEN(0, offset), 16); },
      Status::kBinaryTensorOutOfBounds, "tensor 0 io offset", true);
  // ---- quantisation ------------------------------------------------------------------------
  add(
      "QuantRangePastEnd", [](uint8_t* b) { put<uint32_t>(b, TEN(1, quant_index), 1); },
      Status::kBinaryBadIndex, "tensor 1 quant");
  add(
      "QuantIndexHuge", [](uint8_t* b) { put<uint32_t>(b, TEN(1, quant_index), 0xFFFFFFFEu); },
      Status::kBinaryBadIndex, "tensor 1 quant");
  add(
      "QuantCountZero", [](uint8_t* b) { put<uint32_t>(b, TEN(1, quant_count), 0); },
      Status::kBinaryBadIndex, "tensor 1 quant");
  add(
      "QuantAxisMismatch", [](uint8_t* b) { put<int32_t>(b, TEN(1, quant_axis), 1); },
      Status::kBinaryBadTensor, "quant_axis 1");
  add(
      "QuantAxisNegative", [](uint8_t* b) { put<int32_t>(b, TEN(1, quant_axis), -1); },
      Status::kBinaryBadTensor, "quant_axis -1");
  add(
      "QuantAxisBeyondRank", [](uint8_t* b) { put<int32_t>(b, TEN(1, quant_axis), 4); },
      Status::kBinaryBadTensor, "quant_axis 4");
  add(
      "ZeroPointOutsideInt8", [](uint8_t* b) { put<int32_t>(b, TEN(0, zero_point), 128); },
      Status::kBinaryBadTensor, "tensor 0 zero_point 128");
  add(
      "ZeroPointInt32Min", [](uint8_t* b) { put<int32_t>(b, TEN(2, zero_point), INT32_MIN); },
      Status::kBinaryBadTensor, "tensor 2 zero_point -2147483648");
  add(
      "ChannelZeroPointOutsideInt8",
      [](uint8_t* b) {
        put<int32_t>(b, header_of(b).quant.offset + sizeof(QuantParam) + 4, -129);
      },
      Status::kBinaryBadTensor, "tensor 1 channel 1 zero_point -129");
  add(
      "PerTensorWithCount", [](uint8_t* b) { put<uint32_t>(b, TEN(0, quant_count), 2); },
      Status::kBinaryBadTensor, "per-tensor");
  // ---- node records ------------------------------------------------------------------------
  add(
      "NodeReserved0", [](uint8_t* b) { put<uint32_t>(b, NODE(1, reserved), 1); },
      Status::kBinaryBadHeader, "node 1 reserved");
  add(
      "NodeReserved1", [](uint8_t* b) { put<uint32_t>(b, NODE(2, reserved) + 4, 1); },
      Status::kBinaryBadHeader, "node 2 reserved");
  add(
      "NodeInputsOutOfIndices",
      [](uint8_t* b) { put<uint32_t>(b, NODE(0, inputs_index), header_of(b).indices.count - 2); },
      Status::kBinaryBadIndex, "node 0 inputs");
  add(
      "NodeOutputsIndexHuge",
      [](uint8_t* b) { put<uint32_t>(b, NODE(2, outputs_index), 0xFFFFFFFFu); },
      Status::kBinaryBadIndex, "node 2 outputs");
  add(
      "NodeNumOutputsTooMany", [](uint8_t* b) { b[NODE(2, num_outputs)] = 255; },
      Status::kBinaryBadIndex, "node 2 outputs");
  add(
      "NodeInputTensorOutOfRange",
      [](uint8_t* b) {
        put<uint32_t>(b, index_at(b, get<uint32_t>(b, NODE(0, inputs_index)) + 1), kTensorCount);
      },
      Status::kBinaryBadIndex, "node 0 input 1 is tensor 8");
  add(
      "NodeOutputNone",
      [](uint8_t* b) {
        put<uint32_t>(b, index_at(b, get<uint32_t>(b, NODE(1, outputs_index))), kNone);
      },
      Status::kBinaryBadIndex, "node 1 output 0");
  add(
      "NodeOutputConst",
      [](uint8_t* b) {
        put<uint32_t>(b, index_at(b, get<uint32_t>(b, NODE(1, outputs_index))), 2);
      },
      Status::kBinaryBadTensor, "node 1 output 0 is const");
  add(
      "ParamsOffsetMisaligned", [](uint8_t* b) { put<uint32_t>(b, NODE(2, params_offset), 2); },
      Status::kBinaryMisaligned, "node 2 params_offset");
  add(
      "ParamsPastSection",
      [](uint8_t* b) { put<uint32_t>(b, NODE(2, params_size), header_of(b).params.count + 1); },
      Status::kBinarySectionOutOfBounds, "node 2 params");
  add(
      "ParamsOffsetHuge", [](uint8_t* b) { put<uint32_t>(b, NODE(0, params_offset), 0xFFFFFFFCu); },
      Status::kBinarySectionOutOfBounds, "node 0 params");
  add(
      "TempTensorOutOfRange",
      [](uint8_t* b) { put<uint32_t>(b, NODE(0, temp_tensor), kTensorCount); },
      Status::kBinaryBadIndex, "node 0 temp_tensor 8");
  add(
      "TempTensorPersistent", [](uint8_t* b) { put<uint32_t>(b, NODE(0, temp_tensor), 4); },
      Status::kBinaryBadTensor, "node 0 temp_tensor 4");
  add(
      "TempTensorConst", [](uint8_t* b) { put<uint32_t>(b, NODE(0, temp_tensor), 1); },
      Status::kBinaryBadTensor, "node 0 temp_tensor 1");
  add(
      "TempTensorIsGraphIo", [](uint8_t* b) { put<uint32_t>(b, NODE(0, temp_tensor), 6); },
      Status::kBinaryBadTensor, "node 0 temp_tensor 6");
  return v;
}

class LoaderMalformed : public ::testing::TestWithParam<Case> {};

TEST_P(LoaderMalformed, ExactStatusAndOneLogLine) {
  const Case& c = GetParam();
  std::vector<uint8_t> v = lpai_test::reference_binary(c.memhandle);
  ASSERT_FALSE(v.empty());
  {
    Bytes ok(v);
    BinaryView view;
    ASSERT_EQ(validate_binary(ok.data(), ok.size(), &view), Status::kOk);
  }
  c.patch(v.data());
  if (c.fix_crc) lpai_test::fix_crc(v.data(), v.size());
  Bytes bad(v);
  BinaryView view;
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  EXPECT_EQ(validate_binary(bad.data(), bad.size(), &view), c.expected)
      << "expected " << lpai::status_name(c.expected);
  EXPECT_FALSE(view.valid());
  ASSERT_EQ(logs.lines().size(), 1u);
  EXPECT_NE(logs.lines()[0].find(c.log), std::string::npos) << logs.lines()[0];
  EXPECT_EQ(logs.lines()[0].rfind("context binary: ", 0), 0u) << logs.lines()[0];
}

INSTANTIATE_TEST_SUITE_P(Fields, LoaderMalformed, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& i) { return i.param.name; });

// ---- checks that need another buffer shape ---------------------------------------------------

TEST(LoaderMalformedBuffer, NullData) {
  BinaryView view;
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  EXPECT_EQ(validate_binary(nullptr, 1024, &view), Status::kBinaryNull);
  EXPECT_EQ(logs.count("data is null"), 1u);
}

TEST(LoaderMalformedBuffer, NullOutput) {
  Bytes bin(lpai_test::reference_binary());
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  EXPECT_EQ(validate_binary(bin.data(), bin.size(), nullptr), Status::kBinaryNull);
  EXPECT_EQ(logs.count("output view is null"), 1u);
}

TEST(LoaderMalformedBuffer, TooSmall) {
  std::vector<uint8_t> v = lpai_test::reference_binary();
  BinaryView view;
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  for (size_t n : {size_t{0}, size_t{4}, sizeof(BinaryHeader) - 1}) {
    Bytes bin(std::vector<uint8_t>(v.begin(), v.begin() + n));
    EXPECT_EQ(validate_binary(bin.data(), bin.size(), &view), Status::kBinaryTooSmall) << n;
  }
  EXPECT_EQ(logs.count("smaller than the 128-byte header"), 3u);
}

TEST(LoaderMalformedBuffer, TruncatedAfterHeader) {
  std::vector<uint8_t> v = lpai_test::reference_binary();
  v.resize(v.size() - 16);
  Bytes bin(v);
  BinaryView view;
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  EXPECT_EQ(validate_binary(bin.data(), bin.size(), &view), Status::kBinarySizeMismatch);
  EXPECT_EQ(logs.count("total_size"), 1u);
}

TEST(LoaderMalformedBuffer, TrailingBytes) {
  std::vector<uint8_t> v = lpai_test::reference_binary();
  v.resize(v.size() + 16, 0);
  Bytes bin(v);
  BinaryView view;
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  EXPECT_EQ(validate_binary(bin.data(), bin.size(), &view), Status::kBinarySizeMismatch);
}

TEST(LoaderMalformedBuffer, MisalignedStart) {
  std::vector<uint8_t> v = lpai_test::reference_binary();
  BinaryView view;
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  for (size_t shift : {1, 4, 8}) {
    Bytes bin(v, shift);
    EXPECT_EQ(validate_binary(bin.data(), bin.size(), &view), Status::kBinaryMisaligned) << shift;
  }
  EXPECT_EQ(logs.count("start address"), 3u);
  Bytes aligned(v, 16);
  EXPECT_EQ(validate_binary(aligned.data(), aligned.size(), &view), Status::kOk);
}

}  // namespace
