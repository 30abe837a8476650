// HVX layouts in context binaries (prepare --kernel_layout hvx, firmware/kernels/hvx/hvx_layout.h):
// which nodes get one, that the portable part of every blob is unchanged, that a layout's
// packed weights are the filter in vrmpy order (checked by a formula written here), and that
// the loader refuses a layout that disagrees with its node, a flag without its layout and
// too little kernel scratch, each with its exact status and one log line.
// Data-driven over ../shared/models (skips without them).
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "core/status.h"
#include "format/binary_view.h"
#include "format/format_test_util.h"
#include "kernels/hvx/hvx_layout.h"
#include "kernels/kernel_api.h"
#include "kernels/params/conv_2d.h"
#include "kernels/params/depthwise_conv_2d.h"
#include "kernels/params/fully_connected.h"
#include "prepare/prepare.h"

namespace lpai_test {
namespace {

using lpai::Status;
using lpai::format::BinaryView;
using lpai::format::BuiltinOp;
using lpai::format::NodeRecord;
using lpai::prepare::KernelLayout;
using lpai::prepare::PlanOptions;
using lpai::prepare::PrepareOutput;

std::vector<uint8_t> prepare(const std::vector<uint8_t>& model, KernelLayout layout) {
  PlanOptions o;
  o.kernel_layout = layout;
  PrepareOutput out;
  std::string err;
  EXPECT_EQ(lpai_test::failure(lpai::prepare::prepare_tflite(model.data(), model.size(), o, &out)), "");
  return out.binary;
}

Status validate_all(const Bytes& b) {
  BinaryView v;
  const Status s = lpai::format::validate_binary(b.data(), b.size(), &v);
  if (s != Status::kOk) return s;
  return lpai::kernels::validate_nodes(v);
}

// The offset of the flags word in a node's parameter header, and the flag that marks its HVX
// layout (0 for ops without one).
uint32_t flags_offset(uint16_t op) {
  switch (static_cast<BuiltinOp>(op)) {
    case BuiltinOp::kConv2d:
      return offsetof(lpai::kernels::Conv2dParams, flags);
    case BuiltinOp::kDepthwiseConv2d:
      return offsetof(lpai::kernels::DepthwiseConv2dParams, flags);
    case BuiltinOp::kFullyConnected:
      return offsetof(lpai::kernels::FullyConnectedParams, flags);
    default:
      return 0;
  }
}
uint32_t layout_flag(uint16_t op) {
  switch (static_cast<BuiltinOp>(op)) {
    case BuiltinOp::kConv2d:  // the GEMM layout or the pixel-lane one
      return lpai::kernels::kConvFlagHvxLayout | lpai::kernels::kConvFlagHvxPixels;
    case BuiltinOp::kDepthwiseConv2d:
      return lpai::kernels::kDwFlagHvxLayout;
    case BuiltinOp::kFullyConnected:
      return lpai::kernels::kFcFlagHvxLayout;
    default:
      return 0;
  }
}

struct LaidOut {
  uint32_t node;
  uint16_t op;
  uint32_t params_offset;  // in the binary
  uint32_t portable_size;  // bytes before the layout
  uint32_t params_size;
};

// Nodes of `hvx` whose blob carries a layout, matched with the same node of `portable`.
std::vector<LaidOut> laid_out_nodes(const std::vector<uint8_t>& hvx, const std::vector<uint8_t>& portable) {
  std::vector<LaidOut> v;
  const auto h = header_of(hvx.data());
  for (uint32_t i = 0; i < h.nodes.count; ++i) {
    NodeRecord nh, np;
    std::memcpy(&nh, hvx.data() + node_at(hvx.data(), i), sizeof nh);
    std::memcpy(&np, portable.data() + node_at(portable.data(), i), sizeof np);
    EXPECT_EQ(nh.op, np.op);
    const uint32_t flag = layout_flag(nh.op);
    const uint32_t at = h.params.offset + nh.params_offset;
    if (flag == 0 || nh.params_size == np.params_size) continue;
    EXPECT_NE(get<uint32_t>(hvx.data(), at + flags_offset(nh.op)) & flag, 0u) << "node " << i;
    v.push_back(LaidOut{i, nh.op, at, np.params_size, nh.params_size});
  }
  return v;
}

struct ModelCase {
  const char* model;
  size_t layouts;  // GEMM-family nodes the HVX paths take (from the model's architecture)
};
// kws_ref_model (DS-CNN): CONV_2D 10x4, four depthwise 3x3 + pointwise pairs, and its FC
// (64 -> 12, one row: the packed GEMV). vww_96_int8 (MobileNet v1 0.25): CONV_2D, 13 depthwise +
// pointwise pairs; its FC (256 -> 2) is small. micro_speech: one depthwise over one input
// channel (depth multiplier 8) and one FC (4000 -> 4, 16,000 MACs).
const ModelCase kCases[] = {{"kws_ref_model", 10}, {"vww_96_int8", 27}, {"micro_speech_quantized", 2}};

class HvxLayoutModel : public ::testing::TestWithParam<ModelCase> {};

TEST_P(HvxLayoutModel, LayoutsOnTheGemmFamilyOnlyPortablePartUnchanged) {
  const ModelCase c = GetParam();
  LPAI_REQUIRE_SHARED(path, std::string("models/") + c.model + ".tflite");
  const std::vector<uint8_t> model = read_file(path);
  const std::vector<uint8_t> portable = prepare(model, KernelLayout::kPortable);
  const std::vector<uint8_t> hvx = prepare(model, KernelLayout::kHvx);
  ASSERT_FALSE(portable.empty());
  ASSERT_FALSE(hvx.empty());
  EXPECT_EQ(header_of(portable.data()).flags & lpai::format::kFlagHvxLayouts, 0u);
  EXPECT_NE(header_of(hvx.data()).flags & lpai::format::kFlagHvxLayouts, 0u);
  EXPECT_EQ(validate_all(Bytes(portable)), Status::kOk);
  EXPECT_EQ(validate_all(Bytes(hvx)), Status::kOk);

  const std::vector<LaidOut> nodes = laid_out_nodes(hvx, portable);
  EXPECT_EQ(nodes.size(), c.layouts);
  const auto hp = header_of(portable.data());
  for (const LaidOut& n : nodes) {
    NodeRecord np;
    std::memcpy(&np, portable.data() + node_at(portable.data(), n.node), sizeof np);
    const uint8_t* a = hvx.data() + n.params_offset;
    const uint8_t* b = portable.data() + hp.params.offset + np.params_offset;
    // The portable blob, byte for byte, but for the layout flag.
    std::vector<uint8_t> masked(a, a + n.portable_size);
    const uint32_t fo = flags_offset(n.op);
    uint32_t flags = get<uint32_t>(masked.data(), fo) & ~layout_flag(n.op);
    if (n.op == static_cast<uint16_t>(BuiltinOp::kFullyConnected)) flags &= ~lpai::kernels::kFcFlagHvxPacked;
    put<uint32_t>(masked.data(), fo, flags);
    EXPECT_EQ(0, std::memcmp(masked.data(), b, n.portable_size)) << "node " << n.node;
    EXPECT_EQ(n.params_size % 4, 0u);
  }
}

INSTANTIATE_TEST_SUITE_P(Models, HvxLayoutModel, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return std::string(info.param.model); });

// vww_96_int8's first CONV_2D on the GEMM layout (node 12, 1x1, 64 -> 128 channels; the
// first layers take the pixel-lane forms, hvx_pixel_layout_test.cc): after out_c / 32 blocks of
// requantisation lanes (768 bytes each), word (block b, group g, lane l) holds the filter bytes
// [4g, 4g + 4) of output channel 32b + l.
TEST(HvxLayout, PackedConvWeightsAreTheFilterInVrmpyOrder) {
  LPAI_REQUIRE_SHARED(path, "models/vww_96_int8.tflite");
  const std::vector<uint8_t> model = read_file(path);
  const std::vector<uint8_t> hvx = prepare(model, KernelLayout::kHvx);
  const std::vector<uint8_t> portable = prepare(model, KernelLayout::kPortable);
  const std::vector<LaidOut> nodes = laid_out_nodes(hvx, portable);
  const LaidOut* found = nullptr;
  for (const LaidOut& m : nodes) {
    if (m.node == 12) found = &m;
  }
  ASSERT_NE(found, nullptr);
  const LaidOut& n = *found;
  ASSERT_EQ(n.op, static_cast<uint16_t>(BuiltinOp::kConv2d));
  lpai::kernels::Conv2dParams p;
  std::memcpy(&p, hvx.data() + n.params_offset, sizeof p);
  ASSERT_EQ(p.flags & lpai::kernels::kConvFlagHvxPixels, 0u);
  ASSERT_EQ(p.out_c, 128u);
  const uint32_t k = p.k_h * p.k_w * p.in_c;
  ASSERT_EQ(k, 64u);
  // The filter bytes, from the node's second input tensor.
  NodeRecord nr;
  std::memcpy(&nr, hvx.data() + node_at(hvx.data(), n.node), sizeof nr);
  const uint32_t filter_id = get<uint32_t>(hvx.data(), index_at(hvx.data(), nr.inputs_index + 1));
  lpai::format::TensorRecord t;
  std::memcpy(&t, hvx.data() + tensor_at(hvx.data(), filter_id), sizeof t);
  const uint8_t* filter = hvx.data() + header_of(hvx.data()).consts.offset + t.offset;
  const uint32_t blocks = 4, groups = 16;
  ASSERT_EQ(n.params_size - n.portable_size, blocks * 768 + blocks * groups * 128);
  const uint8_t* words = hvx.data() + n.params_offset + n.portable_size + blocks * 768;
  for (uint32_t b = 0; b < blocks; ++b) {
    for (uint32_t g = 0; g < groups; ++g) {
      for (uint32_t l = 0; l < 32; ++l) {
        for (uint32_t j = 0; j < 4; ++j) {
          const uint8_t want = filter[(32 * b + l) * k + 4 * g + j];
          ASSERT_EQ(words[((b * groups + g) * 32 + l) * 4 + j], want) << b << " " << g << " " << l;
        }
      }
    }
  }
  // Lane rows: multiplier row of block 0 is the portable multiplier array's channels 0..31.
  const int32_t* mult = reinterpret_cast<const int32_t*>(hvx.data() + n.params_offset + sizeof p) + 128;
  const uint8_t* lanes = hvx.data() + n.params_offset + n.portable_size;
  for (uint32_t l = 0; l < 32; ++l) EXPECT_EQ(get<int32_t>(lanes, 2 * 128 + 4 * l), mult[l]);
}

// A binary with layouts, patched node by node; CRC fixed so the loader reaches the node check.
class HvxLayoutMalformed : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string path = shared_path("models/vww_96_int8.tflite");
    if (path.empty()) GTEST_SKIP() << "../shared/models/vww_96_int8.tflite not present: data-driven test skipped";
    const std::vector<uint8_t> model = read_file(path);
    hvx_ = prepare(model, KernelLayout::kHvx);
    nodes_ = laid_out_nodes(hvx_, prepare(model, KernelLayout::kPortable));
    ASSERT_FALSE(nodes_.empty());
  }
  // Validates the patched copy of node `node`; expects `s`, the kernel's error line containing
  // `log` and the loader's line naming the node.
  void expect(std::vector<uint8_t> b, uint32_t node, Status s, const char* log) {
    fix_crc(b.data(), b.size());
    LogCapture cap(LPAI_LOG_LEVEL_ERROR);
    EXPECT_EQ(validate_all(Bytes(b)), s);
    ASSERT_EQ(cap.lines().size(), 2u);
    EXPECT_NE(cap.lines()[0].find(log), std::string::npos) << cap.lines()[0];
    EXPECT_NE(cap.lines()[1].find("node " + std::to_string(node) + " ("), std::string::npos)
        << cap.lines()[1];
  }
  std::vector<uint8_t> hvx_;
  std::vector<LaidOut> nodes_;
};

TEST_F(HvxLayoutMalformed, EveryLayoutWordIsChecked) {
  // First, middle and last word of each op kind's first layout.
  bool seen[3] = {false, false, false};
  for (const LaidOut& n : nodes_) {
    const int kind = n.op == static_cast<uint16_t>(BuiltinOp::kConv2d) ? 0
                     : n.op == static_cast<uint16_t>(BuiltinOp::kDepthwiseConv2d) ? 1 : 2;
    if (seen[kind]) continue;
    seen[kind] = true;
    const uint32_t bytes = n.params_size - n.portable_size;
    for (uint32_t at : {0u, (bytes / 8) * 4, bytes - 4}) {
      SCOPED_TRACE("node " + std::to_string(n.node) + " layout word at " + std::to_string(at));
      std::vector<uint8_t> b = hvx_;
      b[n.params_offset + n.portable_size + at] ^= 0x01;
      expect(b, n.node, Status::kBinaryBadParams, "HVX layout differs");
    }
  }
  EXPECT_TRUE(seen[0] && seen[1]);
}

TEST_F(HvxLayoutMalformed, LayoutWithoutItsFlag) {
  const LaidOut& n = nodes_[0];
  std::vector<uint8_t> b = hvx_;
  const uint32_t fo = n.params_offset + flags_offset(n.op);
  put<uint32_t>(b.data(), fo, get<uint32_t>(b.data(), fo) & ~layout_flag(n.op));
  expect(b, n.node, Status::kBinaryBadParams, "parameter blob size does not match");
}

TEST_F(HvxLayoutMalformed, KernelScratchSmallerThanTheHvxPathsNeed) {
  // The first laid-out node with a temp tensor: shrink it to 1 byte.
  for (const LaidOut& n : nodes_) {
    NodeRecord nr;
    std::memcpy(&nr, hvx_.data() + node_at(hvx_.data(), n.node), sizeof nr);
    if (nr.temp_tensor == lpai::format::kNone) continue;
    std::vector<uint8_t> b = hvx_;
    const size_t t = tensor_at(b.data(), nr.temp_tensor);
    put<uint32_t>(b.data(), t + offsetof(lpai::format::TensorRecord, dims), 1);
    put<uint32_t>(b.data(), t + offsetof(lpai::format::TensorRecord, size), 1);
    expect(b, n.node, Status::kBinaryBadPlan, "kernel scratch smaller");
    return;
  }
  FAIL() << "no laid-out node with kernel scratch";
}

// micro_speech's depthwise (one input channel, multiplier 8, 10x8 taps) takes the row path
// without kernel scratch: the node has no temp tensor, its layout is checked word by word, and
// without the no-scratch flag the node needs the portable path's scratch and is refused.
TEST(HvxLayout, MicroSpeechDepthwiseTakesTheSingleRowsPathWithoutScratch) {
  namespace hl = lpai::kernels::hvx_layout;
  LPAI_REQUIRE_SHARED(path, "models/micro_speech_quantized.tflite");
  const std::vector<uint8_t> model = read_file(path);
  const std::vector<uint8_t> hvx = prepare(model, KernelLayout::kHvx);
  const std::vector<LaidOut> nodes = laid_out_nodes(hvx, prepare(model, KernelLayout::kPortable));
  const LaidOut* dw = nullptr;
  for (const LaidOut& n : nodes) {
    if (n.op == static_cast<uint16_t>(BuiltinOp::kDepthwiseConv2d)) dw = &n;
  }
  ASSERT_NE(dw, nullptr);
  lpai::kernels::DepthwiseConv2dParams p;
  std::memcpy(&p, hvx.data() + dw->params_offset, sizeof p);
  ASSERT_EQ(hl::dw_path(p), hl::DwPath::kSingleRows);
  EXPECT_NE(p.flags & lpai::kernels::kDwFlagNoTemp, 0u);
  EXPECT_EQ(hl::dw_temp_bytes(p), 0u);
  // Eight channels of requantisation lanes (768 bytes each), then 10 rows x 2 groups x 8 words.
  EXPECT_EQ(dw->params_size - dw->portable_size, 8u * 768u + 10u * 2u * 8u * 4u);
  NodeRecord nr;
  std::memcpy(&nr, hvx.data() + node_at(hvx.data(), dw->node), sizeof nr);
  EXPECT_EQ(nr.temp_tensor, lpai::format::kNone);
  EXPECT_EQ(validate_all(Bytes(hvx)), Status::kOk);
  const uint32_t bytes = dw->params_size - dw->portable_size;
  for (uint32_t at : {0u, 8u * 768u, bytes - 4}) {  // requantisation, first and last filter word
    std::vector<uint8_t> b = hvx;
    b[dw->params_offset + dw->portable_size + at] ^= 0x01;
    fix_crc(b.data(), b.size());
    LogCapture cap(LPAI_LOG_LEVEL_ERROR);
    EXPECT_EQ(validate_all(Bytes(b)), Status::kBinaryBadParams) << at;
    ASSERT_FALSE(cap.lines().empty());
    EXPECT_NE(cap.lines()[0].find("HVX layout differs"), std::string::npos) << cap.lines()[0];
  }
  std::vector<uint8_t> b = hvx;
  const uint32_t fo = dw->params_offset + flags_offset(dw->op);
  put<uint32_t>(b.data(), fo, get<uint32_t>(b.data(), fo) & ~lpai::kernels::kDwFlagNoTemp);
  fix_crc(b.data(), b.size());
  LogCapture cap(LPAI_LOG_LEVEL_ERROR);
  EXPECT_EQ(validate_all(Bytes(b)), Status::kBinaryBadPlan);
  ASSERT_FALSE(cap.lines().empty());
  EXPECT_NE(cap.lines()[0].find("kernel scratch smaller"), std::string::npos) << cap.lines()[0];
}

}  // namespace
}  // namespace lpai_test

// A column (w = 1, k_w = 1: str_ww_ref_model's temporal depthwise layers) takes the per-pixel
// path, which needs no kernel scratch, and runs it as one row; the same layer two pixels wide
// keeps the flat path.
TEST(HvxLayout, DepthwiseColumnsTakeThePerPixelPathAsOneRow) {
  namespace hl = lpai::kernels::hvx_layout;
  lpai::kernels::DepthwiseConv2dParams p{};
  p.batches = 1;
  p.in_h = 28;
  p.in_w = 1;
  p.in_c = p.out_c = 128;
  p.out_h = 24;
  p.out_w = 1;
  p.depth_multiplier = 1;
  p.k_h = 5;
  p.k_w = 1;
  p.stride_h = p.stride_w = p.dilation_h = p.dilation_w = 1;
  p.act_min = -128;
  p.act_max = 127;
  ASSERT_TRUE(hl::dw_is_column(p));
  EXPECT_EQ(hl::dw_path(p), hl::DwPath::kPerPixel);
  EXPECT_EQ(hl::dw_temp_bytes(p), 0u);
  // Four requantisation blocks of six 32-lane rows, then five taps of four filter vectors.
  EXPECT_EQ(hl::dw_layout_bytes(p), 4u * 6u * 128u + 5u * 4u * 128u);
  const lpai::kernels::DepthwiseConv2dParams r = hl::dw_column_as_row(p);
  EXPECT_EQ(r.in_h, 1u);
  EXPECT_EQ(r.in_w, 28u);
  EXPECT_EQ(r.out_h, 1u);
  EXPECT_EQ(r.out_w, 24u);
  EXPECT_EQ(r.k_h, 1u);
  EXPECT_EQ(r.k_w, 5u);

  lpai::kernels::DepthwiseConv2dParams wide = p;
  wide.in_w = wide.out_w = 2;
  EXPECT_FALSE(hl::dw_is_column(wide));
  EXPECT_EQ(hl::dw_path(wide), hl::DwPath::kFlat);
  lpai::kernels::DepthwiseConv2dParams padded = p;  // left padding: not a column
  padded.pad_w = 1;
  EXPECT_FALSE(hl::dw_is_column(padded));
}
