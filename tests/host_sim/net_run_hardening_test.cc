// Issue 17: lpai-net-run (and the generator) as hard as the firmware. Each test reproduces one
// of the reported failures (uncaught exceptions exiting 134, silent overwrites, unbounded
// flags, leftover staging folders, raw model bytes in messages, whole-file reads of huge
// files, firmware refusals printed twice) and asserts the exact exit code and the exact line.
// The real executables run from build/bin on models the project builds itself.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "config/input_list.h"
#include "host_sim/host_sim_support.h"

namespace {

using namespace lpai_test::host_sim;

constexpr const char* kPrefix = "lpai-net-run: error: ";

// The whole output must be exactly this one line (nothing else on stdout or stderr).
void expect_only_line(const CommandResult& r, const std::string& line) {
  EXPECT_EQ(r.output, line + "\n");
}

// A graph of COPY nodes from one int8[16] input to outputs with the given names.
std::vector<uint8_t> named_outputs_binary(const std::string& input_name,
                                          const std::vector<std::string>& output_names) {
  using lpai::format::BuiltinOp;
  using lpai::format::DataType;
  lpai::writer::GraphBuilder b("named_outputs");
  b.set_alignment(64, 64);
  const uint32_t in = b.add_scratch(input_name, DataType::kInt8, {16});
  std::vector<uint32_t> outs;
  for (const std::string& n : output_names) {
    outs.push_back(b.add_scratch(n, DataType::kInt8, {16}));
    b.add_node(BuiltinOp::kCopy, {in}, {outs.back()});
  }
  b.set_inputs({in}).set_outputs(outs);
  std::string err;
  return b.serialize(&err);
}

class NetRunHardening : public testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(dir_.path().empty());
    bin_ = dir_ / "copy_swap.bin";
    ASSERT_TRUE(write_file(bin_, copy_swap_binary(false)));
    ASSERT_TRUE(write_file(dir_ / "a.bin", pattern(kSwapInA, 1)));
    ASSERT_TRUE(write_file(dir_ / "b.bin", pattern(kSwapInB, 2)));
    list_ = dir_ / "list.txt";
    ASSERT_TRUE(write_text(list_, "a.bin b.bin\n"));
    ASSERT_TRUE(fs::create_directory(dir_ / "adir"));
    out_ = dir_ / "out";
  }
  void expect_nothing_written() { EXPECT_TRUE(dir_entries(out_).empty()) << out_; }

  TempDir dir_;
  std::string bin_, list_, out_;
};

// ---- 1. a directory where a file is expected ------------------------------------------------

TEST_F(NetRunHardening, DirectoryAsContextBinaryIsOneLineExit1) {
  const CommandResult r = net_run(dir_ / "adir", list_, out_);
  EXPECT_EQ(r.exit_code, 1);
  expect_only_line(r, kPrefix + ("cannot read context binary " + (dir_ / "adir")) +
                          ": is a directory");
  expect_nothing_written();
}

TEST_F(NetRunHardening, DirectoryAsInputListOrListEntryIsOneLineExit1) {
  CommandResult r = net_run(bin_, dir_ / "adir", out_);
  EXPECT_EQ(r.exit_code, 1);
  expect_only_line(r, kPrefix + ("cannot read input list " + (dir_ / "adir")) +
                          ": is a directory");
  ASSERT_TRUE(write_text(list_, "a.bin adir\n"));
  r = net_run(bin_, list_, out_);
  EXPECT_EQ(r.exit_code, 1);
  expect_only_line(r, kPrefix + ("cannot read input file " + (dir_ / "adir")) +
                          ": is a directory");
  expect_nothing_written();
}

TEST_F(NetRunHardening, DirectoryAsConfigFileIsOneLineExit1) {
  const CommandResult r = net_run(bin_, list_, out_, "--config_file " + quote(dir_ / "adir"));
  EXPECT_EQ(r.exit_code, 1);
  expect_only_line(r, kPrefix + ("cannot read config file " + (dir_ / "adir")) +
                          ": is a directory");
  expect_nothing_written();
}

TEST_F(NetRunHardening, DirectoryAsConfigFilePathIsOneLineExit1) {
  const std::string json = dir_ / "params.json";
  ASSERT_TRUE(write_text(json, "{\"backend_extensions\": {\"config_file_path\": \"" +
                                   (dir_ / "adir") + "\"}}"));
  CommandResult r = net_run(bin_, list_, out_, "--config_file " + quote(json));
  EXPECT_EQ(r.exit_code, 1);
  expect_only_line(r, kPrefix + ("cannot read config file " + (dir_ / "adir")) +
                          ": is a directory");
  // A trailing '/' (a device folder, not a file): the name next to the .json is the folder.
  ASSERT_TRUE(write_text(json, "{\"backend_extensions\": {\"config_file_path\": "
                               "\"/data/local/tmp/\"}}"));
  r = net_run(bin_, list_, out_, "--config_file " + quote(json));
  EXPECT_EQ(r.exit_code, 1);
  expect_only_line(r, kPrefix + ("cannot read config file " + dir_.path()) +
                          "/: is a directory");
  expect_nothing_written();
}

// ---- 2. out-of-range JSON numbers -----------------------------------------------------------

TEST_F(NetRunHardening, OutOfRangeNumberInJsonOrConfIsOneLineExit1) {
  const std::string json = write_seed_config(dir_.path(), "tcm");
  const std::string conf = dir_ / "eaiParams_direct.conf";
  ASSERT_TRUE(write_text(conf, "{\"lpai_graph\": {\"execute\": {\"mem_type\": \"tcm\", "
                               "\"x\": 1e400}}}"));
  CommandResult r = net_run(bin_, list_, out_, "--config_file " + quote(json));
  EXPECT_EQ(r.exit_code, 1);
  expect_only_line(r, kPrefix + ("config file " + conf) +
                          ": [json.exception.out_of_range.406] number overflow parsing '1e400'");
  ASSERT_TRUE(write_text(json, "{\"context_configs\": {\"is_persistent_binary\": true, "
                               "\"n\": -1e400}}"));
  r = net_run(bin_, list_, out_, "--config_file " + quote(json));
  EXPECT_EQ(r.exit_code, 1);
  expect_only_line(r, kPrefix + ("config file " + json) +
                          ": [json.exception.out_of_range.406] number overflow parsing '-1e400'");
  expect_nothing_written();
}

// ---- 3. paths std::filesystem throws on ----------------------------------------------------

TEST_F(NetRunHardening, SymlinkLoopInInputListIsOneLineExit1) {
  ASSERT_EQ(symlink("loop", (dir_ / "loop").c_str()), 0);
  ASSERT_TRUE(write_text(list_, "a.bin loop\n"));
  const CommandResult r = net_run(bin_, list_, out_);
  EXPECT_EQ(r.exit_code, 1);
  expect_only_line(r, kPrefix + ("cannot read input file " + (dir_ / "loop")) +
                          ": Too many levels of symbolic links");
  expect_nothing_written();
}

TEST_F(NetRunHardening, OverlongPathComponentInInputListIsOneLineExit1) {
  const std::string name(300, 'x');
  ASSERT_TRUE(write_text(list_, "a.bin " + name + "\n"));
  const CommandResult r = net_run(bin_, list_, out_);
  EXPECT_EQ(r.exit_code, 1);
  expect_only_line(r, kPrefix + ("cannot read input file " + (dir_ / name)) +
                          ": File name too long");
  expect_nothing_written();
}

// ---- 4. output names that collide on disk ----------------------------------------------------

TEST(OutputFileNames, AreUniqueEscapedAndReversible) {
  using lpai::host::output_file_names;
  EXPECT_EQ(output_file_names({"a/b", "a_b"}),
            (std::vector<std::string>{"a%2Fb.raw", "a_b.raw"}));
  EXPECT_EQ(output_file_names({"y", "y", "y"}),
            (std::vector<std::string>{"y.raw", "y~1.raw", "y~2.raw"}));
  EXPECT_EQ(output_file_names({"StatefulPartitionedCall:0", "Identity", ""}),
            (std::vector<std::string>{"StatefulPartitionedCall:0.raw", "Identity.raw",
                                      "output.raw"}));
  EXPECT_EQ(output_file_names({"a%2Fb", "~", "..", "x\ny"}),
            (std::vector<std::string>{"a%252Fb.raw", "%7E.raw", "...raw", "x%0Ay.raw"}));
  // Over NAME_MAX once escaped: cut to 200 bytes (never inside an escape) plus the index.
  const std::vector<std::string> longs = output_file_names(
      {std::string(300, 'z'), std::string(199, 'z') + "/" + std::string(60, 'q'),
       std::string(198, 'z') + "/" + std::string(60, 'q')});
  EXPECT_EQ(longs[0], std::string(200, 'z') + "~0.raw");
  EXPECT_EQ(longs[1], std::string(199, 'z') + "~1.raw");
  EXPECT_EQ(longs[2], std::string(198, 'z') + "~2.raw");
  // Within NAME_MAX alone but colliding (found by the input_list fuzzer: the index suffix made
  // the second name 258 bytes): the colliding one is cut before its suffix.
  const std::vector<std::string> near = output_file_names({std::string(251, 'w'), std::string(251, 'w')});
  EXPECT_EQ(near[0], std::string(251, 'w') + ".raw");
  EXPECT_EQ(near[1], std::string(200, 'w') + "~1.raw");
}

TEST_F(NetRunHardening, OutputsWhoseNamesCollideOnDiskGetDistinctFiles) {
  const std::string bin = dir_ / "named.bin";
  ASSERT_TRUE(write_file(bin, named_outputs_binary("in", {"a/b", "a_b", "y", "y"})));
  ASSERT_TRUE(write_file(dir_ / "in.bin", pattern(16, 9)));
  ASSERT_TRUE(write_text(list_, "in.bin\n"));
  const CommandResult r = net_run(bin, list_, out_);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::vector<std::string> files = dir_entries(out_ + "/Result_0");
  std::sort(files.begin(), files.end());
  EXPECT_EQ(files, (std::vector<std::string>{"a%2Fb.raw", "a_b.raw", "y.raw", "y~3.raw"}));
  for (const std::string& f : files)
    EXPECT_EQ(read_bytes(out_ + "/Result_0/" + f), pattern(16, 9)) << f;
}

// ---- 5. --num_inferences bounds and signals ---------------------------------------------------

TEST_F(NetRunHardening, NumInferencesOutOfRangeIsOneLineWithThePrefix) {
  for (const std::string bad : {"0", "-1", "abc", "10001", "1.5", "+5"}) {
    const CommandResult r = net_run(bin_, list_, out_, "--num_inferences=" + quote(bad));
    EXPECT_EQ(r.exit_code, 1) << bad;
    expect_only_line(r, kPrefix + std::string("--num_inferences must be a whole number from 1 to "
                                              "10000, got '") + bad + "'");
  }
  const CommandResult r = net_run(bin_, list_, out_, "--num_inferences " + std::string(300, '9'));
  EXPECT_EQ(r.exit_code, 1);
  expect_only_line(r, kPrefix + std::string("--num_inferences must be a whole number from 1 to "
                                            "10000, got '") + std::string(24, '9') + "...'");
  expect_nothing_written();
  // The list itself is bounded the same way (each line's inputs are read before running).
  std::string many;
  for (int k = 0; k < 10001; ++k) many += "a.bin b.bin\n";
  ASSERT_TRUE(write_text(dir_ / "many.txt", many));
  const CommandResult m = net_run(bin_, dir_ / "many.txt", out_);
  EXPECT_EQ(m.exit_code, 1);
  expect_only_line(m, kPrefix + ("input list " + (dir_ / "many.txt")) +
                          " has 10001 inference lines, more than the limit of 10000");
  expect_nothing_written();
  const CommandResult ok = net_run(bin_, list_, out_, "--num_inferences 2");
  EXPECT_EQ(ok.exit_code, 0) << ok.output;
  EXPECT_EQ(dir_entries(out_).size(), 2u);
}

// Starts a 10,000-inference run, waits until the staging folder holds results, sends `sig`.
CommandResult interrupted_run(const std::string& bin, const std::string& list,
                              const std::string& out, const char* sig) {
  const std::string staged = out + "/.lpai-net-run.partial/Result_20";
  const std::string script =
      tool("lpai-net-run") + " --retrieve_context " + quote(bin) + " --input_list " +
      quote(list) + " --output_dir " + quote(out) + " --num_inferences 10000 & pid=$!; " +
      "for i in $(seq 1 2000); do [ -d " + quote(staged) +
      " ] && break; sleep 0.005; done; kill -" + sig + " $pid; wait $pid; echo \"exit=$?\"";
  return run_command("sh -c " + quote(script));
}

TEST_F(NetRunHardening, SigintAndSigtermRemoveThePartialFolder) {
  for (const char* sig : {"INT", "TERM"}) {
    SCOPED_TRACE(sig);
    const CommandResult r = interrupted_run(bin_, list_, out_, sig);
    const std::string code = std::string(sig) == "INT" ? "130" : "143";
    EXPECT_TRUE(r.contains(std::string(kPrefix) + "interrupted by SIG" + sig +
                           "; partial results removed\n"))
        << r.output;
    EXPECT_TRUE(r.contains("exit=" + code + "\n")) << r.output;
    EXPECT_TRUE(dir_entries(out_).empty()) << "left behind: " << dir_entries(out_).size();
  }
}

// A 10,000-inference run interrupted by SIGHUP 1.5 s after its 20th result was staged (so a
// terminal has shown a progress line), its stdout discarded; with `terminal`, stderr is a
// pseudo-terminal (util-linux `script`), else the file `stderr_file`. The output ends with
// "exit=<status>". The model is two FULLY_CONNECTED layers, int8 [1,1024] -> [1,6144] ->
// [1,16]: 6.4 M MACs per inference (about 0.3-1 ms in any kernel variant, 3-10 s for the run;
// 6.4 MB of weights, under net-run's 8 MiB binary limit) against 16 output bytes, so the run
// outlasts the signal by seconds however fast the file writes are. (The demo model, a few microseconds of compute, could finish 10,000 inferences
// within the 1.5 s when the writes were fast.)
std::vector<uint8_t> slow_two_fc_tflite() {
  namespace tb = lpai::tflite_builder;
  tb::TfliteBuilder m;
  auto fc = [&m](int in, int depth, int units, const char* w_name, int out) {
    tb::TensorSpec w;
    w.name = w_name;
    w.shape = {units, depth};
    w.scales = {0.01f};
    w.zero_points = {0};
    w.data.resize(static_cast<size_t>(units) * depth);
    for (size_t i = 0; i < w.data.size(); ++i) w.data[i] = static_cast<uint8_t>(i * 7 % 251);
    m.op({tb::kFullyConnected, {in, m.tensor(w), -1}, {out}, {}, lpai::tflite::BuiltinOptions_NONE,
          nullptr, -1});
  };
  const int in = m.act("in", {1, 1024}, 0.5f, 0);
  const int hidden = m.act("hidden", {1, 6144}, 64.0f, 0);
  const int out = m.act("out", {1, 16}, 4096.0f, 0);
  fc(in, 1024, 6144, "w1", hidden);
  fc(hidden, 6144, 16, "w2", out);
  m.io({in}, {out});
  return m.finish();
}

CommandResult long_interrupted_run(const TempDir& dir, const std::string& out, bool terminal,
                                   const std::string& stderr_file = "") {
  const std::string demo = dir / "demo";
  if (!fs::create_directory(demo) || !write_file(demo + "/slow.tflite", slow_two_fc_tflite()) ||
      run_generator(demo + "/slow.tflite", demo, "demo").exit_code != 0 ||
      !write_file(demo + "/in.bin", std::vector<uint8_t>(1024, 3)) ||
      !write_text(demo + "/list.txt", demo + "/in.bin\n")) {
    CommandResult failed;
    failed.output = "could not prepare the two-FC model";
    return failed;
  }
  const std::string staged = out + "/.lpai-net-run.partial/Result_20";
  const std::string script = dir / "interrupt.sh";
  write_text(script, tool("lpai-net-run") + " --retrieve_context " + quote(demo + "/demo.bin") +
                         " --input_list " + quote(demo + "/list.txt") + " --output_dir " +
                         quote(out) + " --num_inferences 10000 >/dev/null" +
                         (terminal ? std::string() : " 2>" + quote(stderr_file)) + " & pid=$!\n" +
                         "for i in $(seq 1 2000); do [ -d " + quote(staged) +
                         " ] && break; sleep 0.005; done\n" +
                         "sleep 1.5; kill -HUP $pid; wait $pid; echo \"exit=$?\"\n");
  if (!terminal) return run_command("sh " + quote(script));
  return run_command("SHELL=/bin/sh script -qec " + quote("sh " + script) + " /dev/null");
}

// Lines of `output` with every '\r' removed (a terminal adds one to each newline, and a
// progress line starts with one).
std::vector<std::string> lines_without_cr(std::string output) {
  output.erase(std::remove(output.begin(), output.end(), '\r'), output.end());
  CommandResult r;
  r.output = output;
  return r.lines();
}

TEST_F(NetRunHardening, InterruptedLongRunWritesWholeLinesWhenStderrIsNotATerminal) {
  // Before: "\rlpai-net-run: 846/10000 inferenceslpai-net-run: error: interrupted by SIGHUP".
  const std::string err = dir_ / "stderr.txt";
  const CommandResult r = long_interrupted_run(dir_, out_, false, err);
  if (r.contains("exit=0\n") || fs::exists(fs::path(out_) / "Result_9999"))
    GTEST_SKIP() << "10,000 inferences finished before the signal (under 1.5 s): " << r.output;
  EXPECT_TRUE(r.contains("exit=129\n")) << r.output;
  const std::vector<uint8_t> bytes = read_bytes(err);
  EXPECT_EQ(std::string(bytes.begin(), bytes.end()),
            kPrefix + std::string("interrupted by SIGHUP; partial results removed\n"));
  EXPECT_TRUE(dir_entries(out_).empty());
}

TEST_F(NetRunHardening, InterruptedLongRunEndsTheTerminalProgressLineFirst) {
  if (run_command("command -v script").exit_code != 0)
    GTEST_SKIP() << "util-linux 'script' (for a pseudo-terminal) is not installed";
  const CommandResult r = long_interrupted_run(dir_, out_, true);
  if (r.contains("exit=0") || fs::exists(fs::path(out_) / "Result_9999"))
    GTEST_SKIP() << "10,000 inferences finished before the signal (under 1.5 s): " << r.output;
  const std::vector<std::string> lines = lines_without_cr(r.output);
  bool progress = false, interrupted = false;
  const std::regex progress_line("lpai-net-run: [0-9]+/10000 inferences");
  for (const std::string& l : lines) {
    progress = progress || std::regex_match(l, progress_line);
    interrupted = interrupted ||
                  l == kPrefix + std::string("interrupted by SIGHUP; partial results removed");
    // Every tool message starts its own line.
    EXPECT_EQ(l.find("lpai-net-run"), l.rfind("lpai-net-run")) << l;
    if (l.find("lpai-net-run") != std::string::npos) {
      EXPECT_EQ(l.find("lpai-net-run"), 0u) << l;
    }
  }
  EXPECT_TRUE(progress) << "no progress line on the terminal:\n" << r.output;
  EXPECT_TRUE(interrupted) << r.output;
  EXPECT_TRUE(r.contains("exit=129")) << r.output;
  EXPECT_TRUE(dir_entries(out_).empty());
}

// ---- 6. model data in messages ---------------------------------------------------------------

TEST_F(NetRunHardening, ModelNamesWithControlBytesAreEscapedInMessages) {
  const std::string bin = dir_ / "evil.bin";
  ASSERT_TRUE(write_file(bin, named_outputs_binary("in\n\x1b[31mred", {"out"})));
  ASSERT_TRUE(write_file(dir_ / "short.bin", pattern(15, 9)));
  ASSERT_TRUE(write_text(list_, "short.bin\n"));
  const CommandResult r = net_run(bin, list_, out_);
  EXPECT_EQ(r.exit_code, 1);
  expect_only_line(r, kPrefix + ("input file " + (dir_ / "short.bin")) +
                          " has 15 bytes, input 'in\\x0a\\x1b[31mred' needs 16");
  // The name:= form quotes the list's text back, escaped as well.
  ASSERT_TRUE(write_text(list_, "no\x1b[2Jpe:=short.bin\n"));
  const CommandResult n = net_run(bin, list_, out_);
  EXPECT_EQ(n.exit_code, 1);
  expect_only_line(n, kPrefix + list_ + " line 1: no graph input named 'no\\x1b[2Jpe'");
}

// ---- 7. huge files are refused before they are read ----------------------------------------

TEST_F(NetRunHardening, HugeContextBinaryIsRefusedBeforeReading) {
  const std::string huge = dir_ / "huge.bin";
  { std::ofstream f(huge); }
  ASSERT_EQ(truncate(huge.c_str(), 3ll << 30), 0) << "sparse 3 GiB file";
  const auto t0 = std::chrono::steady_clock::now();
  const CommandResult r = net_run(huge, list_, out_);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(r.exit_code, 1);
  expect_only_line(r, kPrefix + ("context binary " + huge) +
                          " has 3221225472 bytes, more than the limit of 8388608 bytes");
  EXPECT_LT(s, 5.0) << "the file was read";
  const CommandResult g = run_generator(huge, dir_.path(), "huge");
  EXPECT_EQ(g.exit_code, 1);
  EXPECT_EQ(g.output, "lpai-context-binary-generator: error: model " + huge +
                          " has 3221225472 bytes, more than the limit of 1073741824 bytes\n");
}

#if defined(__SANITIZE_ADDRESS__)
#define LPAI_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LPAI_UNDER_ASAN 1
#endif
#endif

TEST_F(NetRunHardening, AllocationFailureReadingAModelIsOneLine) {
#ifdef LPAI_UNDER_ASAN
  GTEST_SKIP() << "address-space limits do not apply under ASan (it reserves terabytes)";
#else
  // 512 MiB (under the generator's 1 GiB limit) in a process limited to 256 MiB of address
  // space: the read cannot allocate, and says so in one line.
  const std::string big = dir_ / "big.tflite";
  { std::ofstream f(big); }
  ASSERT_EQ(truncate(big.c_str(), 512ll << 20), 0);
  const CommandResult g = run_command("ulimit -v 262144; " + tool("lpai-context-binary-generator") +
                                      " --model " + quote(big) + " --binary_file big --output_dir " +
                                      quote(dir_.path()));
  EXPECT_EQ(g.exit_code, 1);
  EXPECT_EQ(g.output, "lpai-context-binary-generator: error: cannot read model " + big +
                          ": out of memory for 536870912 bytes\n");
#endif
}

// A FULLY_CONNECTED model whose weights are `weight_bytes` int8 (in int8[1,1024], weights
// int8[weight_bytes/1024, 1024], no bias): its prepare copies the weights into the binary, so it
// needs the file's size again after reading it. Unused under ASan (the test that uses it skips).
[[maybe_unused]] std::vector<uint8_t> big_fc_tflite(size_t weight_bytes) {
  namespace tb = lpai::tflite_builder;
  constexpr int kDepth = 1024;
  const int units = static_cast<int>(weight_bytes / kDepth);
  tb::TfliteBuilder m;
  const int in = m.act("in", {1, kDepth}, 0.5f, 0);
  tb::TensorSpec w;
  w.name = "w";
  w.shape = {units, kDepth};
  w.scales = {0.01f};
  w.zero_points = {0};
  w.data.assign(static_cast<size_t>(units) * kDepth, 1);
  const int wid = m.tensor(w);
  const int out = m.act("out", {1, units}, 4.0f, 0);
  m.op({tb::kFullyConnected, {in, wid, -1}, {out}, {}, lpai::tflite::BuiltinOptions_NONE, nullptr,
        -1});
  m.io({in}, {out});
  return m.finish();
}

TEST_F(NetRunHardening, GeneratorOutOfMemoryAfterReadingIsOneLine) {
#ifdef LPAI_UNDER_ASAN
  GTEST_SKIP() << "address-space limits do not apply under ASan (it reserves terabytes)";
#else
  // 96 MiB of weights under a 192 MiB address-space limit: the tool starts (it needs about
  // 35 MiB; anything under 96 MiB works) and reads the file (96 MiB), then copying the weights
  // into the binary cannot allocate.
  // Before: "terminate called after throwing an instance of 'std::bad_alloc'", exit 134.
  const std::string model = dir_ / "big_fc.tflite";
  ASSERT_TRUE(write_file(model, big_fc_tflite(96u << 20)));
  const CommandResult g = run_command(
      "sh -c " + quote("ulimit -v 196608; exec " + tool("lpai-context-binary-generator") +
                       " --model " + quote(model) + " --binary_file big --output_dir " +
                       quote(dir_ / "gen")));
  EXPECT_EQ(g.exit_code, 1);
  EXPECT_EQ(g.output, "lpai-context-binary-generator: error: out of memory\n");
  EXPECT_TRUE(dir_entries(dir_ / "gen").empty());
#endif
}

// ---- 6 (generator). model data in the generator's messages -----------------------------------

TEST_F(NetRunHardening, GeneratorEscapesControlBytesInModelNames) {
  // A graph input with a zero dimension (refused by the importer) named with a newline and an
  // ANSI escape sequence.
  lpai::tflite_builder::TfliteBuilder m;
  const int in = m.act("in\n\x1b[31mred", {1, 0}, 0.5f, 0);
  const int out = m.act("out", {1, 4}, 0.5f, 0);
  m.reshape(in, out);
  m.io({in}, {out});
  const std::string model = dir_ / "evil.tflite";
  ASSERT_TRUE(write_file(model, m.finish()));
  const CommandResult g = run_generator(model, dir_ / "gen", "evil");
  EXPECT_EQ(g.exit_code, 1);
  EXPECT_EQ(g.output, "lpai-context-binary-generator: error: " + model +
                          ": graph input tensor 0 'in\\x0a\\x1b[31mred': dimension 0 is not "
                          "supported (dynamic or empty shape)\n");
  EXPECT_TRUE(dir_entries(dir_ / "gen").empty());
}

// ---- 9. one report per failure --------------------------------------------------------------

TEST_F(NetRunHardening, FirmwareRefusalIsReportedOnceByTheFirmwaresLine) {
  std::vector<uint8_t> bytes = read_bytes(bin_);
  bytes[bytes.size() / 2] ^= 0x5A;
  const std::string bad = dir_ / "corrupt.bin";
  ASSERT_TRUE(write_file(bad, bytes));
  const CommandResult r = net_run(bad, list_, out_);
  EXPECT_EQ(r.exit_code, 2);
  // Before: "[ERROR] context binary: crc32 ..." and then the tool's line. Now the firmware's
  // line alone, whole, with the seeds' prefix.
  EXPECT_TRUE(std::regex_match(
      r.output, std::regex("ERROR: context binary: crc32 0x[0-9a-f]{8}, computed "
                           "0x[0-9a-f]{8}\n")))
      << r.output;
  expect_nothing_written();
}

TEST_F(NetRunHardening, DebugLinesAndTheFirmwaresErrorLinesReachStderrOnce) {
  TempDir cfg, tcm;
  const CommandResult r = net_run(bin_, list_, out_,
                                  "--log_level debug --config_file " +
                                      quote(write_seed_config(cfg.path(), "sram")));
  EXPECT_EQ(r.exit_code, 2);
  // At debug level the allocator's DEBUG lines come first; the failure is the firmware's error
  // lines, each whole and once, and no tool line of its own.
  const std::string failure =
      "ERROR: Invalid memory type\n"
      "ERROR: Memory type only supports DDR & TCM\n"
      "ERROR: context create: model binary memory type 2147483647 is neither DDR nor TCM\n";
  EXPECT_NE(r.output.find(failure), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("ERROR: "), r.output.find(failure)) << r.output;
  EXPECT_EQ(r.output.rfind("ERROR: Invalid memory type"), r.output.find(failure)) << r.output;
  EXPECT_EQ(r.output.find(kPrefix), std::string::npos) << r.output;
  const CommandResult ok = net_run(bin_, list_, out_,
                                   "--log_level debug --direct_mode adsp --config_file " +
                                       quote(write_seed_config(tcm.path(), "tcm")));
  EXPECT_EQ(ok.exit_code, 0) << ok.output;
  // Seed 000's QNN_INFO line with the seeds' prefix, shown at --log_level debug.
  EXPECT_TRUE(std::regex_search(ok.output,
                                std::regex("INFO: TCM pool current size: [0-9]+ max_size: "
                                           "2035712\n")))
      << ok.output;
}

}  // namespace
