// The delegate-style API of seed 004 (host_sim/delegate/qnn_delegate.h): allocate shared
// memory, set a custom allocation for a tensor index, AllocateTensors (rejects too-small or
// misaligned buffers), Invoke, free. On the project's own ADD model (always) and on
// kws_ref_model (with ../shared).
#include <gtest/gtest.h>

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
    ASSERT_TRUE(lpai::prepare::prepare_tflite(tfl.data(), tfl.size(), {}, &prep, &error)) << error;
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

}  // namespace
