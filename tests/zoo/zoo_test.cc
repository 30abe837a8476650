// The real-model suite (../shared/zoo/README.md): each model is prepared by the generator's
// pipeline (prepare_tflite), run through the C shim (host::Session) for its four inferences on
// one finalized graph, never reset (state carries from inference k to k+1, as in TFLite Micro's
// run), and every output byte is compared with TFLite Micro's reference kernels.
//
// One line per model: "exact", "refused: <why>" or "WRONG: <first difference>". Any model that
// is not exact fails the test.
//
// LPAI_ZOO_FILTER=<substring> runs only the models whose name contains it.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "prepare/prepare.h"
#include "runner/session.h"
#include "simd/kernel_variant.h"

namespace {

std::vector<uint8_t> read_bytes(const std::string& path, bool* ok) {
  std::ifstream f(path, std::ios::binary);
  *ok = static_cast<bool>(f);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

// "" when equal, else the count and first difference.
std::string diff(const std::vector<uint8_t>& got, const std::vector<uint8_t>& want) {
  if (got.size() != want.size()) {
    return "size " + std::to_string(got.size()) + " != " + std::to_string(want.size());
  }
  size_t n = 0, first = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    if (got[i] != want[i] && n++ == 0) first = i;
  }
  if (n == 0) return "";
  return std::to_string(n) + " of " + std::to_string(got.size()) + " bytes differ, first at " +
         std::to_string(first) + " (got " + std::to_string(got[first]) + ", want " +
         std::to_string(want[first]) + ")";
}

enum class Outcome { kExact, kRefused, kWrong };

Outcome run_model(const std::string& dir, const nlohmann::json& m, std::string* why) {
  bool ok = false;
  const std::string model_file = m.at("files").at("model").get<std::string>();
  const std::vector<uint8_t> model = read_bytes(dir + "/" + model_file, &ok);
  if (!ok) {
    *why = "cannot read " + model_file;
    return Outcome::kWrong;
  }
  lpai::prepare::PrepareOutput prepared;
  if (const lpai::host::HostStatus st = lpai::prepare::prepare_tflite(model.data(), model.size(), lpai::prepare::PlanOptions(),
                                     &prepared); !st.ok()) {
    *why = st.error();
    return Outcome::kRefused;
  }
  std::unique_ptr<lpai::host::Session> s =
      lpai::host::Session::open(prepared.binary, lpai::host::SessionOptions(), why);
  if (!s) return Outcome::kRefused;
  const int inferences = m.at("inferences").get<int>();
  const auto& in_files = m.at("files").at("inputs");
  const auto& out_files = m.at("files").at("outputs");
  for (int k = 0; k < inferences; ++k) {
    std::vector<std::vector<uint8_t>> inputs;
    for (const auto& f : in_files.at(k)) {
      inputs.push_back(read_bytes(dir + "/" + f.get<std::string>(), &ok));
      if (!ok) {
        *why = "cannot read " + f.get<std::string>();
        return Outcome::kWrong;
      }
    }
    std::vector<std::vector<uint8_t>> outputs;
    if (!s->run(inputs, &outputs, why)) return Outcome::kWrong;
    if (outputs.size() != out_files.at(k).size()) {
      *why = "got " + std::to_string(outputs.size()) + " outputs, want " +
             std::to_string(out_files.at(k).size());
      return Outcome::kWrong;
    }
    for (size_t j = 0; j < outputs.size(); ++j) {
      const std::string name = out_files.at(k).at(j).get<std::string>();
      const std::vector<uint8_t> want = read_bytes(dir + "/" + name, &ok);
      if (!ok) {
        *why = "cannot read " + name;
        return Outcome::kWrong;
      }
      const std::string d = diff(outputs[j], want);
      if (!d.empty()) {
        *why = "inference " + std::to_string(k) + ", " + name + ": " + d;
        return Outcome::kWrong;
      }
    }
  }
  return Outcome::kExact;
}

TEST(Zoo, RealModelsAreBitExact) {
  LPAI_REQUIRE_SHARED(root, "zoo");
  // LPAI_KERNEL_VARIANT=<variant> runs every model through that host kernel variant; a variant
  // this CPU lacks is a skip, not a silent portable run.
  if (const char* v = std::getenv("LPAI_KERNEL_VARIANT")) {
    lpai::host::KernelVariant want;
    ASSERT_TRUE(lpai::host::parse_kernel_variant(v, &want)) << "LPAI_KERNEL_VARIANT=" << v;
    if (!lpai::host::kernel_variant_supported(want)) GTEST_SKIP() << v << " not supported by this CPU";
    lpai::host::install_kernel_variant();
    ASSERT_EQ(lpai::host::kernel_variant(), want);
  }
  std::printf("kernel variant: %s\n", lpai::host::kernel_variant_name());
  std::ifstream idx(root + "/index.json");
  ASSERT_TRUE(idx) << "cannot open " << root << "/index.json";
  const nlohmann::json index = nlohmann::json::parse(idx);
  const char* filter = std::getenv("LPAI_ZOO_FILTER");
  int models = 0, exact = 0;
  std::vector<std::string> failures;
  for (const auto& e : index.at("models").items()) {
    const std::string name = e.key();
    if (filter != nullptr && name.find(filter) == std::string::npos) continue;
    const std::string dir = root + "/" + name;
    std::ifstream mf(dir + "/manifest.json");
    ASSERT_TRUE(mf) << "cannot open " << dir << "/manifest.json";
    const nlohmann::json m = nlohmann::json::parse(mf);
    std::string why;
    const Outcome o = run_model(dir, m, &why);
    ++models;
    if (o == Outcome::kExact) ++exact;
    const char* what = o == Outcome::kExact ? "exact" : o == Outcome::kRefused ? "refused" : "WRONG";
    std::printf("%-40s %s%s%s\n", name.c_str(), what, why.empty() ? "" : ": ", why.c_str());
    if (o != Outcome::kExact) failures.push_back(name + " " + what + ": " + why);
  }
  std::printf("%-40s %d / %d exact\n", "TOTAL", exact, models);
  for (const std::string& f : failures) ADD_FAILURE() << f;
}

}  // namespace
