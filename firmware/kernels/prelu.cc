// PRELU kernel: see kernels/params/prelu.h.
#include "kernels/params/prelu.h"

#include "core/check.h"
#include "kernels/elementwise_common.h"
#include "kernels/ew_ext_common.h"
#include "kernels/registry.h"
#include "kernels/unary_common.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  if (args.params_size < sizeof(PreluParams) || args.num_inputs != 2 ||
      args.num_outputs != 1 || args.inputs[0].desc == nullptr ||
      args.inputs[1].desc == nullptr || args.outputs[0].desc == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "PRELU: params %u bytes (want %u), %u inputs, %u outputs (want 2, 1)",
              args.params_size, static_cast<unsigned>(sizeof(PreluParams)), args.num_inputs,
              args.num_outputs);
  }
  const format::TensorRecord* in = args.inputs[0].desc;
  const format::TensorRecord* alpha = args.inputs[1].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  const format::DataType t = type_of(out);
  if ((t != format::DataType::kInt8 && t != format::DataType::kInt16) || type_of(in) != t ||
      (type_of(alpha) != t && type_of(alpha) != format::DataType::kInt8)) {
    LPAI_FAIL(Status::kBinaryTensorTypeRefused,
              "PRELU: types %u/alpha %u -> %u unsupported (int8 or int16 input and output, "
              "alpha int8 or the input's type)", in->data_type, alpha->data_type, out->data_type);
  }
  const PreluParams& p = *reinterpret_cast<const PreluParams*>(args.params);
  const bool i8 = t == format::DataType::kInt8;
  const uint32_t want = static_cast<uint32_t>(sizeof(PreluParams)) + (i8 ? kInt8LutSize : 0u);
  if (args.params_size != want) {
    LPAI_FAIL(Status::kBinaryBadParams, "PRELU: params %u bytes, want %u", args.params_size, want);
  }
  const bool offsets_ok =
      i8 ? (p.input_offset >= -127 && p.input_offset <= 128 && p.alpha_offset >= -127 &&
            p.alpha_offset <= 128 && p.output_offset >= -128 && p.output_offset <= 127)
         : (p.input_offset == 0 && p.output_offset == 0 &&
            (type_of(alpha) == format::DataType::kInt8
                 ? (p.alpha_offset >= -127 && p.alpha_offset <= 128)
                 : p.alpha_offset == 0));
  if (!offsets_ok || p.shift_1 < -31 || p.shift_1 > 30 || p.shift_2 < -31 || p.shift_2 > 30 ||
      p.multiplier_1 < 0 || p.multiplier_2 < 0) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "PRELU: parameter out of range (offsets %d/%d/%d, shifts %d/%d)", p.input_offset,
              p.alpha_offset, p.output_offset, p.shift_1, p.shift_2);
  }
  return ewx::validate_binary_broadcast(ops::prelu::kName, p.broadcast, p.shape, in, alpha, out);
}

// One element, as the header's formula (the scalar path: tails, strided broadcasts, and
// parameters outside the fast path's bounds).
template <typename T, typename U>
inline T prelu_one(const PreluParams& p, int32_t qmin, int32_t qmax, T a, U al) {
  const int32_t x = p.input_offset + a;
  const int32_t v = x >= 0 ? multiply_by_quantized_multiplier(x, p.multiplier_1, p.shift_1)
                           : multiply_by_quantized_multiplier(x * (p.alpha_offset + al),
                                                              p.multiplier_2, p.shift_2);
  return static_cast<T>(clamp_i32(v + p.output_offset, qmin, qmax));
}

// Loop-invariant parameters of the block path. Each element selects its side first (the
// shifted operand and that side's FastScale) and is scaled once; exact while the left-shifted
// operand of either side stays below 2^30 in magnitude (fast_ok checks that bound for every
// input value).
struct PreluFast {
  FastScale f1, f2;
  uint32_t ls1, ls2;
  int32_t in_off, al_off, out_off, qmin, qmax;
};

// max_x: largest |input + input_offset|; max_prod: largest |x * (alpha + alpha_offset)|.
inline bool fast_ok(const PreluParams& p, uint32_t max_x, uint32_t max_prod, PreluFast* f) {
  const int32_t ls1 = p.shift_1 > 0 ? p.shift_1 : 0;
  const int32_t ls2 = p.shift_2 > 0 ? p.shift_2 : 0;
  if ((static_cast<uint64_t>(max_x) << ls1) >= (uint64_t{1} << 30) ||
      (static_cast<uint64_t>(max_prod) << ls2) >= (uint64_t{1} << 30)) {
    return false;
  }
  f->f1 = fast_scale(p.multiplier_1, p.shift_1 - ls1);
  f->f2 = fast_scale(p.multiplier_2, p.shift_2 - ls2);
  f->ls1 = static_cast<uint32_t>(ls1);
  f->ls2 = static_cast<uint32_t>(ls2);
  f->in_off = p.input_offset;
  f->al_off = p.alpha_offset;
  f->out_off = p.output_offset;
  return true;
}

// o[i] = prelu(a[i], al[i * kAlphaStride]) for i < n, in blocks of 16 the compiler vectorises.
template <typename T, typename U, uint32_t kAlphaStride>
void prelu_row(const PreluFast& f, const PreluParams& p, const T* a, const U* al, T* o,
               uint32_t n) {
  constexpr uint32_t kBlock = 16;
  const int32_t in_off = f.in_off, al_off = f.al_off, out_off = f.out_off;
  const int32_t lo = f.qmin, hi = f.qmax;
  const uint32_t ls1 = f.ls1, ls2 = f.ls2;
  const FastScale f1 = f.f1, f2 = f.f2;
  uint32_t i = 0;
  for (; i + kBlock <= n; i += kBlock) {
    T xa[kBlock], res[kBlock];
    U xal[kBlock];
    __builtin_memcpy(xa, a + i, sizeof(xa));
    if (kAlphaStride == 0) {
      for (uint32_t j = 0; j < kBlock; ++j) xal[j] = al[0];
    } else {
      __builtin_memcpy(xal, al + i, sizeof(xal));
    }
    for (uint32_t j = 0; j < kBlock; ++j) {
      const int32_t x = in_off + xa[j];
      // Both factors fit int16: x is an int8 value plus an offset (|x| <= 255) or the int16
      // input itself; alpha + alpha_offset is within [-255, 255] (int16 alpha never gets here).
      const int32_t prod = static_cast<int32_t>(static_cast<int16_t>(x)) *
                           static_cast<int32_t>(static_cast<int16_t>(al_off + xal[j]));
      const bool pos = x >= 0;
      const uint32_t v = pos ? static_cast<uint32_t>(x) << ls1 : static_cast<uint32_t>(prod) << ls2;
      int32_t r = fast_scale_apply(v, pos ? f1.m : f2.m, pos ? f1.round_add : f2.round_add,
                              pos ? f1.round_neg : f2.round_neg,
                              pos ? f1.round_mul : f2.round_mul) +
                  out_off;
      r = r < lo ? lo : (r > hi ? hi : r);
      res[j] = static_cast<T>(r);
    }
    __builtin_memcpy(o + i, res, sizeof(res));
  }
  for (; i < n; ++i) o[i] = prelu_one<T, U>(p, lo, hi, a[i], al[i * kAlphaStride]);
}

// Runs the whole node: rows along the innermost broadcast dimension go through prelu_row when
// the input is contiguous there and the alpha contiguous or constant; anything else per element.
template <typename T, typename U>
void eval_typed(const PreluParams& p, const KernelArgs& args, int32_t qmin, int32_t qmax,
                uint32_t max_x, uint32_t max_prod) {
  const T* a = reinterpret_cast<const T*>(args.inputs[0].data);
  const U* al = reinterpret_cast<const U*>(args.inputs[1].data);
  T* o = reinterpret_cast<T*>(args.outputs[0].data);
  PreluFast f;
  f.qmin = qmin;
  f.qmax = qmax;
  const bool fast = fast_ok(p, max_x, max_prod, &f);
  if (p.broadcast == 0) {
    const uint32_t n = element_count(args.outputs[0].desc);
    if (fast) {
      prelu_row<T, U, 1>(f, p, a, al, o, n);
    } else {
      for (uint32_t i = 0; i < n; ++i) o[i] = prelu_one<T, U>(p, qmin, qmax, a[i], al[i]);
    }
    return;
  }
  const BroadcastShape& bc = p.shape;
  const uint32_t* d = bc.out_dims;
  const uint32_t* sa = bc.in1_strides;
  const uint32_t* sb = bc.in2_strides;
  const uint32_t n = d[5];
  const bool rows = fast && sa[5] == 1 && sb[5] <= 1;
  // Short rows with a per-channel alpha (alpha contiguous along the last dimension, constant
  // along the one before, input contiguous over both): the last two dimensions run as one
  // row, against an alpha row tiled on the stack (whole repeats of n, at most kTile values).
  constexpr uint32_t kTile = 256;
  const bool tiled = rows && sb[5] == 1 && sb[4] == 0 && sa[4] == n && n > 0 && n <= kTile / 2;
  U tile[kTile];
  const uint32_t tile_len = tiled ? (kTile / n) * n : 0;
  uint32_t tile_from = ~0u;  // alpha offset the tile holds
  uint32_t oi = 0;
  for (uint32_t i0 = 0; i0 < d[0]; ++i0) {
    for (uint32_t i1 = 0; i1 < d[1]; ++i1) {
      for (uint32_t i2 = 0; i2 < d[2]; ++i2) {
        for (uint32_t i3 = 0; i3 < d[3]; ++i3) {
          const uint32_t a3 = i0 * sa[0] + i1 * sa[1] + i2 * sa[2] + i3 * sa[3];
          const uint32_t b3 = i0 * sb[0] + i1 * sb[1] + i2 * sb[2] + i3 * sb[3];
          if (tiled) {
            if (b3 != tile_from) {
              for (uint32_t k = 0; k < tile_len; ++k) tile[k] = al[b3 + k % n];
              tile_from = b3;
            }
            const uint32_t total = d[4] * n;
            for (uint32_t off = 0; off < total; off += tile_len) {
              const uint32_t len = total - off < tile_len ? total - off : tile_len;
              prelu_row<T, U, 1>(f, p, a + a3 + off, tile, o + oi + off, len);
            }
            oi += total;
            continue;
          }
          for (uint32_t i4 = 0; i4 < d[4]; ++i4) {
            const uint32_t ai = a3 + i4 * sa[4];
            const uint32_t bi = b3 + i4 * sb[4];
            if (rows && sb[5] == 1) {
              prelu_row<T, U, 1>(f, p, a + ai, al + bi, o + oi, n);
            } else if (rows) {
              prelu_row<T, U, 0>(f, p, a + ai, al + bi, o + oi, n);
            } else {
              for (uint32_t i5 = 0; i5 < n; ++i5) {
                o[oi + i5] = prelu_one<T, U>(p, qmin, qmax, a[ai + i5 * sa[5]], al[bi + i5 * sb[5]]);
              }
            }
            oi += n;
          }
        }
      }
    }
  }
}

void eval(const KernelArgs& args) {
  const PreluParams& p = *reinterpret_cast<const PreluParams*>(args.params);
  // Bounds for fast_ok: validate keeps |input + input_offset| <= 255 (int8) or 32768 (int16,
  // offset 0), and |alpha + alpha_offset| <= 255 (int8 alpha) or 32768 (int16 alpha).
  if (type_of(args.outputs[0].desc) == format::DataType::kInt8) {
    eval_typed<int8_t, int8_t>(p, args, -128, 127, 255u, 255u * 255u);
  } else if (type_of(args.inputs[1].desc) == format::DataType::kInt8) {
    eval_typed<int16_t, int8_t>(p, args, -32768, 32767, 32768u, 32768u * 255u);
  } else {
    eval_typed<int16_t, int16_t>(p, args, -32768, 32767, 32768u, 32768u * 32768u);
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(prelu, validate, eval);

}  // namespace kernels
}  // namespace lpai
