// Graph lifecycle: the recommended workflow, every call in the wrong state (its error, state
// unchanged), handles after free, backend and context slot rules.
#include "graph_fixture.h"

namespace lpai_graph_test {
namespace {

using Lifecycle = RuntimeTest;

TEST_F(Lifecycle, RecommendedWorkflowRunsCopyGraph) {
  open(copy_graph(false, 64));
  uint32_t start = 0, size = 0;
  ASSERT_EQ(rt::backend_alignment(backend_, &start, &size), Status::kOk);
  EXPECT_EQ(start, 64u);  // host HAL default
  EXPECT_EQ(size, 64u);
  uint32_t scratch = 0, persistent = 0;
  ASSERT_EQ(rt::graph_scratch_size(graph_, &scratch), Status::kOk);
  ASSERT_EQ(rt::graph_persistent_size(graph_, &persistent), Status::kOk);
  EXPECT_EQ(scratch, 128u);  // in [0, 64) + out [64, 128), raw hint plans IO in scratch
  EXPECT_EQ(persistent, 0u);
  EXPECT_EQ(state(), rt::GraphState::kConfiguring);
  provide_memory();
  ASSERT_EQ(rt::graph_finalize(graph_), Status::kOk);
  EXPECT_EQ(state(), rt::GraphState::kFinalized);

  lpai::host::AlignedBytes in(64, 64), out(64, 64);
  const std::vector<uint8_t> data = pattern(64, 3);
  std::memcpy(in.data(), data.data(), 64);
  std::memset(out.data(), 0, 64);
  rt::IoTensor i = raw(0, in.data(), 64), o = raw(1, out.data(), 64);
  ASSERT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
  EXPECT_EQ(std::memcmp(out.data(), data.data(), 64), 0);
  EXPECT_EQ(o.size, 64u);
  EXPECT_EQ(counters().executions, 1u);
}

TEST_F(Lifecycle, ExecuteBeforeFinalizeIsRejectedAndChangesNothing) {
  open(copy_graph(false));
  provide_memory();
  lpai::host::AlignedBytes in(64, 64), out(64, 64);
  rt::IoTensor i = raw(0, in.data(), 64), o = raw(1, out.data(), 64);
  EXPECT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kGraphNotFinalized);
  EXPECT_EQ(state(), rt::GraphState::kConfiguring);
  EXPECT_EQ(counters().executions, 0u);
  EXPECT_EQ(counters().io_bytes_copied, 0u);
  // The caller corrects the order and retries.
  ASSERT_EQ(rt::graph_finalize(graph_), Status::kOk);
  EXPECT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
}

TEST_F(Lifecycle, FinalizeWithoutScratchFailsThenSucceedsOnceSet) {
  open(copy_graph(false));
  EXPECT_EQ(rt::graph_finalize(graph_), Status::kGraphScratchMissing);
  EXPECT_EQ(state(), rt::GraphState::kConfiguring);
  provide_memory();
  EXPECT_EQ(rt::graph_finalize(graph_), Status::kOk);
}

TEST_F(Lifecycle, FinalizeWithoutPersistentFails) {
  open(state_graph());
  uint32_t scratch = 0, align = 0;
  ASSERT_EQ(rt::graph_scratch_size(graph_, &scratch), Status::kOk);
  ASSERT_EQ(rt::graph_buffer_alignment(graph_, &align), Status::kOk);
  lpai::host::AlignedBytes s(scratch, align);
  rt::GraphConfig cfg{};
  cfg.kind = rt::GraphConfigKind::kScratch;
  cfg.mem = {lpai::MemType::kDdr, scratch, s.data()};
  ASSERT_EQ(rt::graph_set_config(graph_, &cfg, 1), Status::kOk);
  EXPECT_EQ(rt::graph_finalize(graph_), Status::kGraphPersistentMissing);
  EXPECT_EQ(state(), rt::GraphState::kConfiguring);
}

TEST_F(Lifecycle, GraphWithoutPoolsFinalizesWithoutMemory) {
  // Memhandle hint and no intermediates: scratch and persistent sizes are 0.
  open(copy_graph(true));
  uint32_t scratch = 1, persistent = 1;
  ASSERT_EQ(rt::graph_scratch_size(graph_, &scratch), Status::kOk);
  ASSERT_EQ(rt::graph_persistent_size(graph_, &persistent), Status::kOk);
  EXPECT_EQ(scratch, 0u);
  EXPECT_EQ(persistent, 0u);
  EXPECT_EQ(rt::graph_finalize(graph_), Status::kOk);
}

TEST_F(Lifecycle, FinalizeTwiceIsRejected) {
  open_and_finalize(copy_graph(false));
  EXPECT_EQ(rt::graph_finalize(graph_), Status::kGraphAlreadyFinalized);
  EXPECT_EQ(state(), rt::GraphState::kFinalized);
}

TEST_F(Lifecycle, PersistentIsLockedAfterFinalizeAndTheOldBufferStaysInUse) {
  open_and_finalize(state_graph(false, 24));
  uint32_t persistent = 0;
  ASSERT_EQ(rt::graph_persistent_size(graph_, &persistent), Status::kOk);
  lpai::host::AlignedBytes other(persistent, 64);
  std::memset(other.data(), 0x77, persistent);
  rt::GraphConfig cfg{};
  cfg.kind = rt::GraphConfigKind::kPersistent;
  cfg.mem = {lpai::MemType::kDdr, persistent, other.data()};
  EXPECT_EQ(rt::graph_set_config(graph_, &cfg, 1), Status::kGraphPersistentLocked);

  lpai::host::AlignedBytes in(64, 64), out(64, 64);
  std::memset(in.data(), 9, 24);
  rt::IoTensor i = raw(0, in.data(), 64), o = raw(2, out.data(), 64);
  ASSERT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
  // The state went into the original persistent buffer, not into `other`.
  EXPECT_EQ(persistent_buf_->data()[view_->tensor(1).offset], 9);
  EXPECT_EQ(other.data()[0], 0x77);
}

TEST_F(Lifecycle, ScratchIsReplaceableAfterFinalize) {
  open_and_finalize(chain_graph(false, 40));
  uint32_t scratch = 0;
  ASSERT_EQ(rt::graph_scratch_size(graph_, &scratch), Status::kOk);
  lpai::host::AlignedBytes second(scratch, 64);
  std::memset(second.data(), 0, scratch);
  std::memset(scratch_buf_->data(), 0, scratch);
  rt::GraphConfig cfg{};
  cfg.kind = rt::GraphConfigKind::kScratch;
  cfg.mem = {lpai::MemType::kDdr, scratch, second.data()};
  ASSERT_EQ(rt::graph_set_config(graph_, &cfg, 1), Status::kOk);
  EXPECT_EQ(state(), rt::GraphState::kFinalized);

  lpai::host::AlignedBytes in(64, 64), out(64, 64);
  const std::vector<uint8_t> data = pattern(40, 11);
  std::memcpy(in.data(), data.data(), 40);
  rt::IoTensor i = raw(0, in.data(), 40), o = raw(2, out.data(), 40);
  ASSERT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
  EXPECT_EQ(std::memcmp(out.data(), data.data(), 40), 0);
  // The intermediate landed in the new scratch buffer at its planned offset; the first
  // buffer was not touched.
  const uint32_t mid = view_->tensor(1).offset;
  EXPECT_EQ(std::memcmp(second.data() + mid, data.data(), 40), 0);
  for (uint32_t b = 0; b < scratch; ++b) ASSERT_EQ(scratch_buf_->data()[b], 0) << b;
}

TEST_F(Lifecycle, ResetPersistentBeforeFinalizeIsRejected) {
  open(state_graph());
  EXPECT_EQ(rt::graph_reset_persistent(graph_), Status::kGraphNotFinalized);
  EXPECT_EQ(state(), rt::GraphState::kConfiguring);
}

TEST_F(Lifecycle, PersistentStartsAtZeroPersistsAndResets) {
  open_and_finalize(state_graph(false, 24));
  lpai::host::AlignedBytes in(64, 64), out(64, 64);
  rt::IoTensor i = raw(0, in.data(), 24), o = raw(2, out.data(), 24);
  const std::vector<uint8_t> zeros(24, 0);
  const std::vector<uint8_t> a = pattern(24, 1), b = pattern(24, 100);

  std::memcpy(in.data(), a.data(), 24);
  ASSERT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
  EXPECT_EQ(std::memcmp(out.data(), zeros.data(), 24), 0);  // 0x5A fill was cleared at finalize
  std::memcpy(in.data(), b.data(), 24);
  ASSERT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
  EXPECT_EQ(std::memcmp(out.data(), a.data(), 24), 0);
  ASSERT_EQ(rt::graph_reset_persistent(graph_), Status::kOk);
  ASSERT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
  EXPECT_EQ(std::memcmp(out.data(), zeros.data(), 24), 0);
}

// Variable tensors start at real zero (TFLite Micro's ResetVariableTensors): an int8 state
// with zero point -5 reads back as bytes 0xFB, an int16 state with zero point 300 as 300,
// after finalize and after every persistent reset.
TEST_F(Lifecycle, VariableTensorsStartAtTheirZeroPoint) {
  lpai::writer::GraphBuilder b("zp_state");
  const uint32_t in8 = b.add_scratch("in8", DataType::kInt8, {5});
  const uint32_t st8 = b.add_persistent("state8", DataType::kInt8, {5});
  const uint32_t out8 = b.add_scratch("out8", DataType::kInt8, {5});
  const uint32_t in16 = b.add_scratch("in16", DataType::kInt16, {3});
  const uint32_t st16 = b.add_persistent("state16", DataType::kInt16, {3});
  const uint32_t out16 = b.add_scratch("out16", DataType::kInt16, {3});
  b.tensor(st8).scale = 0.5f;
  b.tensor(st8).zero_point = -5;
  b.tensor(st16).scale = 0.25f;
  b.tensor(st16).zero_point = 300;
  b.add_node(BuiltinOp::kCopy, {st8}, {out8});
  b.add_node(BuiltinOp::kCopy, {in8}, {st8});
  b.add_node(BuiltinOp::kCopy, {st16}, {out16});
  b.add_node(BuiltinOp::kCopy, {in16}, {st16});
  b.set_inputs({in8, in16}).set_outputs({out8, out16});
  std::string err;
  const std::vector<uint8_t> bin = b.serialize(&err);
  ASSERT_TRUE(err.empty()) << err;
  open_and_finalize(bin);
  lpai::host::AlignedBytes i8(64, 64), o8(64, 64), i16(64, 64), o16(64, 64);
  rt::IoTensor ins[2] = {raw(in8, i8.data(), 5), raw(in16, i16.data(), 6)};
  rt::IoTensor outs[2] = {raw(out8, o8.data(), 5), raw(out16, o16.data(), 6)};
  const uint8_t want8[5] = {0xFB, 0xFB, 0xFB, 0xFB, 0xFB};
  const int16_t want16[3] = {300, 300, 300};
  for (int round = 0; round < 2; ++round) {
    std::memset(i8.data(), 1, 5);
    std::memset(i16.data(), 2, 6);
    ASSERT_EQ(rt::graph_execute(graph_, ins, 2, outs, 2), Status::kOk);
    EXPECT_EQ(std::memcmp(o8.data(), want8, 5), 0) << "round " << round;
    EXPECT_EQ(std::memcmp(o16.data(), want16, 6), 0) << "round " << round;
    ASSERT_EQ(rt::graph_execute(graph_, ins, 2, outs, 2), Status::kOk);
    EXPECT_EQ(o8.data()[0], 1);  // the state carried the previous input
    ASSERT_EQ(rt::graph_reset_persistent(graph_), Status::kOk);
  }
}

TEST_F(Lifecycle, HandlesAreDeadAfterContextFree) {
  open_and_finalize(copy_graph(false));
  const rt::Handle g = graph_;
  ASSERT_EQ(rt::context_free(context_), Status::kOk);
  uint32_t v = 0;
  rt::GraphState st;
  EXPECT_EQ(rt::graph_scratch_size(g, &v), Status::kGraphInvalidHandle);
  EXPECT_EQ(rt::graph_state(g, &st), Status::kGraphInvalidHandle);
  EXPECT_EQ(rt::graph_finalize(g), Status::kGraphInvalidHandle);
  lpai::host::AlignedBytes in(64, 64), out(64, 64);
  rt::IoTensor i = raw(0, in.data(), 64), o = raw(1, out.data(), 64);
  EXPECT_EQ(rt::graph_execute(g, &i, 1, &o, 1), Status::kGraphInvalidHandle);
  EXPECT_EQ(rt::context_free(context_), Status::kContextInvalidHandle);
  rt::Handle g2;
  EXPECT_EQ(rt::graph_retrieve(context_, "copy", &g2), Status::kContextInvalidHandle);

  // A new context in the same slot does not revive the old handles.
  const std::vector<uint8_t> bin = copy_graph(false);
  rt::Handle c2;
  ASSERT_EQ(rt::context_create(backend_, bin.data(), bin.size(), rt::kDefaultContextConfig, &c2),
            Status::kOk);
  EXPECT_NE(c2, context_);
  EXPECT_EQ(rt::graph_state(g, &st), Status::kGraphInvalidHandle);
  EXPECT_EQ(rt::context_free(context_), Status::kContextInvalidHandle);
  EXPECT_EQ(rt::context_free(c2), Status::kOk);
}

TEST_F(Lifecycle, HandleKindsAreNotInterchangeable) {
  open(copy_graph(false));
  rt::GraphState st;
  uint32_t v;
  EXPECT_EQ(rt::graph_state(context_, &st), Status::kGraphInvalidHandle);
  EXPECT_EQ(rt::graph_scratch_size(backend_, &v), Status::kGraphInvalidHandle);
  EXPECT_EQ(rt::context_free(graph_), Status::kContextInvalidHandle);
  EXPECT_EQ(rt::graph_state(0, &st), Status::kGraphInvalidHandle);
  EXPECT_EQ(rt::graph_state(0x12345, &st), Status::kGraphInvalidHandle);
}

TEST_F(Lifecycle, RetrieveUnknownGraphName) {
  open(copy_graph(false, 64, "model_a"));
  rt::Handle g;
  EXPECT_EQ(rt::graph_retrieve(context_, "model_b", &g), Status::kContextGraphNotFound);
  EXPECT_EQ(rt::graph_retrieve(context_, "model_", &g), Status::kContextGraphNotFound);
  EXPECT_EQ(rt::graph_retrieve(context_, "model_aa", &g), Status::kContextGraphNotFound);
  EXPECT_EQ(rt::graph_retrieve(context_, nullptr, &g), Status::kContextInvalidArgument);
  EXPECT_EQ(rt::graph_retrieve(context_, "model_a", &g), Status::kOk);
}

TEST_F(Lifecycle, BackendRules) {
  rt::Handle second;
  EXPECT_EQ(rt::backend_create(&second), Status::kBackendAlreadyCreated);
  open(copy_graph(false));
  EXPECT_EQ(rt::backend_free(backend_), Status::kBackendHasContexts);
  ASSERT_EQ(rt::context_free(context_), Status::kOk);
  ASSERT_EQ(rt::backend_free(backend_), Status::kOk);
  EXPECT_EQ(rt::backend_free(backend_), Status::kBackendInvalidHandle);
  uint32_t a, b;
  EXPECT_EQ(rt::backend_alignment(backend_, &a, &b), Status::kBackendInvalidHandle);
  const std::vector<uint8_t> bin = copy_graph(false);
  rt::Handle c;
  EXPECT_EQ(rt::context_create(backend_, bin.data(), bin.size(), rt::kDefaultContextConfig, &c),
            Status::kBackendInvalidHandle);
  ASSERT_EQ(rt::backend_create(&second), Status::kOk);
  EXPECT_NE(second, backend_);
  backend_ = second;
}

TEST_F(Lifecycle, ContextSlotsAreBounded) {
  const std::vector<uint8_t> bin = copy_graph(false);
  rt::Handle c[rt::kMaxContexts];
  for (uint32_t i = 0; i < rt::kMaxContexts; ++i) {
    ASSERT_EQ(rt::context_create(backend_, bin.data(), bin.size(), rt::kDefaultContextConfig,
                                 &c[i]),
              Status::kOk);
  }
  rt::Handle extra;
  EXPECT_EQ(rt::context_create(backend_, bin.data(), bin.size(), rt::kDefaultContextConfig,
                               &extra),
            Status::kContextNoFreeSlot);
  ASSERT_EQ(rt::context_free(c[rt::kMaxContexts - 1]), Status::kOk);
  EXPECT_EQ(rt::context_create(backend_, bin.data(), bin.size(), rt::kDefaultContextConfig,
                               &extra),
            Status::kOk);
}

TEST_F(Lifecycle, MalformedBinaryFailsWithTheLoaderCodeAndLeaksNothing) {
  std::vector<uint8_t> bin = copy_graph(false);
  const lpai::PoolStats before = lpai::ddr_arena(0)->stats();
  bin[bin.size() - 1] ^= 0x40;  // payload byte: CRC no longer matches
  rt::Handle c;
  EXPECT_EQ(rt::context_create(backend_, bin.data(), bin.size(), rt::kDefaultContextConfig, &c),
            Status::kBinaryBadCrc);
  EXPECT_EQ(rt::context_create(backend_, nullptr, 0, rt::kDefaultContextConfig, &c),
            Status::kBinaryNull);
  EXPECT_EQ(rt::context_create(backend_, bin.data(), 100, rt::kDefaultContextConfig, &c),
            Status::kBinaryTooSmall);
  EXPECT_EQ(rt::context_create(backend_, bin.data(), bin.size() - 16, rt::kDefaultContextConfig,
                               &c),
            Status::kBinarySizeMismatch);
  const lpai::PoolStats after = lpai::ddr_arena(0)->stats();
  EXPECT_EQ(after.live_slots, before.live_slots);
  EXPECT_EQ(after.bytes_in_use, before.bytes_in_use);
}

TEST_F(Lifecycle, UnknownOpIsRejectedAtCreate) {
  lpai::writer::GraphBuilder b("bad_op");
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {8});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {8});
  b.add_node(static_cast<BuiltinOp>(999), {in}, {out});
  b.set_inputs({in}).set_outputs({out});
  std::string err;
  const std::vector<uint8_t> bin = b.serialize(&err);
  ASSERT_TRUE(err.empty()) << err;
  rt::Handle c;
  EXPECT_EQ(rt::context_create(backend_, bin.data(), bin.size(), rt::kDefaultContextConfig, &c),
            Status::kBinaryUnknownOp);
}

// A node whose tensor types its kernel does not accept (CAST to int64; a known op) is refused
// at load by the kernel's validator: no context, nothing executed, pools untouched.
TEST_F(Lifecycle, TensorTypeTheKernelRefusesFailsAtCreate) {
  lpai::writer::GraphBuilder b("bad_type");
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {8});
  const uint32_t out = b.add_scratch("out", DataType::kInt64, {8});
  b.add_node(BuiltinOp::kCast, {in}, {out});
  b.set_inputs({in}).set_outputs({out});
  std::string err;
  const std::vector<uint8_t> bin = b.serialize(&err);
  ASSERT_TRUE(err.empty()) << err;
  rt::Handle c = rt::kNullHandle;
  EXPECT_EQ(rt::context_create(backend_, bin.data(), bin.size(), rt::kDefaultContextConfig, &c),
            Status::kBinaryTensorTypeRefused);
  EXPECT_EQ(c, rt::kNullHandle);
}

TEST_F(Lifecycle, MoreGraphIoTensorsThanTheLimitAreRejected) {
  lpai::writer::GraphBuilder b("wide");
  std::vector<uint32_t> ins, outs;
  for (uint32_t k = 0; k < rt::kMaxGraphIo / 2 + 1; ++k) {
    const uint32_t i = b.add_scratch("i" + std::to_string(k), DataType::kInt8, {4});
    const uint32_t o = b.add_scratch("o" + std::to_string(k), DataType::kInt8, {4});
    b.add_node(BuiltinOp::kCopy, {i}, {o});
    ins.push_back(i);
    outs.push_back(o);
  }
  b.set_inputs(ins).set_outputs(outs);
  std::string err;
  const std::vector<uint8_t> bin = b.serialize(&err);
  ASSERT_TRUE(err.empty()) << err;
  rt::Handle c;
  EXPECT_EQ(rt::context_create(backend_, bin.data(), bin.size(), rt::kDefaultContextConfig, &c),
            Status::kBinaryTooManyTensors);
}

TEST_F(Lifecycle, SizesRoundUpToTheBackendSizeAlignment) {
  ASSERT_EQ(lpai_hal_host_set_alignment(128, 256), 0);
  open(chain_graph(false, 40));  // planned scratch: 3 x 48 = 144 bytes (start alignment 16)
  EXPECT_EQ(view_->plan().scratch_size, 144u);
  uint32_t scratch = 0, align = 0;
  ASSERT_EQ(rt::graph_scratch_size(graph_, &scratch), Status::kOk);
  EXPECT_EQ(scratch, 256u);
  ASSERT_EQ(rt::graph_buffer_alignment(graph_, &align), Status::kOk);
  EXPECT_EQ(align, 128u);
}

}  // namespace
}  // namespace lpai_graph_test
