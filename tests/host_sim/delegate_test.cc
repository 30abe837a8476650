// The delegate-style API of seed 004 (QNN/TFLiteDelegate/QnnTFLiteDelegate.h): allocate shared
// memory, set a custom allocation for a tensor index, AllocateTensors (rejects too-small or
// misaligned buffers), ModifyGraphWithDelegate (claims the nodes, registers the custom
// allocations), Invoke, free; the seed's running example compiled as written
// (seed_004_running_example.cc) and its output lines. On the project's own ADD model (always)
// and on kws_ref_model (with ../shared).
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "delegate/qnn_delegate.h"
#include "host_sim/host_sim_support.h"
#include "lpai/hal_host.h"
#include "prepare/prepare.h"
#include "runner/session.h"

namespace {

using lpai::delegate::Interpreter;
using namespace lpai_test::host_sim;

std::unique_ptr<Interpreter> add_interpreter() {
  std::string error;
  std::unique_ptr<Interpreter> it = Interpreter::FromModel(add_tflite(), &error);
  EXPECT_NE(it, nullptr) << error;
  return it;
}

// Applies a fresh kLpaiBackend delegate (deleted right after, as the interpreter keeps no
// pointer to it).
TfLiteStatus apply_delegate(Interpreter* it) {
  TfLiteQnnDelegateOptions options = TfLiteQnnDelegateOptionsDefault();
  options.backend_type = kLpaiBackend;
  TfLiteDelegate* d = TfLiteQnnDelegateCreate(&options);
  EXPECT_NE(d, nullptr);
  const TfLiteStatus s = it->ModifyGraphWithDelegate(d);
  TfLiteQnnDelegateDelete(d);
  return s;
}

// Frees a TfLiteQnnDelegateAllocCustomMem buffer at scope exit.
struct CustomMem {
  explicit CustomMem(size_t bytes, size_t alignment = tflite::kDefaultTensorAlignment)
      : p(static_cast<uint8_t*>(TfLiteQnnDelegateAllocCustomMem(bytes, alignment))) {}
  ~CustomMem() { TfLiteQnnDelegateFreeCustomMem(p); }
  uint8_t* p;
};

TEST(Delegate, IoTensorsOfTheModel) {
  std::unique_ptr<Interpreter> it = add_interpreter();
  ASSERT_NE(it, nullptr);
  EXPECT_EQ(it->inputs(), (std::vector<int>{kAddA, kAddB}));
  EXPECT_EQ(it->outputs(), (std::vector<int>{kAddOut}));
  EXPECT_EQ(it->tensor_bytes(kAddA), kAddBytes);
  EXPECT_EQ(it->tensor_bytes(kAddOut), kAddBytes);
  EXPECT_EQ(it->tensor_bytes(kAddSum), 0u);  // not graph IO
  EXPECT_EQ(it->tensor_data(kAddA), nullptr);  // before AllocateTensors
}

TEST(Delegate, SharedMemoryForEveryIoTensorRegistersAndMatchesTheRawPath) {
  std::unique_ptr<Interpreter> it = add_interpreter();
  ASSERT_NE(it, nullptr);
  const size_t in_use = lpai_hal_host_shared_bytes_in_use();
  {
    CustomMem a(kAddBytes), b(kAddBytes), out(kAddBytes);
    ASSERT_NE(a.p, nullptr);
    ASSERT_NE(b.p, nullptr);
    ASSERT_NE(out.p, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(a.p) % tflite::kDefaultTensorAlignment, 0u);
    EXPECT_EQ(it->SetCustomAllocationForTensor(kAddA, {a.p, kAddBytes}), kTfLiteOk);
    EXPECT_EQ(it->SetCustomAllocationForTensor(kAddB, {b.p, kAddBytes}), kTfLiteOk);
    EXPECT_EQ(it->SetCustomAllocationForTensor(kAddOut, {out.p, kAddBytes}), kTfLiteOk);
    lpai_test::LogCapture log(LPAI_LOG_LEVEL_INFO);
    ASSERT_EQ(it->AllocateTensors(), kTfLiteOk) << it->last_error();
    EXPECT_EQ(log.count("successfully registered"), 0u);  // the delegate registers them
    ASSERT_EQ(apply_delegate(it.get()), kTfLiteOk) << it->last_error();
    EXPECT_EQ(log.count("Tensor 0 is successfully registered to shared memory."), 1u);
    EXPECT_EQ(log.count("Tensor 1 is successfully registered to shared memory."), 1u);
    EXPECT_EQ(log.count("Tensor 3 is successfully registered to shared memory."), 1u);
    EXPECT_EQ(it->tensor_data(kAddA), a.p);
    EXPECT_EQ(it->tensor_data(kAddOut), out.p);

    for (uint32_t k = 0; k < 3; ++k) {
      const std::vector<uint8_t> va = pattern(kAddBytes, 30 + k), vb = pattern(kAddBytes, 40 + k);
      std::memcpy(a.p, va.data(), kAddBytes);
      std::memcpy(b.p, vb.data(), kAddBytes);
      ASSERT_EQ(it->Invoke(), kTfLiteOk) << it->last_error();
      const std::vector<uint8_t> got(out.p, out.p + kAddBytes);
      EXPECT_EQ(got, add_reference(va, vb)) << "inference " << k;
    }
    // The RAW path (prepared with the raw hint, client buffers copied) gives the same bytes.
    const std::vector<uint8_t> tfl = add_tflite();
    lpai::prepare::PrepareOutput prep;
    std::string error;
    ASSERT_EQ(lpai_test::failure(lpai::prepare::prepare_tflite(tfl.data(), tfl.size(), {}, &prep)), "");
    std::unique_ptr<lpai::host::Session> raw =
        lpai::host::Session::open(prep.binary, lpai::host::SessionOptions{}, &error);
    ASSERT_NE(raw, nullptr) << error;
    std::vector<std::vector<uint8_t>> outputs;
    ASSERT_TRUE(raw->run({pattern(kAddBytes, 32), pattern(kAddBytes, 42)}, &outputs, &error));
    EXPECT_EQ(outputs[0], std::vector<uint8_t>(out.p, out.p + kAddBytes));
    it.reset();  // the interpreter goes before the memory it uses
  }
  EXPECT_EQ(lpai_hal_host_shared_bytes_in_use(), in_use);
}

TEST(Delegate, WithoutCustomAllocationsTheInterpreterOwnsItsBuffers) {
  std::unique_ptr<Interpreter> it = add_interpreter();
  ASSERT_NE(it, nullptr);
  ASSERT_EQ(it->AllocateTensors(), kTfLiteOk) << it->last_error();
  const std::vector<uint8_t> va = pattern(kAddBytes, 1), vb = pattern(kAddBytes, 2);
  std::memcpy(it->tensor_data(kAddA), va.data(), kAddBytes);
  std::memcpy(it->tensor_data(kAddB), vb.data(), kAddBytes);
  ASSERT_EQ(it->Invoke(), kTfLiteOk) << it->last_error();
  EXPECT_EQ(std::vector<uint8_t>(it->tensor_data(kAddOut), it->tensor_data(kAddOut) + kAddBytes),
            add_reference(va, vb));
}

TEST(Delegate, NonIoTensorOrNullBufferIsRejectedAtSet) {
  std::unique_ptr<Interpreter> it = add_interpreter();
  ASSERT_NE(it, nullptr);
  CustomMem m(kAddBytes);
  lpai_test::LogCapture log(LPAI_LOG_LEVEL_ERROR);
  EXPECT_EQ(it->SetCustomAllocationForTensor(kAddSum, {m.p, kAddBytes}), kTfLiteError);
  EXPECT_NE(it->last_error().find("graph inputs and outputs only"), std::string::npos)
      << it->last_error();
  EXPECT_EQ(log.count("Tensor 2:"), 1u);
  EXPECT_EQ(it->SetCustomAllocationForTensor(99, {m.p, kAddBytes}), kTfLiteError);
  EXPECT_EQ(it->SetCustomAllocationForTensor(-1, {m.p, kAddBytes}), kTfLiteError);
  EXPECT_EQ(it->SetCustomAllocationForTensor(kAddA, {nullptr, kAddBytes}), kTfLiteError);
  EXPECT_NE(it->last_error().find("no buffer"), std::string::npos) << it->last_error();
  EXPECT_EQ(log.count("successfully registered"), 0u);
}

TEST(Delegate, TooSmallAllocationIsRejectedAndTheTensorKeepsItsBuffer) {
  std::unique_ptr<Interpreter> it = add_interpreter();
  ASSERT_NE(it, nullptr);
  CustomMem good(kAddBytes), small(kAddBytes - 1);
  ASSERT_EQ(it->SetCustomAllocationForTensor(kAddOut, {good.p, kAddBytes}), kTfLiteOk);
  ASSERT_EQ(it->AllocateTensors(), kTfLiteOk) << it->last_error();
  ASSERT_EQ(it->SetCustomAllocationForTensor(kAddOut, {small.p, kAddBytes - 1}), kTfLiteOk);
  lpai_test::LogCapture log(LPAI_LOG_LEVEL_INFO);
  EXPECT_EQ(it->AllocateTensors(), kTfLiteError);
  EXPECT_NE(it->last_error().find("63 bytes is smaller than the tensor (64 bytes)"),
            std::string::npos)
      << it->last_error();
  EXPECT_EQ(log.count("successfully registered"), 0u);
  EXPECT_EQ(it->tensor_data(kAddOut), good.p);
  // Still usable, writing into the kept buffer.
  std::memset(it->tensor_data(kAddA), 5, kAddBytes);
  std::memset(it->tensor_data(kAddB), 7, kAddBytes);
  ASSERT_EQ(it->Invoke(), kTfLiteOk) << it->last_error();
  EXPECT_EQ(std::vector<uint8_t>(good.p, good.p + kAddBytes), std::vector<uint8_t>(kAddBytes, 12));
}

TEST(Delegate, MisalignedAllocationIsRejected) {
  std::unique_ptr<Interpreter> it = add_interpreter();
  ASSERT_NE(it, nullptr);
  CustomMem m(kAddBytes + 64);
  ASSERT_EQ(it->SetCustomAllocationForTensor(kAddA, {m.p + 1, kAddBytes}), kTfLiteOk);
  EXPECT_EQ(it->AllocateTensors(), kTfLiteError);
  EXPECT_NE(it->last_error().find("not aligned to 64 bytes"), std::string::npos)
      << it->last_error();
  EXPECT_NE(it->tensor_data(kAddA), m.p + 1);
}

TEST(Delegate, AllocCustomMemRejectsZeroBytes) {
  EXPECT_EQ(TfLiteQnnDelegateAllocCustomMem(0, 64), nullptr);
  TfLiteQnnDelegateFreeCustomMem(nullptr);  // no-op
}

TEST(Delegate, InvokeBeforeAllocateTensorsFails) {
  std::unique_ptr<Interpreter> it = add_interpreter();
  ASSERT_NE(it, nullptr);
  EXPECT_EQ(it->Invoke(), kTfLiteError);
  EXPECT_NE(it->last_error().find("AllocateTensors() has not been called"), std::string::npos);
}

TEST(Delegate, KwsWithSharedIoMatchesTheGoldens) {
  LPAI_REQUIRE_SHARED(model, "models/kws_ref_model.tflite");
  LPAI_REQUIRE_SHARED(golden, "golden/kws_ref_model");
  std::string error;
  std::unique_ptr<Interpreter> it = Interpreter::FromModel(lpai_test::read_file(model), &error);
  ASSERT_NE(it, nullptr) << error;
  ASSERT_EQ(it->inputs().size(), 1u);
  ASSERT_EQ(it->outputs().size(), 1u);
  const int in = it->inputs()[0], out = it->outputs()[0];
  CustomMem in_mem(it->tensor_bytes(in)), out_mem(it->tensor_bytes(out));
  ASSERT_EQ(it->SetCustomAllocationForTensor(in, {in_mem.p, it->tensor_bytes(in)}), kTfLiteOk);
  ASSERT_EQ(it->SetCustomAllocationForTensor(out, {out_mem.p, it->tensor_bytes(out)}), kTfLiteOk);
  lpai_test::LogCapture log(LPAI_LOG_LEVEL_INFO);
  ASSERT_EQ(it->AllocateTensors(), kTfLiteOk) << it->last_error();
  ASSERT_EQ(apply_delegate(it.get()), kTfLiteOk) << it->last_error();
  EXPECT_EQ(log.count("Tensor " + std::to_string(in) + " is successfully registered to shared memory."), 1u);
  EXPECT_EQ(log.count("Tensor " + std::to_string(out) + " is successfully registered to shared memory."), 1u);
  for (int k = 0; k < 4; ++k) {
    const std::vector<uint8_t> x = lpai_test::read_file(golden + "/input_" + std::to_string(k) + "_0.bin");
    ASSERT_EQ(x.size(), it->tensor_bytes(in));
    std::memcpy(in_mem.p, x.data(), x.size());
    ASSERT_EQ(it->Invoke(), kTfLiteOk) << it->last_error();
    EXPECT_EQ(std::vector<uint8_t>(out_mem.p, out_mem.p + it->tensor_bytes(out)),
              lpai_test::read_file(golden + "/output_" + std::to_string(k) + "_0.bin"));
  }
  it.reset();
}

// ---- seed 004: the delegate, the running example, the output lines --------------------------

TEST(Delegate, CreateNeedsAnHtpOrLpaiBackendType) {
  TfLiteQnnDelegateOptions options = TfLiteQnnDelegateOptionsDefault();
  EXPECT_EQ(options.backend_type, kUndefinedBackend);
  lpai_test::LogCapture log(LPAI_LOG_LEVEL_ERROR);
  EXPECT_EQ(TfLiteQnnDelegateCreate(&options), nullptr);  // the mandatory option is unset
  options.backend_type = kGpuBackend;
  EXPECT_EQ(TfLiteQnnDelegateCreate(&options), nullptr);
  EXPECT_EQ(TfLiteQnnDelegateCreate(nullptr), nullptr);
  EXPECT_EQ(log.lines().size(), 3u);
  for (TfLiteQnnDelegateBackendType t : {kHtpBackend, kLpaiBackend}) {
    options.backend_type = t;
    TfLiteDelegate* d = TfLiteQnnDelegateCreate(&options);
    EXPECT_NE(d, nullptr);
    TfLiteQnnDelegateDelete(d);
  }
  TfLiteQnnDelegateDelete(nullptr);  // no-op
}

TEST(Delegate, ModifyGraphWithDelegateClaimsEveryNodeOnce) {
  std::unique_ptr<Interpreter> it = add_interpreter();
  ASSERT_NE(it, nullptr);
  EXPECT_EQ(it->nodes_size(), 2);  // ADD, RESHAPE
  EXPECT_EQ(it->delegated_nodes(), 0);
  EXPECT_EQ(it->ModifyGraphWithDelegate(nullptr), kTfLiteDelegateError);
  lpai_test::LogCapture log(LPAI_LOG_LEVEL_INFO);
  ASSERT_EQ(apply_delegate(it.get()), kTfLiteOk) << it->last_error();
  EXPECT_EQ(it->delegated_nodes(), 2);
  ASSERT_EQ(log.lines().size(), 2u);
  EXPECT_EQ(log.lines()[0], "TfLiteQnnDelegate delegate: 2 nodes delegated out of 2 nodes with 1 "
                            "partitions.");
  EXPECT_EQ(log.lines()[1], "Replacing 2 node(s) with delegate (TfLiteQnnDelegate) node, "
                            "yielding 1 partitions.");
  EXPECT_EQ(apply_delegate(it.get()), kTfLiteDelegateError);
  EXPECT_NE(it->last_error().find("already applied"), std::string::npos);
  // Runs, and custom allocations set afterwards are registered by AllocateTensors at once.
  CustomMem out(kAddBytes);
  ASSERT_EQ(it->SetCustomAllocationForTensor(kAddOut, {out.p, kAddBytes}), kTfLiteOk);
  log.clear();
  ASSERT_EQ(it->AllocateTensors(), kTfLiteOk) << it->last_error();
  EXPECT_EQ(log.count("Tensor 3 is successfully registered to shared memory."), 1u);
  std::memset(it->tensor_data(kAddA), 2, kAddBytes);
  std::memset(it->tensor_data(kAddB), 3, kAddBytes);
  ASSERT_EQ(it->Invoke(), kTfLiteOk) << it->last_error();
  EXPECT_EQ(std::vector<uint8_t>(out.p, out.p + kAddBytes), std::vector<uint8_t>(kAddBytes, 5));
  it.reset();
}

TEST(Delegate, BadCustomAllocationsAreRefusedAtAllocateTensors) {
  std::unique_ptr<Interpreter> it = add_interpreter();
  ASSERT_NE(it, nullptr);
  CustomMem small(kAddBytes - 1), odd(kAddBytes + 64);
  ASSERT_EQ(it->SetCustomAllocationForTensor(kAddA, {small.p, kAddBytes - 1}), kTfLiteOk);
  ASSERT_EQ(it->SetCustomAllocationForTensor(kAddOut, {odd.p + 8, kAddBytes}), kTfLiteOk);
  lpai_test::LogCapture log(LPAI_LOG_LEVEL_INFO);
  EXPECT_EQ(it->AllocateTensors(), kTfLiteError);
  EXPECT_EQ(log.count("Tensor 0: custom allocation of 63 bytes is smaller than the tensor"), 1u);
  EXPECT_EQ(log.count("Tensor 3: custom allocation is not aligned to 64 bytes"), 1u);
  // Nothing refused reaches the delegate: it registers nothing.
  log.clear();
  ASSERT_EQ(apply_delegate(it.get()), kTfLiteOk) << it->last_error();
  EXPECT_EQ(log.count("successfully registered"), 0u);
  EXPECT_NE(it->tensor_data(kAddA), small.p);
  it.reset();
}

// Captures what the HAL's log sink writes to stderr (the "INFO: ..." lines a user sees).
class StderrLines {
 public:
  StderrLines() {
    std::fflush(stderr);
    file_ = std::tmpfile();
    saved_ = dup(2);
    if (file_ != nullptr) dup2(fileno(file_), 2);
  }
  ~StderrLines() { restore(); if (file_ != nullptr) std::fclose(file_); }
  std::vector<std::string> lines() {
    restore();
    std::vector<std::string> v;
    if (file_ == nullptr) return v;
    std::rewind(file_);
    char buf[1024];
    while (std::fgets(buf, sizeof buf, file_) != nullptr) {
      std::string l(buf);
      if (!l.empty() && l.back() == '\n') l.pop_back();
      v.push_back(l);
    }
    return v;
  }

 private:
  void restore() {
    if (saved_ < 0) return;
    std::fflush(stderr);
    dup2(saved_, 2);
    close(saved_);
    saved_ = -1;
  }
  std::FILE* file_ = nullptr;
  int saved_ = -1;
};

// Sets the log level for a scope (the seed's output is at INFO).
struct LogLevel {
  explicit LogLevel(lpai_log_level_t l) : saved(lpai_hal_log_level()) { lpai_hal_set_log_level(l); }
  ~LogLevel() { lpai_hal_set_log_level(saved); }
  lpai_log_level_t saved;
};

}  // namespace

// tests/host_sim/seed_004_running_example.cc: the seed's code as written.
void seed004_running_example(std::unique_ptr<lpai::delegate::Interpreter>& interpreter_,
                             size_t num_bytes, int tensor_idx);

namespace {

// Puts `bytes` where the next TfLiteQnnDelegateAllocCustomMem(bytes.size(), 64) will land (the
// shared region is first fit), so that the seed's freshly allocated input holds known data.
// Returns that address.
uint8_t* preload_next_custom_mem(const std::vector<uint8_t>& bytes) {
  uint8_t* p = static_cast<uint8_t*>(
      TfLiteQnnDelegateAllocCustomMem(bytes.size(), tflite::kDefaultTensorAlignment));
  if (p == nullptr) return nullptr;
  std::memcpy(p, bytes.data(), bytes.size());
  TfLiteQnnDelegateFreeCustomMem(p);
  return p;
}

// The running example on the ADD model: input a on the seed's shared memory, b and the output
// in the interpreter's buffers (set up before the example, as its first comment says). No log
// level is set: the seed's lines are the example's output at the defaults, as with TFLite.
TEST(Seed004, RunningExampleCompilesAsWrittenAndRuns) {
  ASSERT_EQ(lpai_hal_log_level(), LPAI_LOG_LEVEL_ERROR);  // the firmware's default
  ASSERT_EQ(tflite::LoggerOptions::GetMinimumLogSeverity(), tflite::TFLITE_LOG_INFO);
  StderrLines err;
  std::unique_ptr<Interpreter> interpreter_ = add_interpreter();
  ASSERT_NE(interpreter_, nullptr);
  ASSERT_EQ(interpreter_->AllocateTensors(), kTfLiteOk);
  const std::vector<uint8_t> va = pattern(kAddBytes, 11), vb = pattern(kAddBytes, 12);
  std::memcpy(interpreter_->tensor_data(kAddB), vb.data(), kAddBytes);
  uint8_t* expected_ptr = preload_next_custom_mem(va);
  ASSERT_NE(expected_ptr, nullptr);

  seed004_running_example(interpreter_, kAddBytes, kAddA);

  EXPECT_EQ(interpreter_->tensor_data(kAddA), expected_ptr);  // the seed's custom_ptr
  EXPECT_EQ(interpreter_->delegated_nodes(), 2);
  EXPECT_EQ(std::vector<uint8_t>(interpreter_->tensor_data(kAddOut),
                                 interpreter_->tensor_data(kAddOut) + kAddBytes),
            add_reference(va, vb));
  interpreter_.reset();
  EXPECT_EQ(err.lines(),
            (std::vector<std::string>{
                "INFO: Initialized TensorFlow Lite runtime.",
                "INFO: TfLiteQnnDelegate delegate: 2 nodes delegated out of 2 nodes with 1 "
                "partitions.",
                "INFO: Replacing 2 node(s) with delegate (TfLiteQnnDelegate) node, yielding 1 "
                "partitions.",
                "INFO: Tensor 0 is successfully registered to shared memory."}));
}

// A user lowers the delegate-style API's output as in TFLite: at TFLITE_LOG_ERROR the running
// example prints nothing (it succeeds); its errors are still written.
TEST(Seed004, TheRunningExamplesLinesFollowTfLitesMinimumLogSeverity) {
  struct Restore {
    ~Restore() { tflite::LoggerOptions::SetMinimumLogSeverity(tflite::TFLITE_LOG_INFO); }
  } restore;
  EXPECT_EQ(tflite::LoggerOptions::SetMinimumLogSeverity(tflite::TFLITE_LOG_ERROR),
            tflite::TFLITE_LOG_INFO);
  StderrLines err;
  std::unique_ptr<Interpreter> interpreter_ = add_interpreter();
  ASSERT_NE(interpreter_, nullptr);
  ASSERT_EQ(interpreter_->AllocateTensors(), kTfLiteOk);
  seed004_running_example(interpreter_, kAddBytes, kAddA);
  EXPECT_EQ(interpreter_->delegated_nodes(), 2);
  interpreter_.reset();
  EXPECT_EQ(TfLiteQnnDelegateCreate(nullptr), nullptr);
  EXPECT_EQ(err.lines(),
            (std::vector<std::string>{"ERROR: TfLiteQnnDelegateCreate: options is null"}));
  tflite::LoggerOptions::SetMinimumLogSeverity(tflite::TFLITE_LOG_SILENT);
  StderrLines silent;
  EXPECT_EQ(TfLiteQnnDelegateCreate(nullptr), nullptr);
  EXPECT_TRUE(silent.lines().empty());
}

// "The output should look like": five lines, in order, one "Tensor" line per custom-allocated
// tensor (an input and an output, as the seed's output shows).
TEST(Seed004, TheFiveOutputLinesInOrder) {
  LogLevel level(LPAI_LOG_LEVEL_INFO);
  StderrLines err;
  std::unique_ptr<Interpreter> it = add_interpreter();
  ASSERT_NE(it, nullptr);
  TfLiteQnnDelegateOptions options = TfLiteQnnDelegateOptionsDefault();
  options.backend_type = kHtpBackend;
  TfLiteDelegate* delegate = TfLiteQnnDelegateCreate(&options);
  ASSERT_NE(delegate, nullptr);
  CustomMem a(kAddBytes), out(kAddBytes);
  ASSERT_EQ(it->SetCustomAllocationForTensor(kAddA, {a.p, kAddBytes}), kTfLiteOk);
  ASSERT_EQ(it->SetCustomAllocationForTensor(kAddOut, {out.p, kAddBytes}), kTfLiteOk);
  ASSERT_EQ(it->AllocateTensors(), kTfLiteOk);
  ASSERT_EQ(it->ModifyGraphWithDelegate(delegate), kTfLiteOk);
  std::memset(a.p, 4, kAddBytes);
  std::memset(it->tensor_data(kAddB), 5, kAddBytes);
  ASSERT_EQ(it->Invoke(), kTfLiteOk);
  EXPECT_EQ(std::vector<uint8_t>(out.p, out.p + kAddBytes), std::vector<uint8_t>(kAddBytes, 9));
  it.reset();
  TfLiteQnnDelegateDelete(delegate);
  EXPECT_EQ(err.lines(),
            (std::vector<std::string>{
                "INFO: Initialized TensorFlow Lite runtime.",
                "INFO: TfLiteQnnDelegate delegate: 2 nodes delegated out of 2 nodes with 1 "
                "partitions.",
                "INFO: Replacing 2 node(s) with delegate (TfLiteQnnDelegate) node, yielding 1 "
                "partitions.",
                "INFO: Tensor 0 is successfully registered to shared memory.",
                "INFO: Tensor 3 is successfully registered to shared memory."}));
}

// The running example on a shared model: kws_ref_model, its input on the seed's shared
// memory holding golden input 0; the output equals TFLite Micro's golden output 0.
TEST(Seed004, RunningExampleRunsOnASharedModel) {
  LPAI_REQUIRE_SHARED(model, "models/kws_ref_model.tflite");
  LPAI_REQUIRE_SHARED(golden, "golden/kws_ref_model");
  LogLevel level(LPAI_LOG_LEVEL_INFO);
  StderrLines err;
  std::string error;
  std::unique_ptr<Interpreter> interpreter_ =
      Interpreter::FromModel(lpai_test::read_file(model), &error);
  ASSERT_NE(interpreter_, nullptr) << error;
  const int in = interpreter_->inputs()[0], out = interpreter_->outputs()[0];
  const std::vector<uint8_t> x = lpai_test::read_file(golden + "/input_0_0.bin");
  ASSERT_EQ(x.size(), interpreter_->tensor_bytes(in));
  uint8_t* expected_ptr = preload_next_custom_mem(x);
  ASSERT_NE(expected_ptr, nullptr);

  seed004_running_example(interpreter_, x.size(), in);

  EXPECT_EQ(interpreter_->tensor_data(in), expected_ptr);
  const int n = interpreter_->nodes_size();
  EXPECT_GT(n, 1);
  EXPECT_EQ(interpreter_->delegated_nodes(), n);
  EXPECT_EQ(std::vector<uint8_t>(interpreter_->tensor_data(out),
                                 interpreter_->tensor_data(out) + interpreter_->tensor_bytes(out)),
            lpai_test::read_file(golden + "/output_0_0.bin"));
  interpreter_.reset();
  const std::string ns = std::to_string(n);
  EXPECT_EQ(err.lines(),
            (std::vector<std::string>{
                "INFO: Initialized TensorFlow Lite runtime.",
                "INFO: TfLiteQnnDelegate delegate: " + ns + " nodes delegated out of " + ns +
                    " nodes with 1 partitions.",
                "INFO: Replacing " + ns + " node(s) with delegate (TfLiteQnnDelegate) node, "
                "yielding 1 partitions.",
                "INFO: Tensor " + std::to_string(in) +
                    " is successfully registered to shared memory."}));
}

}  // namespace
