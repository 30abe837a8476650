// Access to the per-tensor dumps of ../shared/golden/<model>/tensors (TFLite Micro reference
// kernels, inference 0) for the data-driven element-wise kernel tests.
#ifndef LPAI_TESTS_KERNELS_EW_GOLDEN_H
#define LPAI_TESTS_KERNELS_EW_GOLDEN_H

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/test_support.h"

namespace ew_test {

struct GoldenTensor {
  int index = -1;
  std::string name;
  std::vector<int32_t> shape;
  float scale = 0.0f;
  int32_t zero_point = 0;
  int producer_op = -1;
  std::string producer_name;
  std::vector<int> consumers;
  std::vector<int32_t> values;  // int8 elements
};

// Reads tensors.json of `dir` (absolute path of <model>/tensors) with every int8 tensor's values.
inline std::vector<GoldenTensor> load_golden_tensors(const std::string& dir) {
  std::vector<GoldenTensor> out;
  std::ifstream f(dir + "/tensors.json");
  if (!f) return out;
  const nlohmann::json j = nlohmann::json::parse(f);
  for (const auto& t : j) {
    GoldenTensor g;
    g.index = t.at("index").get<int>();
    g.name = t.at("name").get<std::string>();
    g.shape = t.at("shape").get<std::vector<int32_t>>();
    g.scale = t.at("scale").get<float>();
    g.zero_point = t.at("zero_point").get<int32_t>();
    g.producer_op = t.at("producer_op").get<int>();
    if (!t.at("producer_op_name").is_null()) g.producer_name = t.at("producer_op_name").get<std::string>();
    g.consumers = t.at("consumer_ops").get<std::vector<int>>();
    if (t.at("type").get<std::string>() == "INT8") {
      const std::vector<uint8_t> bytes = lpai_test::read_file(dir + "/" + t.at("file").get<std::string>());
      for (uint8_t b : bytes) g.values.push_back(static_cast<int8_t>(b));
    }
    out.push_back(std::move(g));
  }
  return out;
}

// Inputs of op `op` (tensors listing it as consumer), in tensor-index order.
inline std::vector<const GoldenTensor*> golden_inputs(const std::vector<GoldenTensor>& ts, int op) {
  std::vector<const GoldenTensor*> in;
  for (const auto& t : ts) {
    for (int c : t.consumers) {
      if (c == op) in.push_back(&t);
    }
  }
  return in;
}

}  // namespace ew_test

#endif  // LPAI_TESTS_KERNELS_EW_GOLDEN_H
