// Row views (format::RowViewRecord, tiled execution): a hand-built graph whose nodes read and
// write halves of two tensors through views loads and runs (the executor addresses a view as
// any tensor); each malformed record or view plan is refused with its status and one line.
//
// Graph (int8, rows of 2 bytes): in [1,4,2,1] -COPY-> A; A rows 0..2 (view 2) -COPY-> Y rows 0..2
// (view 5); A rows 2..4 (view 3) -COPY-> Y rows 2..4 (view 6); Y -COPY-> out. Y is written only
// through its views.
//
// Graph IO through views (memhandle hint): input rows 0..2 (view 1) -COPY-> output rows 2..4
// (view 5); input rows 2..4 (view 2) -COPY-> output rows 0..2 (view 4). The views are kIo,
// bound through their parent's slot at their rows' byte offset; the output is written only
// through its views.
#include <gtest/gtest.h>

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "common/graph_builder.h"
#include "common/test_support.h"
#include "format/binary_view.h"
#include "format/format_test_util.h"
#include "graph/executor.h"
#include "kernels/kernel_api.h"

namespace {

using namespace lpai::format;  // NOLINT
using lpai::Status;
using lpai::writer::GraphBuilder;
using lpai::writer::GraphDesc;
using lpai::writer::TensorDesc;

constexpr uint32_t kA = 1, kTopA = 2, kBotA = 3, kY = 4, kTopY = 5, kBotY = 6;

GraphDesc row_view_graph() {
  GraphBuilder b;
  b.set_alignment(4, 16);
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {1, 4, 2, 1});
  b.add_scratch("A", DataType::kInt8, {1, 4, 2, 1});
  b.add_scratch("A_top", DataType::kInt8, {1, 2, 2, 1});
  b.add_scratch("A_bottom", DataType::kInt8, {1, 2, 2, 1});
  b.add_scratch("Y", DataType::kInt8, {1, 4, 2, 1});
  b.add_scratch("Y_top", DataType::kInt8, {1, 2, 2, 1});
  b.add_scratch("Y_bottom", DataType::kInt8, {1, 2, 2, 1});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {1, 4, 2, 1});
  b.add_node(BuiltinOp::kCopy, {in}, {kA});
  b.add_node(BuiltinOp::kCopy, {kTopA}, {kTopY});
  b.add_node(BuiltinOp::kCopy, {kBotA}, {kBotY});
  b.add_node(BuiltinOp::kCopy, {kY}, {out});
  b.set_inputs({in});
  b.set_outputs({out});
  GraphDesc g = b.build();
  // Views share their parent's bytes: rows of 2 bytes.
  g.tensors[kTopA].offset = g.tensors[kA].offset;
  g.tensors[kBotA].offset = g.tensors[kA].offset + 4;
  g.tensors[kTopY].offset = g.tensors[kY].offset;
  g.tensors[kBotY].offset = g.tensors[kY].offset + 4;
  g.row_views = {{kTopA, kA, 0, 0}, {kBotA, kA, 2, 0}, {kTopY, kY, 0, 0}, {kBotY, kY, 2, 0}};
  return g;
}

std::vector<uint8_t> serialize(const GraphDesc& g) {
  lpai::host::HostResult<std::vector<uint8_t>> r = lpai::writer::serialize_context_binary(g);
  EXPECT_TRUE(r.ok()) << r.error();
  return r.ok() ? r.value() : std::vector<uint8_t>();
}

TEST(RowViews, GraphThroughViewsLoadsAndRuns) {
  lpai_test::Bytes bin(serialize(row_view_graph()));
  BinaryView view;
  ASSERT_EQ(validate_binary(bin.data(), bin.size(), &view), Status::kOk);
  ASSERT_EQ(lpai::kernels::validate_nodes(view), Status::kOk);
  ASSERT_EQ(view.row_view_count(), 4u);
  std::vector<uint8_t> scratch(view.header().plan.scratch_size + 64, 0xEE);
  uint8_t* base = scratch.data();
  const TensorRecord& in = view.tensor(view.input_tensor(0));
  const TensorRecord& out = view.tensor(view.output_tensor(0));
  for (uint32_t k = 0; k < 8; ++k) base[in.offset + k] = static_cast<uint8_t>(10 + k);
  uint8_t* io[2] = {base + in.offset, base + out.offset};
  lpai::exec::Frame f;
  f.base[static_cast<uint8_t>(MemClass::kConst)] = const_cast<uint8_t*>(view.consts());
  f.base[static_cast<uint8_t>(MemClass::kScratch)] = base;
  f.base[static_cast<uint8_t>(MemClass::kPersistent)] = nullptr;
  f.base[static_cast<uint8_t>(MemClass::kIo)] = nullptr;
  f.io = io;
  f.node_cycles = nullptr;
  uint32_t once = 0;
  f.once_done = &once;
  lpai::exec::run(view, f);
  for (uint32_t k = 0; k < 8; ++k) EXPECT_EQ(base[out.offset + k], 10 + k) << "byte " << k;
}

constexpr uint32_t kIn = 0, kInTop = 1, kInBot = 2, kOut = 3, kOutTop = 4, kOutBot = 5;

GraphDesc io_view_graph() {
  GraphBuilder b;
  b.set_alignment(4, 16);
  b.set_io_memhandle_hint(true);
  auto io_view = [&b](const char* name, uint32_t offset) {
    TensorDesc t;
    t.name = name;
    t.dims = {1, 2, 2, 1};
    t.mem_class = MemClass::kIo;
    t.offset = offset;
    return b.add_tensor(t, /*auto_offset=*/false);
  };
  b.add_scratch("in", DataType::kInt8, {1, 4, 2, 1});
  io_view("in_top", 0);
  io_view("in_bottom", 4);
  b.add_scratch("out", DataType::kInt8, {1, 4, 2, 1});
  io_view("out_top", 0);
  io_view("out_bottom", 4);
  b.add_node(BuiltinOp::kCopy, {kInTop}, {kOutBot});
  b.add_node(BuiltinOp::kCopy, {kInBot}, {kOutTop});
  b.set_inputs({kIn});
  b.set_outputs({kOut});
  GraphDesc g = b.build();
  g.row_views = {{kInTop, kIn, 0, 0}, {kInBot, kIn, 2, 0}, {kOutTop, kOut, 0, 0}, {kOutBot, kOut, 2, 0}};
  return g;
}

TEST(RowViews, GraphIoThroughViewsLoadsAndRuns) {
  lpai_test::Bytes bin(serialize(io_view_graph()));
  BinaryView view;
  ASSERT_EQ(validate_binary(bin.data(), bin.size(), &view), Status::kOk);
  ASSERT_EQ(lpai::kernels::validate_nodes(view), Status::kOk);
  EXPECT_EQ(view.tensor(kInBot).io_slot, 0u);  // the writer binds a view through its parent
  EXPECT_EQ(view.tensor(kOutTop).io_slot, 1u);
  EXPECT_EQ(view.tensor(kOutBot).offset, 4u);
  EXPECT_EQ(view.tensor(kOutBot).flags, kTensorIsOutput);
  uint8_t in[8], out[8];
  for (uint32_t k = 0; k < 8; ++k) {
    in[k] = static_cast<uint8_t>(10 + k);
    out[k] = 0xEE;
  }
  uint8_t* io[2] = {in, out};
  lpai::exec::Frame f;
  f.base[static_cast<uint8_t>(MemClass::kConst)] = const_cast<uint8_t*>(view.consts());
  f.base[static_cast<uint8_t>(MemClass::kScratch)] = nullptr;
  f.base[static_cast<uint8_t>(MemClass::kPersistent)] = nullptr;
  f.base[static_cast<uint8_t>(MemClass::kIo)] = nullptr;
  f.io = io;
  f.node_cycles = nullptr;
  uint32_t once = 0;
  f.once_done = &once;
  lpai::exec::run(view, f);
  for (uint32_t k = 0; k < 8; ++k) EXPECT_EQ(out[k], in[(k + 4) % 8]) << "byte " << k;
}

// Field patches of a serialized binary, for records the writer would not produce.
void patch_io_slot(lpai_test::Bytes* bin, uint32_t id, uint32_t slot) {
  lpai_test::put<uint32_t>(bin->data(), lpai_test::tensor_at(bin->data(), id) +
                                            offsetof(TensorRecord, io_slot), slot);
}
void patch_view_parent(lpai_test::Bytes* bin, uint32_t i, uint32_t parent) {
  lpai_test::put<uint32_t>(bin->data(), lpai_test::header_of(bin->data()).row_views.offset +
                                            i * sizeof(RowViewRecord) +
                                            offsetof(RowViewRecord, parent), parent);
}

struct Case {
  const char* name;
  std::function<void(GraphDesc*)> patch;
  Status expected;
  const char* log;
  std::function<void(lpai_test::Bytes*)> patch_bytes = nullptr;  // after serializing (CRC fixed)
};

std::ostream& operator<<(std::ostream& os, const Case& c) { return os << c.name; }

class RowViewRefusal : public ::testing::TestWithParam<Case> {};

TEST_P(RowViewRefusal, RefusedWithItsLine) {
  GraphDesc g = row_view_graph();
  GetParam().patch(&g);
  lpai_test::Bytes bin(serialize(g));
  ASSERT_NE(bin.size(), 0u);
  BinaryView view;
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  EXPECT_EQ(validate_binary(bin.data(), bin.size(), &view), GetParam().expected);
  ASSERT_EQ(logs.lines().size(), 1u);
  EXPECT_NE(logs.lines()[0].find(GetParam().log), std::string::npos) << logs.lines()[0];
}

INSTANTIATE_TEST_SUITE_P(
    Loader, RowViewRefusal,
    ::testing::Values(
        Case{"ParentOutOfRange", [](GraphDesc* g) { g->row_views[0].parent = 99; },
             Status::kBinaryBadTensor, "row view 0: tensor 2 / parent 99 out of range"},
        Case{"ReservedSet", [](GraphDesc* g) { g->row_views[1].reserved = 1; },
             Status::kBinaryBadTensor, "row view 1: tensor 3 / parent 1 out of range or reserved"},
        Case{"ListedTwice", [](GraphDesc* g) { g->row_views[1].tensor = kTopA; },
             Status::kBinaryBadTensor, "row view 1: tensor 2 listed twice"},
        Case{"ParentIsAView", [](GraphDesc* g) { g->row_views[1].parent = kTopY; },
             Status::kBinaryBadTensor, "row view 1: parent 5 is a view itself"},
        Case{"ParentIsRawGraphIo",  // raw hint: the input is scratch-class, bound per execute
             [](GraphDesc* g) { g->row_views[0].parent = 0; }, Status::kBinaryBadIo,
             "row view 0: parent 0 is graph IO in scratch; views of graph IO need the memhandle IO "
             "hint"},
        Case{"ViewIsGraphIo", [](GraphDesc* g) { g->inputs = {kTopA}; },
             Status::kBinaryBadTensor, "row view 0: tensor 2 and parent 1 must be scratch, not graph IO"},
        Case{"RowsPastParent", [](GraphDesc* g) { g->row_views[1].first_row = 3; },
             Status::kBinaryBadTensor, "row view 1: tensor 3 is not rows [3, +dims[1]) of parent 1"},
        Case{"OtherWidth",
             [](GraphDesc* g) { g->tensors[kBotA].dims = {1, 1, 4, 1}; },
             Status::kBinaryBadTensor, "row view 1: tensor 3 is not rows [2, +dims[1]) of parent 1"},
        Case{"OffsetNotItsRow", [](GraphDesc* g) { g->tensors[kBotA].offset += 2; },
             Status::kBinaryMisaligned, "row view 1: tensor 3 offset"},
        Case{"ParentRowsNeverWritten",
             [](GraphDesc* g) {  // both halves of Y written as rows 0..2: rows 2..4 undefined
               g->row_views[3].first_row = 0;
               g->tensors[kBotY].offset = g->tensors[kY].offset;
             },
             Status::kBinaryBadTensor, "node 3 input 0 reads tensor 4, which no earlier node writes"},
        Case{"ParentOverlapsLiveTensor",
             [](GraphDesc* g) {  // Y (live over nodes 1..3 through its views) on A's bytes
               g->tensors[kY].offset = g->tensors[kA].offset;
               g->tensors[kTopY].offset = g->tensors[kA].offset;
               g->tensors[kBotY].offset = g->tensors[kA].offset + 4;
             },
             Status::kBinaryBadPlan, "tensors 1 and 4 overlap in scratch memory while both live"}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

// Row views of graph IO (memhandle hint): each malformed record refused with its line.
class IoRowViewRefusal : public ::testing::TestWithParam<Case> {};

TEST_P(IoRowViewRefusal, RefusedWithItsLine) {
  GraphDesc g = io_view_graph();
  GetParam().patch(&g);
  lpai_test::Bytes bin(serialize(g));
  ASSERT_NE(bin.size(), 0u);
  if (GetParam().patch_bytes) {
    GetParam().patch_bytes(&bin);
    lpai_test::fix_crc(bin.data(), bin.size());
  }
  BinaryView view;
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  EXPECT_EQ(validate_binary(bin.data(), bin.size(), &view), GetParam().expected);
  ASSERT_EQ(logs.lines().size(), 1u);
  EXPECT_NE(logs.lines()[0].find(GetParam().log), std::string::npos) << logs.lines()[0];
}

INSTANTIATE_TEST_SUITE_P(
    Loader, IoRowViewRefusal,
    ::testing::Values(
        Case{"ViewInScratch",
             [](GraphDesc* g) {
               g->tensors[kInTop].mem_class = MemClass::kScratch;
               g->plan.scratch_size = 16;
             },
             Status::kBinaryBadIo,
             "row view 0: tensor 1 (mem_class 1, io_slot 0) must be io with parent 0's io_slot 0"},
        Case{"ViewOnOtherSlot", [](GraphDesc*) {}, Status::kBinaryBadIo,
             "row view 1: tensor 2 (mem_class 3, io_slot 1) must be io with parent 0's io_slot 0",
             [](lpai_test::Bytes* b) { patch_io_slot(b, kInBot, 1); }},
        Case{"ViewOfAView", [](GraphDesc*) {}, Status::kBinaryBadTensor,
             "row view 1: parent 1 is a view itself",
             [](lpai_test::Bytes* b) { patch_view_parent(b, 1, kInTop); }},
        Case{"RowsPastIoTensor", [](GraphDesc* g) { g->row_views[3].first_row = 3; },
             Status::kBinaryBadTensor, "row view 3: tensor 5 is not rows [3, +dims[1]) of parent 3"},
        Case{"OffsetNotItsRow", [](GraphDesc* g) { g->tensors[kOutBot].offset = 2; },
             Status::kBinaryMisaligned, "row view 3: tensor 5 offset 2, parent 3 row 2 is at 4"},
        Case{"OtherType", [](GraphDesc* g) { g->tensors[kInBot].type = DataType::kUint8; },
             Status::kBinaryBadTensor, "row view 1: tensor 2 is not rows [2, +dims[1]) of parent 0"},
        Case{"WritesGraphInput",
             [](GraphDesc* g) { g->nodes[1].outputs = {kInBot}; },  // input rows 2..4 overwritten
             Status::kBinaryBadIo, "node 1 output 0 writes graph input tensor 2"},
        Case{"OutputRowsNeverWritten",
             [](GraphDesc* g) {  // both output views on rows 0..2: rows 2..4 undefined
               g->row_views[3].first_row = 0;
               g->tensors[kOutBot].offset = 0;
             },
             Status::kBinaryBadIo, "graph output 0 (tensor 3) is written by no node"}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

}  // namespace
