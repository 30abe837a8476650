// Executor memory paths: planned offsets, RAW IO (copies, errors), MEMHANDLE IO (zero copy),
// the IO-hint x execution-memType matrix of seed 002 with the counters, profiling.
#include "graph_fixture.h"

#include "kernels/params/add.h"

namespace lpai_graph_test {
namespace {

using Executor = RuntimeTest;

// A shared (rpcmem-like) buffer registered on `context` as a memory handle.
struct SharedBuffer {
  uint8_t* data = nullptr;
  int32_t fd = -1;
  rt::Handle handle = rt::kNullHandle;
  SharedBuffer(rt::Handle context, uint32_t bytes) {
    data = static_cast<uint8_t*>(lpai_hal_host_shared_alloc(bytes, 64, &fd));
    EXPECT_NE(data, nullptr);
    rt::MemRequest r{};
    r.kind = rt::MemKind::kShared;
    r.fd = fd;
    r.shape_bytes = bytes;
    EXPECT_EQ(rt::mem_register(context, &r, 1, &handle), Status::kOk);
  }
  ~SharedBuffer() { lpai_hal_host_shared_free(data); }
};

TEST_F(Executor, PlannedIntermediateLivesAtItsOffset) {
  open_and_finalize(chain_graph(false, 40));
  std::memset(scratch_buf_->data(), 0, 192);
  lpai::host::AlignedBytes in(64, 64), out(64, 64);
  const std::vector<uint8_t> data = pattern(40, 5);
  std::memcpy(in.data(), data.data(), 40);
  rt::IoTensor i = raw(0, in.data(), 40), o = raw(2, out.data(), 40);
  ASSERT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
  EXPECT_EQ(std::memcmp(out.data(), data.data(), 40), 0);
  // in at 0, mid at 48, out at 96 (builder: sequential, 16-byte starts).
  EXPECT_EQ(view_->tensor(0).offset, 0u);
  EXPECT_EQ(view_->tensor(1).offset, 48u);
  EXPECT_EQ(view_->tensor(2).offset, 96u);
  EXPECT_EQ(std::memcmp(scratch_buf_->data() + 0, data.data(), 40), 0);   // input's IO home
  EXPECT_EQ(std::memcmp(scratch_buf_->data() + 48, data.data(), 40), 0);  // intermediate
  EXPECT_EQ(std::memcmp(scratch_buf_->data() + 96, data.data(), 40), 0);  // output's IO home
}

TEST_F(Executor, RawBufferErrorsEachHaveTheirOwnCodeAndChangeNothing) {
  open_and_finalize(copy_graph(false, 64));
  lpai::host::AlignedBytes in(128, 64), out(128, 64);
  rt::IoTensor i = raw(0, in.data(), 64), o = raw(1, out.data(), 64);
  ASSERT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
  const rt::GraphCounters before = counters();

  rt::IoTensor bad = raw(0, nullptr, 64);
  EXPECT_EQ(rt::graph_execute(graph_, &bad, 1, &o, 1), Status::kTensorBufferNull);
  bad = raw(0, in.data() + 16, 64);
  EXPECT_EQ(rt::graph_execute(graph_, &bad, 1, &o, 1), Status::kTensorBufferMisaligned);
  bad = raw(0, in.data(), 63);
  EXPECT_EQ(rt::graph_execute(graph_, &bad, 1, &o, 1), Status::kTensorBufferTooSmall);
  bad = raw(1, out.data(), 32);
  EXPECT_EQ(rt::graph_execute(graph_, &i, 1, &bad, 1), Status::kTensorBufferTooSmall);
  bad = raw(7, in.data(), 64);
  EXPECT_EQ(rt::graph_execute(graph_, &bad, 1, &o, 1), Status::kTensorUnknownId);
  bad = raw(1, in.data(), 64);  // an output given as input
  EXPECT_EQ(rt::graph_execute(graph_, &bad, 1, &o, 1), Status::kTensorInvalidArgument);
  bad = i;
  bad.kind = static_cast<rt::IoKind>(5);
  EXPECT_EQ(rt::graph_execute(graph_, &bad, 1, &o, 1), Status::kTensorBadMemType);
  EXPECT_EQ(rt::graph_execute(graph_, &i, 0, &o, 1), Status::kTensorCountMismatch);
  EXPECT_EQ(rt::graph_execute(graph_, &i, 1, &o, 2), Status::kTensorCountMismatch);
  EXPECT_EQ(rt::graph_execute(graph_, nullptr, 1, &o, 1), Status::kTensorInvalidArgument);

  const rt::GraphCounters after = counters();
  EXPECT_EQ(after.executions, before.executions);
  EXPECT_EQ(after.io_bytes_copied, before.io_bytes_copied);
  EXPECT_EQ(after.io_allocations, before.io_allocations);
}

TEST_F(Executor, DuplicateIdsAreRejected) {
  lpai::writer::GraphBuilder b("two_in");
  const uint32_t a = b.add_scratch("a", DataType::kInt8, {8});
  const uint32_t c = b.add_scratch("c", DataType::kInt8, {8});
  const uint32_t x = b.add_scratch("x", DataType::kInt8, {8});
  const uint32_t y = b.add_scratch("y", DataType::kInt8, {8});
  b.add_node(BuiltinOp::kCopy, {a}, {x});
  b.add_node(BuiltinOp::kCopy, {c}, {y});
  b.set_inputs({a, c}).set_outputs({x, y});
  std::string err;
  const std::vector<uint8_t> bin = b.serialize(&err);
  ASSERT_TRUE(err.empty()) << err;
  open_and_finalize(bin);
  lpai::host::AlignedBytes buf(4 * 64, 64);
  rt::IoTensor in[2] = {raw(a, buf.data(), 8), raw(a, buf.data() + 64, 8)};
  rt::IoTensor out[2] = {raw(x, buf.data() + 128, 8), raw(y, buf.data() + 192, 8)};
  EXPECT_EQ(rt::graph_execute(graph_, in, 2, out, 2), Status::kTensorInvalidArgument);
  // Any order is accepted: matched by id.
  in[0] = raw(c, buf.data(), 8);
  buf.data()[0] = 1;   // c
  buf.data()[64] = 2;  // a
  out[0] = raw(y, buf.data() + 128, 8);
  out[1] = raw(x, buf.data() + 192, 8);
  ASSERT_EQ(rt::graph_execute(graph_, in, 2, out, 2), Status::kOk);
  EXPECT_EQ(buf.data()[128], 1);  // y = c
  EXPECT_EQ(buf.data()[192], 2);  // x = a
}

TEST_F(Executor, MemHandleIoIsBoundWithoutCopies) {
  open_and_finalize(copy_graph(true, 64));
  SharedBuffer in(context_, 64), out(context_, 64);
  const std::vector<uint8_t> data = pattern(64, 9);
  std::memcpy(in.data, data.data(), 64);
  std::memset(out.data, 0, 64);
  rt::IoTensor i = memhandle(0, in.handle), o = memhandle(1, out.handle);
  ASSERT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
  EXPECT_EQ(std::memcmp(out.data, data.data(), 64), 0);
  EXPECT_EQ(counters().io_bytes_copied, 0u);
  EXPECT_EQ(counters().io_allocations, 0u);
}

TEST_F(Executor, MemHandleErrors) {
  open_and_finalize(copy_graph(true, 64));
  SharedBuffer out(context_, 64);
  // A handle whose shape describes fewer bytes than the tensor.
  lpai::host::AlignedBytes small(64, 64);
  rt::MemRequest r{};
  r.kind = rt::MemKind::kCustom;
  r.buffer = small.data();
  r.buffer_size = 64;
  r.shape_bytes = 32;
  rt::Handle h_small;
  ASSERT_EQ(rt::mem_register(context_, &r, 1, &h_small), Status::kOk);
  rt::IoTensor i = memhandle(0, h_small), o = memhandle(1, out.handle);
  EXPECT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kTensorBufferTooSmall);
  i = memhandle(0, 0x999);
  EXPECT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kMemInvalidHandle);
  EXPECT_EQ(counters().executions, 0u);
}

// A handle registered on another context is not usable here.
TEST_F(Executor, MemHandleOfAnotherContextIsRefused) {
  if (rt::kMaxContexts < 2) GTEST_SKIP() << "needs LPAI_MAX_CONTEXTS >= 2 (a second context)";
  open_and_finalize(copy_graph(true, 64));
  SharedBuffer out(context_, 64);
  rt::MemRequest r{};
  r.kind = rt::MemKind::kCustom;
  r.buffer_size = 64;
  const std::vector<uint8_t> bin = copy_graph(true, 64);
  rt::Handle other;
  ASSERT_EQ(rt::context_create(backend_, bin.data(), bin.size(), rt::kDefaultContextConfig,
                               &other),
            Status::kOk);
  lpai::host::AlignedBytes foreign(64, 64);
  r.buffer = foreign.data();
  r.shape_bytes = 64;
  rt::Handle h_foreign;
  ASSERT_EQ(rt::mem_register(other, &r, 1, &h_foreign), Status::kOk);
  rt::IoTensor i = memhandle(0, h_foreign), o = memhandle(1, out.handle);
  EXPECT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kMemInvalidHandle);
  EXPECT_EQ(counters().executions, 0u);
}

// The four combinations of seed 002: prepare hint x execution memType.
struct MatrixCase {
  bool memhandle_hint;
  bool memhandle_exec;
  uint64_t copied_per_run;       // bytes
  uint32_t allocations_after_1;  // firmware IO allocations after the first run
  uint32_t scratch_bytes;        // IO planned in scratch at prepare?
};

class HintMatrix : public RuntimeTest, public ::testing::WithParamInterface<MatrixCase> {};

TEST_P(HintMatrix, AllocationsAndCopiesFollowSeed002) {
  const MatrixCase mc = GetParam();
  // A graph with an intermediate so that scratch exists in every case.
  open_and_finalize(chain_graph(mc.memhandle_hint, 40));
  uint32_t scratch = 0;
  ASSERT_EQ(rt::graph_scratch_size(graph_, &scratch), Status::kOk);
  EXPECT_EQ(scratch, mc.scratch_bytes);

  SharedBuffer sin(context_, 40), sout(context_, 40);
  lpai::host::AlignedBytes rin(64, 64), rout(64, 64);
  for (int run = 1; run <= 3; ++run) {
    const std::vector<uint8_t> data = pattern(40, static_cast<uint8_t>(run));
    std::memcpy(mc.memhandle_exec ? sin.data : rin.data(), data.data(), 40);
    rt::IoTensor i = mc.memhandle_exec ? memhandle(0, sin.handle) : raw(0, rin.data(), 40);
    rt::IoTensor o = mc.memhandle_exec ? memhandle(2, sout.handle) : raw(2, rout.data(), 40);
    ASSERT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
    EXPECT_EQ(std::memcmp(mc.memhandle_exec ? sout.data : rout.data(), data.data(), 40), 0);
    const rt::GraphCounters c = counters();
    EXPECT_EQ(c.io_bytes_copied, mc.copied_per_run * run) << "run " << run;
    EXPECT_EQ(c.io_allocations, mc.allocations_after_1) << "run " << run;  // never grows
  }
  // Firmware IO buffers are returned at context free.
  const lpai::PoolStats before = lpai::ddr_arena(0)->stats();
  ASSERT_EQ(rt::context_free(context_), Status::kOk);
  const lpai::PoolStats after = lpai::ddr_arena(0)->stats();
  EXPECT_EQ(before.live_slots - after.live_slots, 1u + mc.allocations_after_1);  // binary + IO
  EXPECT_EQ(after.live_slots, 0u);
}

INSTANTIATE_TEST_SUITE_P(
    Seed002, HintMatrix,
    ::testing::Values(
        // raw/raw: IO planned in scratch at prepare (3 tensors, 192 bytes), copies each run.
        MatrixCase{false, false, 80, 0, 192},
        // raw/memhandle: IO still planned (allocated), but nothing is copied.
        MatrixCase{false, true, 0, 0, 192},
        // memhandle/raw: nothing planned (only the intermediate: 64 bytes), the first run
        // allocates both IO buffers, every run copies.
        MatrixCase{true, false, 80, 2, 64},
        // memhandle/memhandle: no allocation, no copy.
        MatrixCase{true, true, 0, 0, 64}),
    [](const ::testing::TestParamInfo<MatrixCase>& info) {
      return std::string(info.param.memhandle_hint ? "memhandle" : "raw") + "_" +
             (info.param.memhandle_exec ? "memhandle" : "raw");
    });

TEST_F(Executor, MemhandleHintAllocatesPerSlotOnFirstRawUse) {
  open_and_finalize(copy_graph(true, 64));
  SharedBuffer sin(context_, 64);
  lpai::host::AlignedBytes rout(64, 64);
  rt::IoTensor i = memhandle(0, sin.handle), o = raw(1, rout.data(), 64);
  ASSERT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
  EXPECT_EQ(counters().io_allocations, 1u);  // only the RAW output needed a home
  EXPECT_EQ(counters().io_bytes_copied, 64u);
  lpai::host::AlignedBytes rin(64, 64);
  i = raw(0, rin.data(), 64);
  ASSERT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
  EXPECT_EQ(counters().io_allocations, 2u);
  EXPECT_EQ(counters().io_bytes_copied, 64u + 128u);
}

rt::GraphConfig profile_config(void* addr, uint32_t size) {
  rt::GraphConfig c{};
  c.kind = rt::GraphConfigKind::kProfileBuffer;
  c.mem.addr = addr;
  c.mem.size = size;
  return c;
}

TEST_F(Executor, ProfilingRecordsEveryNodeIntoTheCallersBuffer) {
  open_and_finalize(chain_graph(false, 40));
  lpai::host::AlignedBytes in(64, 64), out(64, 64);
  rt::IoTensor i = raw(0, in.data(), 40), o = raw(2, out.data(), 40);
  uint32_t bytes = 0;
  ASSERT_EQ(rt::graph_profile_buffer_size(graph_, &bytes), Status::kOk);
  EXPECT_EQ(bytes, 2u * sizeof(uint64_t));  // one uint64_t per node
  alignas(8) uint64_t buf[3] = {~0ull, ~0ull, ~0ull};
  const rt::GraphConfig cfg = profile_config(buf, bytes);
  ASSERT_EQ(rt::graph_set_config(graph_, &cfg, 1), Status::kOk);
  EXPECT_EQ(buf[0], 0u);  // zeroed when set
  EXPECT_EQ(buf[1], 0u);
  EXPECT_EQ(buf[2], ~0ull);  // beyond the graph's size: not the runtime's
  // Off: executes leave the buffer alone.
  buf[0] = buf[1] = ~0ull;
  ASSERT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
  EXPECT_EQ(buf[0], ~0ull);
  EXPECT_EQ(buf[1], ~0ull);
  // On: one record per node, in the caller's buffer (host cycles are nanoseconds).
  ASSERT_EQ(rt::graph_set_profiling(graph_, true), Status::kOk);
  ASSERT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
  EXPECT_LT(buf[0], 10'000'000'000ull);
  EXPECT_LT(buf[1], 10'000'000'000ull);
  EXPECT_EQ(buf[2], ~0ull);
  uint64_t cycles[4] = {~0ull, ~0ull, ~0ull, ~0ull};
  uint32_t n = 0;
  ASSERT_EQ(rt::graph_node_cycles(graph_, cycles, 4, &n), Status::kOk);
  EXPECT_EQ(n, 2u);
  EXPECT_EQ(cycles[0], buf[0]);
  EXPECT_EQ(cycles[1], buf[1]);
  EXPECT_EQ(cycles[2], ~0ull);  // beyond the node count: untouched
  EXPECT_EQ(counters().num_nodes, 2u);
  EXPECT_EQ(rt::graph_node_cycles(graph_, nullptr, 4, &n), Status::kGraphInvalidArgument);
  // Off again: the last records stay readable.
  ASSERT_EQ(rt::graph_set_profiling(graph_, false), Status::kOk);
  ASSERT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
  ASSERT_EQ(rt::graph_node_cycles(graph_, cycles, 4, &n), Status::kOk);
  EXPECT_EQ(cycles[0], buf[0]);
}

TEST_F(Executor, ProfilingWithoutABufferIsRefused) {
  open_and_finalize(chain_graph(false, 40));
  lpai_test::LogCapture log;
  EXPECT_EQ(rt::graph_set_profiling(graph_, true), Status::kGraphProfileBufferMissing);
  EXPECT_EQ(log.count("has no profile buffer (set one of 16 bytes first)"), 1u);
  // Nothing changed: executes record nothing, node cycles read as zeros.
  lpai::host::AlignedBytes in(64, 64), out(64, 64);
  rt::IoTensor i = raw(0, in.data(), 40), o = raw(2, out.data(), 40);
  ASSERT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
  uint64_t cycles[2] = {~0ull, ~0ull};
  uint32_t n = 0;
  ASSERT_EQ(rt::graph_node_cycles(graph_, cycles, 2, &n), Status::kOk);
  EXPECT_EQ(cycles[0], 0u);
  EXPECT_EQ(cycles[1], 0u);
  EXPECT_EQ(rt::graph_set_profiling(graph_, false), Status::kOk);  // off needs no buffer
}

TEST_F(Executor, BadProfileBuffersAreRefusedAndChangeNothing) {
  open(chain_graph(false, 40));  // accepted before finalize as well
  alignas(8) uint64_t buf[3] = {7, 7, 7};
  lpai_test::LogCapture log;
  rt::GraphConfig cfg = profile_config(nullptr, 16);
  EXPECT_EQ(rt::graph_set_config(graph_, &cfg, 1), Status::kGraphProfileBufferNull);
  cfg = profile_config(reinterpret_cast<uint8_t*>(buf) + 4, 16);
  EXPECT_EQ(rt::graph_set_config(graph_, &cfg, 1), Status::kGraphProfileBufferMisaligned);
  cfg = profile_config(buf, 15);
  EXPECT_EQ(rt::graph_set_config(graph_, &cfg, 1), Status::kGraphProfileBufferTooSmall);
  EXPECT_EQ(log.count("profile buffer address is null"), 1u);
  EXPECT_EQ(log.count("is not a multiple of 8"), 1u);
  EXPECT_EQ(log.count("profile buffer holds 15 bytes, graph \"chain\" needs 16 (2 nodes)"), 1u);
  EXPECT_EQ(buf[0], 7u);  // untouched
  EXPECT_EQ(rt::graph_set_profiling(graph_, true), Status::kGraphProfileBufferMissing);
  // A bad entry after a good one: nothing applied.
  rt::GraphConfig two[2] = {profile_config(buf, 16), profile_config(nullptr, 16)};
  EXPECT_EQ(rt::graph_set_config(graph_, two, 2), Status::kGraphProfileBufferNull);
  EXPECT_EQ(buf[0], 7u);
  EXPECT_EQ(rt::graph_set_profiling(graph_, true), Status::kGraphProfileBufferMissing);
  // A larger buffer is fine.
  cfg = profile_config(buf, sizeof(buf));
  EXPECT_EQ(rt::graph_set_config(graph_, &cfg, 1), Status::kOk);
  EXPECT_EQ(rt::graph_set_profiling(graph_, true), Status::kOk);
}

// int8 ADD with equal scales and zero points: out = in1 + in2 (saturating). Parameters
// follow TFLite's rescaling: inputs scaled by 1/2 (Q31 0.5, shift 0), left shift 20,
// output multiplier 0.5 with shift -18, i.e. (a + b) * 2^19 * 2^-19.
TEST_F(Executor, Int8AddOverPlannedMemory) {
  lpai::kernels::AddParams p{};
  p.left_shift = 20;
  p.input1_multiplier = 1 << 30;
  p.input2_multiplier = 1 << 30;
  p.output_multiplier = 1 << 30;
  p.output_shift = -18;
  p.activation_min = -128;
  p.activation_max = 127;
  std::vector<uint8_t> blob(sizeof(p));
  std::memcpy(blob.data(), &p, sizeof(p));

  lpai::writer::GraphBuilder b("add");
  const uint32_t a = b.add_scratch("a", DataType::kInt8, {1, 8}, 0.5f, 0);
  const uint32_t c = b.add_const_values<int8_t>("c", DataType::kInt8, {1, 8},
                                                {1, -2, 3, -4, 100, -100, 0, 7});
  b.tensor(c).scale = 0.5f;
  const uint32_t y = b.add_scratch("y", DataType::kInt8, {1, 8}, 0.5f, 0);
  b.add_node(BuiltinOp::kAdd, {a, c}, {y}, blob);
  b.set_inputs({a}).set_outputs({y});
  std::string err;
  const std::vector<uint8_t> bin = b.serialize(&err);
  ASSERT_TRUE(err.empty()) << err;
  open_and_finalize(bin);
  lpai::host::AlignedBytes in(64, 64), out(64, 64);
  const int8_t x[8] = {10, 10, -10, -10, 100, -100, 0, 120};
  std::memcpy(in.data(), x, 8);
  rt::IoTensor i = raw(a, in.data(), 8), o = raw(y, out.data(), 8);
  ASSERT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
  const int8_t expected[8] = {11, 8, -7, -14, 127, -128, 0, 127};
  EXPECT_EQ(std::memcmp(out.data(), expected, 8), 0);
}

}  // namespace
}  // namespace lpai_graph_test
