// HVX layouts of the always-on models' small layers (prepare --kernel_layout hvx): the int8
// UNIDIRECTIONAL_SEQUENCE_LSTM layout (firmware/kernels/hvx/hvx_lstm_layout.h) and the packed
// GEMV of few-row FULLY_CONNECTED (kFcFlagHvxPacked). Which nodes get one, that the portable
// blob is unchanged, that the packed gate weights are the gate rows in vrmpy order (formula
// written here), and that the loader refuses a layout word that disagrees, a flag without its
// layout, and too little kernel scratch, each with its exact status and one log line; the
// kernel scratch planned (none for the packed GEMV over aligned rows, the gate lanes for the
// LSTM).
// Data-driven over ../shared/models (skips without them).
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "core/status.h"
#include "format/binary_view.h"
#include "format/format_test_util.h"
#include "kernels/kernel_api.h"
#include "kernels/params/fully_connected.h"
#include "kernels/params/unidirectional_sequence_lstm.h"
#include "prepare/prepare.h"

namespace lpai_test {
namespace {

using lpai::Status;
using lpai::format::BinaryView;
using lpai::format::BuiltinOp;
using lpai::format::NodeRecord;
using lpai::kernels::UnidirectionalSequenceLstmParams;
using lpai::prepare::KernelLayout;
using lpai::prepare::PlanOptions;
using lpai::prepare::PrepareOutput;

std::vector<uint8_t> prepare(const std::vector<uint8_t>& model, KernelLayout layout) {
  PlanOptions o;
  o.kernel_layout = layout;
  PrepareOutput out;
  EXPECT_EQ(lpai_test::failure(lpai::prepare::prepare_tflite(model.data(), model.size(), o, &out)), "");
  return out.binary;
}

Status validate_all(const Bytes& b) {
  BinaryView v;
  const Status s = lpai::format::validate_binary(b.data(), b.size(), &v);
  if (s != Status::kOk) return s;
  return lpai::kernels::validate_nodes(v);
}

NodeRecord node(const std::vector<uint8_t>& b, uint32_t i) {
  NodeRecord n;
  std::memcpy(&n, b.data() + node_at(b.data(), i), sizeof n);
  return n;
}

const uint8_t* const_data(const std::vector<uint8_t>& b, const NodeRecord& n, uint32_t input) {
  const uint32_t id = get<uint32_t>(b.data(), index_at(b.data(), n.inputs_index + input));
  lpai::format::TensorRecord t;
  std::memcpy(&t, b.data() + tensor_at(b.data(), id), sizeof t);
  return b.data() + header_of(b.data()).consts.offset + t.offset;
}

// Validates the patched binary; expects `s`, the kernel's line containing `log` and the
// loader's line naming node `i`.
void expect_refused(std::vector<uint8_t> b, uint32_t i, Status s, const char* log) {
  fix_crc(b.data(), b.size());
  LogCapture cap(LPAI_LOG_LEVEL_ERROR);
  EXPECT_EQ(validate_all(Bytes(b)), s);
  ASSERT_EQ(cap.lines().size(), 2u);
  EXPECT_NE(cap.lines()[0].find(log), std::string::npos) << cap.lines()[0];
  EXPECT_NE(cap.lines()[1].find("node " + std::to_string(i) + " ("), std::string::npos) << cap.lines()[1];
}

struct Pair {
  std::vector<uint8_t> hvx, portable;
};

bool load(const char* model, Pair* p) {
  const std::string path = shared_path(std::string("models/") + model + ".tflite");
  if (path.empty()) return false;
  const std::vector<uint8_t> m = read_file(path);
  p->hvx = prepare(m, KernelLayout::kHvx);
  p->portable = prepare(m, KernelLayout::kPortable);
  return true;
}

// trained_lstm_int8: one LSTM (I = 28, S = 20); dtln: two (I = 257 / 128, S = 128).
TEST(HvxLstmLayout, GateRowsInVrmpyOrderPortableBlobUnchanged) {
  Pair m;
  if (!load("trained_lstm_int8", &m)) GTEST_SKIP() << "../shared/models absent: data-driven test skipped";
  ASSERT_EQ(validate_all(Bytes(m.hvx)), Status::kOk);
  const NodeRecord nh = node(m.hvx, 0), np = node(m.portable, 0);
  ASSERT_EQ(nh.op, static_cast<uint16_t>(BuiltinOp::kUnidirectionalSequenceLstm));
  const uint32_t I = 28, S = 20, blocks = 3, in_groups = 7, rec_groups = 5;
  ASSERT_EQ(np.params_size, 128u + 32u * S);
  ASSERT_EQ(nh.params_size, np.params_size + blocks * (2 * 768 + (in_groups + rec_groups) * 128));
  const uint8_t* a = m.hvx.data() + header_of(m.hvx.data()).params.offset + nh.params_offset;
  const uint8_t* b = m.portable.data() + header_of(m.portable.data()).params.offset + np.params_offset;
  EXPECT_EQ(0, std::memcmp(a, b, np.params_size));
  UnidirectionalSequenceLstmParams p;
  std::memcpy(&p, a, sizeof p);
  ASSERT_EQ(p.input_size, I);
  ASSERT_EQ(p.state_size, S);
  // Word (block b, group g, lane l) of the input part: W_gate[j][4g .. 4g + 4) for channel
  // c = 32b + l = gate * S + j, zero past 4S channels and past the depth.
  const uint8_t* w = a + np.params_size + blocks * 2 * 768;
  for (uint32_t blk = 0; blk < blocks; ++blk) {
    for (uint32_t g = 0; g < in_groups; ++g) {
      for (uint32_t l = 0; l < 32; ++l) {
        const uint32_t c = 32 * blk + l;
        for (uint32_t j = 0; j < 4; ++j) {
          const uint8_t want = c < 4 * S ? const_data(m.hvx, nh, 1 + c / S)[(c % S) * I + 4 * g + j] : 0;
          ASSERT_EQ(w[((blk * in_groups + g) * 32 + l) * 4 + j], want) << blk << " " << g << " " << l;
        }
      }
    }
  }
  // Recurrent part, last group: R_gate[j][16 .. 20).
  const uint8_t* r = w + blocks * in_groups * 128;
  for (uint32_t l = 0; l < 32; ++l) {
    const uint32_t c = 32 + l;
    for (uint32_t j = 0; j < 4; ++j) {
      EXPECT_EQ(r[((1 * rec_groups + 4) * 32 + l) * 4 + j], const_data(m.hvx, nh, 5 + c / S)[(c % S) * S + 16 + j]);
    }
  }
  // Lane rows: the input part's multiplier row of block 1 is input_fc[c / S] for c = 32 + l.
  for (uint32_t l = 0; l < 32; ++l) {
    EXPECT_EQ(get<int32_t>(a + np.params_size, 768 + 2 * 128 + 4 * l), p.input_fc[(32 + l) / S].multiplier);
  }
}

TEST(HvxLstmLayout, DtlnBothLstmsLaidOutAndValid) {
  Pair m;
  if (!load("dtln_noise_suppression", &m)) GTEST_SKIP() << "../shared/models absent: data-driven test skipped";
  EXPECT_EQ(validate_all(Bytes(m.hvx)), Status::kOk);
  uint32_t lstms = 0;
  for (uint32_t i = 0; i < header_of(m.hvx.data()).nodes.count; ++i) {
    const NodeRecord nh = node(m.hvx, i), np = node(m.portable, i);
    if (nh.op != static_cast<uint16_t>(BuiltinOp::kUnidirectionalSequenceLstm)) continue;
    ++lstms;
    EXPECT_GT(nh.params_size, np.params_size) << "node " << i;
  }
  EXPECT_EQ(lstms, 2u);
}

TEST(HvxLstmLayout, EveryPartOfTheLayoutIsChecked) {
  Pair m;
  if (!load("trained_lstm_int8", &m)) GTEST_SKIP() << "../shared/models absent: data-driven test skipped";
  const NodeRecord nh = node(m.hvx, 0), np = node(m.portable, 0);
  const uint32_t at = header_of(m.hvx.data()).params.offset + nh.params_offset + np.params_size;
  const uint32_t bytes = nh.params_size - np.params_size;
  // Input lanes, recurrent lanes, input weights, recurrent weights (last word).
  for (uint32_t off : {0u, 3 * 768u + 8, 6 * 768u + 100 * 4, bytes - 4}) {
    SCOPED_TRACE("layout word at " + std::to_string(off));
    std::vector<uint8_t> b = m.hvx;
    b[at + off] ^= 0x01;
    expect_refused(b, 0, Status::kBinaryBadParams, "HVX layout differs");
  }
}

TEST(HvxLstmLayout, KernelScratchSmallerThanTheHvxStepNeeds) {
  Pair m;
  if (!load("trained_lstm_int8", &m)) GTEST_SKIP() << "../shared/models absent: data-driven test skipped";
  const NodeRecord nh = node(m.hvx, 0);
  ASSERT_NE(nh.temp_tensor, lpai::format::kNone);
  std::vector<uint8_t> b = m.hvx;
  const size_t t = tensor_at(b.data(), nh.temp_tensor);
  const uint32_t portable_temp = lpai::kernels::unidirectional_sequence_lstm_temp_size(20);
  put<uint32_t>(b.data(), t + offsetof(lpai::format::TensorRecord, dims), portable_temp);
  put<uint32_t>(b.data(), t + offsetof(lpai::format::TensorRecord, size), portable_temp);
  expect_refused(b, 0, Status::kBinaryBadPlan, "kernel scratch smaller than the HVX step");
}

// The planned kernel scratch of node i: bytes of its temp tensor (0 without one).
uint32_t temp_bytes(const std::vector<uint8_t>& b, uint32_t i) {
  const NodeRecord n = node(b, i);
  if (n.temp_tensor == lpai::format::kNone) return 0;
  return get<uint32_t>(b.data(), tensor_at(b.data(), n.temp_tensor) + offsetof(lpai::format::TensorRecord, size));
}

// The HVX step reads the input row and hidden state in place: its scratch is the int32 gate
// values, 4S = 80 channels in 3 blocks of 32 lanes (the last unit chunk's output gate reaches
// lane 3S + 32 = 92 < 96), 4-byte aligned from any start: 3 + 4 * 96 bytes.
TEST(HvxLstmLayout, KernelScratchIsTheGateLanes) {
  Pair m;
  if (!load("trained_lstm_int8", &m)) GTEST_SKIP() << "../shared/models absent: data-driven test skipped";
  EXPECT_EQ(temp_bytes(m.hvx, 0), 3u + 4u * 96u);
  EXPECT_EQ(temp_bytes(m.portable, 0), 8u * 20u);  // the portable step's four int16 gate rows
}

// ad01_int8: ten FCs of one row (640 -> 128 ... 128 -> 640), all on the packed GEMV.
TEST(HvxFcPackedGemv, EveryFewRowFcOfAd01) {
  Pair m;
  if (!load("ad01_int8", &m)) GTEST_SKIP() << "../shared/models absent: data-driven test skipped";
  ASSERT_EQ(validate_all(Bytes(m.hvx)), Status::kOk);
  uint32_t packed = 0;
  for (uint32_t i = 0; i < header_of(m.hvx.data()).nodes.count; ++i) {
    const NodeRecord nh = node(m.hvx, i);
    if (nh.op != static_cast<uint16_t>(BuiltinOp::kFullyConnected)) continue;
    lpai::kernels::FullyConnectedParams p;
    std::memcpy(&p, m.hvx.data() + header_of(m.hvx.data()).params.offset + nh.params_offset, sizeof p);
    const uint32_t want = lpai::kernels::kFcFlagHvxLayout | lpai::kernels::kFcFlagHvxPacked;
    if ((p.flags & want) == want) ++packed;
  }
  EXPECT_EQ(packed, 10u);
  // One row from a planned (aligned) tensor: read in place, no kernel scratch.
  for (uint32_t i = 0; i < header_of(m.hvx.data()).nodes.count; ++i) {
    EXPECT_EQ(temp_bytes(m.hvx, i), 0u) << "node " << i;
  }
}

TEST(HvxFcPackedGemv, FlagWithoutLayoutAndLayoutWordRefused) {
  Pair m;
  if (!load("ad01_int8", &m)) GTEST_SKIP() << "../shared/models absent: data-driven test skipped";
  // Node 4 (128 -> 8: a small product, laid out only for the packed GEMV).
  const NodeRecord nh = node(m.hvx, 4), np = node(m.portable, 4);
  const uint32_t hvx_at = header_of(m.hvx.data()).params.offset + nh.params_offset;
  const uint32_t fo = offsetof(lpai::kernels::FullyConnectedParams, flags);
  {
    std::vector<uint8_t> b = m.portable;
    const uint32_t at = header_of(b.data()).params.offset + np.params_offset + fo;
    put<uint32_t>(b.data(), at, get<uint32_t>(b.data(), at) | lpai::kernels::kFcFlagHvxPacked);
    expect_refused(b, 4, Status::kBinaryBadParams, "packed GEMV flag without an HVX layout");
  }
  {
    std::vector<uint8_t> b = m.hvx;
    put<uint32_t>(b.data(), hvx_at + fo, get<uint32_t>(b.data(), hvx_at + fo) & ~lpai::kernels::kFcFlagHvxPacked);
    expect_refused(b, 4, Status::kBinaryBadParams, "HVX layout on a product the HVX path does not take");
  }
  {
    std::vector<uint8_t> b = m.hvx;
    b[hvx_at + nh.params_size - 4] ^= 0x01;  // the last packed weight word
    expect_refused(b, 4, Status::kBinaryBadParams, "HVX layout differs");
  }
}

}  // namespace
}  // namespace lpai_test
