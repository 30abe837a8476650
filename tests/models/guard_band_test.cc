// Guard bands (issue 17): every shared model, prepared with the raw and the memhandle IO hint,
// run from DDR and from TCM with RAW and with registered (MEMHANDLE) IO buffers: 8 memory
// configurations per model. Every caller buffer (scratch, its replacement, persistent, RAW IO,
// registered IO) sits between two 8 KiB canaries; the test executes, replaces scratch,
// executes again, and then requires every canary byte and the whole retired scratch buffer to
// be untouched, and the TCM pool and DDR arenas to be empty once the context is freed.
// Data-driven: skips without ../shared/models.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "format/binary_view.h"
#include "graph/runtime.h"
#include "lpai/hal_host.h"
#include "memory/ddr_arena.h"
#include "memory/tcm_pool.h"
#include "prepare/prepare.h"

namespace {

namespace rt = lpai::rt;
using lpai::Status;

constexpr size_t kGuard = 8192;

uint8_t canary(size_t i) { return static_cast<uint8_t>((i * 131u + 0x5Bu) ^ (i >> 8)); }

// `size` usable bytes at an `alignment`-aligned address, with kGuard canary bytes either side.
class Guarded {
 public:
  Guarded(size_t size, size_t alignment) : size_(size) {
    storage_.resize(size + 2 * kGuard + alignment);
    const uintptr_t p = reinterpret_cast<uintptr_t>(storage_.data()) + kGuard;
    data_ = reinterpret_cast<uint8_t*>((p + alignment - 1) / alignment * alignment);
    lo_ = data_ - kGuard;
    for (size_t i = 0; i < kGuard; ++i) lo_[i] = canary(i);
    for (size_t i = 0; i < kGuard; ++i) data_[size + i] = canary(i + kGuard);
    for (size_t i = 0; i < size; ++i) data_[i] = canary(i + 7);
  }
  uint8_t* data() { return data_; }
  size_t size() const { return size_; }
  // First damaged canary offset (negative: before the buffer), or "" when intact.
  std::string damage() const {
    for (size_t i = 0; i < kGuard; ++i)
      if (lo_[i] != canary(i)) return "byte " + std::to_string(kGuard - i) + " before the buffer";
    for (size_t i = 0; i < kGuard; ++i)
      if (data_[size_ + i] != canary(i + kGuard))
        return "byte " + std::to_string(i) + " after the buffer";
    return "";
  }
  bool body_untouched() const {
    for (size_t i = 0; i < size_; ++i)
      if (data_[i] != canary(i + 7)) return false;
    return true;
  }

 private:
  std::vector<uint8_t> storage_;
  uint8_t* lo_ = nullptr;
  uint8_t* data_ = nullptr;
  size_t size_;
};

size_t round_up(size_t v, size_t a) { return a <= 1 ? v : (v + a - 1) / a * a; }

struct Config {
  bool memhandle_hint;  // prepared with --input_output_tensor_mem_type memhandle
  bool tcm;             // context mem_type
  bool memhandle_io;    // IO passed as registered buffers
};

class GuardBand : public testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    rt::shutdown();
    lpai_hal_host_reset_alignment();
    lpai::tcm_pool().reset();
    for (uint32_t i = 0; i < lpai::ddr_arena_count(); ++i) lpai::ddr_arena(i)->reset();
  }
  void TearDown() override { rt::shutdown(); }

  void run(const std::vector<uint8_t>& binary, const Config& c);
  int configs_run_ = 0;  // configurations that executed (TCM may refuse a model whole)
};

void GuardBand::run(const std::vector<uint8_t>& binary, const Config& c) {
  SCOPED_TRACE(std::string(c.memhandle_hint ? "memhandle" : "raw") + " hint, " +
               (c.tcm ? "TCM" : "DDR") + ", " + (c.memhandle_io ? "MEMHANDLE" : "RAW") + " IO");
  rt::Handle backend = rt::kNullHandle, ctx = rt::kNullHandle, graph = rt::kNullHandle;
  ASSERT_EQ(rt::backend_create(&backend), Status::kOk);
  rt::ContextConfig cfg = rt::kDefaultContextConfig;
  cfg.mem_type = c.tcm ? lpai::MemType::kTcm : lpai::MemType::kDdr;
  const Status created = rt::context_create(backend, binary.data(), binary.size(), cfg, &ctx);
  if (created == Status::kContextTcmExhausted) {
    ASSERT_TRUE(c.tcm);
    ASSERT_EQ(rt::backend_free(backend), Status::kOk);
    return;  // the model does not fit TCM: refused whole, as documented
  }
  ASSERT_EQ(created, Status::kOk);
  rt::Handle probe = rt::kNullHandle;
  // The graph name: the context holds exactly one graph; read it from the view.
  const lpai::format::BinaryView* view = nullptr;
  {
    // graph_view needs a graph handle; graph handles are derived from the context, so
    // retrieve with the name read from the binary itself.
    lpai::format::BinaryView v;
    std::vector<uint8_t> copy(binary);
    lpai::host::AlignedBytes aligned(copy.size(), 64);
    std::memcpy(aligned.data(), copy.data(), copy.size());
    ASSERT_EQ(lpai::format::validate_binary(aligned.data(), copy.size(), &v), Status::kOk);
    ASSERT_EQ(rt::graph_retrieve(ctx, v.graph_name(), &probe), Status::kOk);
  }
  graph = probe;
  ASSERT_EQ(rt::graph_view(graph, &view), Status::kOk);

  uint32_t start_align = 0, size_align = 0, buf_align = 0, scratch = 0, persistent = 0;
  ASSERT_EQ(rt::backend_alignment(backend, &start_align, &size_align), Status::kOk);
  ASSERT_EQ(rt::graph_buffer_alignment(graph, &buf_align), Status::kOk);
  ASSERT_EQ(rt::graph_scratch_size(graph, &scratch), Status::kOk);
  ASSERT_EQ(rt::graph_persistent_size(graph, &persistent), Status::kOk);

  std::vector<std::unique_ptr<Guarded>> buffers;
  auto make = [&](size_t size) {
    buffers.push_back(std::make_unique<Guarded>(size, buf_align));
    return buffers.back().get();
  };
  Guarded* scratch_buf = make(scratch);
  Guarded* persistent_buf = make(persistent);
  rt::GraphConfig gc[2] = {};
  uint32_t n_cfg = 0;
  if (scratch > 0) {
    gc[n_cfg].kind = rt::GraphConfigKind::kScratch;
    gc[n_cfg++].mem = {lpai::MemType::kDdr, scratch, scratch_buf->data()};
  }
  if (persistent > 0) {
    gc[n_cfg].kind = rt::GraphConfigKind::kPersistent;
    gc[n_cfg++].mem = {lpai::MemType::kDdr, persistent, persistent_buf->data()};
  }
  if (n_cfg > 0) {
    ASSERT_EQ(rt::graph_set_config(graph, gc, n_cfg), Status::kOk);
  }
  ASSERT_EQ(rt::graph_finalize(graph), Status::kOk);

  // IO: inputs then outputs, each in its own guarded buffer.
  std::vector<rt::IoTensor> ins(view->num_inputs()), outs(view->num_outputs());
  std::vector<rt::Handle> handles;
  for (uint32_t k = 0; k < view->io_count(); ++k) {
    const bool is_in = k < view->num_inputs();
    const uint32_t id = view->io_tensor(k);
    const uint32_t bytes = view->tensor(id).size;
    Guarded* b = make(round_up(bytes, size_align));
    rt::IoTensor t{};
    t.id = id;
    if (c.memhandle_io) {
      rt::MemRequest req{};
      req.kind = rt::MemKind::kCustom;
      req.buffer = b->data();
      req.buffer_size = b->size();
      req.shape_bytes = bytes;
      rt::Handle h = rt::kNullHandle;
      ASSERT_EQ(rt::mem_register(ctx, &req, 1, &h), Status::kOk);
      handles.push_back(h);
      t.kind = rt::IoKind::kMemHandle;
      t.mem_handle = h;
    } else {
      t.kind = rt::IoKind::kRaw;
      t.data = b->data();
      t.size = static_cast<uint32_t>(b->size());
    }
    (is_in ? ins[k] : outs[k - view->num_inputs()]) = t;
  }

  ASSERT_EQ(rt::graph_execute(graph, ins.data(), static_cast<uint32_t>(ins.size()), outs.data(),
                              static_cast<uint32_t>(outs.size())),
            Status::kOk);
  // Scratch replaced between executions: the retired buffer must not be touched again.
  Guarded* retired = scratch_buf;
  if (scratch > 0) {
    Guarded* fresh = make(scratch);
    rt::GraphConfig rc{};
    rc.kind = rt::GraphConfigKind::kScratch;
    rc.mem = {lpai::MemType::kDdr, scratch, fresh->data()};
    ASSERT_EQ(rt::graph_set_config(graph, &rc, 1), Status::kOk);
    for (size_t i = 0; i < retired->size(); ++i) retired->data()[i] = canary(i + 7);
  }
  ASSERT_EQ(rt::graph_execute(graph, ins.data(), static_cast<uint32_t>(ins.size()), outs.data(),
                              static_cast<uint32_t>(outs.size())),
            Status::kOk);
  if (scratch > 0) {
    EXPECT_TRUE(retired->body_untouched()) << "retired scratch written";
  }
  for (size_t i = 0; i < buffers.size(); ++i)
    EXPECT_EQ(buffers[i]->damage(), "") << "buffer " << i << " (0 scratch, 1 persistent, then IO)";

  ASSERT_EQ(rt::graph_release_io(graph), Status::kOk);
  if (!handles.empty()) {
    ASSERT_EQ(rt::mem_deregister(handles.data(), static_cast<uint32_t>(handles.size())),
              Status::kOk);
  }
  ASSERT_EQ(rt::context_free(ctx), Status::kOk);
  ASSERT_EQ(rt::backend_free(backend), Status::kOk);
  EXPECT_EQ(lpai::tcm_pool().stats().live_slots, 0u);
  for (uint32_t i = 0; i < lpai::ddr_arena_count(); ++i)
    EXPECT_EQ(lpai::ddr_arena(i)->stats().live_slots, 0u) << "DDR arena " << i;
  ++configs_run_;
}

TEST(GuardedBuffer, DetectsOneByteEitherSide) {
  Guarded a(100, 64), b(100, 64), c(100, 64);
  EXPECT_EQ(a.damage(), "");
  a.data()[100] ^= 1;
  EXPECT_EQ(a.damage(), "byte 0 after the buffer");
  b.data()[-1] ^= 1;
  EXPECT_EQ(b.damage(), "byte 1 before the buffer");
  EXPECT_TRUE(c.body_untouched());
  c.data()[50] ^= 1;
  EXPECT_FALSE(c.body_untouched());
}

TEST_P(GuardBand, NoCallerBufferIsWrittenOutsideItsBytes) {
  LPAI_REQUIRE_SHARED(path, "models/" + GetParam() + ".tflite");
  const std::vector<uint8_t> tflite = lpai_test::read_file(path);
  ASSERT_FALSE(tflite.empty());
  for (const bool hint : {false, true}) {
    lpai::prepare::PlanOptions options;
    options.io_memhandle = hint;
    lpai::prepare::PrepareOutput out;
    std::string error;
    ASSERT_EQ(lpai_test::failure(lpai::prepare::prepare_tflite(tflite.data(), tflite.size(), options, &out)), "");
    for (const bool tcm : {false, true})
      for (const bool memhandle_io : {false, true}) run(out.binary, Config{hint, tcm, memhandle_io});
  }
  // All four DDR configurations always run; TCM ones unless the model cannot fit TCM.
  EXPECT_GE(configs_run_, 4);
  RecordProperty("configurations_run", configs_run_);
}

// Every model in ../shared/models (the nine shared models).
std::vector<std::string> shared_models() {
  std::vector<std::string> names;
  const std::string dir = lpai_test::shared_path("models");
  std::error_code ec;
  if (!dir.empty())
    for (const auto& e : std::filesystem::directory_iterator(dir, ec))
      if (e.path().extension() == ".tflite") names.push_back(e.path().stem().string());
  std::sort(names.begin(), names.end());
  if (names.empty()) names.push_back("kws_ref_model");  // skips with a message
  return names;
}

INSTANTIATE_TEST_SUITE_P(Shared, GuardBand, testing::ValuesIn(shared_models()),
                         [](const testing::TestParamInfo<std::string>& i) { return i.param; });

}  // namespace
