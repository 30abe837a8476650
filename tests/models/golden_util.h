// Helpers of the whole-model tests: the golden folder layout of ../shared/golden/README.md
// (manifest.json, input_<k>_<i>.bin, output_<k>_<j>.bin) and its xorshift input rule.
// Header-only; host test code.
#ifndef LPAI_TESTS_MODELS_GOLDEN_UTIL_H
#define LPAI_TESTS_MODELS_GOLDEN_UTIL_H

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "common/test_support.h"

namespace lpai_test {
namespace golden {

struct IoSpec {
  std::string name;
  std::string type;  // "INT8", "INT16", ...
  size_t bytes = 0;
};

struct Manifest {
  std::string folder;       // absolute path of golden/<model>
  std::string model_name;   // folder name
  std::string model_file;   // "kws_ref_model.tflite"
  std::vector<IoSpec> inputs, outputs;
  int inferences = 4;
};

// Reads golden/<model>/manifest.json. False with *error when unreadable or malformed.
inline bool read_manifest(const std::string& folder, Manifest* out, std::string* error) {
  std::ifstream f(folder + "/manifest.json");
  if (!f) {
    *error = "cannot open " + folder + "/manifest.json";
    return false;
  }
  try {
    const nlohmann::json j = nlohmann::json::parse(f);
    Manifest m;
    m.folder = folder;
    m.model_name = std::filesystem::path(folder).filename().string();
    m.model_file = j.at("model").get<std::string>();
    for (const auto& e : j.at("inputs"))
      m.inputs.push_back({e.at("name").get<std::string>(), e.at("type").get<std::string>(),
                          e.at("bytes").get<size_t>()});
    for (const auto& e : j.at("outputs"))
      m.outputs.push_back({e.at("name").get<std::string>(), e.at("type").get<std::string>(),
                           e.at("bytes").get<size_t>()});
    *out = m;
  } catch (const nlohmann::json::exception& e) {
    *error = folder + "/manifest.json: " + e.what();
    return false;
  }
  return true;
}

// Model folders of ../shared/golden that hold a manifest.json, sorted by name ({} when absent).
inline std::vector<std::string> golden_model_names() {
  std::vector<std::string> names;
  const std::string root = shared_path("golden");
  if (root.empty()) return names;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(root, ec)) {
    if (e.is_directory() && std::filesystem::exists(e.path() / "manifest.json"))
      names.push_back(e.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// Stems of ../shared/models/*.tflite, sorted ({} when absent).
inline std::vector<std::string> shared_model_names() {
  std::vector<std::string> names;
  const std::string root = shared_path("models");
  if (root.empty()) return names;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(root, ec)) {
    if (e.path().extension() == ".tflite") names.push_back(e.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

inline std::string input_file(const Manifest& m, int k, size_t i) {
  return m.folder + "/input_" + std::to_string(k) + "_" + std::to_string(i) + ".bin";
}
inline std::string output_file(const Manifest& m, int k, size_t j) {
  return m.folder + "/output_" + std::to_string(k) + "_" + std::to_string(j) + ".bin";
}

// The README's input rule for inference k: xorshift32 seeded with 0x9E3779B9 + k, one byte per
// step, one stream continued across the inputs (sizes in bytes, in input order).
inline std::vector<std::vector<uint8_t>> xorshift_inputs(uint32_t k,
                                                         const std::vector<size_t>& sizes) {
  uint32_t s = 0x9E3779B9u + k;
  std::vector<std::vector<uint8_t>> out;
  for (size_t n : sizes) {
    std::vector<uint8_t> v(n);
    for (uint8_t& b : v) {
      s ^= s << 13;
      s ^= s >> 17;
      s ^= s << 5;
      b = static_cast<uint8_t>(s & 0xFFu);
    }
    out.push_back(std::move(v));
  }
  return out;
}

// "" when equal; otherwise a one-line description of the first difference and the count.
inline std::string compare_bytes(const std::vector<uint8_t>& got, const std::vector<uint8_t>& want) {
  if (got.size() != want.size())
    return "size " + std::to_string(got.size()) + " != expected " + std::to_string(want.size());
  size_t first = got.size(), diffs = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    if (got[i] != want[i]) {
      if (first == got.size()) first = i;
      ++diffs;
    }
  }
  if (diffs == 0) return "";
  std::ostringstream s;
  s << diffs << " of " << got.size() << " bytes differ; first at byte " << first << ": got "
    << static_cast<int>(static_cast<int8_t>(got[first])) << ", expected "
    << static_cast<int>(static_cast<int8_t>(want[first])) << " (as int8)";
  return s.str();
}

}  // namespace golden
}  // namespace lpai_test

#endif  // LPAI_TESTS_MODELS_GOLDEN_UTIL_H
