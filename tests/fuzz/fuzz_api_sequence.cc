// libFuzzer harness: sequences of C API calls over several contexts at once, read from the
// input one operation per byte (operands from the following bytes):
//   open a session (one of the project's own graphs: COPY/RESHAPE, a persistent state, an ADD
//   model through prepare; DDR or TCM, RAW or MEMHANDLE IO, profiling on or off), close it,
//   run it, bind an IO to a shared buffer (rpcmem, by fd) or to caller-owned custom memory
//   (QnnMem_register / deRegister, releaseIo through Session), replace its scratch, reset its
//   state, poison free TCM/DDR/shared memory and its scratch, call the API with the handles of
//   closed sessions (dead) and with made-up handles (foreign), register a buffer twice.
// Every session has a mirror: the same graph in DDR with RAW IO, opened with it, run with the
// same inputs and reset with it; every output must equal the mirror's. Every refused call
// returns an error code (never success on a dead or foreign handle) and every Session error is
// one printable line; when the sequence ends, everything is released and the pools are empty.
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "fuzz_support.h"
#include "host_sim/host_sim_support.h"
#include "prepare/prepare.h"
#include "shared_mem/rpcmem.h"

namespace {

using lpai::host::Session;
using lpai::host::SessionOptions;

std::vector<uint8_t> state_binary() {
  using lpai::format::BuiltinOp;
  using lpai::format::DataType;
  lpai::writer::GraphBuilder b("state");
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {24});
  const uint32_t state = b.add_persistent("state", DataType::kInt8, {24});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {24});
  b.add_node(BuiltinOp::kCopy, {state}, {out});
  b.add_node(BuiltinOp::kCopy, {in}, {state});
  b.set_inputs({in}).set_outputs({out});
  std::string err;
  return b.serialize(&err);
}

std::vector<uint8_t> add_binary(bool memhandle) {
  const std::vector<uint8_t> model = lpai_test::host_sim::add_tflite();
  lpai::prepare::PlanOptions options;
  options.io_memhandle = memhandle;
  lpai::prepare::PrepareOutput out;
  std::string error;
  if (const lpai::host::HostStatus st = lpai::prepare::prepare_tflite(model.data(), model.size(), options, &out); !st.ok()) {
    error = st.error();
    lpai_fuzz::fail("the ADD model does not prepare:", error);
  }
  return out.binary;
}

const std::vector<std::vector<uint8_t>>& binaries() {
  static const std::vector<std::vector<uint8_t>> b = {
      lpai_test::host_sim::copy_swap_binary(false), lpai_test::host_sim::copy_swap_binary(true),
      state_binary(), add_binary(false), add_binary(true)};
  return b;
}

// Reads operands from the input; 0 past its end.
struct Reader {
  const uint8_t* data;
  size_t size;
  size_t at = 0;
  bool done() const { return at >= size; }
  uint8_t byte() { return at < size ? data[at++] : 0; }
  uint32_t word() {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= static_cast<uint32_t>(byte()) << (8 * i);
    return v;
  }
};

struct SharedBuffer {
  void* data = nullptr;
  bool rpcmem = false;
  std::unique_ptr<lpai::host::AlignedBytes> owned;  // custom memory
};

struct Slot {
  std::unique_ptr<Session> session;
  std::unique_ptr<Session> mirror;  // DDR, RAW IO
  std::vector<SharedBuffer> buffers;  // bound to the session; freed after it closes
};

void expect_error(Qnn_ErrorHandle_t rc, const char* what) {
  if (rc == QNN_SUCCESS) lpai_fuzz::fail("a dead or foreign handle was accepted by", what);
}

void close_slot(Slot* s, std::vector<Qnn_GraphHandle_t>* dead_graphs,
                std::vector<Qnn_ContextHandle_t>* dead_contexts) {
  if (!s->session) return;
  dead_graphs->push_back(s->session->graph());
  dead_contexts->push_back(s->session->context());
  s->session.reset();
  s->mirror.reset();
  for (SharedBuffer& b : s->buffers) {
    if (b.rpcmem) rpcmem_free(b.data);
  }
  s->buffers.clear();
}

void run_slot(Slot* s, Reader* r) {
  std::vector<std::vector<uint8_t>> inputs;
  for (const lpai::host::TensorInfo& t : s->session->inputs()) {
    inputs.emplace_back(t.bytes);
    const uint8_t seed = r->byte();
    for (size_t i = 0; i < inputs.back().size(); ++i)
      inputs.back()[i] = static_cast<uint8_t>(seed + 31 * i);
  }
  std::vector<std::vector<uint8_t>> got, want;
  std::string error;
  const bool ok = s->session->run(inputs, &got, &error);
  if (!ok) lpai_fuzz::fail("execute of a finalized graph failed:", error);
  if (!s->mirror->run(inputs, &want, &error)) lpai_fuzz::fail("mirror execute failed:", error);
  if (got != want) lpai_fuzz::fail("outputs differ from the RAW DDR mirror's");
}

void bind_slot(Slot* s, Reader* r) {
  const size_t n_io = s->session->inputs().size() + s->session->outputs().size();
  const size_t k = r->byte() % n_io;
  const lpai::host::TensorInfo& t = k < s->session->inputs().size()
                                        ? s->session->inputs()[k]
                                        : s->session->outputs()[k - s->session->inputs().size()];
  const uint8_t how = r->byte();
  const size_t align = s->session->start_alignment() > 64 ? s->session->start_alignment() : 64;
  size_t bytes = t.device_bytes + (how & 0x40 ? 0 : 64);
  bytes = (bytes + s->session->size_alignment() - 1) / s->session->size_alignment() *
          s->session->size_alignment();
  if (how & 0x80) bytes = t.device_bytes / 2;  // too small: refused, previous binding kept
  SharedBuffer b;
  if (how & 1) {
    b.data = rpcmem_alloc_aligned(bytes == 0 ? 1 : bytes, align);
    b.rpcmem = true;
    if (b.data == nullptr) return;  // shared region exhausted
  } else {
    b.owned.reset(new lpai::host::AlignedBytes(bytes == 0 ? 1 : bytes, align));
    b.data = b.owned->data();
  }
  std::string error;
  if (!s->session->bind_shared(k, b.data, bytes, &error)) lpai_fuzz::check_one_line(error);
  s->buffers.push_back(std::move(b));  // kept until the session closes either way
}

// Made-up graph and context handles (slot/kind/generation words, never dereferenced) must be
// refused; a value that happens to name a live session's handle is skipped.
void foreign_calls(Reader* r, const std::array<Slot, 4>& slots) {
  const uintptr_t h = r->word() | (static_cast<uintptr_t>(r->byte()) << 32);
  for (const Slot& s : slots) {
    if (!s.session) continue;
    for (const Session* x : {s.session.get(), s.mirror.get()}) {
      if (reinterpret_cast<uintptr_t>(x->graph()) == h ||
          reinterpret_cast<uintptr_t>(x->context()) == h) {
        return;
      }
    }
  }
  expect_error(QnnGraph_execute(reinterpret_cast<Qnn_GraphHandle_t>(h), nullptr, 0, nullptr, 0,
                                nullptr, nullptr),
               "QnnGraph_execute");
  expect_error(QnnContext_free(reinterpret_cast<Qnn_ContextHandle_t>(h), nullptr),
               "QnnContext_free");
}

// A custom-memory registration on the session's context, deregistered, then deregistered
// again (a dead memory handle: refused).
void register_twice_dead(Slot* s) {
  const lpai::host::TensorInfo& t = s->session->inputs().empty() ? s->session->outputs()[0]
                                                                  : s->session->inputs()[0];
  lpai::host::AlignedBytes buffer(t.device_bytes + 64, 4096);
  std::vector<uint32_t> dims(t.dims);
  Qnn_MemDescriptor_t desc = QNN_MEM_DESCRIPTOR_INIT;
  desc.memShape.numDim = static_cast<uint32_t>(dims.size());
  desc.memShape.dimSize = dims.data();
  desc.dataType = t.device_type;
  QnnLpaiMem_MemInfoCustom_t custom = QNN_LPAI_MEM_INFO_CUSTOM_INIT;
  custom.buffer = buffer.data();
  custom.size = buffer.size();
  desc.memType = QNN_MEM_TYPE_CUSTOM;
  desc.customInfo = &custom;
  Qnn_MemHandle_t h = nullptr;
  if (QnnMem_register(s->session->context(), &desc, 1, &h) != QNN_SUCCESS) return;  // table full
  Qnn_MemHandle_t copy = h;
  if (QnnMem_deRegister(&h, 1) != QNN_SUCCESS) lpai_fuzz::fail("deregistration refused");
  expect_error(QnnMem_deRegister(&copy, 1), "QnnMem_deRegister");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  lpai_fuzz::quiet_logs();
  const auto& bins = binaries();
  Reader r{data, size};
  std::array<Slot, 4> slots;
  std::vector<Qnn_GraphHandle_t> dead_graphs;
  std::vector<Qnn_ContextHandle_t> dead_contexts;
  for (int ops = 0; ops < 64 && !r.done(); ++ops) {
    const uint8_t op = r.byte();
    Slot& s = slots[(op >> 4) % slots.size()];
    std::string error;
    switch (op & 0x0F) {
      case 0: {  // open
        if (s.session) break;
        const uint8_t how = r.byte();
        const std::vector<uint8_t>& bin = bins[how % bins.size()];
        SessionOptions options;
        options.mem_type = (how & 0x10) ? QNN_LPAI_MEM_TYPE_TCM : QNN_LPAI_MEM_TYPE_DDR;
        options.use_memhandle = (how & 0x20) != 0;
        options.profiling = (how & 0x40) != 0;
        s.session = Session::open(bin, options, &error);
        if (!s.session) {
          lpai_fuzz::check_one_line(error);
          break;
        }
        s.mirror = Session::open(bin, SessionOptions(), &error);
        if (!s.mirror) lpai_fuzz::fail("mirror session refused:", error);
        break;
      }
      case 1:
        close_slot(&s, &dead_graphs, &dead_contexts);
        break;
      case 2:
      case 3:
        if (s.session) run_slot(&s, &r);
        break;
      case 4:
        if (s.session) bind_slot(&s, &r);
        break;
      case 5:
        if (s.session && !s.session->replace_scratch(&error))
          lpai_fuzz::fail("scratch replacement refused:", error);
        break;
      case 6:
        if (s.session) {
          if (!s.session->reset_state(&error) || !s.mirror->reset_state(&error))
            lpai_fuzz::fail("state reset refused:", error);
        }
        break;
      case 7: {  // poison everything outside live allocations, and the scratch
        const uint8_t byte = r.byte();
        lpai_fuzz::poison_free_memory(byte);
        std::vector<const void*> live;  // every shared buffer: ours and the sessions'
        for (Slot& t : slots) {
          if (!t.session) continue;
          t.session->poison_scratch(byte);
          lpai_fuzz::add_io_buffers(t.session.get(), &live);
          for (const SharedBuffer& b : t.buffers) live.push_back(b.data);
        }
        if (!lpai_fuzz::poison_free_shared(byte, live))
          lpai_fuzz::fail("shared memory in use that no session or buffer of the sequence holds");
        break;
      }
      case 8:  // dead handles
        for (Qnn_GraphHandle_t g : dead_graphs) {
          expect_error(QnnGraph_execute(g, nullptr, 0, nullptr, 0, nullptr, nullptr),
                       "QnnGraph_execute");
          expect_error(QnnGraph_finalize(g, nullptr, nullptr), "QnnGraph_finalize");
        }
        for (Qnn_ContextHandle_t c : dead_contexts)
          expect_error(QnnContext_free(c, nullptr), "QnnContext_free");
        break;
      case 9:
        foreign_calls(&r, slots);
        break;
      case 11:
        if (s.session) register_twice_dead(&s);
        break;
      case 10:  // one buffer on two IO of a session: the second registration is refused
        if (s.session && s.session->inputs().size() + s.session->outputs().size() >= 2) {
          const size_t bytes = 4096;
          SharedBuffer b;
          b.owned.reset(new lpai::host::AlignedBytes(bytes, 4096));
          b.data = b.owned->data();
          const bool first = s.session->bind_shared(0, b.data, bytes, &error);
          if (!first) lpai_fuzz::check_one_line(error);
          if (s.session->bind_shared(1, b.data, bytes, &error) && first)
            lpai_fuzz::fail("one buffer registered twice");
          s.buffers.push_back(std::move(b));
        }
        break;
      default:
        break;
    }
  }
  for (Slot& s : slots) close_slot(&s, &dead_graphs, &dead_contexts);
  lpai_fuzz::check_pools_empty();
  return 0;
}
