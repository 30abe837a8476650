// Issue 14 "Seed fidelity": the seeds' own command lines and log lines, run as written against
// the real tools (build/bin), and the 33rd TCM allocation in the host simulation.
//   seed 000: the TCM qnn-net-run command (--backend, --direct_mode adsp, default --output_dir)
//             with the seed's eaiParams_direct.json / .conf; the QNN_INFO TCM lines; the TCM
//             failure line; the 32-allocation limit as a system fatal error; every generator
//             --alignment through lpai-net-run
//             (lpai-net-run opens one context, at most 1 + 16 TCM allocations, so its fatal
//             report, net_run_report.h, is driven here by a second session in-process)
//   seed 002: the qnn-context-binary-generator command (--backend, output name
//             qnngraph.serialized.bin)
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "host_sim/host_sim_support.h"
#include "lpai/hal.h"
#include "lpai/hal_host.h"
#include "memory/tcm_pool.h"
#include "net_run_report.h"
#include "runner/session.h"

namespace {

using lpai::host::Session;
using lpai::host::SessionOptions;
using namespace lpai_test::host_sim;

// ---- the seeds' text ------------------------------------------------------------------------

// Seed 000, "Run the Model", as printed (prompt and line continuations included).
constexpr const char* kSeed000Command = R"($ ./qnn-net-run \
        --input_list model/input_list.txt \
        --backend /data/local/tmp/libQnnLpai.so \
        --direct_mode adsp \
        --config_file model/eaiParams_direct.json \
        --retrieve_context model/tmp.bin)";

// Seed 000, "Prepare the TCM Configuration File".
constexpr const char* kSeed000Conf = R"({
      "lpai_graph": {
        "execute": {
          "mem_type": "tcm"
        }
      }
    })";
constexpr const char* kSeed000Json = R"({
      "backend_extensions": {
        "shared_library_path": "/data/local/tmp/libQnnLpaiNetRunExtensions.so",
        "config_file_path": "/data/local/tmp/eaiParams_direct.conf"
      },
      "context_configs": {
        "is_persistent_binary": true
      }
    })";

// Seed 002, "Offline Prepare": the command line (its line 3).
constexpr const char* kSeed002Command =
    "./qnn-context-binary-generator --model libqnn_model.so --backend libQnnHtp.so --binary_file "
    "qnngraph.serialized --output_dir output --input_output_tensor_mem_type memhandle";

// A seed command with the seed's program replaced by ours: "$ " dropped, `./<qnn tool>` -> the
// build's tool.
std::string as_ours(std::string command, const std::string& qnn_tool, const std::string& ours) {
  if (command.rfind("$ ", 0) == 0) command.erase(0, 2);
  const std::string from = "./" + qnn_tool;
  const size_t at = command.find(from);
  if (at != std::string::npos) command.replace(at, from.size(), tool(ours));
  return command;
}

std::string in_dir(const std::string& dir, const std::string& command) {
  return "cd " + quote(dir) + " && " + command;
}

// The seed-000 folder: model/{tmp.bin, input_list.txt, eaiParams_direct.json/.conf, inputs}.
class Seed000Command : public testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(dir_.path().empty());
    fs::create_directories(dir_ / "model");
    ASSERT_TRUE(write_file(dir_ / "model/tmp.bin", copy_swap_binary(false)));
    a_ = pattern(kSwapInA, 1);
    b_ = pattern(kSwapInB, 2);
    ASSERT_TRUE(write_file(dir_ / "model/a.bin", a_));
    ASSERT_TRUE(write_file(dir_ / "model/b.bin", b_));
    ASSERT_TRUE(write_text(dir_ / "model/input_list.txt", "a.bin b.bin\n"));
    ASSERT_TRUE(write_text(dir_ / "model/eaiParams_direct.json", kSeed000Json));
    ASSERT_TRUE(write_text(dir_ / "model/eaiParams_direct.conf", kSeed000Conf));
  }
  CommandResult run(const std::string& command) { return run_command(in_dir(dir_.path(), command)); }
  std::string seed_command() const { return as_ours(kSeed000Command, "qnn-net-run", "lpai-net-run"); }

  TempDir dir_;
  std::vector<uint8_t> a_, b_;
};

TEST_F(Seed000Command, RunsAsWrittenIntoTheDefaultOutputFolder) {
  const CommandResult r = run(seed_command());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  // No --output_dir: results under ./output, as the QNN tools do.
  EXPECT_EQ(read_bytes(dir_ / "output/Result_0/out_a.raw"), a_);
  EXPECT_EQ(read_bytes(dir_ / "output/Result_0/out_b.raw"), b_);
  // Default log level: the TCM QNN_INFO lines are not shown.
  EXPECT_FALSE(r.contains("TCM pool current size")) << r.output;
}

TEST_F(Seed000Command, LogLevelDebugShowsTheSeedsQnnInfoLinesWithTheInfoPrefix) {
  const CommandResult r = run(seed_command() + " --log_level debug");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::vector<std::string> lines = r.lines();
  auto has_line = [&](const std::string& l) {
    return std::find(lines.begin(), lines.end(), l) != lines.end();
  };
  // "The first message is emitted once when the TCM pool is registered on the initial
  // allocation. The second is printed for each subsequent buffer allocation."
  EXPECT_TRUE(has_line("INFO: TCM pool current size: 0 max_size: 2035712")) << r.output;
  const size_t bin_bytes = read_bytes(dir_ / "model/tmp.bin").size();
  EXPECT_TRUE(has_line("INFO: Allocate size " + std::to_string(bin_bytes) + " from tcm pool 0"))
      << r.output;
  EXPECT_TRUE(has_line("INFO: Allocate size 64 from tcm pool 0")) << r.output;
  EXPECT_TRUE(has_line("INFO: Allocate size 32 from tcm pool 0")) << r.output;
  size_t registrations = 0, allocations = 0;
  for (const std::string& l : lines) {
    registrations += l.find("TCM pool current size:") != std::string::npos ? 1 : 0;
    allocations += std::regex_match(l, std::regex("INFO: Allocate size [0-9]+ from tcm pool 0"));
  }
  EXPECT_EQ(registrations, 1u) << r.output;
  EXPECT_EQ(allocations, 5u) << r.output;  // the binary and four IO buffers
  // With --log_level info they are shown too (QNN_INFO); with warn they are not.
  EXPECT_TRUE(run(seed_command() + " --output_dir info --log_level info")
                  .contains("INFO: TCM pool current size: 0 max_size: 2035712"));
  EXPECT_FALSE(run(seed_command() + " --output_dir warn --log_level warn")
                   .contains("TCM pool current size"));
}

TEST_F(Seed000Command, TcmWithoutDirectModeFailsAtInitWithOneClearLine) {
  std::string command = seed_command();
  const std::string flag = "        --direct_mode adsp \\\n";
  const size_t at = command.find(flag);
  ASSERT_NE(at, std::string::npos) << command;
  command.erase(at, flag.size());
  const CommandResult r = run(command);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  ASSERT_EQ(r.lines().size(), 1u) << r.output;
  EXPECT_EQ(r.lines()[0],
            "lpai-net-run: error: mem_type \"tcm\" needs ADSP direct mode (TCM is not supported "
            "on ARM or x86 simulation): add --direct_mode adsp");
  EXPECT_FALSE(fs::exists(dir_ / "output"));
  // The same command with mem_type "ddr" needs no direct mode.
  ASSERT_TRUE(write_text(dir_ / "model/eaiParams_direct.conf",
                         "{\"lpai_graph\": {\"execute\": {\"mem_type\": \"ddr\"}}}"));
  const CommandResult ddr = run(command);
  ASSERT_EQ(ddr.exit_code, 0) << ddr.output;
  EXPECT_EQ(read_bytes(dir_ / "output/Result_0/out_a.raw"), a_);
}

TEST_F(Seed000Command, BackendMustNameTheLpaiLibrary) {
  std::string command = seed_command();
  const size_t at = command.find("libQnnLpai.so");
  ASSERT_NE(at, std::string::npos);
  command.replace(at, std::string("libQnnLpai.so").size(), "libQnnHtp.so");
  const CommandResult r = run(command);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  ASSERT_EQ(r.lines().size(), 1u) << r.output;
  EXPECT_EQ(r.lines()[0],
            "lpai-net-run: error: --backend '/data/local/tmp/libQnnHtp.so' is not the LPAI "
            "backend (libQnnLpai.so); lpai-net-run simulates only that backend");
  EXPECT_FALSE(fs::exists(dir_ / "output"));
  // Any folder, the library's file name is what counts (the file is not opened).
  std::string local = seed_command();
  const size_t path = local.find("/data/local/tmp/libQnnLpai.so");
  ASSERT_NE(path, std::string::npos);
  local.replace(path, std::string("/data/local/tmp/libQnnLpai.so").size(), "./libQnnLpai.so");
  const CommandResult ok = run(local);
  EXPECT_EQ(ok.exit_code, 0) << ok.output;
}

TEST_F(Seed000Command, DirectModeAcceptsOnlyAdsp) {
  std::string command = seed_command();
  const size_t at = command.find("--direct_mode adsp");
  ASSERT_NE(at, std::string::npos);
  command.replace(at, std::string("--direct_mode adsp").size(), "--direct_mode cdsp");
  const CommandResult r = run(command);
  EXPECT_NE(r.exit_code, 0) << r.output;
  EXPECT_TRUE(r.contains("--direct_mode")) << r.output;
  EXPECT_FALSE(fs::exists(dir_ / "output"));
}

// ---- seed 002's generator command -----------------------------------------------------------

TEST(Seed002Command, GeneratorRunsAsWrittenAndItsBinaryRuns) {
  TempDir dir;
  // The seed's model file name; lpai-rt's generator reads a TFLite model, whatever its name.
  ASSERT_TRUE(write_file(dir / "libqnn_model.so", add_tflite()));
  const CommandResult g =
      run_command(in_dir(dir.path(), as_ours(kSeed002Command, "qnn-context-binary-generator",
                                             "lpai-context-binary-generator")));
  ASSERT_EQ(g.exit_code, 0) << g.output;
  // "qnngraph.serialized.bin is generated and saved at output/qnngraph.serialized.bin"
  const std::string bin = dir / "output/qnngraph.serialized.bin";
  ASSERT_TRUE(fs::exists(bin)) << g.output;
  EXPECT_TRUE(g.contains("io memhandle")) << g.output;
  EXPECT_TRUE(g.contains("note: --backend libQnnHtp.so recorded")) << g.output;
  ASSERT_TRUE(write_file(dir / "a.bin", pattern(kAddBytes, 1)));
  ASSERT_TRUE(write_file(dir / "b.bin", pattern(kAddBytes, 2)));
  ASSERT_TRUE(write_text(dir / "list.txt", "a.bin b.bin\n"));
  for (const char* extra : {"", "--shared_buffer"}) {
    const std::string out = dir / (std::string("res") + extra);
    const CommandResult r = net_run(bin, dir / "list.txt", out, extra);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_EQ(read_bytes(out + "/Result_0/out.raw"),
              add_reference(pattern(kAddBytes, 1), pattern(kAddBytes, 2)))
        << extra;
  }
}

// ---- every generator alignment through lpai-net-run -----------------------------------------

TEST(SeedAlignment, GeneratorAcceptsExactlyThePowersOfTwoTheFormatCarries) {
  TempDir dir;
  ASSERT_TRUE(write_file(dir / "add.tflite", add_tflite()));
  auto gen = [&](const std::string& alignment) {
    return run_command(tool("lpai-context-binary-generator") + " --model " +
                       quote(dir / "add.tflite") + " --binary_file a --output_dir " +
                       quote(dir.path()) + " --alignment " + alignment);
  };
  for (const char* bad : {"8192:64", "64:2097152", "0:64", "64:0", "3:64", "64:96", "64", ":64"}) {
    const CommandResult r = gen(bad);
    EXPECT_EQ(r.exit_code, 2) << bad << ": " << r.output;
    EXPECT_TRUE(r.contains("START at most 4096 and SIZE at most 1048576")) << r.output;
  }
  EXPECT_EQ(gen("4096:1048576").exit_code, 0);
  EXPECT_EQ(gen("1:1").exit_code, 0);
}

// A binary prepared with --alignment START:SIZE runs through lpai-net-run for every value the
// generator accepts (issue 14: 256:64 used to fail with GRAPH_MEM_MISALIGNED), RAW and shared
// buffers, with the same output bytes as 64:64.
TEST(SeedAlignment, NetRunRunsEveryAlignmentTheGeneratorAccepts) {
  TempDir dir;
  ASSERT_TRUE(write_file(dir / "add.tflite", add_tflite()));
  ASSERT_TRUE(write_file(dir / "a.bin", pattern(kAddBytes, 7)));
  ASSERT_TRUE(write_file(dir / "b.bin", pattern(kAddBytes, 8)));
  ASSERT_TRUE(write_text(dir / "list.txt", "a.bin b.bin\n"));
  const std::vector<uint8_t> want = add_reference(pattern(kAddBytes, 7), pattern(kAddBytes, 8));
  int runs = 0;
  for (uint32_t start = 1; start <= 4096; start *= 2) {
    for (uint32_t size = 1; size <= (1u << 20); size *= 2) {
      const std::string alignment = std::to_string(start) + ":" + std::to_string(size);
      SCOPED_TRACE("--alignment " + alignment);
      const CommandResult g = run_command(
          tool("lpai-context-binary-generator") + " --model " + quote(dir / "add.tflite") +
          " --binary_file m --output_dir " + quote(dir.path()) + " --alignment " + alignment);
      ASSERT_EQ(g.exit_code, 0) << g.output;
      const std::string extra = runs % 2 == 1 ? "--shared_buffer" : "";  // RAW and shared IO
      const CommandResult r = net_run(dir / "m.bin", dir / "list.txt", dir / "out", extra);
      ASSERT_EQ(r.exit_code, 0) << r.output;
      EXPECT_EQ(read_bytes(dir / "out/Result_0/out.raw"), want);
      ++runs;
    }
  }
  EXPECT_EQ(runs, 13 * 21);
}

// ---- the 33rd TCM allocation in the host simulation -----------------------------------------

// in_k int8[16] -COPY-> out_k, k = 0..7: 16 graph IO tensors, so a TCM context holds 17 TCM
// buffers (the binary and one per IO tensor).
std::vector<uint8_t> sixteen_io_binary() {
  using lpai::format::BuiltinOp;
  using lpai::format::DataType;
  lpai::writer::GraphBuilder b("sixteen_io");
  b.set_alignment(64, 64);
  std::vector<uint32_t> ins, outs;
  for (int k = 0; k < 8; ++k) {
    ins.push_back(b.add_scratch("in" + std::to_string(k), DataType::kInt8, {16}));
    outs.push_back(b.add_scratch("out" + std::to_string(k), DataType::kInt8, {16}));
    b.add_node(BuiltinOp::kCopy, {ins.back()}, {outs.back()});
  }
  b.set_inputs(ins).set_outputs(outs);
  std::string err;
  return b.serialize(&err);
}

class SeedFatal : public testing::Test {
 protected:
  void SetUp() override { restart(); }
  void TearDown() override { restart(); }
  static void restart() {  // what a firmware restart does: a fresh pool, no fatal error
    lpai::tcm_pool().reset();
    lpai_hal_host_clear_fatal();
  }
};

TEST_F(SeedFatal, TheThirtyThirdTcmAllocationIsASystemFatalErrorAndTheHostReportsIt) {
  const std::vector<uint8_t> bin = sixteen_io_binary();
  ASSERT_FALSE(bin.empty());
  SessionOptions tcm;
  tcm.mem_type = QNN_LPAI_MEM_TYPE_TCM;
  std::string error;
  std::unique_ptr<Session> first = Session::open(bin, tcm, &error);
  ASSERT_NE(first, nullptr) << error;  // 17 TCM allocations
  EXPECT_EQ(lpai::tcm_pool().stats().live_slots, 17u);
  {
    lpai_test::LogCapture log(LPAI_LOG_LEVEL_ERROR);
    std::unique_ptr<Session> second = Session::open(bin, tcm, &error);  // 18..33
    EXPECT_EQ(second, nullptr);
    EXPECT_EQ(log.count("TCM pool: system fatal error: allocation 33 exceeds the limit of 32 TCM "
                        "buffers (required size: 16)"),
              1u);
  }
  EXPECT_TRUE(error.find("1110 (POOL_FATAL_SLOT_LIMIT)") != std::string::npos) << error;
  EXPECT_TRUE(error.find("system fatal error: TCM pool: system fatal error") != std::string::npos)
      << error;
  EXPECT_EQ(lpai_hal_host_fatal_code(), 1110u);
  // The failed context gave back what it had; the first session still runs.
  EXPECT_EQ(lpai::tcm_pool().stats().live_slots, 17u);
  std::vector<std::vector<uint8_t>> in(16 / 2, pattern(16, 3)), out;
  ASSERT_TRUE(first->run(in, &out, &error)) << error;
  EXPECT_EQ(out[0], pattern(16, 3));
  // No further use of the pool: with the first session gone, TCM is still refused ...
  first.reset();
  EXPECT_EQ(lpai::tcm_pool().stats().live_slots, 0u);
  EXPECT_EQ(Session::open(bin, tcm, &error), nullptr);
  EXPECT_TRUE(error.find("1110 (POOL_FATAL_SLOT_LIMIT)") != std::string::npos) << error;
  // ... while DDR works.
  std::unique_ptr<Session> ddr = Session::open(bin, SessionOptions(), &error);
  ASSERT_NE(ddr, nullptr) << error;
  ASSERT_TRUE(ddr->run(in, &out, &error)) << error;
}

// lpai-net-run's report of a failed firmware call (net_run_report.h), with its log sink
// installed as the tool installs it. stderr is captured around the report only.
class NetRunReport : public SeedFatal {
 protected:
  void SetUp() override {
    SeedFatal::SetUp();
    saved_level_ = lpai_hal_log_level();
    lpai_hal_set_log_level(LPAI_LOG_LEVEL_ERROR);
    lpai_hal_host_set_log_echo(0);
    lpai_hal_host_set_log_sink(lpai::host::net_run::log_sink, nullptr);
  }
  void TearDown() override {
    testing::internal::CaptureStderr();
    lpai::host::net_run::flush_firmware_errors();  // nothing held over to the next test
    (void)testing::internal::GetCapturedStderr();
    lpai_hal_host_set_log_sink(nullptr, nullptr);
    lpai_hal_host_set_log_echo(1);
    lpai_hal_set_log_level(saved_level_);
    SeedFatal::TearDown();
  }
  // fail_firmware(message)'s exit code, and what it wrote to stderr.
  static std::pair<int, std::string> report(const std::string& message) {
    testing::internal::CaptureStderr();
    const int code = lpai::host::net_run::fail_firmware(message);
    return {code, testing::internal::GetCapturedStderr()};
  }
  lpai_log_level_t saved_level_ = LPAI_LOG_LEVEL_ERROR;
};

TEST_F(NetRunReport, TheThirtyThirdTcmAllocationIsReportedByTheFatalLineWithExit3) {
  const std::vector<uint8_t> bin = sixteen_io_binary();
  ASSERT_FALSE(bin.empty());
  SessionOptions tcm;
  tcm.mem_type = QNN_LPAI_MEM_TYPE_TCM;
  std::string error;
  std::unique_ptr<Session> first = Session::open(bin, tcm, &error);  // 17 TCM allocations
  ASSERT_NE(first, nullptr) << error;
  ASSERT_EQ(Session::open(bin, tcm, &error), nullptr);  // 18..33
  const auto [code, out] = report("initialisation failed: " + error);
  EXPECT_EQ(code, LPAI_HAL_FATAL_EXIT_CODE);
  EXPECT_EQ(code, 3);
  // The firmware's fatal line first, whole, with the seeds' prefix; every line is a firmware
  // line; the tool adds none of its own (reported once).
  EXPECT_EQ(out.rfind("ERROR: TCM pool: system fatal error: allocation 33 exceeds the limit of "
                      "32 TCM buffers (required size: 16)\n",
                      0),
            0u)
      << out;
  EXPECT_EQ(out.find("lpai-net-run:"), std::string::npos) << out;
  size_t lines = 0;
  for (size_t at = 0; at < out.size(); at = out.find('\n', at) + 1, ++lines)
    EXPECT_EQ(out.compare(at, 7, "ERROR: "), 0) << out;
  EXPECT_GE(lines, 1u);
}

TEST_F(NetRunReport, AFatalErrorWithoutFirmwareLinesIsTheToolsFatalLineWithExit3) {
  lpai_hal_fatal(1110, "TCM pool: system fatal error: allocation 33 exceeds the limit");
  const auto [code, out] = report("inference 0: QnnGraph_execute failed");
  EXPECT_EQ(code, 3);
  EXPECT_EQ(out,
            "lpai-net-run: system fatal error: TCM pool: system fatal error: allocation 33 "
            "exceeds the limit\n");
}

TEST_F(NetRunReport, FirmwareLinesAreReportedWholeAndEscapedWithExit2) {
  // A firmware line quoting a model's name with a newline and a terminal control sequence.
  const std::string line = "graph \"a\n\x1b[31mred\" needs scratch";
  lpai::host::net_run::log_sink(nullptr, LPAI_LOG_LEVEL_ERROR, line.data(), line.size());
  const auto [code, out] = report("initialisation failed: QnnGraph_finalize failed");
  EXPECT_EQ(code, 2);
  EXPECT_EQ(out, "ERROR: graph \"a\\x0a\\x1b[31mred\" needs scratch\n");
}

TEST_F(NetRunReport, AnOrdinaryFailureWithoutFirmwareLinesIsTheToolsErrorLineWithExit2) {
  const auto [code, out] = report("inference 0: QnnGraph_execute failed");
  EXPECT_EQ(code, 2);
  EXPECT_EQ(out, "lpai-net-run: error: inference 0: QnnGraph_execute failed\n");
}

}  // namespace
