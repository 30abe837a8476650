// Data-movement engines: see kernels/movement_common.h.
#include "kernels/movement_common.h"

#include <stddef.h>

#include "core/checked_math.h"
#include "core/check.h"
#include "core/log.h"
#include "kernels/op_checks.h"

namespace lpai {
namespace kernels {
namespace movement {
namespace {


// Narrow rows (cols == N, e.g. the 3 channels of an NCHW -> NHWC image): N planes interleaved.
template <typename T, uint32_t N>
T* interleave(const T* in, uint32_t rows, ptrdiff_t sr, ptrdiff_t sc, T* out) {
  for (uint32_t r = 0; r < rows; ++r) {
    const T* src = in + r * sr;
    for (uint32_t c = 0; c < N; ++c) out[c] = src[c * sc];
    out += N;
  }
  return out;
}

// Rows x cols block of the 2-D tail: out is dense (rows * cols), in strided.
template <typename T>
T* copy_2d(const T* in, uint32_t rows, uint32_t cols, ptrdiff_t sr, ptrdiff_t sc, T* out) {
  if (sc == 1) {
    if (cols * sizeof(T) < 16) {  // short rows: a plain loop beats a memcpy call per row
      for (uint32_t r = 0; r < rows; ++r) {
        const T* src = in + r * sr;
        for (uint32_t c = 0; c < cols; ++c) out[c] = src[c];
        out += cols;
      }
      return out;
    }
    for (uint32_t r = 0; r < rows; ++r) {
      __builtin_memcpy(out, in + r * sr, cols * sizeof(T));
      out += cols;
    }
    return out;
  }
  if (sc == 0) {
    for (uint32_t r = 0; r < rows; ++r) {
      const T v = in[r * sr];
      for (uint32_t c = 0; c < cols; ++c) out[c] = v;
      out += cols;
    }
    return out;
  }
  if (sc == -1) {  // reversed rows
    for (uint32_t r = 0; r < rows; ++r) {
      const T* src = in + r * sr;
      for (uint32_t c = 0; c < cols; ++c) out[c] = src[-static_cast<ptrdiff_t>(c)];
      out += cols;
    }
    return out;
  }
  if (rows == 1) {
    for (uint32_t c = 0; c < cols; ++c) out[c] = in[c * sc];
    return out + cols;
  }
  switch (cols) {
    case 2: return interleave<T, 2>(in, rows, sr, sc, out);
    case 3: return interleave<T, 3>(in, rows, sr, sc, out);
    case 4: return interleave<T, 4>(in, rows, sr, sc, out);
    default: break;
  }
  // Cache-blocked transpose-like walk over tiles of tr x tc elements. The inner loop writes
  // contiguously, except for narrow output rows read from a unit-stride dim, where it runs
  // down the rows (contiguous reads) over a tall tile.
  constexpr uint32_t kTile = 32;
  const bool rows_inner = (sr == 1 || sr == -1) && cols < kTile;
  const uint32_t tr = rows_inner ? 1024u / cols : kTile;
  const uint32_t tc = kTile;
  for (uint32_t r0 = 0; r0 < rows; r0 += tr) {
    const uint32_t r1 = rows - r0 < tr ? rows : r0 + tr;
    for (uint32_t c0 = 0; c0 < cols; c0 += tc) {
      const uint32_t c1 = cols - c0 < tc ? cols : c0 + tc;
      if (rows_inner) {
        for (uint32_t c = c0; c < c1; ++c) {
          const T* src = in + c * sc;
          T* dst = out + c;
          for (uint32_t r = r0; r < r1; ++r) dst[static_cast<size_t>(r) * cols] = src[r * sr];
        }
      } else {
        for (uint32_t r = r0; r < r1; ++r) {
          const T* src = in + r * sr;
          T* dst = out + static_cast<size_t>(r) * cols;
          for (uint32_t c = c0; c < c1; ++c) dst[c] = src[c * sc];
        }
      }
    }
  }
  return out + static_cast<size_t>(rows) * cols;
}

template <typename T>
void strided_typed(const StridedCopyParams& p, const T* in, T* out) {
  const uint32_t* d = p.out_dims;
  const ptrdiff_t s0 = p.in_strides[0], s1 = p.in_strides[1], s2 = p.in_strides[2],
                  s3 = p.in_strides[3], s4 = p.in_strides[4], s5 = p.in_strides[5];
  const T* b = in + p.in_offset;
  for (uint32_t i0 = 0; i0 < d[0]; ++i0) {
    const T* b0 = b + i0 * s0;
    for (uint32_t i1 = 0; i1 < d[1]; ++i1) {
      const T* b1 = b0 + i1 * s1;
      for (uint32_t i2 = 0; i2 < d[2]; ++i2) {
        const T* b2 = b1 + i2 * s2;
        for (uint32_t i3 = 0; i3 < d[3]; ++i3) {
          out = copy_2d(b2 + i3 * s3, d[4], d[5], s4, s5, out);
        }
      }
    }
  }
}

uint32_t elem_size(const format::TensorRecord* t) {
  return format::data_type_size(static_cast<format::DataType>(t->data_type));
}

}  // namespace

bool copyable_type(uint8_t data_type) {
  const format::DataType t = static_cast<format::DataType>(data_type);
  return t == format::DataType::kInt8 || t == format::DataType::kInt16 ||
         t == format::DataType::kInt32 || t == format::DataType::kBool;
}

bool same_type_and_quant(const format::TensorRecord* a, const format::TensorRecord* b) {
  return a->data_type == b->data_type && a->zero_point == b->zero_point &&
         a->scale_bits == b->scale_bits;
}

bool strided_extent(const StridedCopyParams& p, int64_t* lo, int64_t* hi) {
  int64_t l = p.in_offset, h = p.in_offset;
  for (uint32_t k = 0; k < kR; ++k) {
    if (p.out_dims[k] == 0) {
      *lo = 0;
      *hi = -1;  // empty: nothing is read
      return true;
    }
  }
  for (uint32_t k = 0; k < kR; ++k) {
    int64_t span = 0;
    if (!checked_mul_i64(static_cast<int64_t>(p.out_dims[k] - 1), p.in_strides[k], &span) ||
        !checked_add_i64(span < 0 ? l : h, span, span < 0 ? &l : &h)) {
      return false;
    }
  }
  *lo = l;
  *hi = h;
  return true;
}

Status validate_strided(const KernelArgs& args, const char* op, uint32_t n_inputs) {
  LPAI_RETURN_IF_ERROR(checks::require_node(
      args, op, static_cast<uint32_t>(sizeof(StridedCopyParams)), n_inputs, 1, 0b1));
  const format::TensorRecord* in = args.inputs[0].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  LPAI_RETURN_IF_ERROR(checks::require_copyable_type(in, op, "input"));
  LPAI_RETURN_IF_ERROR(checks::require_same_type(out, in, op, "output", "the input"));
  if (!same_type_and_quant(in, out)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: input and output quantisation differ", op);
  }
  const StridedCopyParams& p = *reinterpret_cast<const StridedCopyParams*>(args.params);
  const uint64_t n = sat_product(p.out_dims[0], p.out_dims[1], p.out_dims[2], p.out_dims[3],
                                 p.out_dims[4], p.out_dims[5]);
  int64_t lo = 0, hi = 0;
  const bool extent_ok = strided_extent(p, &lo, &hi);
  const int64_t in_n = element_count(in);
  if (p.reserved != 0 || n != element_count(out) || !extent_ok ||
      (n != 0 && (lo < 0 || hi >= in_n))) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "%s: copy description does not match the input/output shapes", op);
  }
  return Status::kOk;
}

void eval_strided(const KernelArgs& args) {
  const StridedCopyParams& p = *reinterpret_cast<const StridedCopyParams*>(args.params);
  const uint8_t* in = args.inputs[0].data;
  uint8_t* out = args.outputs[0].data;
  switch (elem_size(args.inputs[0].desc)) {
    case 1:
      strided_typed(p, in, out);
      break;
    case 2:
      strided_typed(p, reinterpret_cast<const int16_t*>(in), reinterpret_cast<int16_t*>(out));
      break;
    default:
      strided_typed(p, reinterpret_cast<const int32_t*>(in), reinterpret_cast<int32_t*>(out));
      break;
  }
}

Status validate_chunks(const KernelArgs& args, const char* op, int32_t data_input,
                       uint32_t n_inputs) {
  const ChunkCopyParams* p = reinterpret_cast<const ChunkCopyParams*>(args.params);
  const bool split = data_input >= 0;
  const uint32_t many = split ? args.num_outputs : args.num_inputs;
  if (args.params_size < sizeof(ChunkCopyParams) ||
      args.params_size != sizeof(ChunkCopyParams) + 4u * p->count || p->count != many ||
      many == 0 || (split ? args.num_inputs != n_inputs : args.num_outputs != 1)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: params %u bytes, %u inputs, %u outputs do not match",
              op, fmt_u(args.params_size), fmt_u(args.num_inputs), fmt_u(args.num_outputs));
  }
  const format::TensorRecord* big =
      split ? args.inputs[data_input].desc : args.outputs[0].desc;
  if (big == nullptr) LPAI_FAIL(Status::kBinaryBadParams, "%s: data tensor absent", op);
  const char* big_role = split ? "the data input" : "the output";
  LPAI_RETURN_IF_ERROR(checks::require_copyable_type(big, op, split ? "data input" : "output"));
  for (uint32_t t = 0; t < many; ++t) {
    const format::TensorRecord* r = split ? args.outputs[t].desc : args.inputs[t].desc;
    if (r != nullptr) {
      LPAI_RETURN_IF_ERROR(
          checks::require_same_type(r, big, op, split ? "output" : "input", big_role));
    }
  }
  const uint32_t* chunk = reinterpret_cast<const uint32_t*>(args.params + sizeof(ChunkCopyParams));
  uint64_t total = 0;  // at most kMaxNodeOutputs * 2^32: no overflow
  for (uint32_t t = 0; t < many; ++t) {
    const format::TensorRecord* r = split ? args.outputs[t].desc : args.inputs[t].desc;
    if (r == nullptr || !same_type_and_quant(r, big) ||
        sat_product(p->outer, chunk[t]) != element_count(r)) {
      LPAI_FAIL(Status::kBinaryBadParams,
                "%s: tensor %u absent, of another type/quantisation or size", op, fmt_u(t));
    }
    total += chunk[t];
  }
  if (sat_product(total, p->outer) != element_count(big)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: chunks do not add up to the data tensor", op);
  }
  return Status::kOk;
}

void eval_split(const KernelArgs& args, uint32_t data_input) {
  const ChunkCopyParams& p = *reinterpret_cast<const ChunkCopyParams*>(args.params);
  const uint32_t* chunk = reinterpret_cast<const uint32_t*>(args.params + sizeof(ChunkCopyParams));
  const uint32_t es = elem_size(args.inputs[data_input].desc);
  const uint8_t* in = args.inputs[data_input].data;
  for (uint32_t o = 0; o < p.outer; ++o) {
    for (uint32_t t = 0; t < p.count; ++t) {
      const size_t bytes = static_cast<size_t>(chunk[t]) * es;
      __builtin_memcpy(args.outputs[t].data + o * bytes, in, bytes);
      in += bytes;
    }
  }
}

void eval_pack(const KernelArgs& args) {
  const ChunkCopyParams& p = *reinterpret_cast<const ChunkCopyParams*>(args.params);
  const uint32_t* chunk = reinterpret_cast<const uint32_t*>(args.params + sizeof(ChunkCopyParams));
  const uint32_t es = elem_size(args.outputs[0].desc);
  uint8_t* out = args.outputs[0].data;
  for (uint32_t o = 0; o < p.outer; ++o) {
    for (uint32_t t = 0; t < p.count; ++t) {
      const size_t bytes = static_cast<size_t>(chunk[t]) * es;
      __builtin_memcpy(out, args.inputs[t].data + o * bytes, bytes);
      out += bytes;
    }
  }
}

}  // namespace movement
}  // namespace kernels
}  // namespace lpai
