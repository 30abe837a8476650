// Shared models end to end against TFLite Micro's goldens (../shared/golden/README.md):
// prepare (import -> plan -> context binary) and the C shim through host::Session.
//
//  GoldenModels/GoldenTest.FourInferencesBitExact/<model>_<hint>_<exec>_<mem>:
//    every golden folder, inferences k = 0..3 in order on ONE session (no reset), every output
//    byte compared with output_<k>_<j>.bin; IO hint at prepare raw|memhandle x execution IO
//    RAW|MEMHANDLE x memory type DDR|TCM (TCM where binary + IO fit the 2,035,712-byte pool).
//  GoldenLayers/LayerTest.EveryActivationAfterInference0/<model>:
//    debugging aid: every activation of the model made a graph output, inference 0 compared
//    with golden/<model>/tensors/t<index>.bin; names the first op (execution order) whose
//    output differs.
//  SharedModels/SharedModelTest.RunsOnXorshiftInputs/<model>:
//    every ../shared/models/*.tflite (goldens or not) prepared and run once on the README's
//    xorshift input; all four IO/memory variants agree byte for byte.
// A model whose ops are not all supported fails at prepare (not skipped). Without ../shared
// every test skips with a message.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "models/golden_util.h"
#include "prepare/importer.h"
#include "prepare/prepare.h"
#include "runner/session.h"

namespace {

using lpai::host::Session;
using lpai::host::SessionOptions;
using lpai::prepare::PlanOptions;
using lpai::prepare::PrepareOutput;
using lpai_test::golden::Manifest;

constexpr size_t kTcmPoolBytes = 2035712;  // design.md / seed 000: TCM pool size

// Prepared models, cached per (model file, IO hint): each prepare runs once per process.
const PrepareOutput* prepared(const std::string& model_path, bool memhandle_hint,
                              std::string* error) {
  static std::map<std::string, std::unique_ptr<PrepareOutput>> cache;
  const std::string key = model_path + (memhandle_hint ? "#memhandle" : "#raw");
  auto it = cache.find(key);
  if (it != cache.end()) return it->second.get();
  const std::vector<uint8_t> bytes = lpai_test::read_file(model_path);
  if (bytes.empty()) {
    *error = "cannot read " + model_path;
    return nullptr;
  }
  PlanOptions options;
  options.io_memhandle = memhandle_hint;
  auto out = std::make_unique<PrepareOutput>();
  if (const lpai::host::HostStatus st = lpai::prepare::prepare_tflite(bytes.data(), bytes.size(), options, out.get()); !st.ok()) {
    *error = st.error();
    return nullptr;
  }
  return cache.emplace(key, std::move(out)).first->second.get();
}

size_t round64(size_t v) { return (v + 63) / 64 * 64; }

// ---- goldens: four inferences, every variant ------------------------------------------------

struct Variant {
  std::string model;  // golden folder name ("" when ../shared is absent)
  bool memhandle_hint;
  bool memhandle_exec;
  bool tcm;
};

std::string variant_name(const testing::TestParamInfo<Variant>& info) {
  const Variant& v = info.param;
  if (v.model.empty()) return "no_shared_data";
  return v.model + (v.memhandle_hint ? "_hintMemhandle" : "_hintRaw") +
         (v.memhandle_exec ? "_execMemhandle" : "_execRaw") + (v.tcm ? "_TCM" : "_DDR");
}

std::vector<Variant> all_variants() {
  std::vector<Variant> v;
  for (const std::string& m : lpai_test::golden::golden_model_names())
    for (bool hint : {false, true})
      for (bool exec : {false, true})
        for (bool tcm : {false, true}) v.push_back({m, hint, exec, tcm});
  if (v.empty()) v.push_back({"", false, false, false});
  return v;
}

class GoldenTest : public testing::TestWithParam<Variant> {};

TEST_P(GoldenTest, FourInferencesBitExact) {
  const Variant& p = GetParam();
  LPAI_REQUIRE_SHARED(golden_root, "golden");
  ASSERT_FALSE(p.model.empty());
  Manifest m;
  std::string error;
  ASSERT_TRUE(lpai_test::golden::read_manifest(golden_root + "/" + p.model, &m, &error)) << error;
  LPAI_REQUIRE_SHARED(model_path, "models/" + m.model_file);

  const PrepareOutput* prep = prepared(model_path, p.memhandle_hint, &error);
  ASSERT_NE(prep, nullptr) << m.model_file << ": prepare failed: " << error;

  size_t io_bytes = 0;
  for (const auto& t : m.inputs) io_bytes += round64(t.bytes);
  for (const auto& t : m.outputs) io_bytes += round64(t.bytes);
  if (p.tcm && prep->binary.size() + io_bytes > kTcmPoolBytes)
    GTEST_SKIP() << m.model_name << ": binary " << prep->binary.size() << " + IO " << io_bytes
                 << " bytes do not fit the TCM pool (" << kTcmPoolBytes << " bytes)";

  SessionOptions options;
  options.mem_type = p.tcm ? QNN_LPAI_MEM_TYPE_TCM : QNN_LPAI_MEM_TYPE_DDR;
  options.use_memhandle = p.memhandle_exec;
  std::unique_ptr<Session> s = Session::open(prep->binary, options, &error);
  ASSERT_NE(s, nullptr) << error;

  // The binary's IO must be the manifest's, in the same order.
  ASSERT_EQ(s->inputs().size(), m.inputs.size());
  ASSERT_EQ(s->outputs().size(), m.outputs.size());
  size_t bytes_per_inference = 0;
  for (size_t i = 0; i < m.inputs.size(); ++i) {
    EXPECT_EQ(s->inputs()[i].name, m.inputs[i].name);
    ASSERT_EQ(s->inputs()[i].bytes, m.inputs[i].bytes) << "input " << i;
    bytes_per_inference += m.inputs[i].bytes;
  }
  for (size_t j = 0; j < m.outputs.size(); ++j) {
    EXPECT_EQ(s->outputs()[j].name, m.outputs[j].name);
    ASSERT_EQ(s->outputs()[j].bytes, m.outputs[j].bytes) << "output " << j;
    bytes_per_inference += m.outputs[j].bytes;
  }

  for (int k = 0; k < m.inferences; ++k) {
    std::vector<std::vector<uint8_t>> inputs;
    for (size_t i = 0; i < m.inputs.size(); ++i) {
      inputs.push_back(lpai_test::read_file(lpai_test::golden::input_file(m, k, i)));
      ASSERT_EQ(inputs.back().size(), m.inputs[i].bytes) << lpai_test::golden::input_file(m, k, i);
    }
    std::vector<std::vector<uint8_t>> outputs;
    ASSERT_TRUE(s->run(inputs, &outputs, &error)) << "inference " << k << ": " << error;
    for (size_t j = 0; j < m.outputs.size(); ++j) {
      const std::vector<uint8_t> want = lpai_test::read_file(lpai_test::golden::output_file(m, k, j));
      ASSERT_EQ(want.size(), m.outputs[j].bytes) << lpai_test::golden::output_file(m, k, j);
      EXPECT_EQ(lpai_test::golden::compare_bytes(outputs[j], want), "")
          << m.model_name << " inference " << k << " output " << j << " ('" << m.outputs[j].name
          << "')";
    }
  }
  // Copy counter: RAW IO is copied in and out by the transport every inference; shared
  // buffers never.
  const QnnLpaiGraph_Counters_t c = s->counters();
  EXPECT_EQ(c.executions, static_cast<uint64_t>(m.inferences));
  EXPECT_EQ(c.ioBytesCopied,
            p.memhandle_exec ? 0u : static_cast<uint64_t>(m.inferences) * bytes_per_inference);
}

INSTANTIATE_TEST_SUITE_P(GoldenModels, GoldenTest, testing::ValuesIn(all_variants()),
                         variant_name);

// ---- debugging aid: every activation after inference 0 ---------------------------------------

struct GoldenTensor {
  int index = -1;
  std::string name, file;
  size_t bytes = 0;
  int producer_op = -1;
  std::string producer_op_name;
};

std::vector<std::string> layer_models() {
  std::vector<std::string> v;
  for (const std::string& m : lpai_test::golden::golden_model_names())
    if (!lpai_test::shared_path("golden/" + m + "/tensors/tensors.json").empty()) v.push_back(m);
  if (v.empty()) v.push_back("");
  return v;
}

class LayerTest : public testing::TestWithParam<std::string> {};

TEST_P(LayerTest, EveryActivationAfterInference0) {
  LPAI_REQUIRE_SHARED(golden_root, "golden");
  ASSERT_FALSE(GetParam().empty());
  Manifest m;
  std::string error;
  ASSERT_TRUE(lpai_test::golden::read_manifest(golden_root + "/" + GetParam(), &m, &error))
      << error;
  LPAI_REQUIRE_SHARED(model_path, "models/" + m.model_file);
  LPAI_REQUIRE_SHARED(tensors_json, "golden/" + GetParam() + "/tensors/tensors.json");

  std::vector<GoldenTensor> golden;
  {
    std::ifstream f(tensors_json);
    const nlohmann::json j = nlohmann::json::parse(f);
    for (const auto& e : j) {
      if (e.at("is_input").get<bool>() || e.at("is_variable").get<bool>()) continue;
      if (e.at("producer_op").get<int>() < 0 || e.at("bytes").get<size_t>() == 0) continue;
      GoldenTensor t;
      t.index = e.at("index").get<int>();
      t.name = e.at("name").get<std::string>();
      t.file = m.folder + "/tensors/" + e.at("file").get<std::string>();
      t.bytes = e.at("bytes").get<size_t>();
      t.producer_op = e.at("producer_op").get<int>();
      t.producer_op_name = e.at("producer_op_name").get<std::string>();
      golden.push_back(t);
    }
  }
  std::sort(golden.begin(), golden.end(), [](const GoldenTensor& a, const GoldenTensor& b) {
    return a.producer_op < b.producer_op;
  });
  ASSERT_FALSE(golden.empty());

  const std::vector<uint8_t> bytes = lpai_test::read_file(model_path);
  std::vector<std::vector<uint8_t>> in;
  for (size_t i = 0; i < m.inputs.size(); ++i)
    in.push_back(lpai_test::read_file(lpai_test::golden::input_file(m, 0, i)));

  // The runtime takes at most kMaxIo graph inputs + outputs, so the activations are checked
  // in groups, one prepared graph per group.
  constexpr size_t kMaxIo = 16;
  ASSERT_LT(m.inputs.size() + m.outputs.size(), kMaxIo);
  const size_t per_group = kMaxIo - m.inputs.size() - m.outputs.size();
  std::string first_bad;
  size_t compared = 0, bad = 0;
  for (size_t g0 = 0; g0 < golden.size(); g0 += per_group) {
    const size_t g1 = std::min(golden.size(), g0 + per_group);
    lpai::prepare::PrepGraph graph;
    ASSERT_EQ(lpai_test::failure(lpai::prepare::import_tflite(bytes.data(), bytes.size(), &graph)), "");
    // Aliased RESHAPE outputs (which share their input's bytes) become explicit copy nodes
    // placed right after the producer of their input, so that every activation owns storage;
    // then the group's activations become extra graph outputs, which the planner keeps alive
    // to the end of the run.
    for (size_t i = 0; i < graph.alias_of.size(); ++i) {
      const int root = graph.alias_of[i];
      if (root < 0) continue;
      size_t pos = 0;  // a graph input root: copy first
      for (size_t o = 0; o < graph.ops.size(); ++o)
        for (const auto* t : graph.ops[o].outputs)
          if (t != nullptr && t->index == root) pos = o + 1;
      lpai::prepare::PrepOp copy;
      copy.builtin = lpai::prepare::kCopyBuiltin;
      copy.node_index = -1;
      copy.inputs.push_back(&graph.tensors[root]);
      copy.outputs.push_back(&graph.tensors[i]);
      graph.ops.insert(graph.ops.begin() + static_cast<std::ptrdiff_t>(pos), copy);
      graph.alias_of[i] = -1;
    }
    std::map<int, size_t> output_of;  // tensor -> output position
    for (size_t j = 0; j < graph.outputs.size(); ++j) output_of[graph.outputs[j]] = j;
    for (size_t g = g0; g < g1; ++g) {
      if (output_of.count(golden[g].index) != 0) continue;
      output_of[golden[g].index] = graph.outputs.size();
      graph.outputs.push_back(golden[g].index);
    }
    PrepareOutput prep;
    ASSERT_EQ(lpai_test::failure(lpai::prepare::prepare_graph(std::move(graph), PlanOptions{}, &prep)), "") << "prepare with activations as outputs";
    std::unique_ptr<Session> s = Session::open(prep.binary, SessionOptions{}, &error);
    ASSERT_NE(s, nullptr) << error;
    std::vector<std::vector<uint8_t>> out;
    ASSERT_TRUE(s->run(in, &out, &error)) << error;

    for (size_t g = g0; g < g1; ++g) {
      const GoldenTensor& t = golden[g];
      const std::vector<uint8_t> want = lpai_test::read_file(t.file);
      ASSERT_EQ(want.size(), t.bytes) << t.file;
      const std::string diff = lpai_test::golden::compare_bytes(out[output_of.at(t.index)], want);
      ++compared;
      if (diff.empty()) continue;
      ++bad;
      ADD_FAILURE() << m.model_name << ": tensor " << t.index << " ('" << t.name
                    << "'), output of op " << t.producer_op << " (" << t.producer_op_name
                    << "): " << diff;
      if (first_bad.empty())
        first_bad = "op " + std::to_string(t.producer_op) + " (" + t.producer_op_name +
                    "), tensor " + std::to_string(t.index);
    }
  }
  EXPECT_EQ(compared, golden.size());
  EXPECT_EQ(bad, 0u) << "first faulty op in execution order: " << first_bad;
}

INSTANTIATE_TEST_SUITE_P(GoldenLayers, LayerTest, testing::ValuesIn(layer_models()),
                         [](const testing::TestParamInfo<std::string>& i) {
                           return i.param.empty() ? std::string("no_shared_data") : i.param;
                         });

// ---- every shared model runs (goldens or not) ---------------------------------------------

std::vector<std::string> runnable_models() {
  std::vector<std::string> v = lpai_test::golden::shared_model_names();
  if (v.empty()) v.push_back("");
  return v;
}

class SharedModelTest : public testing::TestWithParam<std::string> {};

TEST_P(SharedModelTest, RunsOnXorshiftInputs) {
  LPAI_REQUIRE_SHARED(models_root, "models");
  ASSERT_FALSE(GetParam().empty());
  const std::string model_path = models_root + "/" + GetParam() + ".tflite";
  std::string error;
  std::vector<std::vector<uint8_t>> reference;
  for (bool memhandle : {false, true}) {
    for (bool tcm : {false, true}) {
      SCOPED_TRACE(std::string(memhandle ? "MEMHANDLE" : "RAW") + (tcm ? " TCM" : " DDR"));
      const PrepareOutput* prep = prepared(model_path, memhandle, &error);
      ASSERT_NE(prep, nullptr) << GetParam() << ": prepare failed: " << error;
      SessionOptions options;
      options.use_memhandle = memhandle;
      options.mem_type = tcm ? QNN_LPAI_MEM_TYPE_TCM : QNN_LPAI_MEM_TYPE_DDR;
      std::unique_ptr<Session> s = Session::open(prep->binary, options, &error);
      ASSERT_NE(s, nullptr) << error;
      std::vector<size_t> sizes;
      for (const auto& t : s->inputs()) sizes.push_back(t.bytes);
      std::vector<std::vector<uint8_t>> outputs;
      ASSERT_TRUE(s->run(lpai_test::golden::xorshift_inputs(0, sizes), &outputs, &error)) << error;
      ASSERT_EQ(outputs.size(), s->outputs().size());
      for (size_t j = 0; j < outputs.size(); ++j) ASSERT_EQ(outputs[j].size(), s->outputs()[j].bytes);
      if (reference.empty()) {
        reference = outputs;
        continue;
      }
      for (size_t j = 0; j < outputs.size(); ++j)
        EXPECT_EQ(lpai_test::golden::compare_bytes(outputs[j], reference[j]), "")
            << "output " << j << " differs from the RAW/DDR run";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(SharedModels, SharedModelTest, testing::ValuesIn(runnable_models()),
                         [](const testing::TestParamInfo<std::string>& i) {
                           return i.param.empty() ? std::string("no_shared_data") : i.param;
                         });

}  // namespace
