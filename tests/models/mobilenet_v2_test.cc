// A MobileNet-v2-shaped int8 model as a PyTorch export gives it to TFLite Micro, end to end:
// NCHW input 1x3x224x224 -> TRANSPOSE to NHWC -> PAD -> CONV_2D 3x3/2 (32 ch, RELU6) -> the 17
// inverted-residual blocks of MobileNet v2 (1x1 expand CONV_2D + RELU6, DEPTHWISE_CONV_2D 3x3
// stride 1 (SAME) or stride 2 (PAD + VALID), 1x1 project CONV_2D, residual ADD where shapes
// match) -> 1x1 CONV_2D to 1280 (RELU6) -> MEAN over H, W -> FULLY_CONNECTED to 1000 classes.
//
// The model is written with the project's TfliteBuilder (deterministic pseudo-random weights,
// per-channel weight scales); its expected outputs come from an independent reference chain,
// layer by layer in NHWC, built from the plain per-op references of tests/kernels/reference/.
// The firmware runs it through the offline prepare (import -> plan -> context binary) and the
// C shim (host::Session); every byte of the logits and of two intermediate tensors (the last
// block's output and the MEAN output, also graph outputs) must match.
//
// Quantisation is realistic rather than arbitrary: each layer's weight scales are chosen from
// the spread of the reference's input activations for that layer (so requantisation neither
// saturates nor collapses): RELU6 outputs use scale 6/255 with zero point -128, as PyTorch's
// quantised MobileNet v2 does.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "kernels/reference/add_ref.h"
#include "kernels/reference/movement_ref.h"
#include "kernels/reference/pad_ref.h"
#include "kernels/reference/reduce_ref.h"
#include "kernels/reference/reference_ops.h"
#include "prepare/prepare.h"
#include "prepare/tflite_builder.h"
#include "runner/session.h"
#include "built_model_support.h"

namespace {

namespace tb = lpai::tflite_builder;
namespace tfl = lpai::tflite;
using lpai::format::BuiltinOp;

constexpr int code(BuiltinOp op) { return static_cast<int>(op); }
constexpr float kRelu6Scale = 6.0f / 255.0f;
constexpr int32_t kRelu6Zp = -128;

using lpai::test::raw;
using lpai::test::Rng;
std::vector<int32_t> widen(const std::vector<int8_t>& v) { return {v.begin(), v.end()}; }
std::vector<int8_t> narrow(const std::vector<int32_t>& v) {
  std::vector<int8_t> r(v.size());
  for (size_t i = 0; i < v.size(); ++i) r[i] = static_cast<int8_t>(v[i]);
  return r;
}

// Root mean square of (x - zp): the spread a layer sees after subtracting the zero point.
double rms_dev(const std::vector<int8_t>& x, int32_t zp) {
  double s = 0;
  for (int8_t v : x) s += double(v - zp) * double(v - zp);
  return std::max(1.0, std::sqrt(s / std::max<size_t>(1, x.size())));
}

// One activation: its tensor in the model, its NHWC shape, quantisation, and reference values.
struct Act {
  int id = -1;
  std::vector<int32_t> shape;  // NHWC (or [1, C] after MEAN)
  float scale = 1.0f;
  int32_t zp = 0;
  std::vector<int8_t> values;  // the reference chain's values
};

// Builds the model and its reference chain side by side.
class MobileNetV2 {
 public:
  explicit MobileNetV2(uint32_t seed) : rng_(seed) {}

  Act input_nchw(int c, int h, int w) {
    Act a;
    a.shape = {1, c, h, w};
    a.scale = 0.0187f;  // ImageNet-normalised pixels, about [-2.4, 2.4]
    a.zp = -1;
    a.values.resize(static_cast<size_t>(c) * h * w);
    for (auto& v : a.values) v = static_cast<int8_t>(rng_.uniform(-128, 127));
    a.id = b_.act("input", a.shape, a.scale, a.zp);
    return a;
  }

  // TRANSPOSE NCHW -> NHWC (perm 0, 2, 3, 1).
  Act transpose_to_nhwc(const Act& x) {
    Act y = like(x, "input_nhwc", {x.shape[0], x.shape[2], x.shape[3], x.shape[1]});
    const int perm = b_.const_i32("perm", {0, 2, 3, 1});
    b_.op({code(BuiltinOp::kTranspose), {x.id, perm}, {y.id}, {}, tfl::BuiltinOptions_NONE,
           nullptr, -1});
    y.values = narrow(ref::transpose(widen(x.values), x.shape, {0, 2, 3, 1}));
    return y;
  }

  // PAD of H and W by (top/left, bottom/right); pads with the zero point (TFLite's PAD).
  Act pad_hw(const Act& x, int before, int after, const std::string& name) {
    Act y = like(x, name, {x.shape[0], x.shape[1] + before + after, x.shape[2] + before + after,
                           x.shape[3]});
    tb::TensorSpec s;
    s.name = name + "/paddings";
    s.type = tfl::TensorType_INT32;
    s.shape = {4, 2};
    s.data = raw(std::vector<int32_t>{0, 0, before, after, before, after, 0, 0});
    const int pads = b_.tensor(s);
    b_.op({code(BuiltinOp::kPad), {x.id, pads}, {y.id}, {}, tfl::BuiltinOptions_NONE, nullptr,
           -1});
    y.values = narrow(ref::pad(widen(x.values), x.shape,
                               {{0, 0}, {before, after}, {before, after}, {0, 0}}, x.zp));
    return y;
  }

  // CONV_2D k x k (VALID when pad_same is false) to out_c channels; relu6 selects RELU6 with
  // the RELU6 quantisation, otherwise a linear output of scale out_scale, zero point out_zp.
  Act conv(const Act& x, int out_c, int k, int stride, bool pad_same, bool relu6, float out_scale,
           int32_t out_zp, const std::string& name) {
    const int in_c = x.shape[3];
    ref::ConvGeom g = geom(x, out_c, k, stride, pad_same);
    Act y = like(x, name, {1, g.out_h, g.out_w, out_c});
    set_out_quant(&y, relu6, out_scale, out_zp);
    const int fan_in = k * k * in_c;
    std::vector<int8_t> w(static_cast<size_t>(out_c) * fan_in);
    for (auto& v : w) v = static_cast<int8_t>(rng_.uniform(-127, 127));
    std::vector<float> ws;
    std::vector<int32_t> bias;
    weight_scales(x, y, fan_in, out_c, relu6, &ws, &bias);
    const int wid = const_weights(name + "/filter", {out_c, k, k, in_c}, w, ws, 0);
    const int bid = const_bias(name + "/bias", bias, x.scale, ws);
    tb::OpSpec op;
    op.builtin = tb::kConv2d;
    op.inputs = {x.id, wid, bid};
    op.outputs = {y.id};
    op.options_type = tfl::BuiltinOptions_Conv2DOptions;
    op.options = tb::conv_options(pad_same ? tfl::Padding_SAME : tfl::Padding_VALID, stride, stride,
                                  relu6 ? tfl::ActivationFunctionType_RELU6
                                        : tfl::ActivationFunctionType_NONE);
    b_.op(op);
    y.values = ref::conv_2d(g, x.values, {x.scale, x.zp}, w, ws, &bias, {y.scale, y.zp},
                            relu6 ? 3 : 0);
    return y;
  }

  // DEPTHWISE_CONV_2D 3x3, depth multiplier 1, RELU6.
  Act depthwise(const Act& x, int stride, bool pad_same, const std::string& name) {
    const int c = x.shape[3];
    ref::ConvGeom g = geom(x, c, 3, stride, pad_same);
    Act y = like(x, name, {1, g.out_h, g.out_w, c});
    set_out_quant(&y, true, 0, 0);
    std::vector<int8_t> w(static_cast<size_t>(9) * c);
    for (auto& v : w) v = static_cast<int8_t>(rng_.uniform(-127, 127));
    std::vector<float> ws;
    std::vector<int32_t> bias;
    weight_scales(x, y, 9, c, true, &ws, &bias);
    const int wid = const_weights(name + "/filter", {1, 3, 3, c}, w, ws, 3);
    const int bid = const_bias(name + "/bias", bias, x.scale, ws);
    tb::OpSpec op;
    op.builtin = tb::kDepthwiseConv2d;
    op.inputs = {x.id, wid, bid};
    op.outputs = {y.id};
    op.options_type = tfl::BuiltinOptions_DepthwiseConv2DOptions;
    const tfl::Padding padding = pad_same ? tfl::Padding_SAME : tfl::Padding_VALID;
    op.options = [padding, stride](flatbuffers::FlatBufferBuilder& fbb) {
      return tfl::CreateDepthwiseConv2DOptions(fbb, padding, stride, stride, 1,
                                               tfl::ActivationFunctionType_RELU6, 1, 1)
          .Union();
    };
    b_.op(op);
    y.values = ref::depthwise_conv_2d(g, 1, x.values, {x.scale, x.zp}, w, ws, &bias,
                                      {y.scale, y.zp}, 3);
    return y;
  }

  // ADD of two same-shape activations, output scale out_scale / zero point out_zp.
  Act add(const Act& a, const Act& c, float out_scale, int32_t out_zp, const std::string& name) {
    Act y = like(a, name, a.shape);
    y.scale = out_scale;
    y.zp = out_zp;
    y.id = b_.act(name, y.shape, y.scale, y.zp);
    tb::OpSpec op;
    op.builtin = tb::kAdd;
    op.inputs = {a.id, c.id};
    op.outputs = {y.id};
    op.options_type = tfl::BuiltinOptions_AddOptions;
    op.options = tb::add_options(tfl::ActivationFunctionType_NONE, false);
    b_.op(op);
    y.values = narrow(ref::add_sub({a.shape, a.scale, a.zp}, widen(a.values),
                                   {c.shape, c.scale, c.zp}, widen(c.values),
                                   {y.shape, y.scale, y.zp}, 0, false, false));
    return y;
  }

  // MEAN over H and W (keep_dims false, as torch.mean(x, [2, 3]) exports): [1, C].
  Act mean_hw(const Act& x, float out_scale, int32_t out_zp, const std::string& name) {
    Act y;
    y.shape = {1, x.shape[3]};
    y.scale = out_scale;
    y.zp = out_zp;
    y.id = b_.act(name, y.shape, y.scale, y.zp);
    const int axes = b_.const_i32(name + "/axes", {1, 2});
    tb::OpSpec op;
    op.builtin = code(BuiltinOp::kMean);
    op.inputs = {x.id, axes};
    op.outputs = {y.id};
    op.options_type = tfl::BuiltinOptions_ReducerOptions;
    op.options = [](flatbuffers::FlatBufferBuilder& fbb) {
      return tfl::CreateReducerOptions(fbb, false).Union();
    };
    b_.op(op);
    y.values = narrow(ref::mean_or_sum(widen(x.values), x.shape, {1, 2}, true, x.scale, x.zp,
                                       y.scale, y.zp, -128, 127));
    return y;
  }

  // FULLY_CONNECTED [1, K] -> [1, n], per-tensor weights.
  Act fully_connected(const Act& x, int n, float out_scale, int32_t out_zp,
                      const std::string& name) {
    const int k = x.shape[1];
    Act y;
    y.shape = {1, n};
    y.scale = out_scale;
    y.zp = out_zp;
    y.id = b_.act(name, y.shape, y.scale, y.zp);
    std::vector<int8_t> w(static_cast<size_t>(n) * k);
    for (auto& v : w) v = static_cast<int8_t>(rng_.uniform(-127, 127));
    const double acc_std = 73.3 * std::sqrt(double(k)) * rms_dev(x.values, x.zp);
    // Logits with a spread of about 40 quantised steps.
    const float ws = static_cast<float>(40.0 * y.scale / (x.scale * acc_std));
    std::vector<int32_t> bias(n);
    for (auto& v : bias) v = static_cast<int32_t>((rng_.unit() - 0.5) * acc_std);
    const int wid = const_weights(name + "/weights", {n, k}, w, {ws}, 0);
    const int bid = const_bias(name + "/bias", bias, x.scale, {ws});
    tb::OpSpec op;
    op.builtin = tb::kFullyConnected;
    op.inputs = {x.id, wid, bid};
    op.outputs = {y.id};
    op.options_type = tfl::BuiltinOptions_FullyConnectedOptions;
    op.options = tb::fc_options(tfl::ActivationFunctionType_NONE, false);
    b_.op(op);
    y.values = ref::fully_connected(x.values, {x.scale, x.zp}, 1, k, w, {ws}, &bias, n,
                                    {y.scale, y.zp}, 0);
    return y;
  }

  std::vector<uint8_t> finish(const Act& in, const std::vector<const Act*>& outs) {
    std::vector<int32_t> out_ids;
    for (const Act* a : outs) out_ids.push_back(a->id);
    b_.io({in.id}, out_ids);
    b_.set_name("mobilenet_v2");
    return b_.finish();
  }

  // Linear (project / ADD) output quantisation: scale around `base`, small zero point.
  float linear_scale(float base) { return static_cast<float>(base * (0.9 + 0.2 * rng_.unit())); }
  int32_t linear_zp() { return rng_.uniform(-6, 6); }

 private:
  Act like(const Act& x, const std::string& name, std::vector<int32_t> shape) {
    Act y;
    y.shape = std::move(shape);
    y.scale = x.scale;
    y.zp = x.zp;
    y.id = b_.act(name, y.shape, y.scale, y.zp);
    return y;
  }

  void set_out_quant(Act* y, bool relu6, float scale, int32_t zp) {
    y->scale = relu6 ? kRelu6Scale : scale;
    y->zp = relu6 ? kRelu6Zp : zp;
    b_.spec(y->id).scales = {y->scale};
    b_.spec(y->id).zero_points = {y->zp};
  }

  static ref::ConvGeom geom(const Act& x, int out_c, int k, int stride, bool pad_same) {
    ref::ConvGeom g{};
    g.batches = 1;
    g.in_h = x.shape[1];
    g.in_w = x.shape[2];
    g.in_c = x.shape[3];
    g.out_c = out_c;
    g.k_h = g.k_w = k;
    g.stride_h = g.stride_w = stride;
    g.dil_h = g.dil_w = 1;
    ref::same_or_valid(pad_same ? 0 : 1, g.in_h, k, stride, 1, &g.out_h, &g.pad_h);
    ref::same_or_valid(pad_same ? 0 : 1, g.in_w, k, stride, 1, &g.out_w, &g.pad_w);
    return g;
  }

  // Per-channel weight scales from the input's spread: the accumulator of channel c has a
  // standard deviation of about 73.3 * sqrt(fan_in) * rms(x - zp) (weights uniform in
  // [-127, 127]); the scale maps it to ~90 output steps for RELU6 outputs (so roughly half the
  // values clamp at 0 and a few at 6) and ~25 steps for linear ones, +-30 % per channel.
  // Biases shift each channel by up to +-0.4 standard deviations (RELU6: biased upwards).
  void weight_scales(const Act& x, const Act& y, int fan_in, int channels, bool relu6,
                     std::vector<float>* ws, std::vector<int32_t>* bias) {
    const double acc_std = 73.3 * std::sqrt(double(fan_in)) * rms_dev(x.values, x.zp);
    const double target = relu6 ? 90.0 : 25.0;
    for (int c = 0; c < channels; ++c) {
      const double jitter = 0.7 + 0.6 * rng_.unit();
      ws->push_back(static_cast<float>(target * y.scale * jitter / (x.scale * acc_std)));
      const double shift = (rng_.unit() - 0.5) * 0.8 + (relu6 ? 0.3 : 0.0);
      bias->push_back(static_cast<int32_t>(shift * acc_std));
    }
  }

  int const_weights(const std::string& name, std::vector<int32_t> shape,
                    const std::vector<int8_t>& w, const std::vector<float>& scales, int axis) {
    tb::TensorSpec s;
    s.name = name;
    s.shape = std::move(shape);
    s.scales = scales;
    s.zero_points.assign(scales.size(), 0);
    s.quant_axis = axis;
    s.data = raw(w);
    return b_.tensor(s);
  }

  int const_bias(const std::string& name, const std::vector<int32_t>& bias, float in_scale,
                 const std::vector<float>& w_scales) {
    tb::TensorSpec s;
    s.name = name;
    s.type = tfl::TensorType_INT32;
    s.shape = {static_cast<int32_t>(bias.size())};
    for (float w : w_scales) s.scales.push_back(in_scale * w);
    s.zero_points.assign(s.scales.size(), 0);
    s.data = raw(bias);
    return b_.tensor(s);
  }

  tb::TfliteBuilder b_;
  Rng rng_;
};

struct Built {
  std::vector<uint8_t> tflite;
  Act input, last_block, pooled, logits;
  int blocks = 0, ops = 0;
  int64_t macs = 0;
};

// MobileNet v2 (width 1.0) on a 224x224 input: the first `stages` rows of the (expansion t,
// channels c, repeats n, first stride s) table (7: the whole network), then a 1x1 head conv to
// head_channels (1280 in MobileNet v2), MEAN and the 1000-class FULLY_CONNECTED.
Built build_mobilenet_v2(int stages, int head_channels) {
  const int resolution = 224;
  MobileNetV2 m(20240612u);
  Built r;
  r.input = m.input_nchw(3, resolution, resolution);
  Act x = m.transpose_to_nhwc(r.input);
  x = m.pad_hw(x, 1, 1, "stem/pad");
  x = m.conv(x, 32, 3, 2, false, true, 0, 0, "stem/conv");
  r.ops = 3;
  struct Stage {
    int t, c, n, s;
  };
  const Stage table[] = {{1, 16, 1, 1},  {6, 24, 2, 2},  {6, 32, 3, 2}, {6, 64, 4, 2},
                         {6, 96, 3, 1},  {6, 160, 3, 2}, {6, 320, 1, 1}};
  for (int si = 0; si < stages; ++si) {
    const Stage& st = table[si];
    for (int i = 0; i < st.n; ++i) {
      const int stride = i == 0 ? st.s : 1;
      const std::string name = "block" + std::to_string(r.blocks++);
      const int in_c = x.shape[3];
      Act h = x;
      if (st.t != 1) {
        h = m.conv(h, in_c * st.t, 1, 1, true, true, 0, 0, name + "/expand");
        ++r.ops;
      }
      if (stride == 2) {  // PyTorch's symmetric padding 1 with stride 2: explicit PAD + VALID
        h = m.pad_hw(h, 1, 1, name + "/pad");
        h = m.depthwise(h, 2, false, name + "/dw");
        r.ops += 2;
      } else {
        h = m.depthwise(h, 1, true, name + "/dw");
        ++r.ops;
      }
      h = m.conv(h, st.c, 1, 1, true, false, m.linear_scale(0.08f), m.linear_zp(),
                 name + "/project");
      ++r.ops;
      if (stride == 1 && in_c == st.c) {
        h = m.add(x, h, m.linear_scale(0.11f), m.linear_zp(), name + "/add");
        ++r.ops;
      }
      x = h;
    }
  }
  r.last_block = x;
  x = m.conv(x, head_channels, 1, 1, true, true, 0, 0, "head/conv");
  r.pooled = m.mean_hw(x, 0.0125f, -20, "head/mean");
  r.logits = m.fully_connected(r.pooled, 1000, 0.09f, 3, "classifier");
  r.ops += 3;
  r.tflite = m.finish(r.input, {&r.logits, &r.last_block, &r.pooled});
  return r;
}

std::vector<uint8_t> bytes_of(const std::vector<int8_t>& v) { return {v.begin(), v.end()}; }

size_t distinct(const std::vector<int8_t>& v) { return std::set<int8_t>(v.begin(), v.end()).size(); }

// Builds the model and its reference chain, prepares it, runs it once through host::Session
// and compares every byte of the three graph outputs. Prints the plan's figures.
void run_and_compare(int stages, int head_channels, int want_blocks, const char* label) {
  const Built m = build_mobilenet_v2(stages, head_channels);
  ASSERT_EQ(m.blocks, want_blocks);
  ASSERT_EQ(m.logits.values.size(), 1000u);
  // The reference output has spread (the quantisation neither saturates nor collapses).
  EXPECT_GE(distinct(m.logits.values), 40u);
  EXPECT_GE(distinct(m.pooled.values), 40u);
  EXPECT_GE(distinct(m.last_block.values), 60u);
  std::printf("%s reference: distinct values: logits %zu, MEAN %zu, last block %zu\n",
              label, distinct(m.logits.values), distinct(m.pooled.values), distinct(m.last_block.values));

  lpai::prepare::PrepareOutput p;
  std::string error;
  ASSERT_EQ(lpai_test::failure(lpai::prepare::prepare_tflite(m.tflite.data(), m.tflite.size(),
                                            lpai::prepare::PlanOptions{}, &p)), "");
  EXPECT_EQ(p.graph.ops.size(), static_cast<size_t>(m.ops));
  // TFLite Micro's arena for this graph is ~2.6 MB; the plan must hold the 112x112x96 expand
  // output (1.2 MB) next to its input and the stride-2 PAD output.
  EXPECT_GE(p.plan.scratch_size, 112u * 112u * 96u + 112u * 112u * 16u);
  EXPECT_EQ(p.plan.persistent_size, 0u);
  std::printf("%s: %zu ops, %zu tensors, tflite %zu bytes, consts %llu bytes\n", label,
              p.graph.ops.size(), p.graph.tensors.size(), m.tflite.size(),
              static_cast<unsigned long long>(p.const_bytes));
  std::printf("%s plan: scratch %llu bytes (lower bound %llu, io %llu), persistent %llu"
              " bytes, strategy %s, planned in %.1f ms\n",
              label,
              static_cast<unsigned long long>(p.plan.scratch_size),
              static_cast<unsigned long long>(p.plan.scratch_lower_bound),
              static_cast<unsigned long long>(p.plan.io_bytes),
              static_cast<unsigned long long>(p.plan.persistent_size), p.plan.strategy.c_str(),
              p.plan.planning_ms);

  std::unique_ptr<lpai::host::Session> s =
      lpai::host::Session::open(p.binary, lpai::host::SessionOptions{}, &error);
  ASSERT_NE(s, nullptr) << error;
  ASSERT_EQ(s->inputs().size(), 1u);
  ASSERT_EQ(s->outputs().size(), 3u);
  std::vector<std::vector<uint8_t>> outs;
  ASSERT_TRUE(s->run({bytes_of(m.input.values)}, &outs, &error)) << error;
  ASSERT_EQ(outs.size(), 3u);
  EXPECT_EQ(outs[0], bytes_of(m.logits.values)) << "logits";
  EXPECT_EQ(outs[1], bytes_of(m.last_block.values)) << "last block output";
  EXPECT_EQ(outs[2], bytes_of(m.pooled.values)) << "MEAN output";
}

// Sanitizer builds run the plain reference chain ~30x slower (about 20 s of CPU for the whole
// network): there the truncated variant below covers the same large activations.
#if defined(__SANITIZE_ADDRESS__)
#define LPAI_SANITIZED_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LPAI_SANITIZED_BUILD 1
#endif
#endif

// The whole network: 17 blocks down to 7x7x320, head to 1280, 1000 logits.
TEST(MobileNetV2Model, FullNetworkFromAnNchwInputMatchesTheReferenceChainBitExact) {
#ifdef LPAI_SANITIZED_BUILD
  GTEST_SKIP() << "whole network skipped under sanitizers (reference chain ~20 s of CPU); "
                  "TruncatedNetworkWithTheLargestActivations... covers the MB-scale tensors";
#endif
  run_and_compare(7, 1280, 17, "mobilenet_v2");
}

// The first two stages (blocks 0..2 to 56x56x24, with the 112x112x96 expand output that sets
// the whole network's peak, a stride-2 PAD + DEPTHWISE_CONV_2D and a residual ADD), head to 128.
TEST(MobileNetV2Model, TruncatedNetworkWithTheLargestActivationsMatchesTheReferenceChain) {
  run_and_compare(2, 128, 3, "mobilenet_v2_truncated");
}

}  // namespace
