// Host kernel variants (host_sim/simd/kernel_variant.h): every shared model runs through each
// variant this CPU supports (portable, AVX2, AVX-512 VNNI), forced with set_kernel_variant, on
// the golden input rule k = 0..3 (one session per variant, state carried across inferences as
// in the goldens); every output byte must equal the portable variant's. The public conformance
// cases run per variant as separate ctests (lpai_conformance.<variant>).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "models/golden_util.h"
#include "prepare/prepare.h"
#include "runner/session.h"
#include "simd/kernel_variant.h"

namespace {

using lpai::host::KernelVariant;

constexpr KernelVariant kVariants[] = {KernelVariant::kPortable, KernelVariant::kAvx2,
                                       KernelVariant::kAvx512Vnni};

// Restores the variant active before the test.
class VariantGuard {
 public:
  VariantGuard() : saved_(lpai::host::kernel_variant()) { lpai::host::install_kernel_variant(); }
  ~VariantGuard() { lpai::host::set_kernel_variant(saved_); }

 private:
  KernelVariant saved_;
};

TEST(KernelVariant, NamesRoundTripAndPortableIsAlwaysAvailable) {
  VariantGuard guard;
  for (KernelVariant v : kVariants) {
    KernelVariant parsed = KernelVariant::kPortable;
    ASSERT_TRUE(lpai::host::parse_kernel_variant(lpai::host::kernel_variant_name(v), &parsed));
    EXPECT_EQ(parsed, v);
  }
  KernelVariant unused;
  EXPECT_FALSE(lpai::host::parse_kernel_variant("sse9", &unused));
  EXPECT_TRUE(lpai::host::kernel_variant_supported(KernelVariant::kPortable));
  EXPECT_TRUE(lpai::host::kernel_variant_supported(lpai::host::best_kernel_variant()));
  ASSERT_TRUE(lpai::host::set_kernel_variant(KernelVariant::kPortable));
  EXPECT_STREQ(lpai::host::kernel_variant_name(), "portable");
  for (KernelVariant v : kVariants) {
    EXPECT_EQ(lpai::host::set_kernel_variant(v), lpai::host::kernel_variant_supported(v));
    if (lpai::host::kernel_variant_supported(v)) {
      EXPECT_EQ(lpai::host::kernel_variant(), v);
    }
  }
}

// Outputs of inferences k = 0..3 of `binary` under variant v, concatenated per inference.
std::vector<std::vector<uint8_t>> run_all(const std::vector<uint8_t>& binary, KernelVariant v,
                                          std::string* error) {
  std::vector<std::vector<uint8_t>> result;
  if (!lpai::host::set_kernel_variant(v)) {
    *error = "variant not supported";
    return result;
  }
  std::unique_ptr<lpai::host::Session> s =
      lpai::host::Session::open(binary, lpai::host::SessionOptions(), error);
  if (!s) return result;
  std::vector<size_t> sizes;
  for (const auto& t : s->inputs()) sizes.push_back(t.bytes);
  for (uint32_t k = 0; k < 4; ++k) {
    std::vector<std::vector<uint8_t>> outputs;
    if (!s->run(lpai_test::golden::xorshift_inputs(k, sizes), &outputs, error)) return {};
    std::vector<uint8_t> all;
    for (const auto& o : outputs) all.insert(all.end(), o.begin(), o.end());
    result.push_back(std::move(all));
  }
  return result;
}

TEST(KernelVariant, EverySharedModelIsBitIdenticalInEveryVariant) {
  const std::vector<std::string> names = lpai_test::golden::shared_model_names();
  if (names.empty()) GTEST_SKIP() << "../shared/models absent";
  VariantGuard guard;
  int compared = 0;
  for (const std::string& name : names) {
    const std::vector<uint8_t> model =
        lpai_test::read_file(lpai_test::shared_path("models") + "/" + name + ".tflite");
    lpai::prepare::PrepareOutput prepared;
    std::string error;
    ASSERT_EQ(lpai_test::failure(lpai::prepare::prepare_tflite(model.data(), model.size(),
                                              lpai::prepare::PlanOptions{}, &prepared)), "") << name;
    const auto want = run_all(prepared.binary, KernelVariant::kPortable, &error);
    ASSERT_EQ(want.size(), 4u) << name << ": " << error;
    for (KernelVariant v : kVariants) {
      if (v == KernelVariant::kPortable || !lpai::host::kernel_variant_supported(v)) continue;
      const auto got = run_all(prepared.binary, v, &error);
      ASSERT_EQ(got.size(), 4u) << name << " [" << lpai::host::kernel_variant_name(v) << "]: " << error;
      for (size_t k = 0; k < 4; ++k) {
        EXPECT_EQ(lpai_test::golden::compare_bytes(got[k], want[k]), "")
            << name << " [" << lpai::host::kernel_variant_name(v) << "] inference " << k;
      }
      ++compared;
    }
  }
  if (compared == 0) GTEST_SKIP() << "this CPU supports the portable variant only";
}

}  // namespace
