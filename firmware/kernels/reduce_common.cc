// Reductions shared by MEAN, SUM, REDUCE_MAX, REDUCE_MIN: see kernels/reduce_common.h.
#include "kernels/reduce_common.h"

#include "core/check.h"
namespace lpai {
namespace kernels {
namespace {

const ReduceParams& params_of(const KernelArgs& args) {
  return *reinterpret_cast<const ReduceParams*>(args.params);
}

// Calls f(in_offset, out_offset) for each innermost run (p.dims[num_dims - 1] elements) in
// input memory order.
template <typename F>
inline void for_each_run(const ReduceParams& p, F&& f) {
  const uint32_t last = static_cast<uint32_t>(p.num_dims) - 1;
  const uint32_t run = static_cast<uint32_t>(p.dims[last]);
  uint32_t outer = 1;
  for (uint32_t k = 0; k < last; ++k) outer *= static_cast<uint32_t>(p.dims[k]);
  uint32_t idx[kReduceMaxDims] = {0, 0, 0, 0, 0, 0};
  uint32_t in_off = 0;
  uint32_t out_off = 0;
  for (uint32_t r = 0; r < outer; ++r) {
    f(in_off, out_off);
    in_off += run;
    for (uint32_t k = last; k-- > 0;) {
      out_off += static_cast<uint32_t>(p.out_strides[k]);
      if (++idx[k] < static_cast<uint32_t>(p.dims[k])) break;
      out_off -= static_cast<uint32_t>(p.out_strides[k]) * static_cast<uint32_t>(p.dims[k]);
      idx[k] = 0;
    }
  }
}

// Wrapping int32 sums into acc (TFLite accumulates with expected overflow).
template <typename T>
void accumulate(const ReduceParams& p, const T* in, uint32_t* acc) {
  const uint32_t last = static_cast<uint32_t>(p.num_dims) - 1;
  const uint32_t run = static_cast<uint32_t>(p.dims[last]);
  if ((p.reduced_mask >> last) & 1) {
    for_each_run(p, [&](uint32_t i0, uint32_t o) {
      const T* x = in + i0;
      uint32_t s = 0;
      for (uint32_t i = 0; i < run; ++i) s += static_cast<uint32_t>(static_cast<int32_t>(x[i]));
      acc[o] += s;
    });
  } else {
    for_each_run(p, [&](uint32_t i0, uint32_t o) {
      const T* x = in + i0;
      uint32_t* a = acc + o;
      for (uint32_t i = 0; i < run; ++i) a[i] += static_cast<uint32_t>(static_cast<int32_t>(x[i]));
    });
  }
}

template <typename T>
void finish_sum(const ReduceParams& p, const uint32_t* acc, T* out, int32_t lo, int32_t hi) {
  const uint32_t n = static_cast<uint32_t>(p.num_outputs);
  // (int32)(acc - zp * count): the product is formed in 64 bits and truncated, as TFLite does.
  const uint32_t bias = static_cast<uint32_t>(
      static_cast<int64_t>(p.input_zero_point) * static_cast<int64_t>(p.reduce_count));
  for (uint32_t i = 0; i < n; ++i) {
    const int32_t shifted = static_cast<int32_t>(acc[i] - bias);
    const int32_t v =
        multiply_by_quantized_multiplier(shifted, p.multiplier, p.shift) + p.output_zero_point;
    out[i] = static_cast<T>(clamp_i32(v, lo, hi));
  }
}

template <bool kMax>
void reduce_extreme(const ReduceParams& p, const int8_t* in, int8_t* out) {
  const uint32_t n = static_cast<uint32_t>(p.num_outputs);
  const int8_t init = kMax ? -128 : 127;
  for (uint32_t i = 0; i < n; ++i) out[i] = init;
  if (p.reduce_count == 0) return;
  const uint32_t last = static_cast<uint32_t>(p.num_dims) - 1;
  const uint32_t run = static_cast<uint32_t>(p.dims[last]);
  if ((p.reduced_mask >> last) & 1) {
    for_each_run(p, [&](uint32_t i0, uint32_t o) {
      const int8_t* x = in + i0;
      int32_t m = out[o];
      for (uint32_t i = 0; i < run; ++i) m = kMax ? (x[i] > m ? x[i] : m) : (x[i] < m ? x[i] : m);
      out[o] = static_cast<int8_t>(m);
    });
  } else {
    for_each_run(p, [&](uint32_t i0, uint32_t o) {
      const int8_t* x = in + i0;
      int8_t* y = out + o;
      for (uint32_t i = 0; i < run; ++i) {
        y[i] = kMax ? (x[i] > y[i] ? x[i] : y[i]) : (x[i] < y[i] ? x[i] : y[i]);
      }
    });
  }
}

}  // namespace

Status validate_reduce(const KernelArgs& args, const char* name, uint32_t modes,
                       bool allow_int16) {
  if (args.num_inputs != 2 || args.num_outputs != 1 || args.inputs[0].desc == nullptr ||
      args.outputs[0].desc == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: %u inputs, %u outputs (want 2, 1)", name,
              args.num_inputs, args.num_outputs);
  }
  if (args.params_size != sizeof(ReduceParams)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: params %u bytes, want %u", name, args.params_size,
              static_cast<uint32_t>(sizeof(ReduceParams)));
  }
  const ReduceParams& p = params_of(args);
  const format::DataType t = type_of(args.inputs[0].desc);
  const bool type_ok =
      t == format::DataType::kInt8 || (allow_int16 && t == format::DataType::kInt16);
  if (!type_ok || type_of(args.outputs[0].desc) != t) {
    LPAI_FAIL(Status::kBinaryTensorTypeRefused, "%s: types %u -> %u unsupported", name,
              args.inputs[0].desc->data_type, args.outputs[0].desc->data_type);
  }
  if (p.mode < 0 || p.mode > 3 || ((modes >> p.mode) & 1u) == 0 || p.num_dims < 1 ||
      p.num_dims > static_cast<int32_t>(kReduceMaxDims) || p.reduce_count < 0 ||
      p.num_outputs < 0) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: bad mode %d / dims %d", name, p.mode, p.num_dims);
  }
  uint64_t in_count = 1;
  uint64_t reduced = 1;
  uint64_t kept = 1;
  for (int32_t k = 0; k < p.num_dims; ++k) {
    if (p.dims[k] < 0) LPAI_FAIL(Status::kBinaryBadParams, "%s: negative merged dim", name);
    in_count *= static_cast<uint32_t>(p.dims[k]);
    if ((p.reduced_mask >> k) & 1) {
      reduced *= static_cast<uint32_t>(p.dims[k]);
      if (p.out_strides[k] != 0) {
        LPAI_FAIL(Status::kBinaryBadParams, "%s: reduced dim %d has an output stride", name, k);
      }
    } else {
      kept *= static_cast<uint32_t>(p.dims[k]);
    }
  }
  // Output strides of kept dims: row-major over the kept dims.
  uint64_t stride = 1;
  for (int32_t k = p.num_dims; k-- > 0;) {
    if ((p.reduced_mask >> k) & 1) continue;
    if (static_cast<uint64_t>(static_cast<uint32_t>(p.out_strides[k])) != stride) {
      LPAI_FAIL(Status::kBinaryBadParams, "%s: output stride of dim %d inconsistent", name, k);
    }
    stride *= static_cast<uint32_t>(p.dims[k]);
  }
  const uint64_t out_count = element_count(args.outputs[0].desc);
  const bool empty = p.reduce_count == 0;
  if (in_count != element_count(args.inputs[0].desc) ||
      out_count != static_cast<uint64_t>(p.num_outputs) ||
      (!empty && (kept != out_count || reduced != static_cast<uint64_t>(p.reduce_count)))) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: shapes disagree with the parameters", name);
  }
  if (p.mode == kReduceRequantize &&
      (p.multiplier < 0 || p.shift < -31 || p.shift > 30 || p.input_zero_point < -32768 ||
       p.input_zero_point > 32767)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: requantisation out of range (shift %d)", name,
              p.shift);
  }
  if (p.mode == kReduceRequantize &&
      static_cast<uint64_t>(args.temp_size) < out_count * 4u) {
    LPAI_FAIL(Status::kBinaryBadPlan, "%s: temp %u bytes, want %u", name, args.temp_size,
              static_cast<uint32_t>(out_count * 4u));
  }
  return Status::kOk;
}

void eval_reduce(const KernelArgs& args) {
  const ReduceParams& p = params_of(args);
  const bool i16 = args.inputs[0].desc->data_type == static_cast<uint8_t>(format::DataType::kInt16);
  if (p.mode == kReduceMaxMode || p.mode == kReduceMinMode) {
    const int8_t* in = reinterpret_cast<const int8_t*>(args.inputs[0].data);
    int8_t* out = reinterpret_cast<int8_t*>(args.outputs[0].data);
    if (p.mode == kReduceMaxMode) {
      reduce_extreme<true>(p, in, out);
    } else {
      reduce_extreme<false>(p, in, out);
    }
    return;
  }
  const uint32_t n = static_cast<uint32_t>(p.num_outputs);
  if (p.reduce_count == 0) {
    __builtin_memset(args.outputs[0].data, 0, n * (i16 ? 2u : 1u));
    return;
  }
  uint32_t* acc = reinterpret_cast<uint32_t*>(args.temp);
  __builtin_memset(acc, 0, n * 4u);
  if (i16) {
    accumulate(p, reinterpret_cast<const int16_t*>(args.inputs[0].data), acc);
    finish_sum(p, acc, reinterpret_cast<int16_t*>(args.outputs[0].data), -32768, 32767);
  } else {
    accumulate(p, reinterpret_cast<const int8_t*>(args.inputs[0].data), acc);
    finish_sum(p, acc, reinterpret_cast<int8_t*>(args.outputs[0].data), -128, 127);
  }
}

}  // namespace kernels
}  // namespace lpai
