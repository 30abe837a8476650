// Helpers of the model tests that build their own TFLite models (mobilenet_v2_test.cc,
// kws_svdf_test.cc): deterministic pseudo-random numbers and byte views of typed vectors.
#ifndef LPAI_TESTS_MODELS_BUILT_MODEL_SUPPORT_H
#define LPAI_TESTS_MODELS_BUILT_MODEL_SUPPORT_H

#include <cstdint>
#include <cstring>
#include <vector>

namespace lpai::test {

// Deterministic pseudo-random numbers (LCG, high bits): the same sequence on every platform.
class Rng {
 public:
  explicit Rng(uint32_t seed) : s_(seed) {}
  uint32_t next() {
    s_ = s_ * 1664525u + 1013904223u;
    return s_ >> 8;
  }
  // Uniform in [lo, hi].
  int32_t uniform(int32_t lo, int32_t hi) {
    return lo + static_cast<int32_t>(next() % static_cast<uint32_t>(hi - lo + 1));
  }
  double unit() { return (next() & 0xFFFF) / 65535.0; }  // [0, 1]

 private:
  uint32_t s_;
};

// The bytes of v, in host order (the order TFLite buffers and context binaries use).
template <typename T>
std::vector<uint8_t> raw(const std::vector<T>& v) {
  std::vector<uint8_t> b(v.size() * sizeof(T));
  if (!b.empty()) std::memcpy(b.data(), v.data(), b.size());
  return b;
}

}  // namespace lpai::test

#endif  // LPAI_TESTS_MODELS_BUILT_MODEL_SUPPORT_H
