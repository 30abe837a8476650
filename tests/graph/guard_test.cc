// Guard test: scratch, persistent and IO buffers sit inside one region filled with a pattern;
// after finalize and several executions, every byte outside the planned ranges still holds
// the pattern.
#include "graph_fixture.h"

namespace lpai_graph_test {
namespace {

constexpr uint8_t kGuard = 0xA5;
constexpr uint32_t kRegion = 8192;
constexpr uint32_t kScratchAt = 1024;
constexpr uint32_t kPersistentAt = 2048;
constexpr uint32_t kInAt = 3072;
constexpr uint32_t kOutAt = 4096;
constexpr uint32_t kIoBytes = 64;  // caller IO buffers (the tensors use 10 bytes)

// in(10) -> COPY -> mid(10) -> COPY -> state(10, persistent); state -> COPY -> out(10)
// (first node). 10-byte tensors leave padding between the 16-byte aligned offsets.
std::vector<uint8_t> guarded_graph(bool memhandle_hint) {
  lpai::writer::GraphBuilder b("guarded");
  b.set_io_memhandle_hint(memhandle_hint);
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {10});
  const uint32_t mid = b.add_scratch("mid", DataType::kInt8, {10});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {10});
  const uint32_t state = b.add_persistent("state", DataType::kInt8, {10});
  b.add_node(BuiltinOp::kCopy, {state}, {out});
  b.add_node(BuiltinOp::kCopy, {in}, {mid});
  b.add_node(BuiltinOp::kCopy, {mid}, {state});
  b.set_inputs({in}).set_outputs({out});
  std::string err;
  std::vector<uint8_t> bin = b.serialize(&err);
  EXPECT_TRUE(err.empty()) << err;
  return bin;
}

class Guard : public RuntimeTest, public ::testing::WithParamInterface<bool> {};

TEST_P(Guard, NothingOutsideThePlannedRangesIsWritten) {
  const bool use_handles = GetParam();
  open(guarded_graph(use_handles));
  lpai::host::AlignedBytes region(kRegion, 4096);
  uint8_t* r = region.data();
  std::memset(r, kGuard, kRegion);

  uint32_t scratch = 0, persistent = 0;
  ASSERT_EQ(rt::graph_scratch_size(graph_, &scratch), Status::kOk);
  ASSERT_EQ(rt::graph_persistent_size(graph_, &persistent), Status::kOk);
  rt::GraphConfig cfg[2] = {};
  cfg[0].kind = rt::GraphConfigKind::kScratch;
  cfg[0].mem = {lpai::MemType::kDdr, scratch, r + kScratchAt};
  cfg[1].kind = rt::GraphConfigKind::kPersistent;
  cfg[1].mem = {lpai::MemType::kDdr, persistent, r + kPersistentAt};
  ASSERT_EQ(rt::graph_set_config(graph_, cfg, 2), Status::kOk);
  ASSERT_EQ(rt::graph_finalize(graph_), Status::kOk);

  rt::IoTensor i{}, o{};
  if (use_handles) {
    rt::MemRequest req[2] = {};
    req[0].kind = req[1].kind = rt::MemKind::kCustom;
    req[0].buffer = r + kInAt;
    req[1].buffer = r + kOutAt;
    req[0].buffer_size = req[1].buffer_size = kIoBytes;
    req[0].shape_bytes = req[1].shape_bytes = 10;
    rt::Handle h[2];
    ASSERT_EQ(rt::mem_register(context_, req, 2, h), Status::kOk);
    i = memhandle(0, h[0]);
    o = memhandle(2, h[1]);
  } else {
    i = raw(0, r + kInAt, kIoBytes);
    o = raw(2, r + kOutAt, kIoBytes);
  }

  // Planned ranges (region offsets), from the binary's records.
  std::vector<std::pair<uint32_t, uint32_t>> written;  // [begin, end)
  for (uint32_t id = 0; id < view_->tensor_count(); ++id) {
    const lpai::format::TensorRecord& t = view_->tensor(id);
    if (t.mem_class == static_cast<uint8_t>(lpai::format::MemClass::kScratch)) {
      written.push_back({kScratchAt + t.offset, kScratchAt + t.offset + t.size});
    }
  }
  written.push_back({kPersistentAt, kPersistentAt + view_->plan().persistent_size});  // zeroed
  written.push_back({kInAt, kInAt + 10});    // the input the caller writes
  written.push_back({kOutAt, kOutAt + 10});  // the output the graph writes

  for (int run = 0; run < 3; ++run) {
    for (int k = 0; k < 10; ++k) r[kInAt + k] = static_cast<uint8_t>(run * 10 + k);
    ASSERT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
    if (run > 0) {
      for (int k = 0; k < 10; ++k) {
        ASSERT_EQ(r[kOutAt + k], static_cast<uint8_t>((run - 1) * 10 + k)) << run << " " << k;
      }
    }
  }
  for (uint32_t b = 0; b < kRegion; ++b) {
    bool planned = false;
    for (const auto& w : written) planned = planned || (b >= w.first && b < w.second);
    if (!planned) {
      ASSERT_EQ(r[b], kGuard) << "byte " << b << " outside every planned range";
    }
  }
  if (!use_handles) {
    // IO went through the planned scratch homes (raw hint, DDR).
    EXPECT_EQ(r[kScratchAt + view_->tensor(0).offset], 20);
  }
}

INSTANTIATE_TEST_SUITE_P(IoKinds, Guard, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& info) {
                           return std::string(info.param ? "memhandle" : "raw");
                         });

}  // namespace
}  // namespace lpai_graph_test
