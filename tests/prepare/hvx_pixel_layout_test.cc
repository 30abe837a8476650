// The pixel-lane CONV_2D layout (kConvFlagHvxPixels, firmware/kernels/hvx/hvx_pixel_layout.h):
// the permute controls route every pixel shape the path takes (checked against a model of
// vdelta / vrdelta written here from the instructions' definition: stage offsets 64 .. 1 for
// vdelta, 1 .. 64 for vrdelta, destination k taking byte k ^ offset when that bit of its
// control byte is set), which convolutions get the layout (vww_96_int8's first layer and its
// narrow pointwise layers), its words against formulas written here, and the loader refusing each malformed case with its
// exact status and log line.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "core/status.h"
#include "format/binary_view.h"
#include "format/format_test_util.h"
#include "kernels/hvx/hvx_pixel_layout.h"
#include "kernels/kernel_api.h"
#include "kernels/params/conv_2d.h"
#include "prepare/prepare.h"

namespace lpai_test {
namespace {

namespace hl = lpai::kernels::hvx_layout;
using lpai::Status;
using lpai::format::BinaryView;
using lpai::format::BuiltinOp;
using lpai::format::NodeRecord;
using lpai::kernels::Conv2dParams;
using lpai::prepare::KernelLayout;

// The byte network: out[k] after all stages.
std::vector<uint8_t> run_delta(const std::vector<uint8_t>& in, const uint8_t* control, bool high_first) {
  std::vector<uint8_t> v = in;
  for (int stage = 0; stage < 7; ++stage) {
    const uint32_t bit = high_first ? 64u >> stage : 1u << stage;
    std::vector<uint8_t> next(128);
    for (uint32_t k = 0; k < 128; ++k) next[k] = (control[k] & bit) != 0 ? v[k ^ bit] : v[k];
    v = next;
  }
  return v;
}

Conv2dParams pixel_shape(uint32_t in_c, uint32_t stride, uint32_t out_c) {
  Conv2dParams p{};
  p.batches = 1;
  p.in_c = in_c;
  p.out_c = out_c;
  p.k_h = p.k_w = 3;
  p.stride_h = p.stride_w = stride;
  p.dilation_h = p.dilation_w = 1;
  p.in_h = p.in_w = 37;
  p.out_w = p.out_h = (37 + stride - 1) / stride;
  p.pad_h = p.pad_w = 1;
  p.act_min = -128;
  p.act_max = 127;
  p.groups = 1;
  return p;
}

TEST(HvxPixelLayout, ControlsGatherEveryPixelsTapBytes) {
  for (uint32_t in_c = 1; in_c <= 4; ++in_c) {
    for (uint32_t stride = 1; stride <= 2; ++stride) {
      const Conv2dParams p = pixel_shape(in_c, stride, 8);
      ASSERT_TRUE(hl::conv_pixels_ok(p));
      const uint32_t s = stride * in_c, chunks = hl::pixel_chunks(p), per = 32 / chunks;
      EXPECT_EQ(chunks, s * 31 + 4 <= 128 ? 1u : 2u);
      std::vector<uint8_t> src(128);
      for (uint32_t i = 0; i < 128; ++i) src[i] = static_cast<uint8_t>(i * 7 + 3);  // distinct bytes
      for (uint32_t h = 0; h < chunks; ++h) {
        uint8_t control[128];
        ASSERT_TRUE(hl::pixel_control(p, h, control)) << in_c << " " << stride;
        const std::vector<uint8_t> out = run_delta(src, control, s < 4);
        for (uint32_t l = 0; l < per; ++l) {
          for (uint32_t j = 0; j < 4; ++j) {
            ASSERT_EQ(out[4 * (h * per + l) + j], src[s * l + j])
                << "in_c " << in_c << " stride " << stride << " chunk " << h << " pixel " << l << " byte " << j;
          }
        }
      }
    }
  }
}

TEST(HvxPixelLayout, ShapesThePathTakes) {
  EXPECT_TRUE(hl::conv_pixels_ok(pixel_shape(3, 2, 8)));
  EXPECT_TRUE(hl::conv_pixels_ok(pixel_shape(3, 1, 16)));
  EXPECT_FALSE(hl::conv_pixels_ok(pixel_shape(5, 1, 8)));   // in_c > 4
  EXPECT_FALSE(hl::conv_pixels_ok(pixel_shape(3, 1, 32)));  // out_c not 8 or 16 (in_c * k_w 9: not strips)
  EXPECT_FALSE(hl::conv_pixels_ok(pixel_shape(3, 3, 8)));   // stride_w > 2
  Conv2dParams grouped = pixel_shape(4, 1, 8);
  grouped.groups = 2;
  EXPECT_FALSE(hl::conv_pixels_ok(grouped));
  Conv2dParams wide = pixel_shape(3, 1, 8);
  wide.flags = lpai::kernels::kConvFlagInt16x8;
  EXPECT_FALSE(hl::conv_pixels_ok(wide));
  // vww_96_int8's first layer: 2 chunks, 8 requantisation blocks, 9 taps x 8 words.
  const Conv2dParams vww = [] {
    Conv2dParams p = pixel_shape(3, 2, 8);
    p.in_h = p.in_w = 96;
    p.out_h = p.out_w = 48;
    p.pad_h = p.pad_w = 0;
    return p;
  }();
  EXPECT_EQ(hl::pixel_layout_bytes(vww), 8u * 16u + 2u * 128u + 9u * 8u * 4u);
  // Rows: 2 blocks of 32 pixels, 2 bytes per pixel step x 3 channels, + 2 taps + a vector.
  EXPECT_EQ(hl::pixel_row_bytes(vww), 640u);
  EXPECT_EQ(hl::pixel_temp_bytes(vww), 128u + 2u * 3u * 640u);  // two sets of 3 rows
  // Channel-tap form: stride_w 1, in_c and out_c 16 or 32, any kxk but the pointwise form's.
  EXPECT_TRUE(hl::conv_pixels_ok(pixel_shape(16, 1, 16)));
  EXPECT_TRUE(hl::conv_pixels_ok(pixel_shape(32, 1, 16)));
  EXPECT_TRUE(hl::pixel_is_channel_taps(pixel_shape(16, 1, 32)));
  EXPECT_FALSE(hl::conv_pixels_ok(pixel_shape(16, 2, 16)));  // stride_w 2
  EXPECT_FALSE(hl::conv_pixels_ok(pixel_shape(8, 1, 16)));   // in_c 8
  EXPECT_FALSE(hl::conv_pixels_ok(pixel_shape(16, 1, 8)));   // out_c 8
  // resnet's 16 -> 16 layer on 32x32: rows of 34 pixels x 16 bytes rounded to vectors.
  Conv2dParams res = pixel_shape(16, 1, 16);
  res.in_h = res.in_w = res.out_h = res.out_w = 32;
  EXPECT_EQ(hl::pixel_row_bytes(res), 640u);
  EXPECT_EQ(hl::pixel_temp_bytes(res), 128u + 3u * 640u);
  EXPECT_EQ(hl::pixel_layout_bytes(res), 16u * 16u + 9u * 16u * 16u);
  res.out_c = 32;  // and the first block's bytes staged
  EXPECT_EQ(hl::pixel_temp_bytes(res), 128u + 3u * 640u + 4u * 128u);
}

std::vector<uint8_t> prepare(const std::vector<uint8_t>& model, KernelLayout layout) {
  lpai::prepare::PlanOptions o;
  o.kernel_layout = layout;
  lpai::prepare::PrepareOutput out;
  EXPECT_EQ(lpai_test::failure(lpai::prepare::prepare_tflite(model.data(), model.size(), o, &out)), "");
  return out.binary;
}

Status validate_all(const Bytes& b) {
  BinaryView v;
  const Status s = lpai::format::validate_binary(b.data(), b.size(), &v);
  if (s != Status::kOk) return s;
  return lpai::kernels::validate_nodes(v);
}

class VwwFirstLayer : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string path = shared_path("models/vww_96_int8.tflite");
    if (path.empty()) GTEST_SKIP() << "../shared/models/vww_96_int8.tflite not present: data-driven test skipped";
    const std::vector<uint8_t> model = read_file(path);
    hvx_ = prepare(model, KernelLayout::kHvx);
    portable_ = prepare(model, KernelLayout::kPortable);
    ASSERT_FALSE(hvx_.empty());
    NodeRecord n;
    std::memcpy(&n, hvx_.data() + node_at(hvx_.data(), 0), sizeof n);
    ASSERT_EQ(n.op, static_cast<uint16_t>(BuiltinOp::kConv2d));
    params_ = header_of(hvx_.data()).params.offset + n.params_offset;
    params_size_ = n.params_size;
    std::memcpy(&p_, hvx_.data() + params_, sizeof p_);
    portable_size_ = lpai::kernels::conv_2d_params_size(p_.out_c, p_.flags);
    temp_ = n.temp_tensor;
    const uint32_t filter_id = get<uint32_t>(hvx_.data(), index_at(hvx_.data(), n.inputs_index + 1));
    lpai::format::TensorRecord t;
    std::memcpy(&t, hvx_.data() + tensor_at(hvx_.data(), filter_id), sizeof t);
    filter_ = reinterpret_cast<const int8_t*>(hvx_.data() + header_of(hvx_.data()).consts.offset + t.offset);
  }
  void expect(std::vector<uint8_t> b, Status s, const char* log) {
    fix_crc(b.data(), b.size());
    LogCapture cap(LPAI_LOG_LEVEL_ERROR);
    EXPECT_EQ(validate_all(Bytes(b)), s);
    ASSERT_EQ(cap.lines().size(), 2u);
    EXPECT_NE(cap.lines()[0].find(log), std::string::npos) << cap.lines()[0];
    EXPECT_NE(cap.lines()[1].find("node 0 ("), std::string::npos) << cap.lines()[1];
  }
  std::vector<uint8_t> hvx_, portable_;
  uint32_t params_ = 0, params_size_ = 0, portable_size_ = 0, temp_ = 0;
  Conv2dParams p_{};
  const int8_t* filter_ = nullptr;
};

TEST_F(VwwFirstLayer, TakesThePixelLanesWithTheFilterAndFoldedBias) {
  EXPECT_EQ(validate_all(Bytes(hvx_)), Status::kOk);
  EXPECT_NE(p_.flags & lpai::kernels::kConvFlagHvxPixels, 0u);
  EXPECT_NE(p_.flags & lpai::kernels::kConvFlagHvxLayout, 0u);
  ASSERT_EQ(p_.in_c, 3u);
  ASSERT_EQ(p_.out_c, 8u);
  ASSERT_EQ(p_.stride_w, 2u);
  ASSERT_EQ(params_size_ - portable_size_, 8u * 16u + 2u * 128u + 9u * 8u * 4u);
  const uint8_t* layout = hvx_.data() + params_ + portable_size_;
  const int32_t* folded = reinterpret_cast<const int32_t*>(hvx_.data() + params_ + sizeof(Conv2dParams));
  for (uint32_t c = 0; c < 8; ++c) {
    int32_t sum = 0;
    for (uint32_t i = 0; i < 27; ++i) sum += filter_[c * 27 + i];
    const int32_t want = static_cast<int32_t>(static_cast<uint32_t>(folded[c]) - 128u * static_cast<uint32_t>(sum));
    ASSERT_EQ(get<int32_t>(layout, c * 16), want) << "bias " << c;
    ASSERT_EQ(get<int32_t>(layout, c * 16 + 8), folded[8 + c]) << "multiplier " << c;
  }
  const uint8_t* words = layout + 8 * 16 + 2 * 128;
  for (uint32_t t = 0; t < 9; ++t) {
    for (uint32_t c = 0; c < 8; ++c) {
      for (uint32_t j = 0; j < 4; ++j) {
        const uint8_t want = j < 3 ? static_cast<uint8_t>(filter_[(c * 9 + t) * 3 + j]) : 0;
        ASSERT_EQ(words[(t * 8 + c) * 4 + j], want) << t << " " << c << " " << j;
      }
    }
  }
  // The portable blob, but for the two layout flags, is the portable binary's.
  NodeRecord np;
  std::memcpy(&np, portable_.data() + node_at(portable_.data(), 0), sizeof np);
  std::vector<uint8_t> masked(hvx_.begin() + params_, hvx_.begin() + params_ + portable_size_);
  Conv2dParams h;
  std::memcpy(&h, masked.data(), sizeof h);
  h.flags &= ~(lpai::kernels::kConvFlagHvxLayout | lpai::kernels::kConvFlagHvxPixels);
  std::memcpy(masked.data(), &h, sizeof h);
  ASSERT_EQ(np.params_size, portable_size_);
  EXPECT_EQ(0, std::memcmp(masked.data(), portable_.data() + header_of(portable_.data()).params.offset + np.params_offset,
                           portable_size_));
}

TEST_F(VwwFirstLayer, EveryPartOfTheLayoutIsChecked) {
  // Requantisation scalars (bias of channel 0, right shift of the last), both controls, first
  // and last filter word.
  const uint32_t bytes = params_size_ - portable_size_;
  for (uint32_t at : {0u, 7u * 16u + 12u, 8u * 16u + 8u, 8u * 16u + 128u + 124u, 8u * 16u + 256u, bytes - 4}) {
    SCOPED_TRACE("layout byte " + std::to_string(at));
    std::vector<uint8_t> b = hvx_;
    b[params_ + portable_size_ + at] ^= 0x01;
    expect(b, Status::kBinaryBadParams, "HVX layout differs");
  }
}

TEST_F(VwwFirstLayer, MalformedHeadersAreRefused) {
  const uint32_t fo = params_ + offsetof(Conv2dParams, flags);
  {
    SCOPED_TRACE("pixel flag cleared: the GEMM layout's size expected");
    std::vector<uint8_t> b = hvx_;
    put<uint32_t>(b.data(), fo, p_.flags & ~lpai::kernels::kConvFlagHvxPixels);
    expect(b, Status::kBinaryBadParams, "parameter blob size does not match");
  }
  {
    SCOPED_TRACE("pixel flag without the layout flag");
    std::vector<uint8_t> b = hvx_;
    put<uint32_t>(b.data(), fo, p_.flags & ~lpai::kernels::kConvFlagHvxLayout);
    expect(b, Status::kBinaryBadParams, "pixel-lane flag without an HVX layout");
  }
  {
    SCOPED_TRACE("a shape the pixel path does not take (stride_w 3)");
    std::vector<uint8_t> b = hvx_;
    put<uint32_t>(b.data(), params_ + offsetof(Conv2dParams, stride_w), 3);
    expect(b, Status::kBinaryBadParams, "HVX layout on a convolution the HVX path does not take");
  }
  {
    SCOPED_TRACE("kernel scratch one byte short of the pixel path's");
    ASSERT_NE(temp_, lpai::format::kNone);
    std::vector<uint8_t> b = hvx_;
    const size_t t = tensor_at(b.data(), temp_);
    const uint32_t need = static_cast<uint32_t>(std::max<uint64_t>(hl::pixel_temp_bytes(p_),
                                                                   lpai::kernels::conv_2d_temp_bytes(p_)));
    ASSERT_GE(get<uint32_t>(b.data(), t + offsetof(lpai::format::TensorRecord, size)), need);
    put<uint32_t>(b.data(), t + offsetof(lpai::format::TensorRecord, dims), need - 1);
    put<uint32_t>(b.data(), t + offsetof(lpai::format::TensorRecord, size), need - 1);
    expect(b, Status::kBinaryBadPlan, "kernel scratch smaller");
  }
}

// vww_96_int8's node 2 (1x1, 8 -> 16 channels, stride 1) takes the pointwise form: 16 channels
// of requantisation lanes, then words[in_c / 4][out_c] of the filter; every part checked.
TEST_F(VwwFirstLayer, PointwiseLayerTakesThePointwiseForm) {
  NodeRecord n;
  std::memcpy(&n, hvx_.data() + node_at(hvx_.data(), 2), sizeof n);
  ASSERT_EQ(n.op, static_cast<uint16_t>(BuiltinOp::kConv2d));
  const uint32_t at = header_of(hvx_.data()).params.offset + n.params_offset;
  Conv2dParams p;
  std::memcpy(&p, hvx_.data() + at, sizeof p);
  ASSERT_EQ(p.in_c, 8u);
  ASSERT_EQ(p.out_c, 16u);
  EXPECT_TRUE(hl::pixel_is_pointwise(p));
  EXPECT_NE(p.flags & lpai::kernels::kConvFlagHvxPixels, 0u);
  EXPECT_EQ(hl::pixel_temp_bytes(p), 0u);
  const uint32_t portable = lpai::kernels::conv_2d_params_size(16, p.flags);
  ASSERT_EQ(n.params_size - portable, 16u * 16u + 2u * 16u * 4u);
  const uint32_t filter_id = get<uint32_t>(hvx_.data(), index_at(hvx_.data(), n.inputs_index + 1));
  lpai::format::TensorRecord t;
  std::memcpy(&t, hvx_.data() + tensor_at(hvx_.data(), filter_id), sizeof t);
  const uint8_t* filter = hvx_.data() + header_of(hvx_.data()).consts.offset + t.offset;
  const uint8_t* words = hvx_.data() + at + portable + 16 * 16;
  for (uint32_t g = 0; g < 2; ++g) {
    for (uint32_t c = 0; c < 16; ++c) {
      for (uint32_t j = 0; j < 4; ++j) ASSERT_EQ(words[(g * 16 + c) * 4 + j], filter[c * 8 + 4 * g + j]) << g << " " << c;
    }
  }
  for (uint32_t off : {4u, 15u * 16u + 12u, 16u * 16u, n.params_size - portable - 4}) {
    std::vector<uint8_t> b = hvx_;
    b[at + portable + off] ^= 0x01;
    fix_crc(b.data(), b.size());
    LogCapture cap(LPAI_LOG_LEVEL_ERROR);
    EXPECT_EQ(validate_all(Bytes(b)), Status::kBinaryBadParams) << off;
    ASSERT_FALSE(cap.lines().empty());
    EXPECT_NE(cap.lines()[0].find("HVX layout differs"), std::string::npos) << cap.lines()[0];
  }
}

// pretrainedResnet_quant's node 1 (3x3 SAME, 16 -> 16 channels on 32x32) takes the channel-tap
// form: 16 channels of requantisation lanes, then words[9][4][16] of the filter; every part
// checked; stride_w 2 and a scratch one byte short refused.
TEST(HvxPixelLayout, ResnetLayerTakesTheChannelTapForm) {
  const std::string path = shared_path("models/pretrainedResnet_quant.tflite");
  if (path.empty()) GTEST_SKIP() << "../shared/models/pretrainedResnet_quant.tflite not present: test skipped";
  const std::vector<uint8_t> hvx = prepare(read_file(path), KernelLayout::kHvx);
  ASSERT_FALSE(hvx.empty());
  ASSERT_EQ(validate_all(Bytes(hvx)), Status::kOk);
  NodeRecord n;
  std::memcpy(&n, hvx.data() + node_at(hvx.data(), 1), sizeof n);
  ASSERT_EQ(n.op, static_cast<uint16_t>(BuiltinOp::kConv2d));
  const uint32_t at = header_of(hvx.data()).params.offset + n.params_offset;
  Conv2dParams p;
  std::memcpy(&p, hvx.data() + at, sizeof p);
  ASSERT_EQ(p.in_c, 16u);
  ASSERT_EQ(p.out_c, 16u);
  ASSERT_EQ(p.k_h * p.k_w, 9u);
  EXPECT_TRUE(hl::pixel_is_channel_taps(p));
  EXPECT_NE(p.flags & lpai::kernels::kConvFlagHvxPixels, 0u);
  const uint32_t portable = lpai::kernels::conv_2d_params_size(16, p.flags);
  ASSERT_EQ(n.params_size - portable, 16u * 16u + 9u * 4u * 16u * 4u);
  const uint32_t filter_id = get<uint32_t>(hvx.data(), index_at(hvx.data(), n.inputs_index + 1));
  lpai::format::TensorRecord t;
  std::memcpy(&t, hvx.data() + tensor_at(hvx.data(), filter_id), sizeof t);
  const uint8_t* filter = hvx.data() + header_of(hvx.data()).consts.offset + t.offset;
  const uint8_t* words = hvx.data() + at + portable + 16 * 16;
  for (uint32_t tap = 0; tap < 9; ++tap) {
    for (uint32_t g = 0; g < 4; ++g) {
      for (uint32_t c = 0; c < 16; ++c) {
        for (uint32_t j = 0; j < 4; ++j) {
          ASSERT_EQ(words[((tap * 4 + g) * 16 + c) * 4 + j], filter[(c * 9 + tap) * 16 + 4 * g + j]) << tap << " " << g;
        }
      }
    }
  }
  auto refused = [&](std::vector<uint8_t> b, Status s, const char* log) {
    fix_crc(b.data(), b.size());
    LogCapture cap(LPAI_LOG_LEVEL_ERROR);
    EXPECT_EQ(validate_all(Bytes(b)), s);
    ASSERT_FALSE(cap.lines().empty());
    EXPECT_NE(cap.lines()[0].find(log), std::string::npos) << cap.lines()[0];
  };
  for (uint32_t off : {4u, 15u * 16u + 12u, 16u * 16u, 16u * 16u + 1000u, n.params_size - portable - 4}) {
    SCOPED_TRACE("layout byte " + std::to_string(off));
    std::vector<uint8_t> b = hvx;
    b[at + portable + off] ^= 0x01;
    refused(b, Status::kBinaryBadParams, "HVX layout differs");
  }
  {
    SCOPED_TRACE("stride_w 2: no pixel form takes it");
    std::vector<uint8_t> b = hvx;
    put<uint32_t>(b.data(), at + offsetof(Conv2dParams, stride_w), 2);
    refused(b, Status::kBinaryBadParams, "HVX layout on a convolution the HVX path does not take");
  }
  {
    SCOPED_TRACE("kernel scratch one byte short of the channel-tap form's");
    ASSERT_NE(n.temp_tensor, lpai::format::kNone);
    std::vector<uint8_t> b = hvx;
    const size_t tt = tensor_at(b.data(), n.temp_tensor);
    const uint32_t need =
        static_cast<uint32_t>(std::max<uint64_t>(hl::pixel_temp_bytes(p), lpai::kernels::conv_2d_temp_bytes(p)));
    ASSERT_GE(get<uint32_t>(b.data(), tt + offsetof(lpai::format::TensorRecord, size)), need);
    put<uint32_t>(b.data(), tt + offsetof(lpai::format::TensorRecord, dims), need - 1);
    put<uint32_t>(b.data(), tt + offsetof(lpai::format::TensorRecord, size), need - 1);
    refused(b, Status::kBinaryBadPlan, "kernel scratch smaller");
  }
}

// kws_ref_model's node 0 (10x4 stride 2 SAME, 1 -> 64 channels, 49x10 -> 25x5) takes the strip
// form: 64 channels of requantisation lanes, five phase controls (each routing every pixel's
// word, checked on the byte network model), then words[10][64] of the filter; a flipped byte of
// each part, a phase count the header does not match and a scratch one byte short refused.
TEST(HvxPixelLayout, KwsFirstLayerTakesTheStripForm) {
  const std::string path = shared_path("models/kws_ref_model.tflite");
  if (path.empty()) GTEST_SKIP() << "../shared/models/kws_ref_model.tflite not present: test skipped";
  const std::vector<uint8_t> hvx = prepare(read_file(path), KernelLayout::kHvx);
  ASSERT_FALSE(hvx.empty());
  ASSERT_EQ(validate_all(Bytes(hvx)), Status::kOk);
  NodeRecord n;
  std::memcpy(&n, hvx.data() + node_at(hvx.data(), 0), sizeof n);
  ASSERT_EQ(n.op, static_cast<uint16_t>(BuiltinOp::kConv2d));
  const uint32_t at = header_of(hvx.data()).params.offset + n.params_offset;
  Conv2dParams p;
  std::memcpy(&p, hvx.data() + at, sizeof p);
  ASSERT_EQ(p.in_c, 1u);
  ASSERT_EQ(p.out_c, 64u);
  ASSERT_EQ(p.k_h, 10u);
  ASSERT_EQ(p.k_w, 4u);
  ASSERT_EQ(p.out_w, 5u);
  EXPECT_TRUE(hl::pixel_is_strips(p));
  EXPECT_NE(p.flags & lpai::kernels::kConvFlagHvxPixels, 0u);
  EXPECT_EQ(hl::strip_phases(p), 5u);
  EXPECT_EQ(hl::strip_pitch(p), 12u);  // (5 - 1) * 2 + 4 padded columns
  const uint32_t portable = lpai::kernels::conv_2d_params_size(64, p.flags);
  ASSERT_EQ(n.params_size - portable, 64u * 16u + 5u * 128u + 10u * 64u * 4u);
  const uint8_t* controls = hvx.data() + at + portable + 64 * 16;
  std::vector<uint8_t> src(128);
  for (uint32_t i = 0; i < 128; ++i) src[i] = static_cast<uint8_t>(i * 7 + 3);  // distinct bytes
  for (uint32_t f = 0; f < 5; ++f) {  // phase f: the block starts at output column f
    const std::vector<uint8_t> out = run_delta(src, controls + f * 128, true);
    for (uint32_t l = 0; l < 32; ++l) {
      const uint32_t row = (f + l) / 5, col = (f + l) % 5;
      const uint32_t from = 12 * row + 2 * col - 2 * f;
      for (uint32_t j = 0; j < 4; ++j) ASSERT_EQ(out[4 * l + j], src[from + j]) << "phase " << f << " pixel " << l;
    }
  }
  const uint32_t filter_id = get<uint32_t>(hvx.data(), index_at(hvx.data(), n.inputs_index + 1));
  lpai::format::TensorRecord t;
  std::memcpy(&t, hvx.data() + tensor_at(hvx.data(), filter_id), sizeof t);
  const uint8_t* filter = hvx.data() + header_of(hvx.data()).consts.offset + t.offset;
  const uint8_t* words = controls + 5 * 128;
  for (uint32_t ky = 0; ky < 10; ++ky) {
    for (uint32_t c = 0; c < 64; ++c) {
      for (uint32_t j = 0; j < 4; ++j) ASSERT_EQ(words[(ky * 64 + c) * 4 + j], filter[(c * 10 + ky) * 4 + j]) << ky;
    }
  }
  auto refused = [&](std::vector<uint8_t> b, Status s, const char* log) {
    fix_crc(b.data(), b.size());
    LogCapture cap(LPAI_LOG_LEVEL_ERROR);
    EXPECT_EQ(validate_all(Bytes(b)), s);
    ASSERT_FALSE(cap.lines().empty());
    EXPECT_NE(cap.lines()[0].find(log), std::string::npos) << cap.lines()[0];
  };
  for (uint32_t off : {4u, 63u * 16u + 12u, 64u * 16u + 3u * 128u + 7u, 64u * 16u + 5u * 128u,
                       n.params_size - portable - 4}) {
    SCOPED_TRACE("layout byte " + std::to_string(off));
    std::vector<uint8_t> b = hvx;
    b[at + portable + off] ^= 0x01;
    refused(b, Status::kBinaryBadParams, "HVX layout differs");
  }
  {
    SCOPED_TRACE("out_w 4 (four phase controls, not five): the layout differs");
    std::vector<uint8_t> b = hvx;
    put<uint32_t>(b.data(), at + offsetof(Conv2dParams, out_w), 4);
    EXPECT_NE(validate_all(Bytes(b)), Status::kOk);
  }
  {
    SCOPED_TRACE("kernel scratch one byte short of the strip form's");
    ASSERT_NE(n.temp_tensor, lpai::format::kNone);
    std::vector<uint8_t> b = hvx;
    const size_t tt = tensor_at(b.data(), n.temp_tensor);
    const uint32_t need =
        static_cast<uint32_t>(std::max<uint64_t>(hl::pixel_temp_bytes(p), lpai::kernels::conv_2d_temp_bytes(p)));
    ASSERT_GE(get<uint32_t>(b.data(), tt + offsetof(lpai::format::TensorRecord, size)), need);
    put<uint32_t>(b.data(), tt + offsetof(lpai::format::TensorRecord, dims), need - 1);
    put<uint32_t>(b.data(), tt + offsetof(lpai::format::TensorRecord, size), need - 1);
    refused(b, Status::kBinaryBadPlan, "kernel scratch smaller");
  }
}

}  // namespace
}  // namespace lpai_test
