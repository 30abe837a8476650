// lpai-net-run end to end: the real executables (build/bin/lpai-net-run and
// lpai-context-binary-generator) driven through the shell, on models the project builds
// itself (always) and on shared models with TFLite Micro goldens (skip without ../shared).
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "host_sim/host_sim_support.h"

namespace {

using namespace lpai_test::host_sim;

constexpr const char* kErrorPrefix = "lpai-net-run: error:";

// Output file name net-run documents for a tensor name: characters other than
// [A-Za-z0-9._-] become '_'.
// <tensor name>.raw, with '/' (a path separator) written as '_'.
std::string raw_name(const std::string& tensor) {
  std::string s = tensor;
  for (char& c : s)
    if (c == '/') c = '_';
  return s + ".raw";
}

class NetRunTest : public testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(dir_.path().empty());
    bin_ = dir_ / "copy_swap.bin";
    ASSERT_TRUE(write_file(bin_, copy_swap_binary(false)));
    for (int k = 0; k < 2; ++k) {
      a_.push_back(pattern(kSwapInA, 10 + k));
      b_.push_back(pattern(kSwapInB, 20 + k));
      ASSERT_TRUE(write_file(dir_ / ("a" + std::to_string(k) + ".bin"), a_[k]));
      ASSERT_TRUE(write_file(dir_ / ("b" + std::to_string(k) + ".bin"), b_[k]));
    }
    // Line 1 positional (graph input order), line 2 in the name:=path form, swapped.
    list_ = dir_ / "input_list.txt";
    ASSERT_TRUE(write_text(list_, "a0.bin b0.bin\nin_b:=b1.bin in_a:=a1.bin\n"));
  }
  // Result_<k> of the copy_swap model equals inference k's inputs (line k % 2).
  void expect_swap_results(const std::string& out, size_t inferences) {
    for (size_t k = 0; k < inferences; ++k) {
      const std::string r = out + "/Result_" + std::to_string(k);
      EXPECT_EQ(read_bytes(r + "/out_a.raw"), a_[k % 2]) << r;
      EXPECT_EQ(read_bytes(r + "/out_b.raw"), b_[k % 2]) << r;
    }
  }

  TempDir dir_;
  std::string bin_, list_;
  std::vector<std::vector<uint8_t>> a_, b_;
};

TEST_F(NetRunTest, SelfMadeModelWritesEveryOutputOfEveryInference) {
  const CommandResult r = net_run(bin_, list_, dir_ / "out");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  expect_swap_results(dir_ / "out", 2);
  std::vector<std::string> entries = dir_entries(dir_ / "out");
  std::sort(entries.begin(), entries.end());
  EXPECT_EQ(entries, (std::vector<std::string>{"Result_0", "Result_1"}));  // no staging left
  EXPECT_TRUE(r.contains("2/2 inferences")) << r.output;  // progress line
}

TEST_F(NetRunTest, NumInferencesCyclesThroughTheList) {
  const CommandResult r = net_run(bin_, list_, dir_ / "out", "--num_inferences 3");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  expect_swap_results(dir_ / "out", 3);
  EXPECT_EQ(dir_entries(dir_ / "out").size(), 3u);
}

TEST_F(NetRunTest, SharedBufferGivesTheSameOutputsWithoutCopies) {
  const CommandResult raw = net_run(bin_, list_, dir_ / "raw");
  ASSERT_EQ(raw.exit_code, 0) << raw.output;
  // Two inferences x (64 + 32 in, 32 + 64 out) bytes.
  EXPECT_TRUE(raw.contains("IO bytes copied 384,")) << raw.output;
  const CommandResult shared = net_run(bin_, list_, dir_ / "shared", "--shared_buffer");
  ASSERT_EQ(shared.exit_code, 0) << shared.output;
  EXPECT_TRUE(shared.contains("IO bytes copied 0,")) << shared.output;
  expect_swap_results(dir_ / "shared", 2);
}

TEST_F(NetRunTest, ProfilingPrintsCyclesCopiesAndAllocations) {
  const CommandResult r = net_run(bin_, list_, dir_ / "out", "--profiling");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(std::regex_search(r.output, std::regex("inference 0: [0-9]+ cycles, 192 bytes "
                                                     "copied, 0 IO allocations so far, kernel "
                                                     "variant (portable|avx2|avx512vnni)")))
      << r.output;
  EXPECT_TRUE(r.contains("inference 1: ")) << r.output;
  // A forced variant is the one reported.
  const CommandResult portable =
      net_run(bin_, list_, dir_ / "portable", "--profiling --kernel_variant portable");
  ASSERT_EQ(portable.exit_code, 0) << portable.output;
  EXPECT_TRUE(portable.contains("kernel variant portable")) << portable.output;
  for (int node = 0; node < 3; ++node)
    EXPECT_TRUE(std::regex_search(r.output, std::regex("  node " + std::to_string(node) +
                                                       ": [0-9]+ cycles")))
        << r.output;
}

TEST_F(NetRunTest, DdrAndTcmGiveIdenticalOutputsAndTcmLogsItsAllocations) {
  TempDir ddr_cfg, tcm_cfg;
  const CommandResult ddr = net_run(bin_, list_, dir_ / "ddr",
                                    "--log_level debug --config_file " +
                                        quote(write_seed_config(ddr_cfg.path(), "ddr")));
  const CommandResult tcm = net_run(bin_, list_, dir_ / "tcm",
                                    "--direct_mode adsp --log_level debug --config_file " +
                                        quote(write_seed_config(tcm_cfg.path(), "tcm")));
  ASSERT_EQ(ddr.exit_code, 0) << ddr.output;
  ASSERT_EQ(tcm.exit_code, 0) << tcm.output;
  expect_swap_results(dir_ / "ddr", 2);
  expect_swap_results(dir_ / "tcm", 2);
  // Seed 000's debug lines: pool registration once, then one line per TCM buffer: the model
  // binary and the four IO buffers (64, 32, 32, 64 bytes). (DDR arena lines, e.g. the system
  // context's binary info, are lpai-rt's own and not counted.)
  EXPECT_TRUE(std::regex_search(tcm.output,
                                std::regex("TCM pool current size: [0-9]+ max_size: 2035712")))
      << tcm.output;
  const size_t bin_bytes = read_bytes(bin_).size();
  EXPECT_TRUE(tcm.contains("Allocate size " + std::to_string(bin_bytes) + " from tcm pool 0"))
      << tcm.output;
  size_t allocs = 0;
  for (const std::string& l : tcm.lines())
    if (l.find("Allocate size ") != std::string::npos &&
        l.find("from tcm pool") != std::string::npos)
      ++allocs;
  EXPECT_EQ(allocs, 5u) << tcm.output;
  EXPECT_FALSE(ddr.contains("tcm pool")) << ddr.output;
}

TEST_F(NetRunTest, InvalidMemTypeLogsBothLinesAndFails) {
  TempDir cfg;
  const CommandResult r = net_run(bin_, list_, dir_ / "out",
                                  "--config_file " + quote(write_seed_config(cfg.path(), "sram")));
  EXPECT_NE(r.exit_code, 0);
  const size_t invalid = r.output.find("Invalid memory type");
  const size_t only = r.output.find("Memory type only supports DDR & TCM");
  ASSERT_NE(invalid, std::string::npos) << r.output;
  ASSERT_NE(only, std::string::npos) << r.output;
  EXPECT_LT(invalid, only) << "the parser logs before the allocator";
  // Reported once, by the firmware's own lines, each whole; no tool line on top.
  EXPECT_EQ(r.output,
            "ERROR: Invalid memory type\n"
            "ERROR: Memory type only supports DDR & TCM\n"
            "ERROR: context create: model binary memory type 2147483647 is neither DDR nor TCM\n");
  EXPECT_EQ(r.count_lines_starting(kErrorPrefix), 0u) << r.output;
  EXPECT_TRUE(dir_entries(dir_ / "out").empty());
}

TEST_F(NetRunTest, TcmOverflowOfIoBuffersFailsWithRequiredAndAvailableBytes) {
  // 2 x 1,100,000 bytes of IO: each fits the 2,035,712-byte pool, both together do not.
  constexpr uint32_t kBytes = 1100000;
  const std::string big = dir_ / "big.bin";
  ASSERT_TRUE(write_file(big, big_io_binary(kBytes)));
  ASSERT_TRUE(write_file(dir_ / "big_in.bin", pattern(kBytes, 5)));
  ASSERT_TRUE(write_text(dir_ / "big_list.txt", "big_in.bin\n"));
  TempDir cfg;
  const CommandResult tcm = net_run(big, dir_ / "big_list.txt", dir_ / "tcm",
                                    "--direct_mode adsp --config_file " +
                                        quote(write_seed_config(cfg.path(), "tcm")));
  EXPECT_NE(tcm.exit_code, 0);
  // Refused as a whole at context creation: binary plus both IO buffers (rounded to the
  // 64-byte start alignment: 1,100,032 each) against the pool. Seed 000's line as a whole
  // line, the detail as the next one, both the firmware's; reported once (no tool line).
  const size_t bin_bytes = read_bytes(big).size();
  const size_t required = bin_bytes + 2 * 1100032;
  EXPECT_EQ(tcm.output, "ERROR: TCM memory allocation failure: required size: " +
                            std::to_string(required) + "\nERROR: TCM pool: model binary " +
                            std::to_string(bin_bytes) +
                            " + IO buffers 2200064 bytes; available 2035712 bytes\n");
  EXPECT_EQ(tcm.exit_code, 2);
  EXPECT_TRUE(dir_entries(dir_ / "tcm").empty());
  // The same model runs in DDR.
  const CommandResult ddr = net_run(big, dir_ / "big_list.txt", dir_ / "ddr");
  ASSERT_EQ(ddr.exit_code, 0) << ddr.output;
  EXPECT_EQ(read_bytes(dir_ / "ddr/Result_0/out.raw"), pattern(kBytes, 5));
}

TEST_F(NetRunTest, TcmOverflowOfTheModelBinaryFailsWithRequiredAndAvailableBytes) {
  const std::string big = dir_ / "big_const.bin";
  ASSERT_TRUE(write_file(big, big_const_binary(2100000)));
  const size_t bin_bytes = read_bytes(big).size();
  ASSERT_GT(bin_bytes, 2035712u);
  ASSERT_TRUE(write_file(dir_ / "in16.bin", pattern(16, 1)));
  ASSERT_TRUE(write_text(dir_ / "list16.txt", "in16.bin\n"));
  TempDir cfg;
  const CommandResult r = net_run(big, dir_ / "list16.txt", dir_ / "tcm",
                                  "--direct_mode adsp --config_file " +
                                        quote(write_seed_config(cfg.path(), "tcm")));
  EXPECT_NE(r.exit_code, 0);
  EXPECT_TRUE(r.contains("TCM memory allocation failure: required size: " +
                         std::to_string(bin_bytes)))
      << r.output;
  EXPECT_TRUE(std::regex_search(
      r.output, std::regex("required " + std::to_string(bin_bytes) + " bytes, available 2035712")))
      << r.output;
  EXPECT_TRUE(dir_entries(dir_ / "tcm").empty());
}

TEST_F(NetRunTest, WrongInputFileSizeFailsWithOneLineAndWritesNothing) {
  // The second line is the bad one: nothing of the first inference may be left behind.
  ASSERT_TRUE(write_file(dir_ / "short.bin", pattern(kSwapInA - 1, 3)));
  ASSERT_TRUE(write_text(list_, "a0.bin b0.bin\nshort.bin b1.bin\n"));
  const CommandResult r = net_run(bin_, list_, dir_ / "out");
  EXPECT_EQ(r.exit_code, 1);
  ASSERT_EQ(r.count_lines_starting(kErrorPrefix), 1u) << r.output;
  EXPECT_TRUE(r.contains("has 63 bytes, input 'in_a' needs 64")) << r.output;
  EXPECT_TRUE(dir_entries(dir_ / "out").empty());
}

TEST_F(NetRunTest, MissingInputFileFailsWithOneLineAndWritesNothing) {
  ASSERT_TRUE(write_text(list_, "a0.bin b0.bin\na1.bin no_such_file.bin\n"));
  const CommandResult r = net_run(bin_, list_, dir_ / "out");
  EXPECT_EQ(r.exit_code, 1);
  ASSERT_EQ(r.count_lines_starting(kErrorPrefix), 1u) << r.output;
  EXPECT_TRUE(r.contains("no_such_file.bin")) << r.output;
  EXPECT_TRUE(dir_entries(dir_ / "out").empty());
}

TEST_F(NetRunTest, WrongNumberOfInputFilesFails) {
  ASSERT_TRUE(write_text(list_, "a0.bin\n"));
  const CommandResult r = net_run(bin_, list_, dir_ / "out");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.count_lines_starting(kErrorPrefix), 1u) << r.output;
  EXPECT_TRUE(r.contains("expected 2 input files")) << r.output;
  EXPECT_TRUE(dir_entries(dir_ / "out").empty());
}

TEST_F(NetRunTest, CorruptedBinaryFailsWithOneLineAndWritesNothing) {
  std::vector<uint8_t> bytes = read_bytes(bin_);
  bytes[bytes.size() / 2] ^= 0x5A;
  const std::string bad = dir_ / "corrupt.bin";
  ASSERT_TRUE(write_file(bad, bytes));
  const CommandResult r = net_run(bad, list_, dir_ / "out");
  EXPECT_EQ(r.exit_code, 2);
  // The loader's one line, whole; no tool line on top.
  EXPECT_TRUE(std::regex_match(
      r.output,
      std::regex("ERROR: context binary: crc32 0x[0-9a-f]{8}, computed 0x[0-9a-f]{8}\n")))
      << r.output;
  EXPECT_TRUE(dir_entries(dir_ / "out").empty());

  const size_t whole = bytes.size();
  bytes.resize(whole / 3);
  ASSERT_TRUE(write_file(bad, bytes));
  const CommandResult t = net_run(bad, list_, dir_ / "out");
  EXPECT_EQ(t.exit_code, 2) << t.output;
  EXPECT_EQ(t.output, "ERROR: context binary: header total_size " + std::to_string(whole) +
                          ", buffer size " + std::to_string(whole / 3) + "\n");
  EXPECT_TRUE(dir_entries(dir_ / "out").empty());
}

TEST_F(NetRunTest, MissingBinaryOrListFails) {
  const CommandResult r = net_run(dir_ / "none.bin", list_, dir_ / "out");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_EQ(r.count_lines_starting(kErrorPrefix), 1u) << r.output;
  const CommandResult l = net_run(bin_, dir_ / "none.txt", dir_ / "out");
  EXPECT_NE(l.exit_code, 0);
  EXPECT_EQ(l.count_lines_starting(kErrorPrefix), 1u) << l.output;
  EXPECT_TRUE(dir_entries(dir_ / "out").empty());
}

TEST_F(NetRunTest, ConfigFileErrorsFailBeforeRunning) {
  TempDir cfg;
  const std::string json = write_seed_config(cfg.path(), "tcm");
  // Missing .conf (neither the device path nor next to the .json).
  std::filesystem::remove(cfg / "eaiParams_direct.conf");
  CommandResult r = net_run(bin_, list_, dir_ / "out", "--config_file " + quote(json));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.contains("eaiParams_direct.conf not found")) << r.output;
  // Not JSON.
  ASSERT_TRUE(write_text(cfg / "eaiParams_direct.conf", "{\"lpai_graph\": {"));
  r = net_run(bin_, list_, dir_ / "out", "--config_file " + quote(json));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.contains("is not valid JSON")) << r.output;
  // Missing .json.
  r = net_run(bin_, list_, dir_ / "out", "--config_file " + quote(cfg / "nope.json"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.contains("cannot open config file")) << r.output;
  EXPECT_TRUE(dir_entries(dir_ / "out").empty());
}

// ---- a real kernel through the generator tool (no ../shared needed) -------------------------

TEST(NetRunGenerator, AddModelPreparedByTheGeneratorMatchesAnIndependentReference) {
  TempDir dir;
  ASSERT_TRUE(write_file(dir / "add.tflite", add_tflite()));
  const CommandResult g = run_generator(dir / "add.tflite", dir.path(), "add");
  ASSERT_EQ(g.exit_code, 0) << g.output;
  std::string list;
  for (int k = 0; k < 3; ++k) {
    const std::string a = "a" + std::to_string(k) + ".bin", b = "b" + std::to_string(k) + ".bin";
    ASSERT_TRUE(write_file(dir / a, pattern(kAddBytes, 100 + k)));
    ASSERT_TRUE(write_file(dir / b, pattern(kAddBytes, 200 + k)));
    list += a + " " + b + "\n";
  }
  ASSERT_TRUE(write_text(dir / "list.txt", list));
  for (const char* extra : {"", "--shared_buffer"}) {
    const std::string out = dir / (std::string("out") + extra);
    const CommandResult r = net_run(dir / "add.bin", dir / "list.txt", out, extra);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    for (int k = 0; k < 3; ++k)
      EXPECT_EQ(read_bytes(out + "/Result_" + std::to_string(k) + "/out.raw"),
                add_reference(pattern(kAddBytes, 100 + k), pattern(kAddBytes, 200 + k)))
          << extra << " inference " << k;
  }
}

// ---- shared models: output files byte-identical to TFLite Micro's goldens -------------------

struct GoldenCase {
  const char* model;
  const char* output_name;  // the model's output tensor name
};

class NetRunGolden : public testing::TestWithParam<GoldenCase> {};

TEST_P(NetRunGolden, OutputFilesEqualTheGoldensInEveryConfiguration) {
  const GoldenCase& c = GetParam();
  LPAI_REQUIRE_SHARED(tflite, std::string("models/") + c.model + ".tflite");
  LPAI_REQUIRE_SHARED(golden, std::string("golden/") + c.model);
  TempDir dir;
  std::string list;
  for (int k = 0; k < 4; ++k) list += golden + "/input_" + std::to_string(k) + "_0.bin\n";
  ASSERT_TRUE(write_text(dir / "list.txt", list));
  TempDir ddr_cfg, tcm_cfg;
  const std::string ddr = write_seed_config(ddr_cfg.path(), "ddr");
  const std::string tcm = write_seed_config(tcm_cfg.path(), "tcm");
  for (const char* hint : {"raw", "memhandle"}) {
    const CommandResult g = run_generator(tflite, dir.path(), std::string(c.model) + "_" + hint, hint);
    ASSERT_EQ(g.exit_code, 0) << g.output;
    const std::string bin = dir / (std::string(c.model) + "_" + hint + ".bin");
    int run = 0;
    for (const std::string& cfg : {std::string(), ddr, tcm}) {
      for (const char* shared : {"", " --shared_buffer"}) {
        const std::string out = dir / ("out_" + std::string(hint) + std::to_string(run++));
        const std::string extra =
            (cfg.empty() ? "" : "--direct_mode adsp --config_file " + quote(cfg)) + shared;
        SCOPED_TRACE(std::string(hint) + " hint, " + extra);
        const CommandResult r = net_run(bin, dir / "list.txt", out, extra);
        ASSERT_EQ(r.exit_code, 0) << r.output;
        for (int k = 0; k < 4; ++k) {
          const std::string got = out + "/Result_" + std::to_string(k) + "/" + raw_name(c.output_name);
          const std::vector<uint8_t> want =
              read_bytes(golden + "/output_" + std::to_string(k) + "_0.bin");
          ASSERT_FALSE(want.empty());
          EXPECT_EQ(read_bytes(got), want) << got;
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Shared, NetRunGolden,
                         testing::Values(GoldenCase{"hello_world_int8", "StatefulPartitionedCall:0"},
                                         GoldenCase{"kws_ref_model", "Identity"}),
                         [](const testing::TestParamInfo<GoldenCase>& i) {
                           return std::string(i.param.model);
                         });

}  // namespace
