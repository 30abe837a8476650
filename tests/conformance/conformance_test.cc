// The operator conformance suite (../shared/conformance/README.md): every public case is
// prepared by the generator's pipeline (prepare_tflite) and run through the C shim
// (host::Session), and every output byte is compared with TFLite Micro's.
//
// A case is "exact" when all its outputs match, "wrong" when any byte differs (always a
// failure), "refused" when prepare or the firmware refuses the model (a failure too: every
// operator of the public set is supported).
//
// LPAI_CONFORMANCE_FILTER=<substring> runs only the cases whose id contains it;
// LPAI_CONFORMANCE_VERBOSE=1 prints one line per case.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "prepare/prepare.h"
#include "runner/session.h"
#include "simd/kernel_variant.h"

namespace {

struct Tally {
  int cases = 0, exact = 0, refused = 0, wrong = 0;
};

std::vector<uint8_t> read_bytes(const std::string& path, bool* ok) {
  std::ifstream f(path, std::ios::binary);
  *ok = static_cast<bool>(f);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

// "" when equal, else the first difference.
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

Outcome run_case(const std::string& dir, const nlohmann::json& c, std::string* why) {
  bool ok = false;
  const std::vector<uint8_t> model = read_bytes(dir + "/model.tflite", &ok);
  if (!ok) {
    *why = "cannot read model.tflite";
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
  std::vector<std::vector<uint8_t>> inputs;
  for (const auto& f : c.at("files").at("inputs")) {
    inputs.push_back(read_bytes(dir + "/" + f.get<std::string>(), &ok));
    if (!ok) {
      *why = "cannot read " + f.get<std::string>();
      return Outcome::kWrong;
    }
  }
  const int inferences = c.at("inferences").get<int>();
  const size_t n_out = c.at("outputs").size();
  for (int k = 0; k < inferences; ++k) {
    std::vector<std::vector<uint8_t>> outputs;
    if (!s->run(inputs, &outputs, why)) return Outcome::kWrong;
    if (outputs.size() != n_out) {
      *why = "got " + std::to_string(outputs.size()) + " outputs, want " + std::to_string(n_out);
      return Outcome::kWrong;
    }
    for (size_t j = 0; j < n_out; ++j) {
      const std::string name = inferences > 1 ? "output_k" + std::to_string(k) + "_" +
                                                    std::to_string(j) + ".bin"
                                              : "output_" + std::to_string(j) + ".bin";
      const std::vector<uint8_t> want = read_bytes(dir + "/" + name, &ok);
      if (!ok) {
        *why = "cannot read " + name;
        return Outcome::kWrong;
      }
      const std::string d = diff(outputs[j], want);
      if (!d.empty()) {
        *why = name + ": " + d;
        return Outcome::kWrong;
      }
    }
  }
  return Outcome::kExact;
}

TEST(Conformance, PublicCasesAreBitExact) {
  LPAI_REQUIRE_SHARED(root, "conformance");
  // LPAI_KERNEL_VARIANT=<variant> (simd/kernel_variant.h) runs every case through that host
  // kernel variant; a variant this CPU lacks is a skip, not a silent portable run.
  if (const char* v = std::getenv("LPAI_KERNEL_VARIANT")) {
    lpai::host::KernelVariant want;
    ASSERT_TRUE(lpai::host::parse_kernel_variant(v, &want)) << "LPAI_KERNEL_VARIANT=" << v;
    if (!lpai::host::kernel_variant_supported(want)) GTEST_SKIP() << v << " not supported by this CPU";
    lpai::host::install_kernel_variant();
    ASSERT_EQ(lpai::host::kernel_variant(), want);
  }
  std::printf("kernel variant: %s\n", lpai::host::kernel_variant_name());
  std::ifstream mf(root + "/manifest.json");
  ASSERT_TRUE(mf) << "cannot open " << root << "/manifest.json";
  const nlohmann::json manifest = nlohmann::json::parse(mf);
  const char* filter = std::getenv("LPAI_CONFORMANCE_FILTER");
  const bool verbose = std::getenv("LPAI_CONFORMANCE_VERBOSE") != nullptr;
  std::map<std::string, Tally> table;  // "OP type"
  Tally total;
  std::vector<std::string> failures;
  for (const auto& c : manifest.at("cases")) {
    const std::string id = c.at("id").get<std::string>();
    if (filter != nullptr && id.find(filter) == std::string::npos) continue;
    std::string why;
    const Outcome o = run_case(root + "/" + c.at("dir").get<std::string>(), c, &why);
    Tally& t = table[c.at("op").get<std::string>() + " " + c.at("type").get<std::string>()];
    ++t.cases;
    ++total.cases;
    switch (o) {
      case Outcome::kExact: ++t.exact; ++total.exact; break;
      case Outcome::kRefused: ++t.refused; ++total.refused; break;
      case Outcome::kWrong: ++t.wrong; ++total.wrong; break;
    }
    if (o != Outcome::kExact) {
      failures.push_back(id + (o == Outcome::kRefused ? " refused: " : " WRONG: ") + why);
    }
    if (verbose) std::printf("%-40s %s %s\n", id.c_str(), o == Outcome::kExact ? "exact" : o == Outcome::kRefused ? "refused" : "WRONG", why.c_str());
  }
  std::printf("%-36s %6s %6s %8s %6s\n", "op type", "cases", "exact", "refused", "wrong");
  for (const auto& e : table) {
    std::printf("%-36s %6d %6d %8d %6d\n", e.first.c_str(), e.second.cases, e.second.exact,
                e.second.refused, e.second.wrong);
  }
  std::printf("%-36s %6d %6d %8d %6d\n", "TOTAL", total.cases, total.exact, total.refused,
              total.wrong);
  for (const std::string& f : failures) ADD_FAILURE() << f;
}

}  // namespace
