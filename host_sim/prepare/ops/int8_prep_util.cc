// Shared prepare helpers for the convolution / fully-connected / pooling ops.
#include "prepare/ops/int8_prep_util.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "kernels/hvx/hvx_layout.h"

namespace lpai {
namespace prepare {
namespace util {

bool explicit_padding(int pad_before, int in_size, int filter_size, int stride, int dilation,
                      int out_size) {
  if (in_size <= 0 || filter_size <= 0 || stride <= 0 || dilation <= 0 || out_size <= 0) {
    return false;
  }
  const int64_t effective = static_cast<int64_t>(filter_size - 1) * dilation + 1;
  return pad_before >= 0 && pad_before < effective &&
         static_cast<int64_t>(out_size - 1) * stride < static_cast<int64_t>(in_size) + pad_before;
}

bool compute_padding(int padding, int in_size, int filter_size, int stride, int dilation,
                     int* out_size, int* pad_before) {
  if (in_size <= 0 || filter_size <= 0 || stride <= 0 || dilation <= 0) return false;
  const int64_t effective = static_cast<int64_t>(filter_size - 1) * dilation + 1;
  int64_t out = 0;
  if (padding == 0) {
    out = (in_size + stride - 1) / stride;
  } else if (padding == 1) {
    out = (in_size - effective + stride) / stride;
  } else {
    return false;
  }
  if (out <= 0) return false;
  const int64_t total = (out - 1) * stride + effective - in_size;
  *out_size = static_cast<int>(out);
  *pad_before = total > 0 ? static_cast<int>(total / 2) : 0;
  return true;
}

std::string channel_multipliers(const PrepTensor& input, const PrepTensor& filter,
                                const PrepTensor& output, int channels,
                                std::vector<int32_t>* multiplier, std::vector<int32_t>* shift) {
  const size_t n = filter.scales.size();
  if (n != 1 && n != static_cast<size_t>(channels)) {
    return "filter has " + std::to_string(n) + " scales, expected 1 or " +
           std::to_string(channels);
  }
  multiplier->resize(channels);
  shift->resize(channels);
  const float input_scale = input.scales[0];
  const float output_scale = output.scales[0];
  for (int c = 0; c < channels; ++c) {
    const float s = n == 1 ? filter.scales[0] : filter.scales[c];
    // A zero scale (a pruned channel) gives multiplier 0, as TFLite Micro's QuantizeMultiplier;
    // negative scales were made positive by normalize_negative_scales.
    if (!(s >= 0.0f) || !std::isfinite(s)) return "filter has a negative or non-finite scale";
    const double effective = static_cast<double>(input_scale) * static_cast<double>(s) /
                             static_cast<double>(output_scale);
    int32_t m = 0;
    int sh = 0;
    quantize_multiplier(effective, &m, &sh);
    if (sh > 30) return "effective output scale too large (shift > 30)";
    (*multiplier)[c] = m;
    (*shift)[c] = sh;
  }
  return "";
}

std::vector<uint8_t> hvx_gemm_layout(const int8_t* w, uint32_t n, uint32_t k,
                                     const std::vector<int32_t>& folded_bias,
                                     const std::vector<int32_t>& multiplier,
                                     const std::vector<int32_t>& shift, bool packed) {
  namespace hl = kernels::hvx_layout;
  if (!hl::gemm_shape_ok(n, k)) return {};
  // Whole words: the layout is read as int32 rows and packed words.
  std::vector<uint32_t> words(hl::gemm_layout_bytes(n, k, packed) / 4);
  const kernels::gemm::Requant q{folded_bias.data(), multiplier.data(), shift.data(), 0, 0, 0};
  if (!hl::build_gemm_layout(w, n, k, q, packed, reinterpret_cast<uint8_t*>(words.data()))) return {};
  const uint8_t* b = reinterpret_cast<const uint8_t*>(words.data());
  return std::vector<uint8_t>(b, b + words.size() * 4);
}

bool zero_points_all_zero(const PrepTensor& t) {
  for (int64_t z : t.zero_points) {
    if (z != 0) return false;
  }
  return true;
}

int8_t const_i8(const PrepTensor& t, int64_t i) { return static_cast<int8_t>(t.data[i]); }

int32_t const_i32(const PrepTensor& t, int64_t i) {
  int32_t v;
  std::memcpy(&v, t.data + i * 4, 4);
  return v;
}

int64_t const_i64(const PrepTensor& t, int64_t i) {
  int64_t v;
  std::memcpy(&v, t.data + i * 8, 8);
  return v;
}

std::string shape_string(const std::vector<int32_t>& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) s += ",";
    s += std::to_string(shape[i]);
  }
  return s + "]";
}

}  // namespace util
}  // namespace prepare
}  // namespace lpai
