// BATCH_MATMUL kernel: see kernels/params/batch_matmul.h.
#include "kernels/params/batch_matmul.h"

#include "core/check.h"
#include "core/checked_math.h"
#include "kernels/fixed_point.h"
#include "kernels/int8_gemm.h"
#include "kernels/op_checks.h"
#include "kernels/registry.h"
#include "kernels/unary_common.h"

namespace lpai {
namespace kernels {
namespace {

const BatchMatmulParams& params_of(const KernelArgs& args) {
  return *reinterpret_cast<const BatchMatmulParams*>(args.params);
}

Status validate(const KernelArgs& args) {
  if (args.num_inputs != 2 || args.num_outputs != 1 || args.inputs[0].desc == nullptr ||
      args.inputs[1].desc == nullptr || args.outputs[0].desc == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams, "BATCH_MATMUL: %u inputs, %u outputs (want 2, 1)",
              args.num_inputs, args.num_outputs);
  }
  if (args.params_size != sizeof(BatchMatmulParams)) {
    LPAI_FAIL(Status::kBinaryBadParams, "BATCH_MATMUL: params %u bytes, want %u", args.params_size,
              static_cast<uint32_t>(sizeof(BatchMatmulParams)));
  }
  const format::DataType t = type_of(args.inputs[0].desc);
  const bool i16 = t == format::DataType::kInt16;
  if ((t != format::DataType::kInt8 && !i16) || type_of(args.inputs[1].desc) != t ||
      type_of(args.outputs[0].desc) != t) {
    LPAI_FAIL(Status::kBinaryTensorTypeRefused,
              "BATCH_MATMUL: types %u, %u -> %u unsupported (int8 or int16, equal)",
              args.inputs[0].desc->data_type, args.inputs[1].desc->data_type,
              args.outputs[0].desc->data_type);
  }
  const BatchMatmulParams& p = params_of(args);
  uint64_t out_matrices = 1;
  for (uint32_t i = 0; i < kBatchMatmulBatchDims; ++i) {
    if (p.batch[i] < 1 || p.lhs_stride[i] < 0 || p.rhs_stride[i] < 0) {
      LPAI_FAIL(Status::kBinaryBadParams, "BATCH_MATMUL: bad batch dims");
    }
    out_matrices = sat_product(out_matrices, static_cast<uint32_t>(p.batch[i]));
  }
  // The largest matrix index each operand reaches must be inside it.
  uint64_t lhs_last = 0;
  uint64_t rhs_last = 0;
  for (uint32_t i = 0; i < kBatchMatmulBatchDims; ++i) {
    lhs_last = sat_sum(lhs_last, sat_product(static_cast<uint32_t>(p.batch[i] - 1),
                                             static_cast<uint32_t>(p.lhs_stride[i])));
    rhs_last = sat_sum(rhs_last, sat_product(static_cast<uint32_t>(p.batch[i] - 1),
                                             static_cast<uint32_t>(p.rhs_stride[i])));
  }
  const uint64_t m = static_cast<uint32_t>(p.rows);
  const uint64_t n = static_cast<uint32_t>(p.cols);
  const uint64_t k = static_cast<uint32_t>(p.depth);
  if (p.rows < 0 || p.cols < 0 || p.depth < 0 || p.lhs_matrices < 1 || p.rhs_matrices < 1 ||
      lhs_last >= static_cast<uint64_t>(p.lhs_matrices) ||
      rhs_last >= static_cast<uint64_t>(p.rhs_matrices) ||
      element_count(args.inputs[0].desc) != sat_product(p.lhs_matrices, m, k) ||
      element_count(args.inputs[1].desc) != sat_product(p.rhs_matrices, k, n) ||
      element_count(args.outputs[0].desc) != sat_product(out_matrices, m, n)) {
    LPAI_FAIL(Status::kBinaryBadParams, "BATCH_MATMUL: shapes disagree with the parameters");
  }
  if ((p.adj_x & ~1) != 0 || (p.adj_y & ~1) != 0 || p.multiplier < 0 || p.shift < -31 ||
      p.shift > (i16 ? 14 : 30) || p.lhs_zero_point < -128 || p.lhs_zero_point > 127 ||
      p.rhs_zero_point < -128 || p.rhs_zero_point > 127 ||
      (i16 && (p.lhs_zero_point != 0 || p.rhs_zero_point != 0 || p.output_zero_point != 0)) ||
      p.output_zero_point < (i16 ? -32768 : -128) || p.output_zero_point > (i16 ? 32767 : 127)) {
    LPAI_FAIL(Status::kBinaryBadParams, "BATCH_MATMUL: parameters out of range (shift %d)",
              p.shift);
  }
  const uint64_t esize = i16 ? 2 : 1;
  // The element counts were checked equal to these products (< 2^32), so none saturates.
  const uint64_t lhs_bytes = p.adj_x ? sat_product(p.lhs_matrices, m, k, esize) : 0;
  const uint64_t rhs_bytes = p.adj_y ? 0 : sat_product(p.rhs_matrices, k, n, esize);
  const uint64_t sums_bytes = !i16 && p.lhs_zero_point != 0 ? sat_product(p.rhs_matrices, n, 4) : 0;
  if (p.rhs_temp_offset < 0 || static_cast<uint64_t>(p.rhs_temp_offset) < lhs_bytes ||
      (p.rhs_temp_offset & 3) != 0 || p.rhs_sums_offset < 0 || (p.rhs_sums_offset & 3) != 0 ||
      (sums_bytes > 0 && static_cast<uint64_t>(p.rhs_sums_offset) <
                             static_cast<uint64_t>(p.rhs_temp_offset) + rhs_bytes) ||
      static_cast<uint64_t>(p.temp_bytes) < static_cast<uint64_t>(p.rhs_temp_offset) + rhs_bytes ||
      static_cast<uint64_t>(p.temp_bytes) < static_cast<uint64_t>(p.rhs_sums_offset) + sums_bytes) {
    LPAI_FAIL(Status::kBinaryBadParams, "BATCH_MATMUL: temp layout inconsistent");
  }
  if (args.temp_size < static_cast<uint32_t>(p.temp_bytes)) {
    LPAI_FAIL(Status::kBinaryBadPlan, "BATCH_MATMUL: temp %u bytes, want %d", args.temp_size,
              p.temp_bytes);
  }
  return Status::kOk;
}

// dst[mat][c][r] = src[mat][r][c] for `mats` matrices of rows x cols.
template <typename T>
void transpose(const T* src, T* dst, uint32_t mats, uint32_t rows, uint32_t cols) {
  for (uint32_t b = 0; b < mats; ++b) {
    const T* s = src + b * rows * cols;
    T* d = dst + b * rows * cols;
    for (uint32_t r = 0; r < rows; ++r) {
      for (uint32_t c = 0; c < cols; ++c) d[c * rows + r] = s[r * cols + c];
    }
  }
}

// Lhs [M][K], rhs [N][K] (K contiguous in both).
// Matrix index of batch (b0, b1, b2) in an operand with batch strides `stride` (0: broadcast).
inline uint32_t batch_index(const int32_t* stride, uint32_t b0, uint32_t b1, uint32_t b2) {
  return b0 * static_cast<uint32_t>(stride[0]) + b1 * static_cast<uint32_t>(stride[1]) +
         b2 * static_cast<uint32_t>(stride[2]);
}

template <typename T, typename Acc, bool kWide>
void run(const BatchMatmulParams& p, const T* lhs, const T* rhs, T* out, int32_t lo, int32_t hi) {
  const uint32_t m = static_cast<uint32_t>(p.rows);
  const uint32_t n = static_cast<uint32_t>(p.cols);
  const uint32_t k = static_cast<uint32_t>(p.depth);
  const int32_t zl = p.lhs_zero_point;
  const int32_t zr = p.rhs_zero_point;
  for (uint32_t b0 = 0; b0 < static_cast<uint32_t>(p.batch[0]); ++b0) {
    for (uint32_t b1 = 0; b1 < static_cast<uint32_t>(p.batch[1]); ++b1) {
      for (uint32_t b2 = 0; b2 < static_cast<uint32_t>(p.batch[2]); ++b2) {
        const uint32_t li = batch_index(p.lhs_stride, b0, b1, b2);
        const uint32_t ri = batch_index(p.rhs_stride, b0, b1, b2);
        const T* a = lhs + li * m * k;
        const T* bm = rhs + ri * n * k;
        for (uint32_t r = 0; r < m; ++r) {
          const T* ar = a + r * k;
          for (uint32_t c = 0; c < n; ++c) {
            const T* bc = bm + c * k;
            Acc acc = 0;
            if (kWide) {
              for (uint32_t i = 0; i < k; ++i) acc += static_cast<Acc>(ar[i]) * bc[i];
            } else {
              uint32_t s = 0;  // int32 wrapping accumulation
              for (uint32_t i = 0; i < k; ++i) {
                s += static_cast<uint32_t>((ar[i] - zl) * (bc[i] - zr));
              }
              acc = static_cast<Acc>(static_cast<int32_t>(s));
            }
            int32_t v;
            if (kWide) {
              v = multiply_by_quantized_multiplier_64(static_cast<int64_t>(acc), p.multiplier,
                                                      p.shift);
            } else {
              v = multiply_by_quantized_multiplier(static_cast<int32_t>(acc), p.multiplier,
                                                   p.shift);
            }
            *out++ = static_cast<T>(clamp_i32(v + p.output_zero_point, lo, hi));
          }
        }
      }
    }
  }
}

// int8, depth <= gemm::kMaxAccumDepth: raw dot products from the shared int8 kernels, zero
// points folded per output (see the header). rhs_sums: N int32 per rhs matrix, or null when
// zp_l == 0.
void run_int8_fast(const BatchMatmulParams& p, const int8_t* lhs, const int8_t* rhs,
                   const int32_t* rhs_sums, int8_t* out) {
  const uint32_t m = static_cast<uint32_t>(p.rows);
  const uint32_t n = static_cast<uint32_t>(p.cols);
  const uint32_t k = static_cast<uint32_t>(p.depth);
  const uint32_t zl = static_cast<uint32_t>(p.lhs_zero_point);
  const uint32_t zr = static_cast<uint32_t>(p.rhs_zero_point);
  const uint32_t both = zl * zr * k;
  for (uint32_t b0 = 0; b0 < static_cast<uint32_t>(p.batch[0]); ++b0) {
    for (uint32_t b1 = 0; b1 < static_cast<uint32_t>(p.batch[1]); ++b1) {
      for (uint32_t b2 = 0; b2 < static_cast<uint32_t>(p.batch[2]); ++b2) {
        const uint32_t li = batch_index(p.lhs_stride, b0, b1, b2);
        const uint32_t ri = batch_index(p.rhs_stride, b0, b1, b2);
        const int8_t* a = lhs + li * m * k;
        const int8_t* bm = rhs + ri * n * k;
        const int32_t* rs = rhs_sums != nullptr ? rhs_sums + ri * n : nullptr;
        for (uint32_t r = 0; r < m; ++r) {
          const int8_t* ar = a + r * k;
          uint32_t row_term = both;  // K zl zr - zr * sum(lhs row)
          if (zr != 0) {
            uint32_t sl = 0;
            for (uint32_t i = 0; i < k; ++i) sl += static_cast<uint32_t>(static_cast<int32_t>(ar[i]));
            row_term -= zr * sl;
          }
          for (uint32_t c = 0; c < n; c += 4) {
            const uint32_t last = n - 1;
            const int8_t* w0 = bm + c * k;
            const int8_t* w1 = bm + (c + 1 <= last ? c + 1 : last) * k;
            const int8_t* w2 = bm + (c + 2 <= last ? c + 2 : last) * k;
            const int8_t* w3 = bm + (c + 3 <= last ? c + 3 : last) * k;
            int32_t dot[4];
            gemm::dot_1x4(ar, w0, w1, w2, w3, k, dot);
            const uint32_t cnt = n - c < 4 ? n - c : 4;
            for (uint32_t j = 0; j < cnt; ++j) {
              uint32_t acc = static_cast<uint32_t>(dot[j]) + row_term;
              if (rs != nullptr) acc -= zl * static_cast<uint32_t>(rs[c + j]);
              const int32_t v = multiply_by_quantized_multiplier(static_cast<int32_t>(acc),
                                                                 p.multiplier, p.shift);
              *out++ = static_cast<int8_t>(clamp_i32(v + p.output_zero_point, -128, 127));
            }
          }
        }
      }
    }
  }
}

template <typename T, typename Acc, bool kWide>
void eval_typed(const KernelArgs& args, int32_t lo, int32_t hi) {
  const BatchMatmulParams& p = params_of(args);
  const T* lhs = reinterpret_cast<const T*>(args.inputs[0].data);
  const T* rhs = reinterpret_cast<const T*>(args.inputs[1].data);
  const uint32_t m = static_cast<uint32_t>(p.rows);
  const uint32_t n = static_cast<uint32_t>(p.cols);
  const uint32_t k = static_cast<uint32_t>(p.depth);
  if (p.adj_x) {  // stored [K][M] -> [M][K]
    T* t = reinterpret_cast<T*>(args.temp);
    transpose(lhs, t, static_cast<uint32_t>(p.lhs_matrices), k, m);
    lhs = t;
  }
  if (!p.adj_y) {  // stored [K][N] -> [N][K]
    T* t = reinterpret_cast<T*>(args.temp + p.rhs_temp_offset);
    transpose(rhs, t, static_cast<uint32_t>(p.rhs_matrices), k, n);
    rhs = t;
  }
  if (!kWide && k <= gemm::kMaxAccumDepth) {
    int32_t* sums = nullptr;
    if (p.lhs_zero_point != 0) {
      sums = reinterpret_cast<int32_t*>(args.temp + p.rhs_sums_offset);
      const uint32_t rows = static_cast<uint32_t>(p.rhs_matrices) * n;
      for (uint32_t i = 0; i < rows; ++i) {
        const T* row = rhs + i * k;
        uint32_t s = 0;
        for (uint32_t j = 0; j < k; ++j) s += static_cast<uint32_t>(static_cast<int32_t>(row[j]));
        sums[i] = static_cast<int32_t>(s);
      }
    }
    run_int8_fast(p, reinterpret_cast<const int8_t*>(lhs), reinterpret_cast<const int8_t*>(rhs),
                  sums, reinterpret_cast<int8_t*>(args.outputs[0].data));
    return;
  }
  run<T, Acc, kWide>(p, lhs, rhs, reinterpret_cast<T*>(args.outputs[0].data), lo, hi);
}

void eval(const KernelArgs& args) {
  if (args.inputs[0].desc->data_type == static_cast<uint8_t>(format::DataType::kInt16)) {
    eval_typed<int16_t, int64_t, true>(args, -32768, 32767);
  } else {
    eval_typed<int8_t, int32_t, false>(args, -128, 127);
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(batch_matmul, validate, eval);

}  // namespace kernels
}  // namespace lpai
