// Issue 31 ("validated once at load" holds for every binary). Two sources of malformed input:
//   - ../shared/reliability (crafted outside the project; README there): each binary is refused
//     at load with its exact Status, by the loader and in every host kernel variant, and
//     lpai-net-run reports it (exit 2, the firmware's lines only; never a crash); the ELU
//     models prepare to the table TFLite Micro's algorithm gives (saturated, no float->int UB);
//   - the project's own minimal inputs, one per class of finding (regression_binaries(), built
//     here with GraphBuilder), checked in under tests/fuzz/regressions/context_binary/ so the
//     fuzz replay (and the fuzzers) run them too. LPAI_WRITE_REGRESSIONS=<dir> rewrites them.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <cmath>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "delegate/qnn_delegate.h"
#include "format/binary_view.h"
#include "host_sim/host_sim_support.h"
#include "kernels/kernel_api.h"
#include "kernels/movement_common.h"
#include "kernels/params/softmax.h"
#include "kernels/params/squared_difference.h"
#include "kernels/params/svdf.h"
#include "prepare/prepare.h"
#include "prepare/tflite_builder.h"
#include "runner/session.h"
#include "simd/kernel_variant.h"

namespace {

using namespace lpai_test::host_sim;  // NOLINT
using lpai::Status;
using lpai::format::BuiltinOp;
using lpai::format::DataType;
using lpai::host::KernelVariant;

// ---- loading ----------------------------------------------------------------------------------

struct LoadResult {
  Status status = Status::kOk;
  std::vector<std::string> lines;  // error lines logged
};

// validate_binary, then validate_nodes, on an aligned copy (as every loader holds it).
LoadResult load(const std::vector<uint8_t>& bytes) {
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  lpai::host::AlignedBytes copy(bytes.size() + 1, 64);
  if (!bytes.empty()) std::memcpy(copy.data(), bytes.data(), bytes.size());
  lpai::format::BinaryView view;
  LoadResult r;
  r.status = lpai::format::validate_binary(copy.data(), bytes.size(), &view);
  if (r.status == Status::kOk) r.status = lpai::kernels::validate_nodes(view);
  r.lines = logs.lines();
  return r;
}

// The refusal as the loader reports it: one line from the structural loader, or the op's line
// plus validate_nodes' "node N (OP) rejected" line.
void expect_refused(const std::vector<uint8_t>& bytes, Status status, const std::string& line,
                    bool by_kernel) {
  const LoadResult r = load(bytes);
  EXPECT_EQ(r.status, status) << lpai::status_name(r.status);
  ASSERT_EQ(r.lines.size(), by_kernel ? 2u : 1u);
  EXPECT_NE(r.lines[0].find(line), std::string::npos) << r.lines[0];
  if (by_kernel) {
    EXPECT_NE(r.lines[1].find("rejected"), std::string::npos) << r.lines[1];
  }
  // Through the C API, in every host kernel variant: the context is refused with that code.
  const KernelVariant saved = lpai::host::kernel_variant();
  for (KernelVariant v :
       {KernelVariant::kPortable, KernelVariant::kAvx2, KernelVariant::kAvx512Vnni}) {
    if (!lpai::host::set_kernel_variant(v)) continue;
    SCOPED_TRACE(lpai::host::kernel_variant_name(v));
    lpai_test::LogCapture quiet(LPAI_LOG_LEVEL_ERROR);
    std::string error;
    EXPECT_EQ(lpai::host::Session::open(bytes, lpai::host::SessionOptions(), &error), nullptr);
    EXPECT_NE(error.find(std::to_string(lpai::status_code(status))), std::string::npos) << error;
  }
  lpai::host::set_kernel_variant(saved);
}

// Rewrites header total_size/crc32 after a patch.
void fix_crc(std::vector<uint8_t>* b) {
  auto* h = reinterpret_cast<lpai::format::BinaryHeader*>(b->data());
  h->total_size = static_cast<uint32_t>(b->size());
  h->crc32 = lpai::format::binary_crc32(b->data(), b->size());
}

lpai::format::TensorRecord* tensor_record(std::vector<uint8_t>* b, uint32_t id) {
  const auto* h = reinterpret_cast<const lpai::format::BinaryHeader*>(b->data());
  return reinterpret_cast<lpai::format::TensorRecord*>(b->data() + h->tensors.offset) + id;
}

template <typename T>
std::vector<uint8_t> blob_of(const T& v) {
  std::vector<uint8_t> b(sizeof(T));
  std::memcpy(b.data(), &v, sizeof(T));
  return b;
}

// ---- the project's own minimal inputs, one per class of finding --------------------------------

// TRANSPOSE int8[4] -> int8[4] whose copy dims multiply to 2^64 + 4 (4 (2^31 - 2^16 + 1)
// (2^31 + 2^16 + 1)), read with stride 0: the product wrapped in 64 bits equals the element
// count, so a wrapping check accepts it and eval writes 2^64 + 4 elements.
std::vector<uint8_t> strided_dims_wrap() {
  lpai::writer::GraphBuilder b("strided_dims_wrap");
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {4});
  const uint32_t perm = b.add_const_values<int32_t>("perm", DataType::kInt32, {1}, {0});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {4});
  lpai::kernels::movement::StridedCopyParams p = {};
  const uint32_t dims[6] = {1, 1, 1, 4, 2147418113u, 2147549185u};
  for (int k = 0; k < 6; ++k) p.out_dims[k] = dims[k];
  b.add_node(BuiltinOp::kTranspose, {in, perm}, {out}, blob_of(p));
  b.set_inputs({in}).set_outputs({out});
  std::string err;
  return b.serialize(&err);
}

// SVDF with num_units 4 and rank 2^30 + 1: num_units * rank wraps in int32 to 4 == num_filters.
std::vector<uint8_t> svdf_rank_wrap() {
  lpai::writer::GraphBuilder b("svdf_rank_wrap");
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {1, 2});
  const uint32_t wf = b.add_const("wf", DataType::kInt8, {4, 2}, std::vector<uint8_t>(8, 1));
  const uint32_t wt = b.add_const("wt", DataType::kInt8, {4, 2}, std::vector<uint8_t>(8, 1));
  const uint32_t state = b.add_persistent("state", DataType::kInt8, {1, 8});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {1, 4});
  lpai::kernels::SvdfParams p = {};
  p.batches = 1;
  p.input_size = 2;
  p.num_filters = 4;
  p.num_units = 4;
  p.rank = (1 << 30) + 1;
  p.memory_size = 2;
  p.feature_multiplier = p.output_multiplier = 1 << 30;
  b.add_node(BuiltinOp::kSvdf, {in, wf, wt, lpai::format::kNone, state}, {out}, blob_of(p));
  b.set_inputs({in}).set_outputs({out});
  std::string err;
  return b.serialize(&err);
}

// A COPY node writing the graph input it reads.
std::vector<uint8_t> node_writes_input() {
  lpai::writer::GraphBuilder b("node_writes_input");
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {8});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {8});
  b.add_node(BuiltinOp::kCopy, {in}, {in});
  b.add_node(BuiltinOp::kCopy, {in}, {out});
  b.set_inputs({in}).set_outputs({out});
  std::string err;
  return b.serialize(&err);
}

// Graph output 1 is written by no node (its bytes would be whatever the pool held).
std::vector<uint8_t> unwritten_output() {
  lpai::writer::GraphBuilder b("unwritten_output");
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {8});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {8});
  const uint32_t stale = b.add_scratch("stale", DataType::kInt8, {8});
  b.add_node(BuiltinOp::kCopy, {in}, {out});
  b.set_inputs({in}).set_outputs({out, stale});
  std::string err;
  return b.serialize(&err);
}

// A node reads an intermediate that only a later node writes.
std::vector<uint8_t> read_before_write() {
  lpai::writer::GraphBuilder b("read_before_write");
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {8});
  const uint32_t mid = b.add_scratch("mid", DataType::kInt8, {8});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {8});
  b.add_node(BuiltinOp::kCopy, {mid}, {out});
  b.add_node(BuiltinOp::kCopy, {in}, {mid});
  b.set_inputs({in}).set_outputs({out});
  std::string err;
  return b.serialize(&err);
}

// Two constants of different shapes on the same bytes (int8[8] and int8[2, 4]).
std::vector<uint8_t> consts_overlap() {
  lpai::writer::GraphBuilder b("consts_overlap");
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {8});
  const uint32_t a = b.add_const("a", DataType::kInt8, {8}, std::vector<uint8_t>(8, 3));
  const uint32_t c = b.add_const("c", DataType::kInt8, {2, 4}, std::vector<uint8_t>(8, 5));
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {8});
  const uint32_t x = b.add_scratch("x", DataType::kInt8, {8});
  const uint32_t y = b.add_scratch("y", DataType::kInt8, {2, 4});
  b.add_node(BuiltinOp::kCopy, {a}, {x});
  b.add_node(BuiltinOp::kCopy, {c}, {y});
  b.add_node(BuiltinOp::kCopy, {in}, {out});
  b.set_inputs({in}).set_outputs({out});
  std::string err;
  std::vector<uint8_t> bytes = b.serialize(&err);
  if (bytes.empty()) return bytes;
  tensor_record(&bytes, c)->offset = tensor_record(&bytes, a)->offset;
  fix_crc(&bytes);
  return bytes;
}

// SQUARED_DIFFERENCE int8 whose s_1 table holds 40000 (prepare's entries stay within 2^14):
// (s_1 - s_2)^2 overflows int32.
std::vector<uint8_t> squared_difference_table() {
  lpai::writer::GraphBuilder b("squared_difference_table");
  const uint32_t x = b.add_scratch("x", DataType::kInt8, {4});
  const uint32_t y = b.add_scratch("y", DataType::kInt8, {4});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {4});
  lpai::kernels::SquaredDifferenceParams p = {};
  p.input1_multiplier = p.input2_multiplier = p.output_multiplier = 1 << 30;
  std::vector<uint8_t> blob = blob_of(p);
  std::vector<int32_t> tables(512, 0);
  tables[200] = 40000;
  const size_t at = blob.size();
  blob.resize(at + tables.size() * 4);
  std::memcpy(blob.data() + at, tables.data(), tables.size() * 4);
  b.add_node(BuiltinOp::kSquaredDifference, {x, y}, {out}, blob);
  b.set_inputs({x, y}).set_outputs({out});
  std::string err;
  return b.serialize(&err);
}

// int16 SOFTMAX whose exp table has one negative entry (the row sum can reach 0 or below).
std::vector<uint8_t> softmax16_negative_lut() {
  lpai::writer::GraphBuilder b("softmax16_negative_lut");
  const uint32_t in = b.add_scratch("in", DataType::kInt16, {1, 4});
  const uint32_t out = b.add_scratch("out", DataType::kInt16, {1, 4});
  lpai::kernels::Softmax16Params p = {};
  p.tag = lpai::kernels::kSoftmax16Tag;
  p.input_multiplier = 1 << 30;
  for (uint32_t k = 0; k < 513; ++k) {
    p.exp_lut[k] = static_cast<int16_t>(64 * k < 32767 ? 64 * k : 32767);
    p.recip_lut[k] = 16384;
  }
  p.exp_lut[100] = -30000;
  b.add_node(BuiltinOp::kSoftmax, {in}, {out}, blob_of(p));
  b.set_inputs({in}).set_outputs({out});
  std::string err;
  return b.serialize(&err);
}

// A binary that asks for 1 GiB of scratch and a 1 GiB input.
std::vector<uint8_t> huge_scratch() {
  return big_io_binary(1u << 30);
}

struct Regression {
  const char* name;  // file name under tests/fuzz/regressions/context_binary/
  std::vector<uint8_t> (*make)();
  Status status;     // Status::kOk: loads; refused by host::Session
  const char* line;  // in the (first) error line
  bool by_kernel;
};

const Regression kRegressions[] = {
    {"issue31_strided_dims_wrap", strided_dims_wrap, Status::kBinaryBadParams,
     "TRANSPOSE: copy description", true},
    {"issue31_svdf_rank_wrap", svdf_rank_wrap, Status::kBinaryBadParams,
     "SVDF: parameters out of range", true},
    {"issue31_node_writes_input", node_writes_input, Status::kBinaryBadIo,
     "node 0 output 0 writes graph input tensor 0", false},
    {"issue31_unwritten_output", unwritten_output, Status::kBinaryBadIo,
     "graph output 1 (tensor 2) is written by no node", false},
    {"issue31_read_before_write", read_before_write, Status::kBinaryBadTensor,
     "node 0 input 0 reads tensor 1, which no earlier node writes", false},
    {"issue31_consts_overlap", consts_overlap, Status::kBinaryBadTensor,
     "const tensors 1 and 2 overlap with different shapes", false},
    {"issue31_squared_difference_table", squared_difference_table, Status::kBinaryBadParams,
     "SQUARED_DIFFERENCE: table entries exceed", true},
    {"issue31_softmax16_negative_lut", softmax16_negative_lut, Status::kBinaryBadParams,
     "SOFTMAX: int16 exp table inconsistent", true},
};

TEST(ReliabilityRegressions, EachClassIsRefusedAtLoadWithItsStatus) {
  for (const Regression& r : kRegressions) {
    SCOPED_TRACE(r.name);
    const std::vector<uint8_t> bytes = r.make();
    ASSERT_FALSE(bytes.empty());
    expect_refused(bytes, r.status, r.line, r.by_kernel);
  }
}

TEST(ReliabilityRegressions, CheckedInCorpusIsWhatThisTestBuilds) {
  const std::string dir = std::string(LPAI_SOURCE_DIR) + "/tests/fuzz/regressions/context_binary/";
  const char* write_to = std::getenv("LPAI_WRITE_REGRESSIONS");
  for (const Regression& r : kRegressions) {
    SCOPED_TRACE(r.name);
    const std::vector<uint8_t> bytes = r.make();
    if (write_to != nullptr) {
      ASSERT_TRUE(write_file(std::string(write_to) + "/" + r.name, bytes));
    }
    EXPECT_EQ(read_bytes(dir + r.name), bytes) << "rebuild with LPAI_WRITE_REGRESSIONS=" << dir;
  }
}

TEST(ReliabilityRegressions, SessionRefusesBuffersBeyondTheHostArenaBeforeAllocating) {
  const std::vector<uint8_t> bytes = huge_scratch();
  ASSERT_EQ(load(bytes).status, Status::kOk);  // a valid plan; the host cannot hold it
  std::string error;
  EXPECT_EQ(lpai::host::Session::open(bytes, lpai::host::SessionOptions(), &error), nullptr);
  EXPECT_EQ(error, "graph input 0 of 1073741824 bytes exceeds the host DDR arena (" +
                       std::to_string(lpai::host::kMaxHostBufferBytes) + " bytes)");
  // A graph exactly at the limit opens.
  EXPECT_NE(lpai::host::Session::open(big_io_binary(1u << 20), lpai::host::SessionOptions(),
                                      &error),
            nullptr)
      << error;
}

// ---- delegate API: a float32 boundary tensor is not the device's integer tensor ----------------

// float [1, 10] -QUANTIZE-> int8 -DEQUANTIZE-> float [1, 10]: both boundary conversions fold
// into the IO description (the device tensors are int8, 10 bytes; the model's 40).
std::vector<uint8_t> float_boundary_model(bool float_in, bool float_out) {
  namespace tb = lpai::tflite_builder;
  tb::TfliteBuilder m;
  tb::TensorSpec f;
  f.type = tb::tfl::TensorType_FLOAT32;
  f.shape = {1, 10};
  f.name = "fin";
  const int fin = float_in ? m.tensor(f) : m.act("in", {1, 10}, 0.25f, 3);
  const int q = m.act("q", {1, 10}, 0.25f, 3);
  const int r = m.act("r", {1, 10}, 0.25f, 3);
  if (float_in) {
    m.op({tb::kQuantize, {fin}, {q}, {}, tb::tfl::BuiltinOptions_NONE, nullptr, -1});
  } else {
    m.op({tb::kRelu, {fin}, {q}, {}, tb::tfl::BuiltinOptions_NONE, nullptr, -1});
  }
  m.op({tb::kRelu, {q}, {r}, {}, tb::tfl::BuiltinOptions_NONE, nullptr, -1});
  int out = r;
  if (float_out) {
    f.name = "fout";
    out = m.tensor(f);
    m.op({tb::kDequantize, {r}, {out}, {}, tb::tfl::BuiltinOptions_NONE, nullptr, -1});
  }
  m.io({fin}, {out});
  return m.finish();
}

TEST(ReliabilityDelegate, FloatBoundaryIoIsRefusedNotExposedAsTheIntegerTensor) {
  for (const bool float_in : {true, false}) {
    SCOPED_TRACE(float_in ? "float input" : "float output");
    const std::vector<uint8_t> model = float_boundary_model(float_in, !float_in);
    // Session converts such IO (the caller sees 40-byte float tensors).
    lpai::prepare::PrepareOutput prepared;
    std::string error;
    ASSERT_EQ(lpai_test::failure(lpai::prepare::prepare_tflite(model.data(), model.size(),
                                              lpai::prepare::PlanOptions(), &prepared)), "");
    std::unique_ptr<lpai::host::Session> s =
        lpai::host::Session::open(prepared.binary, lpai::host::SessionOptions(), &error);
    ASSERT_NE(s, nullptr) << error;
    const lpai::host::TensorInfo& t = float_in ? s->inputs()[0] : s->outputs()[0];
    EXPECT_TRUE(t.float_io);
    EXPECT_EQ(t.bytes, 40u);
    // The delegate hands out the device's buffers: refused, one line naming the tensor.
    error.clear();
    EXPECT_EQ(lpai::delegate::Interpreter::FromModel(model, &error), nullptr);
    EXPECT_NE(error.find(float_in ? "float32 graph input" : "float32 graph output"),
              std::string::npos)
        << error;
    EXPECT_NE(error.find("not supported by the delegate API"), std::string::npos) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos);
  }
  // Integer IO still opens.
  std::string error;
  EXPECT_NE(lpai::delegate::Interpreter::FromModel(add_tflite(), &error), nullptr) << error;
}

// ---- ../shared/reliability -----------------------------------------------------------------------

struct SharedCase {
  const char* file;
  Status status;
  const char* line;
  bool by_kernel;
  std::vector<std::string> inputs;  // files of the input list line (net-run)
};

std::vector<SharedCase> shared_cases() {
  return {
      {"transpose16_out_dims_wrap.bin", Status::kBinaryBadParams, "TRANSPOSE: copy description",
       true, {"transpose16_out_dims_wrap.input.raw"}},
      {"svdf_rank_wrap.bin", Status::kBinaryBadParams, "SVDF: parameters out of range", true,
       {"svdf_rank_wrap.input.raw"}},
      {"unwritten_output.bin", Status::kBinaryBadIo, "writes graph input tensor 0", false,
       {"unwritten_output.input.raw"}},
      {"lstm_shared_weight_address_uaf.bin", Status::kBinaryBadTensor,
       "overlap with different shapes", false, {"lstm_shared_weight_address.input50.raw"}},
      {"lstm_shared_weight_address_wrong.bin", Status::kBinaryBadTensor,
       "overlap with different shapes", false, {"lstm_shared_weight_address.input10.raw"}},
      {"squared_difference_int8_table_overflow.bin", Status::kBinaryBadParams,
       "SQUARED_DIFFERENCE: table entries exceed", true,
       {"squared_difference.int8_a.raw", "squared_difference.int8_b.raw"}},
      {"squared_difference16_unit_multipliers.bin", Status::kBinaryBadParams,
       "SQUARED_DIFFERENCE: input multipliers exceed", true,
       {"squared_difference.int16_a.raw", "squared_difference.int16_b.raw"}},
      {"softmax16_negative_exp_lut.bin", Status::kBinaryBadParams,
       "SOFTMAX: int16 exp table inconsistent", true, {"softmax16_negative_exp_lut.input.raw"}},
      {"lstm16x8_one_byte.bin", Status::kBinaryBadParams, "16x8 gate bias", true,
       {"lstm16x8_one_byte.input.raw"}},
  };
}

TEST(ReliabilityShared, CraftedBinariesAreRefusedAtLoad) {
  LPAI_REQUIRE_SHARED(root, "reliability");
  for (const SharedCase& c : shared_cases()) {
    SCOPED_TRACE(c.file);
    const std::vector<uint8_t> bytes = lpai_test::read_file(root + "/" + c.file);
    ASSERT_FALSE(bytes.empty());
    expect_refused(bytes, c.status, c.line, c.by_kernel);
  }
}

TEST(ReliabilityShared, NetRunReportsEachRefusalWithTheFirmwaresLinesOnly) {
  LPAI_REQUIRE_SHARED(root, "reliability");
  TempDir dir;
  for (const SharedCase& c : shared_cases()) {
    SCOPED_TRACE(c.file);
    std::string line;
    for (const std::string& f : c.inputs) line += quote(root + "/" + f) + " ";
    const std::string list = dir / (std::string(c.file) + ".txt");
    ASSERT_TRUE(write_text(list, line + "\n"));
    const CommandResult r = net_run(root + "/" + c.file, list, dir / "out");
    EXPECT_EQ(r.exit_code, 2) << r.output;
    EXPECT_EQ(r.count_lines_starting("ERROR: "), c.by_kernel ? 2u : 1u) << r.output;
    EXPECT_EQ(r.lines().size(), c.by_kernel ? 2u : 1u) << r.output;
    EXPECT_TRUE(r.contains(c.line)) << r.output;
  }
}

TEST(ReliabilityShared, TinyBinaryWithHugeScratchIsRefusedBeforeMemoryIsCommitted) {
  LPAI_REQUIRE_SHARED(root, "reliability");
  TempDir dir;
  ASSERT_TRUE(write_file(dir / "one.raw", {7}));
  ASSERT_TRUE(write_text(dir / "list.txt", "one.raw\n"));
  const CommandResult r = net_run(root + "/tiny_1gib_scratch.bin", dir / "list.txt", dir / "out");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  ASSERT_EQ(r.lines().size(), 1u) << r.output;
  EXPECT_EQ(r.lines()[0].rfind("lpai-net-run: error: initialisation failed: ", 0), 0u) << r.output;
  EXPECT_TRUE(r.contains("exceeds the host DDR arena (8388608 bytes)")) << r.output;
  // The tool never held more than a few tens of MiB (it used to commit 2.1 GB here).
  struct rusage usage = {};
  ASSERT_EQ(getrusage(RUSAGE_CHILDREN, &usage), 0);
  EXPECT_LT(usage.ru_maxrss, 256 * 1024) << "KiB";
}

// TFLite Micro's ELU table (elu.cc PopulateLookupTable) in float, written here from its
// algorithm, with the int8 saturation applied before the float leaves the float domain.
std::vector<int8_t> elu_reference(float in_scale, int32_t in_zp, float out_scale, int32_t out_zp) {
  std::vector<int8_t> table(256);
  const float inverse_scale = 1 / out_scale;
  for (int32_t x = -128; x <= 127; ++x) {
    const float d = in_scale * static_cast<float>(x - in_zp);
    const float t = d < 0.0f ? std::exp(d) - 1.0f : d;
    const float q = std::round(t * inverse_scale) + static_cast<float>(out_zp);
    table[static_cast<uint8_t>(x)] = static_cast<int8_t>(q >= 127.0f ? 127 : q <= -128.0f ? -128 : q);
  }
  return table;
}

TEST(ReliabilityShared, EluExtremeScalesPrepareToTheSaturatedTable) {
  LPAI_REQUIRE_SHARED(root, "reliability");
  for (const char* file : {"elu_inf.tflite", "elu_conformance_input_scale_2e36.tflite",
                           "elu_conformance_output_scale_1e-38.tflite"}) {
    SCOPED_TRACE(file);
    const std::vector<uint8_t> model = lpai_test::read_file(root + "/" + file);
    ASSERT_FALSE(model.empty());
    lpai::prepare::PrepareOutput out;
    std::string error;
    if (const lpai::host::HostStatus st = lpai::prepare::prepare_tflite(model.data(), model.size(), lpai::prepare::PlanOptions(),
                                       &out); !st.ok()) {
      error = st.error();
      // A refusal is one printable line.
      EXPECT_FALSE(error.empty());
      EXPECT_EQ(error.find('\n'), std::string::npos) << error;
      continue;
    }
    bool found = false;
    for (size_t i = 0; i < out.graph.ops.size(); ++i) {
      const lpai::prepare::PrepOp& op = out.graph.ops[i];
      if (op.builtin != static_cast<int>(BuiltinOp::kElu)) continue;
      found = true;
      const lpai::prepare::PrepTensor& in = *op.inputs[0];
      const lpai::prepare::PrepTensor& o = *op.outputs[0];
      const std::vector<int8_t> want =
          elu_reference(in.scales[0], static_cast<int32_t>(in.zero_points[0]), o.scales[0],
                        static_cast<int32_t>(o.zero_points[0]));
      lpai::format::BinaryView view;
      lpai::host::AlignedBytes copy(out.binary.size(), 64);
      std::memcpy(copy.data(), out.binary.data(), out.binary.size());
      ASSERT_EQ(lpai::format::validate_binary(copy.data(), out.binary.size(), &view), Status::kOk);
      const lpai::format::NodeRecord* node = nullptr;
      for (uint32_t n = 0; n < view.node_count(); ++n) {
        if (view.node(n).op == static_cast<uint16_t>(BuiltinOp::kElu)) node = &view.node(n);
      }
      ASSERT_NE(node, nullptr);
      ASSERT_GE(node->params_size, 256u);
      const std::vector<int8_t> got(
          reinterpret_cast<const int8_t*>(view.params(*node)),
          reinterpret_cast<const int8_t*>(view.params(*node)) + 256);
      EXPECT_EQ(got, want);
    }
    EXPECT_TRUE(found);
  }
}

}  // namespace
