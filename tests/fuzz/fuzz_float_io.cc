// libFuzzer harness: float IO at the graph boundary (host::Session's QUANTIZE / DEQUANTIZE
// conversion, used by lpai-net-run and the Python module) fed NaN, ±Inf, ±0, denormals, the
// float limits, values beyond int32 and half steps, through tensors whose scale may itself be
// an edge value (0, negative, denormal, FLT_MAX, ±Inf, NaN: the loader does not check the
// scale of a float-IO tensor, it is reporting only) and whose zero point is any value of the
// element type.
//
// The input describes one graph and its float inputs:
//   byte 0          path: bit 0 = 0: a context binary written here, float-IO input (type
//                   bits 1-2: int8, uint8, int16) -COPY-> float-IO output (type bits 3-4; the
//                   COPY reinterprets the bytes); bit 0 = 1: a TFLite model (float32 in
//                   -QUANTIZE-> int8/int16 (bit 1) -RESHAPE-> -DEQUANTIZE-> float32 out) through
//                   prepare, whose boundary ops fold into the float-IO descriptions.
//                   bits 5-6: DDR RAW, DDR MEMHANDLE, TCM RAW, TCM MEMHANDLE.
//   scale, zp       for the input, then the output (writer path only): a scale selector byte
//                   (an edge value, or >= 0xF0: the next 4 bytes are its bits), a 2-byte zero
//                   point folded into the element type's range.
//   count           elements of the input, 1..64.
//   values          per element a tag byte: < 0x20 an edge value (NaN, -NaN, signalling NaN,
//                   ±Inf, ±0, ±smallest denormal, largest denormal, FLT_MIN, ±FLT_MAX, ±2^31,
//                   ±0.5, ±1.5, ±2.5, a half step (k + 0.5) * scale or its float neighbours);
//                   otherwise the next 4 bytes are the float's bits.
// Every float output must equal, bit for bit (any NaN equals any NaN), an independent
// reference of TFLite Micro's AffineQuantize (round half away from zero in float, + zero
// point, saturate; NaN maps to the zero point, ±Inf and values beyond int32 saturate: the
// project's documented choices where TFLite Micro's cast is undefined) followed by the COPY's
// reinterpretation and TFLite Micro's Dequantize (float(double(scale) * (q - zero point))).
// Refusals (prepare, open, run) must be one printable line; pools return to zero.
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "fuzz_support.h"
#include "prepare/prepare.h"
#include "prepare/tflite_builder.h"
#include "common/graph_builder.h"

namespace {

using lpai::format::DataType;

struct Reader {
  const uint8_t* data;
  size_t size;
  size_t at = 0;
  uint8_t byte() { return at < size ? data[at++] : 0; }
  uint32_t word() {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= static_cast<uint32_t>(byte()) << (8 * i);
    return v;
  }
};

float from_bits(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}
uint32_t bits_of(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

// Element types of the boundary: int8, uint8, int16 (the loader's float-IO types).
struct ElemType {
  DataType type;
  uint32_t bytes;
  int32_t lo, hi;
};
constexpr ElemType kTypes[] = {{DataType::kInt8, 1, -128, 127},
                               {DataType::kUint8, 1, 0, 255},
                               {DataType::kInt16, 2, -32768, 32767},
                               {DataType::kInt8, 1, -128, 127}};

float read_scale(Reader* r) {
  static const uint32_t kScales[] = {
      0x3B800000u,  // 1/256
      0x3F000000u,  // 0.5
      0x3F800000u,  // 1
      0x3F0406A8u,  // 0.515735447 (a conformance case's)
      0x00000001u,  // smallest denormal
      0x007FFFFFu,  // largest denormal
      0x00800000u,  // FLT_MIN
      0x7F7FFFFFu,  // FLT_MAX
      0x7F800000u,  // +Inf
      0xFF800000u,  // -Inf
      0x7FC00000u,  // NaN
      0x00000000u,  // 0
      0x80000000u,  // -0
      0xBF000000u,  // -0.5
      0x1E3CE508u,  // 1e-20
      0x60AD78ECu,  // 1e20
  };
  const uint8_t sel = r->byte();
  if (sel >= 0xF0) return from_bits(r->word());
  return from_bits(kScales[sel % (sizeof(kScales) / sizeof(kScales[0]))]);
}

int32_t read_zero_point(Reader* r, const ElemType& t) {
  const uint32_t raw = r->byte() | (static_cast<uint32_t>(r->byte()) << 8);
  const uint32_t range = static_cast<uint32_t>(t.hi - t.lo) + 1;
  return t.lo + static_cast<int32_t>(raw % range);
}

float read_value(Reader* r, float scale) {
  const uint8_t tag = r->byte();
  if (tag >= 0x20) return from_bits(r->word());
  static const uint32_t kEdges[] = {
      0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0x7F800000u, 0xFF800000u, 0x00000000u,
      0x80000000u, 0x00000001u, 0x80000001u, 0x007FFFFFu, 0x00800000u, 0x7F7FFFFFu,
      0xFF7FFFFFu, 0x4F000000u, 0xCF000000u, 0x3F000000u, 0xBF000000u, 0x3FC00000u,
      0xBFC00000u, 0x40200000u, 0xC0200000u};
  constexpr uint8_t kEdgeCount = sizeof(kEdges) / sizeof(kEdges[0]);
  if (tag < kEdgeCount) return from_bits(kEdges[tag]);
  // A half step (k + 0.5) * scale, k in [-128, 127], or one of its float neighbours.
  const int k = static_cast<int8_t>(r->byte());
  const float half = (static_cast<float>(k) + 0.5f) * scale;
  if (tag % 3 == 1) return std::nextafter(half, -INFINITY);
  if (tag % 3 == 2) return std::nextafter(half, INFINITY);
  return half;
}

// ---- the reference (TFLite Micro's algorithms, written independently of host::Session) ----

// AffineQuantize: q = round_half_away(x / scale) in float, + zero point, saturated to
// [lo, hi]; done in double, where every intermediate is exact and nothing can overflow.
int32_t ref_quantize(float x, float scale, int32_t zp, const ElemType& t) {
  const float ratio = x / scale;
  if (std::isnan(ratio)) return zp;
  const double rounded = std::round(static_cast<double>(ratio));
  double v = rounded + static_cast<double>(zp);
  if (v < t.lo) v = t.lo;
  if (v > t.hi) v = t.hi;
  return static_cast<int32_t>(v);
}

void store(std::vector<uint8_t>* bytes, size_t i, int32_t q, const ElemType& t) {
  if (t.bytes == 2) {
    const int16_t v = static_cast<int16_t>(q);
    std::memcpy(bytes->data() + 2 * i, &v, 2);
  } else {
    (*bytes)[i] = static_cast<uint8_t>(q & 0xFF);
  }
}

int32_t load(const std::vector<uint8_t>& bytes, size_t i, const ElemType& t) {
  if (t.bytes == 2) {
    int16_t v;
    std::memcpy(&v, bytes.data() + 2 * i, 2);
    return v;
  }
  return t.type == DataType::kUint8 ? bytes[i] : static_cast<int8_t>(bytes[i]);
}

// Dequantize: float(double(scale) * (q - zero point)).
float ref_dequantize(int32_t q, float scale, int32_t zp) {
  return static_cast<float>(static_cast<double>(scale) *
                            static_cast<double>(static_cast<int64_t>(q) - zp));
}

struct Boundary {
  ElemType in_type, out_type;
  float in_scale, out_scale;
  int32_t in_zp, out_zp;
};

// The float outputs the reference gives for `xs` (device bytes of the input reinterpreted as
// the output's elements).
std::vector<float> reference(const std::vector<float>& xs, const Boundary& b) {
  std::vector<uint8_t> device(xs.size() * b.in_type.bytes);
  for (size_t i = 0; i < xs.size(); ++i)
    store(&device, i, ref_quantize(xs[i], b.in_scale, b.in_zp, b.in_type), b.in_type);
  std::vector<float> out(device.size() / b.out_type.bytes);
  for (size_t i = 0; i < out.size(); ++i)
    out[i] = ref_dequantize(load(device, i, b.out_type), b.out_scale, b.out_zp);
  return out;
}

// ---- the graphs ----------------------------------------------------------------------------

std::vector<uint8_t> copy_binary(const Boundary& b, uint32_t in_elems) {
  lpai::writer::GraphBuilder g("float_io_copy");
  g.set_alignment(64, 64);
  const uint32_t out_elems = in_elems * b.in_type.bytes / b.out_type.bytes;
  const uint32_t in = g.add_scratch("in", b.in_type.type, {in_elems}, b.in_scale, b.in_zp);
  const uint32_t out = g.add_scratch("out", b.out_type.type, {out_elems}, b.out_scale, b.out_zp);
  g.tensor(in).float_io = true;
  g.tensor(out).float_io = true;
  g.add_node(lpai::format::BuiltinOp::kCopy, {in}, {out});
  g.set_inputs({in}).set_outputs({out});
  std::string error;
  std::vector<uint8_t> bin = g.serialize(&error);
  if (bin.empty()) lpai_fuzz::fail("the float-IO COPY graph does not serialize:", error);
  return bin;
}

// float32 [1, n] -QUANTIZE-> q -RESHAPE-> r -DEQUANTIZE-> float32 [n]; q and r share the
// boundary's quantisation (RESHAPE keeps it). Empty (and a one-line error) when prepare
// refuses the model.
std::vector<uint8_t> prepared_binary(const Boundary& b, uint32_t n, bool memhandle) {
  namespace tb = lpai::tflite_builder;
  tb::TfliteBuilder m;
  m.set_name("float_io_prepare");
  tb::TensorSpec f;
  f.name = "fin";
  f.type = tb::tfl::TensorType_FLOAT32;
  f.shape = {1, static_cast<int32_t>(n)};
  const int fin = m.tensor(f);
  const tb::tfl::TensorType qt =
      b.in_type.bytes == 2 ? tb::tfl::TensorType_INT16 : tb::tfl::TensorType_INT8;
  tb::TensorSpec q;
  q.name = "q";
  q.type = qt;
  q.shape = {1, static_cast<int32_t>(n)};
  q.scales = {b.in_scale};
  q.zero_points = {b.in_zp};
  const int qi = m.tensor(q);
  q.name = "r";
  q.shape = {static_cast<int32_t>(n)};
  const int ri = m.tensor(q);
  f.name = "fout";
  f.shape = {static_cast<int32_t>(n)};
  const int fout = m.tensor(f);
  m.op({tb::kQuantize, {fin}, {qi}, {}, tb::tfl::BuiltinOptions_NONE, nullptr, -1});
  m.reshape(qi, ri);
  m.op({tb::kDequantize, {ri}, {fout}, {}, tb::tfl::BuiltinOptions_NONE, nullptr, -1});
  m.io({fin}, {fout});
  const std::vector<uint8_t> model = m.finish();
  lpai::prepare::PlanOptions options;
  options.io_memhandle = memhandle;
  lpai::prepare::PrepareOutput out;
  std::string error;
  if (const lpai::host::HostStatus st = lpai::prepare::prepare_tflite(model.data(), model.size(), options, &out); !st.ok()) {
    error = st.error();
    lpai_fuzz::check_one_line(error);
    return {};
  }
  return out.binary;
}

bool same(float a, float b) {
  return (std::isnan(a) && std::isnan(b)) || bits_of(a) == bits_of(b);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  lpai_fuzz::quiet_logs();
  Reader r{data, size};
  const uint8_t mode = r.byte();
  const bool via_prepare = (mode & 1) != 0;
  Boundary b;
  if (via_prepare) {
    b.in_type = kTypes[(mode & 2) ? 2 : 0];
    b.out_type = b.in_type;
  } else {
    b.in_type = kTypes[(mode >> 1) & 3];
    b.out_type = kTypes[(mode >> 3) & 3];
  }
  b.in_scale = read_scale(&r);
  b.in_zp = read_zero_point(&r, b.in_type);
  if (via_prepare) {
    b.out_scale = b.in_scale;
    b.out_zp = b.in_zp;
  } else {
    b.out_scale = read_scale(&r);
    b.out_zp = read_zero_point(&r, b.out_type);
  }
  uint32_t n = r.byte() % 64 + 1;
  if (b.in_type.bytes < b.out_type.bytes && n % 2 != 0) ++n;  // whole output elements
  std::vector<float> xs(n);
  for (float& x : xs) x = read_value(&r, b.in_scale);

  const bool tcm = (mode & 0x20) != 0, memhandle = (mode & 0x40) != 0;
  const std::vector<uint8_t> binary =
      via_prepare ? prepared_binary(b, n, memhandle) : copy_binary(b, n);
  if (binary.empty()) return 0;  // prepare refused (non-finite or non-positive scale, ...)
  const std::vector<float> want = reference(xs, b);

  lpai::host::SessionOptions options;
  options.mem_type = tcm ? QNN_LPAI_MEM_TYPE_TCM : QNN_LPAI_MEM_TYPE_DDR;
  options.use_memhandle = memhandle;
  std::string error;
  {
    std::unique_ptr<lpai::host::Session> s = lpai::host::Session::open(binary, options, &error);
    if (!s) lpai_fuzz::fail("a float-IO graph was refused:", error);
    if (s->inputs().size() != 1 || s->outputs().size() != 1 || !s->inputs()[0].float_io ||
        !s->outputs()[0].float_io) {
      lpai_fuzz::fail("the graph's IO is not float at the boundary");
    }
    if (s->inputs()[0].bytes != n * sizeof(float) ||
        s->outputs()[0].bytes != want.size() * sizeof(float)) {
      lpai_fuzz::fail("float IO sizes differ from the element counts");
    }
    std::vector<std::vector<uint8_t>> inputs(1, std::vector<uint8_t>(n * sizeof(float)));
    std::memcpy(inputs[0].data(), xs.data(), inputs[0].size());
    for (int run = 0; run < 2; ++run) {  // twice: nothing carried between inferences
      std::vector<std::vector<uint8_t>> outputs;
      if (!s->run(inputs, &outputs, &error)) lpai_fuzz::fail("float-IO execute failed:", error);
      if (outputs.size() != 1 || outputs[0].size() != want.size() * sizeof(float))
        lpai_fuzz::fail("float output of the wrong size");
      for (size_t i = 0; i < want.size(); ++i) {
        float got;
        std::memcpy(&got, outputs[0].data() + 4 * i, 4);
        if (!same(got, want[i])) {
          char detail[160];
          std::snprintf(detail, sizeof detail, "element %zu: got 0x%08x, reference 0x%08x", i,
                        bits_of(got), bits_of(want[i]));
          lpai_fuzz::fail("float output differs from the QUANTIZE/DEQUANTIZE reference:", detail);
        }
      }
      s->poison_scratch(static_cast<uint8_t>(0xA5 + run));
      lpai_fuzz::poison_free_memory(static_cast<uint8_t>(0x5A + run));
    }
  }
  lpai_fuzz::check_pools_empty();
  return 0;
}
