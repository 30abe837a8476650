// Seed 003's custom memory registration rewritten for LPAI, exactly as docs/memory-model.md
// shows it: the code block between "seed-003-lpai:begin" and "seed-003-lpai:end" is extracted
// at configure time into seed_003_lpai.inc (tests/host_sim/CMakeLists.txt) and compiled here
// unchanged, then run on a COPY graph: the output arrives in the registered buffer without a
// copy, and the handle is gone afterwards.
#include "seed_003_lpai.inc"

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "host_sim/host_sim_support.h"
#include "runner/session.h"

namespace {

using namespace lpai_test::host_sim;

TEST(Seed003Lpai, InterfaceProvidersGiveTheLpaiTable) {
  QnnInterface_t qnnInterface;
  ASSERT_TRUE(initQnnInterface(&qnnInterface));
  EXPECT_EQ(qnnInterface.backendId, QNN_BACKEND_ID_LPAI);
  EXPECT_EQ(std::string(qnnInterface.providerName), "LPAI_LPAI_RT");
  EXPECT_EQ(qnnInterface.QNN_INTERFACE_VER_NAME.memRegister, &QnnMem_register);
  EXPECT_EQ(qnnInterface.QNN_INTERFACE_VER_NAME.memDeRegister, &QnnMem_deRegister);
  EXPECT_EQ(qnnInterface.QNN_INTERFACE_VER_NAME.graphExecute, &QnnGraph_execute);
  const QnnInterface_t** providers = nullptr;
  uint32_t n = 0;
  EXPECT_NE(QnnInterface_getProviders(nullptr, &n), QNN_SUCCESS);
  EXPECT_NE(QnnInterface_getProviders(&providers, nullptr), QNN_SUCCESS);
}

TEST(Seed003Lpai, DocumentedRegistrationRunsZeroCopy) {
  constexpr uint32_t kBytes = 100;  // not a multiple of the alignment: the block rounds up
  const std::vector<uint8_t> bin = big_io_binary(kBytes);
  std::string error;
  std::unique_ptr<lpai::host::Session> s =
      lpai::host::Session::open(bin, lpai::host::SessionOptions(), &error);
  ASSERT_NE(s, nullptr) << error;

  // IO descriptions from the binary info, as the seeds get them.
  std::vector<uint8_t> copy(bin);
  QnnSystemContext_Handle_t sys = nullptr;
  ASSERT_EQ(QnnSystemContext_create(&sys), QNN_SUCCESS);
  lpai::host::AlignedBytes aligned(copy.size(), 64);
  std::memcpy(aligned.data(), copy.data(), copy.size());
  const QnnSystemContext_BinaryInfo_t* info = nullptr;
  Qnn_ContextBinarySize_t info_size = 0;
  ASSERT_EQ(QnnSystemContext_getBinaryInfo(sys, aligned.data(), copy.size(), &info, &info_size),
            QNN_SUCCESS);
  const QnnSystemContext_GraphInfoV1_t& g = info->contextBinaryInfoV1.graphs[0].graphInfoV1;
  ASSERT_EQ(g.numGraphInputs, 1u);
  ASSERT_EQ(g.numGraphOutputs, 1u);
  Qnn_Tensor_t input = g.graphInputs[0];
  const Qnn_Tensor_t output = g.graphOutputs[0];
  lpai::host::AlignedBytes in(kBytes, s->start_alignment());
  const std::vector<uint8_t> data = pattern(kBytes, 9);
  std::memcpy(in.data(), data.data(), kBytes);
  input.v1.memType = QNN_TENSORMEMTYPE_RAW;
  input.v1.clientBuf.data = in.data();
  input.v1.clientBuf.dataSize = kBytes;

  QnnInterface_t qnnInterface;
  ASSERT_TRUE(initQnnInterface(&qnnInterface));
  const std::vector<uint8_t> got = runWithCustomOutput(
      qnnInterface, s->context(), s->graph(), &input, 1u, output, s->start_alignment(), kBytes);
  EXPECT_EQ(got, data);
  // Only the RAW input was copied: the output went straight into the registered buffer.
  QnnLpaiGraph_Counters_t c;
  ASSERT_EQ(QnnLpaiGraph_getCounters(s->graph(), &c), QNN_SUCCESS);
  EXPECT_EQ(c.executions, 1u);
  EXPECT_EQ(c.ioBytesCopied, kBytes);
  // Deregistration succeeded (the block returns nothing otherwise), and a second run works the
  // same way.
  EXPECT_EQ(runWithCustomOutput(qnnInterface, s->context(), s->graph(), &input, 1u, output,
                                s->start_alignment(), kBytes),
            data);
  ASSERT_EQ(QnnSystemContext_free(sys), QNN_SUCCESS);
}

}  // namespace
