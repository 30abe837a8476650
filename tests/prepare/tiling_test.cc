// Tiled execution (host_sim/prepare/tiling.h): the band arithmetic on hand-worked windows
// (stride 2, padding at the top and the bottom, dilation, PAD's offset) and the expansion of a
// hand-built stage into band ops over band buffers and row views, including row views of
// graph IO (memhandle IO only).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_support.h"
#include "prepare/graph.h"
#include "prepare/plan_checker.h"
#include "prepare/planner.h"
#include "prepare/tiling.h"

namespace {

using lpai::format::DataType;
using lpai::format::MemClass;
using lpai::prepare::band_input_rows;
using lpai::prepare::BandRows;
using lpai::prepare::MemoryPlan;
using lpai::prepare::PlanOptions;
using lpai::prepare::PrepGraph;
using lpai::prepare::PrepOp;
using lpai::prepare::PrepTensor;
using lpai::prepare::RowWindow;
using lpai::prepare::TileStage;

void expect_rows(const BandRows& r, int first, int end, int pad_top) {
  EXPECT_EQ(r.first, first);
  EXPECT_EQ(r.end, end);
  EXPECT_EQ(r.pad_top, pad_top);
}

TEST(BandRows, Stride2WithTopPadding) {
  // 3 rows, stride 2, one row of padding on top (input 9 rows -> 5 output rows, SAME).
  // Output row o reads rows 2o-1 .. 2o+1.
  const RowWindow w{3, 2, 1, 1};
  expect_rows(band_input_rows(w, 9, 0, 2), 0, 4, 1);  // rows -1..3: row -1 is padding
  expect_rows(band_input_rows(w, 9, 2, 4), 3, 8, 0);  // rows 3..7
  expect_rows(band_input_rows(w, 9, 4, 5), 7, 9, 0);  // rows 7..9
}

TEST(BandRows, BottomPaddingIsClipped) {
  // 3 rows, stride 1, SAME over 10 rows: output row 9 reads rows 8..10, row 10 is padding.
  const RowWindow w{3, 1, 1, 1};
  expect_rows(band_input_rows(w, 10, 8, 10), 7, 10, 0);
  expect_rows(band_input_rows(w, 10, 0, 10), 0, 10, 1);  // one band: the whole input
}

TEST(BandRows, Dilation) {
  // 3 taps, dilation 2 (5 rows wide), two rows of top padding: output row o reads o-2, o, o+2.
  const RowWindow w{3, 1, 2, 2};
  expect_rows(band_input_rows(w, 8, 0, 3), 0, 5, 2);  // rows -2..4
  expect_rows(band_input_rows(w, 8, 3, 6), 1, 8, 0);  // rows 1..7
  expect_rows(band_input_rows(w, 8, 6, 8), 4, 8, 0);  // rows 4..9 clipped at 8
}

TEST(BandRows, PadOffset) {
  // PAD with one row before and after, 6 input rows -> 8 output rows: output row o is input
  // row o-1; rows 0 and 7 are padding.
  const RowWindow w{1, 1, 1, 1};
  expect_rows(band_input_rows(w, 6, 0, 3), 0, 2, 1);
  expect_rows(band_input_rows(w, 6, 3, 6), 2, 5, 0);
  expect_rows(band_input_rows(w, 6, 6, 8), 5, 6, 0);  // output row 7 is bottom padding
}

TEST(BandRows, NoRowRead) {
  // An output band entirely in a PAD's top padding reads nothing: end <= first.
  const RowWindow w{1, 1, 1, 2};
  const BandRows r = band_input_rows(w, 6, 0, 1);
  EXPECT_LE(r.end, r.first);
}

// in [1,8,4,2] -MAX_POOL_2D 3x1 SAME-> a -MAX_POOL_2D 3x1 SAME-> out (graph IO at both ends;
// rows of 8 bytes). Output rows [o0, o1) read a rows [o0-1, o1+1) and input rows [o0-2, o1+2).
void pool_chain(PrepGraph* g) {
  for (const char* name : {"in", "a", "out"}) {
    PrepTensor& t = g->add_tensor();
    t.name = name;
    t.type = DataType::kInt8;
    t.shape = {1, 8, 4, 2};
    t.scales = {1.0f};
    t.zero_points = {0};
  }
  for (int k = 0; k < 2; ++k) {
    PrepOp op;
    op.builtin = static_cast<int>(lpai::format::BuiltinOp::kMaxPool2d);
    op.node_index = k;
    op.options.filter_h = 3;
    op.inputs = {&g->tensors[static_cast<size_t>(k)]};
    op.outputs = {&g->tensors[static_cast<size_t>(k + 1)]};
    g->ops.push_back(op);
  }
  g->inputs = {0};
  g->outputs = {2};
}

TEST(StageValid, GraphIoEndsOnlyWithIoViews) {
  PrepGraph g;
  pool_chain(&g);
  std::string why;
  EXPECT_FALSE(lpai::prepare::stage_valid(g, g.ops, 0, 1, &why));  // raw IO: no views of IO
  EXPECT_EQ(why, "a stage input is graph IO (views of graph IO need memhandle IO)");
  EXPECT_FALSE(lpai::prepare::stage_valid(g, g.ops, 1, 1, &why));
  EXPECT_EQ(why, "the stage's output is graph IO (views of graph IO need memhandle IO)");
  g.outputs = {1};  // a: the stage 0..0 reads graph input `in`
  EXPECT_FALSE(lpai::prepare::stage_valid(g, g.ops, 0, 0, &why));
  EXPECT_EQ(why, "the stage's output is graph IO (views of graph IO need memhandle IO)");
  g.outputs = {2};
  EXPECT_TRUE(lpai::prepare::stage_valid(g, g.ops, 0, 1, &why, /*io_views=*/true)) << why;
  g.outputs = {1, 2};  // an intermediate that is graph IO must exist whole
  EXPECT_FALSE(lpai::prepare::stage_valid(g, g.ops, 0, 1, &why, true));
  EXPECT_EQ(why, "an intermediate is graph IO");
}

TEST(StageValid, GraphInputReadOnlyWithIoViews) {
  PrepGraph g;
  pool_chain(&g);
  g.outputs = {2};
  PrepTensor& extra = g.add_tensor();  // a graph output after the stage, so `a` is not IO
  extra = g.tensors[2];
  extra.index = 3;
  extra.name = "extra";
  PrepOp copy = g.ops[1];
  copy.inputs = {&g.tensors[2]};
  copy.outputs = {&g.tensors[3]};
  g.ops.push_back(copy);
  g.outputs = {3};
  std::string why;
  EXPECT_FALSE(lpai::prepare::stage_valid(g, g.ops, 0, 1, &why));
  EXPECT_EQ(why, "a stage input is graph IO (views of graph IO need memhandle IO)");
  EXPECT_TRUE(lpai::prepare::stage_valid(g, g.ops, 0, 1, &why, true)) << why;
}

// Two bands of 4 output rows over memhandle IO: band 0 reads input rows [0, 6) and writes
// output rows [0, 4); band 1 reads input rows [2, 8) and writes output rows [4, 8). The views
// of `in` and `out` are kIo at their rows' byte offsets; only the band buffers of `a` are in
// scratch. With raw IO the planner refuses the views of IO.
TEST(TileOps, ViewsOfGraphIoArePlannedAsIo) {
  PrepGraph g;
  pool_chain(&g);
  const std::vector<PrepOp> untiled = g.ops;
  std::vector<PrepOp> tiled;
  std::vector<int> origin, band;
  TileStage st;
  st.first_op = 0;
  st.last_op = 1;
  st.band_rows = 4;
  EXPECT_NE(lpai_test::failure(lpai::prepare::tile_ops(&g, untiled, {st}, &tiled, &origin, &band)),
            "");  // raw IO
  ASSERT_EQ(lpai_test::failure(
                lpai::prepare::tile_ops(&g, untiled, {st}, &tiled, &origin, &band, true)),
            "");
  ASSERT_EQ(tiled.size(), 4u);
  g.ops = tiled;
  struct Want {
    const PrepTensor* t;
    int parent, first_row, rows;
    uint64_t offset;
  };
  const std::vector<Want> want = {{tiled[0].inputs[0], 0, 0, 6, 0},
                                  {tiled[1].outputs[0], 2, 0, 4, 0},
                                  {tiled[2].inputs[0], 0, 2, 6, 16},
                                  {tiled[3].outputs[0], 2, 4, 4, 32}};
  PlanOptions o;
  o.io_memhandle = true;
  MemoryPlan p;
  ASSERT_EQ(lpai_test::failure(lpai::prepare::plan_memory(g, {}, o, &p)), "");
  EXPECT_EQ(lpai::prepare::check_plan(g, {}, o, p), "");
  for (const Want& w : want) {
    ASSERT_TRUE(g.is_row_view(w.t->index)) << w.t->name;
    EXPECT_EQ(g.row_view[static_cast<size_t>(w.t->index)].parent, w.parent) << w.t->name;
    EXPECT_EQ(g.row_view[static_cast<size_t>(w.t->index)].first_row, w.first_row) << w.t->name;
    EXPECT_EQ(w.t->shape[1], w.rows) << w.t->name;
    EXPECT_EQ(p.tensors[static_cast<size_t>(w.t->index)].mem_class, MemClass::kIo) << w.t->name;
    EXPECT_EQ(p.tensors[static_cast<size_t>(w.t->index)].offset, w.offset) << w.t->name;
  }
  // a's band buffers: rows [0, 5) then [3, 8), 40 bytes each (64 aligned), one at a time.
  EXPECT_EQ(tiled[0].outputs[0]->shape[1], 5);
  EXPECT_EQ(tiled[2].outputs[0]->shape[1], 5);
  EXPECT_EQ(p.scratch_size, 64u);
  o.io_memhandle = false;
  EXPECT_NE(lpai_test::failure(lpai::prepare::plan_memory(g, {}, o, &p))
                .find("is a row view outside a scratch activation or memhandle graph IO tensor"),
            std::string::npos);
}

}  // namespace
