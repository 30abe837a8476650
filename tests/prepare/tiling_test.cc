// Tiled execution (host_sim/prepare/tiling.h): the band arithmetic on hand-worked windows
// (stride 2, padding at the top and the bottom, dilation, PAD's offset) and the expansion of a
// hand-built stage into band ops over band buffers and row views.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "prepare/graph.h"
#include "prepare/tiling.h"

namespace {

using lpai::prepare::band_input_rows;
using lpai::prepare::BandRows;
using lpai::prepare::RowWindow;

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

}  // namespace
