// lpai-make-demo-model: writes a small int8 image classifier built with the project's own
// TFLite writer, plus four input files, so the main job runs where ../shared is absent.
//   DIR/demo_model.tflite:  in[1,8,8,3] -CONV_2D 3x3 SAME RELU (8 ch, per-channel)->
//                           [1,8,8,8] -RESHAPE-> [1,512] -FULLY_CONNECTED-> [1,4] -SOFTMAX-> out[1,4]
//   DIR/demo_input_<k>.bin: 192 bytes each, the golden-data xorshift rule with seed
//                           0x9E3779B9 + k (see ../shared/golden/README.md).
// Weights come from a fixed xorshift stream: the model is the same on every run.
#include <CLI/CLI.hpp>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <vector>

#include "prepare/tflite_builder.h"

namespace tb = lpai::tflite_builder;
namespace tfl = lpai::tflite;

namespace {

struct XorShift {
  uint32_t s;
  uint8_t next() {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    return static_cast<uint8_t>(s & 0xFF);
  }
};

std::vector<uint8_t> int8_weights(size_t n, XorShift* rng) {
  std::vector<uint8_t> w(n);
  for (auto& b : w) b = static_cast<uint8_t>(static_cast<int8_t>(rng->next()) / 2);
  return w;
}

std::vector<uint8_t> int32_bias(size_t n, XorShift* rng) {
  std::vector<uint8_t> b(n * 4);
  for (size_t i = 0; i < n; ++i) {
    const int32_t v = static_cast<int8_t>(rng->next()) * 16;
    std::memcpy(&b[i * 4], &v, 4);
  }
  return b;
}

bool write_file(const std::filesystem::path& p, const std::vector<uint8_t>& bytes) {
  std::ofstream f(p, std::ios::binary);
  f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(f);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"lpai-make-demo-model: a small int8 model and inputs for the main job"};
  std::string out_dir;
  app.add_option("--output_dir", out_dir, "where demo_model.tflite and inputs go")->required();
  CLI11_PARSE(app, argc, argv);

  XorShift rng{12345u};
  tb::TfliteBuilder m;
  m.set_name("demo");
  const int in = m.act("input", {1, 8, 8, 3}, 0.02f, 0);

  tb::TensorSpec filter;
  filter.name = "conv/filter";
  filter.shape = {8, 3, 3, 3};
  for (int c = 0; c < 8; ++c) {
    filter.scales.push_back(0.004f + 0.001f * static_cast<float>(c));
    filter.zero_points.push_back(0);
  }
  filter.quant_axis = 0;
  filter.data = int8_weights(8 * 3 * 3 * 3, &rng);
  const int f = m.tensor(filter);
  tb::TensorSpec bias;
  bias.name = "conv/bias";
  bias.type = tfl::TensorType_INT32;
  bias.shape = {8};
  for (int c = 0; c < 8; ++c) {
    bias.scales.push_back(0.02f * filter.scales[c]);
    bias.zero_points.push_back(0);
  }
  bias.data = int32_bias(8, &rng);
  const int b = m.tensor(bias);
  const int conv = m.act("conv/out", {1, 8, 8, 8}, 0.05f, -128);
  tb::OpSpec c2d;
  c2d.builtin = tb::kConv2d;
  c2d.inputs = {in, f, b};
  c2d.outputs = {conv};
  c2d.options_type = tfl::BuiltinOptions_Conv2DOptions;
  c2d.options = tb::conv_options(tfl::Padding_SAME, 1, 1, tfl::ActivationFunctionType_RELU);
  m.op(c2d);

  const int flat = m.act("flatten", {1, 512}, 0.05f, -128);
  m.reshape(conv, flat);

  tb::TensorSpec weights;
  weights.name = "fc/weights";
  weights.shape = {4, 512};
  weights.scales = {0.003f};
  weights.zero_points = {0};
  weights.data = int8_weights(4 * 512, &rng);
  const int w = m.tensor(weights);
  const int logits = m.act("logits", {1, 4}, 0.1f, 0);
  tb::OpSpec fc;
  fc.builtin = tb::kFullyConnected;
  fc.inputs = {flat, w, -1};
  fc.outputs = {logits};
  fc.options_type = tfl::BuiltinOptions_FullyConnectedOptions;
  fc.options = tb::fc_options(tfl::ActivationFunctionType_NONE, false);
  m.op(fc);

  const int probs = m.act("probabilities", {1, 4}, 1.0f / 256.0f, -128);
  tb::OpSpec sm;
  sm.builtin = tb::kSoftmax;
  sm.inputs = {logits};
  sm.outputs = {probs};
  sm.options_type = tfl::BuiltinOptions_SoftmaxOptions;
  sm.options = tb::softmax_options(1.0f);
  m.op(sm);
  m.io({in}, {probs});

  const std::filesystem::path dir(out_dir);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (!write_file(dir / "demo_model.tflite", m.finish())) {
    std::cerr << "lpai-make-demo-model: error: cannot write " << (dir / "demo_model.tflite") << "\n";
    return 1;
  }
  for (uint32_t k = 0; k < 4; ++k) {
    XorShift in_rng{0x9E3779B9u + k};
    std::vector<uint8_t> bytes(8 * 8 * 3);
    for (auto& v : bytes) v = in_rng.next();
    if (!write_file(dir / ("demo_input_" + std::to_string(k) + ".bin"), bytes)) {
      std::cerr << "lpai-make-demo-model: error: cannot write inputs under " << dir << "\n";
      return 1;
    }
  }
  std::cout << "wrote " << (dir / "demo_model.tflite").string() << " and 4 inputs\n";
  return 0;
}
