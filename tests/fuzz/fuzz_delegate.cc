// libFuzzer harness: the delegate-style API (host_sim/delegate, seed 004's
// QnnTFLiteDelegate.h) driven by a program read from the input, one operation per byte
// (operands from the following bytes), on one of the project's own models (byte 0: the ADD
// model, two int8 inputs; or RELU + RESHAPE with two outputs):
//   set a custom allocation for a tensor index (an IO tensor or any other index) with a buffer
//   that is rpcmem, an aligned sub-range of an rpcmem block, caller-owned heap memory,
//   misaligned, one byte too small, or null, and flags none or unknown; AllocateTensors;
//   ModifyGraphWithDelegate with a fresh delegate, a null one, a foreign object or a second
//   one; Invoke; create or delete delegates (the interpreter keeps none); query tensor_data /
//   tensor_bytes of any index; poison free TCM/DDR/shared memory; change the API's log
//   severity; rebuild the interpreter; ask FromModel for a float-IO model (refused with its
//   exact message).
// Checks: every Invoke that follows AllocateTensors succeeds and its outputs (read through
// tensor_data, wherever the current buffer is) equal those of a host::Session on the same
// binary run with the same input bytes (the RAW reference); Invoke before AllocateTensors is
// refused; a buffer that is too small or misaligned is never accepted (tensor_data keeps the
// previous buffer) and makes AllocateTensors fail; a valid one is accepted at once before a
// delegate is applied; non-IO indices have no data; refusals log one printable line; after the
// interpreter is gone the pools and the shared region are back to where they were.
#include <cstdint>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "delegate/qnn_delegate.h"
#include "fuzz_support.h"
#include "host_sim/host_sim_support.h"
#include "lpai/hal_host.h"
#include "prepare/prepare.h"
#include "prepare/tflite_builder.h"
#include "shared_mem/rpcmem.h"

namespace {

namespace tb = lpai::tflite_builder;
using lpai::delegate::Interpreter;

struct Reader {
  const uint8_t* data;
  size_t size;
  size_t at = 0;
  bool done() const { return at >= size; }
  uint8_t byte() { return at < size ? data[at++] : 0; }
};

// in int8 [1, 16] -RELU-> r [1, 16] -RESHAPE-> out [4, 4]; outputs r and out.
std::vector<uint8_t> relu_tflite() {
  tb::TfliteBuilder m;
  const int in = m.act("in", {1, 16}, 0.25f, -5);
  const int r = m.act("r", {1, 16}, 0.25f, -5);
  const int out = m.act("out", {4, 4}, 0.25f, -5);
  m.op({tb::kRelu, {in}, {r}, {}, tb::tfl::BuiltinOptions_NONE, nullptr, -1});
  m.reshape(r, out);
  m.io({in}, {r, out});
  return m.finish();
}

// float32 in -QUANTIZE-> int8 -RELU-> int8 out: refused by FromModel.
std::vector<uint8_t> float_in_tflite() {
  tb::TfliteBuilder m;
  tb::TensorSpec f;
  f.name = "fin";
  f.type = tb::tfl::TensorType_FLOAT32;
  f.shape = {1, 4};
  const int fin = m.tensor(f);
  const int q = m.act("q", {1, 4}, 0.25f, 7);
  const int r = m.act("r", {1, 4}, 0.25f, 7);
  m.op({tb::kQuantize, {fin}, {q}, {}, tb::tfl::BuiltinOptions_NONE, nullptr, -1});
  m.op({tb::kRelu, {q}, {r}, {}, tb::tfl::BuiltinOptions_NONE, nullptr, -1});
  m.io({fin}, {r});
  return m.finish();
}

struct Model {
  std::vector<uint8_t> tflite;
  std::vector<uint8_t> binary;  // what FromModel runs: prepare with IO outside scratch
};

const std::vector<Model>& models() {
  static const std::vector<Model> m = [] {
    std::vector<Model> v;
    for (const std::vector<uint8_t>& t : {lpai_test::host_sim::add_tflite(), relu_tflite()}) {
      lpai::prepare::PlanOptions options;
      options.io_memhandle = true;
      lpai::prepare::PrepareOutput out;
      std::string error;
      if (const lpai::host::HostStatus st = lpai::prepare::prepare_tflite(t.data(), t.size(), options, &out); !st.ok()) {
        error = st.error();
        lpai_fuzz::fail("a delegate model does not prepare:", error);
      }
      v.push_back({t, out.binary});
    }
    return v;
  }();
  return m;
}

// A buffer the harness owns until the end of the input (the API requires custom allocations
// to outlive the interpreter's use of them). Every buffer is distinct: no two tensors alias.
struct Buffer {
  void* block = nullptr;  // rpcmem block to free (or null)
  std::unique_ptr<lpai::host::AlignedBytes> heap;
};

class Harness {
 public:
  Harness(const Model& model) : model_(model) {}
  ~Harness() {
    interpreter_.reset();
    reference_.reset();
    for (TfLiteDelegate* d : delegates_) TfLiteQnnDelegateDelete(d);
    for (Buffer& b : buffers_) {
      if (b.block != nullptr) TfLiteQnnDelegateFreeCustomMem(b.block);
    }
  }

  bool open() {
    std::string error;
    interpreter_ = Interpreter::FromModel(model_.tflite, &error);
    if (!interpreter_) lpai_fuzz::fail("FromModel refused a project model:", error);
    allocated_ = false;
    delegated_ = false;
    pending_.clear();
    if (!reference_) {
      reference_ = lpai::host::Session::open(model_.binary, {}, &error);
      if (!reference_) {
        lpai_fuzz::check_one_line(error);  // no context slot / memory left: stop here
        return false;
      }
    }
    return true;
  }

  void step(Reader* r) {
    const uint8_t op = r->byte();
    switch (op % 12) {
      case 0:
      case 1:
        set_allocation(r);
        break;
      case 2:
        allocate();
        break;
      case 3:
        modify(r);
        break;
      case 4:
      case 5:
        invoke(r);
        break;
      case 6: {
        TfLiteQnnDelegateOptions o = TfLiteQnnDelegateOptionsDefault();
        o.backend_type = static_cast<TfLiteQnnDelegateBackendType>(r->byte() % 6);
        TfLiteDelegate* d = TfLiteQnnDelegateCreate(&o);
        const bool ok = o.backend_type == kHtpBackend || o.backend_type == kLpaiBackend;
        if ((d != nullptr) != ok) lpai_fuzz::fail("TfLiteQnnDelegateCreate: wrong backend check");
        if (d != nullptr) delegates_.push_back(d);
        break;
      }
      case 7:
        if (!delegates_.empty()) {
          TfLiteQnnDelegateDelete(delegates_.back());
          delegates_.pop_back();
        }
        break;
      case 8: {  // any index: non-IO indices have no data
        const int idx = static_cast<int8_t>(r->byte());
        if (io_position(idx) < 0 &&
            (interpreter_->tensor_data(idx) != nullptr || interpreter_->tensor_bytes(idx) != 0))
          lpai_fuzz::fail("a tensor that is not graph IO has data");
        break;
      }
      case 9: {  // free TCM, DDR and shared memory (around the custom buffers)
        const uint8_t byte = r->byte();
        lpai_fuzz::poison_free_memory(byte);
        std::vector<const void*> live;
        for (const Buffer& b : buffers_) live.push_back(b.block);
        if (!lpai_fuzz::poison_free_shared(byte, live))
          lpai_fuzz::fail("shared memory in use that no custom buffer holds");
        break;
      }
      case 10:
        tflite::LoggerOptions::SetMinimumLogSeverity(
            static_cast<tflite::LogSeverity>(r->byte() % 5));
        break;
      case 11:
        if (r->byte() & 1) {
          std::string error;
          if (Interpreter::FromModel(float_in_tflite(), &error) != nullptr ||
              error.find("float32 graph input") == std::string::npos)
            lpai_fuzz::fail("the delegate API accepted a float boundary:", error);
          lpai_fuzz::check_one_line(error);
        } else {
          interpreter_.reset();  // rebuild: everything it registered is released
          open();
        }
        break;
    }
  }

 private:
  int io_position(int idx) const {
    const std::vector<int>& in = interpreter_->inputs();
    const std::vector<int>& out = interpreter_->outputs();
    for (size_t i = 0; i < in.size(); ++i)
      if (in[i] == idx) return static_cast<int>(i);
    for (size_t j = 0; j < out.size(); ++j)
      if (out[j] == idx) return static_cast<int>(in.size() + j);
    return -1;
  }
  int io_index(size_t pos) const {
    const std::vector<int>& in = interpreter_->inputs();
    return pos < in.size() ? in[pos] : interpreter_->outputs()[pos - in.size()];
  }
  // The runtime (a host::Session) exists: IO tensors have buffers.
  bool runtime_exists() { return interpreter_->tensor_data(io_index(0)) != nullptr; }
  size_t io_count() const {
    return interpreter_->inputs().size() + interpreter_->outputs().size();
  }

  void set_allocation(Reader* r) {
    const uint8_t which = r->byte();
    const int idx = (which & 0x80) ? static_cast<int>(which & 0x7F) - 4
                                   : io_index(which % io_count());
    const uint8_t how = r->byte();
    const size_t needed = io_position(idx) >= 0 ? interpreter_->tensor_bytes(idx) : 64;
    size_t bytes = needed + (how & 0x08 ? 64 : 0);
    size_t misalign = 0;
    if ((how & 0x30) == 0x10) bytes = needed - 1;                // too small
    if ((how & 0x30) == 0x20) misalign = 1 + (how >> 6) * 16;    // not 64-byte aligned
    Buffer b;
    uint8_t* p = nullptr;
    switch (how & 0x03) {
      case 0:  // rpcmem, whole block
        b.block = TfLiteQnnDelegateAllocCustomMem(bytes + misalign, 64);
        p = static_cast<uint8_t*>(b.block);
        break;
      case 1:  // an aligned sub-range of a larger rpcmem block
        b.block = TfLiteQnnDelegateAllocCustomMem(bytes + misalign + 128, 64);
        p = b.block == nullptr ? nullptr : static_cast<uint8_t*>(b.block) + 64;
        break;
      case 2:  // caller-owned heap memory
        b.heap.reset(new lpai::host::AlignedBytes(bytes + misalign, 64));
        p = b.heap->data();
        break;
      case 3:  // null
        break;
    }
    if ((how & 0x03) != 3 && p == nullptr) return;  // shared region exhausted
    if (p != nullptr) p += misalign;
    const int64_t flags = (how & 0x04) && (how & 0x40) ? 1 : kTfLiteCustomAllocationFlagsNone;
    const TfLiteStatus s = interpreter_->SetCustomAllocationForTensor(idx, {p, bytes}, flags);
    const bool valid_call = flags == kTfLiteCustomAllocationFlagsNone && io_position(idx) >= 0 &&
                            p != nullptr;
    if ((s == kTfLiteOk) != valid_call)
      lpai_fuzz::fail("SetCustomAllocationForTensor: wrong acceptance");
    if (s == kTfLiteOk)
      pending_[idx] = {p, bytes >= needed && misalign == 0};
    buffers_.push_back(std::move(b));
  }

  void allocate() {
    const TfLiteStatus s = interpreter_->AllocateTensors();
    bool any_bad = false;
    for (const auto& [idx, p] : pending_) {
      const bool now = interpreter_->tensor_data(idx) == p.first;
      if (!p.second && now) lpai_fuzz::fail("a too-small or misaligned buffer was accepted");
      if (!p.second) any_bad = true;
      // Valid buffers are accepted at once before a delegate; after it, registration may
      // still refuse one (then AllocateTensors fails).
      if (p.second && !now && (!delegated_ || s == kTfLiteOk))
        lpai_fuzz::fail("a valid custom allocation was not accepted");
    }
    if (any_bad && s == kTfLiteOk) lpai_fuzz::fail("AllocateTensors accepted a bad buffer");
    pending_.clear();
    allocated_ = runtime_exists();
  }

  void modify(Reader* r) {
    const uint8_t how = r->byte() % 4;
    struct Foreign {
      uint32_t tag;
      int x;
    } foreign{0x12345678u, 0};
    TfLiteDelegate* d = nullptr;
    if (how == 1) d = reinterpret_cast<TfLiteDelegate*>(&foreign);
    if (how >= 2) {
      if (delegates_.empty()) {
        TfLiteQnnDelegateOptions o = TfLiteQnnDelegateOptionsDefault();
        o.backend_type = kLpaiBackend;
        delegates_.push_back(TfLiteQnnDelegateCreate(&o));
      }
      d = delegates_.back();
    }
    const TfLiteStatus s = interpreter_->ModifyGraphWithDelegate(d);
    if (d == nullptr || how == 1 || delegated_) {
      if (s != kTfLiteDelegateError) lpai_fuzz::fail("ModifyGraphWithDelegate: bad delegate taken");
      return;
    }
    delegated_ = interpreter_->delegated_nodes() == interpreter_->nodes_size();
    allocated_ = runtime_exists();
    if (s == kTfLiteOk && interpreter_->delegated_nodes() != interpreter_->nodes_size())
      lpai_fuzz::fail("delegate applied but not every node claimed");
  }

  void invoke(Reader* r) {
    if (!allocated_) {
      if (interpreter_->Invoke() == kTfLiteOk) lpai_fuzz::fail("Invoke before AllocateTensors");
      lpai_fuzz::check_one_line(interpreter_->last_error());
      return;
    }
    const std::vector<int>& in = interpreter_->inputs();
    std::vector<std::vector<uint8_t>> inputs;
    const uint8_t seed = r->byte();
    for (size_t k = 0; k < in.size(); ++k) {
      uint8_t* p = interpreter_->tensor_data(in[k]);
      const size_t n = interpreter_->tensor_bytes(in[k]);
      if (p == nullptr) lpai_fuzz::fail("an input has no buffer after AllocateTensors");
      for (size_t i = 0; i < n; ++i) p[i] = static_cast<uint8_t>(seed * (k + 3) + 37 * i);
      inputs.emplace_back(p, p + n);
    }
    if (interpreter_->Invoke() != kTfLiteOk)
      lpai_fuzz::fail("Invoke failed:", interpreter_->last_error());
    std::vector<std::vector<uint8_t>> want;
    std::string error;
    if (!reference_->run(inputs, &want, &error)) lpai_fuzz::fail("reference run failed:", error);
    const std::vector<int>& out = interpreter_->outputs();
    for (size_t j = 0; j < out.size(); ++j) {
      const uint8_t* p = interpreter_->tensor_data(out[j]);
      if (p == nullptr || std::memcmp(p, want[j].data(), want[j].size()) != 0)
        lpai_fuzz::fail("delegate output differs from the RAW reference:",
                        "output " + std::to_string(j) + (delegated_ ? " (delegated)" : ""));
    }
  }

  const Model& model_;
  std::unique_ptr<Interpreter> interpreter_;
  std::unique_ptr<lpai::host::Session> reference_;
  std::vector<TfLiteDelegate*> delegates_;
  std::deque<Buffer> buffers_;
  std::map<int, std::pair<void*, bool>> pending_;  // index -> (buffer, should be accepted)
  bool allocated_ = false;
  bool delegated_ = false;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  lpai_fuzz::quiet_logs();
  const std::vector<Model>& all = models();
  Reader r{data, size};
  const size_t shared_before = lpai_hal_host_shared_bytes_in_use();
  {
    Harness h(all[r.byte() % all.size()]);
    if (h.open()) {
      for (int ops = 0; ops < 48 && !r.done(); ++ops) h.step(&r);
    }
  }
  tflite::LoggerOptions::SetMinimumLogSeverity(tflite::TFLITE_LOG_INFO);
  lpai_fuzz::check_pools_empty();
  if (lpai_hal_host_shared_bytes_in_use() != shared_before)
    lpai_fuzz::fail("shared memory not returned after the interpreter and its buffers");
  return 0;
}
