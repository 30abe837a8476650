// lpai-context-binary-generator as a process: exit codes, files written, nothing written on
// error.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "core/status.h"
#include "format/binary_view.h"
#include "nlohmann/json.hpp"
#include "test_models.h"

namespace lpai_test {
namespace {

namespace fs = std::filesystem;

struct ToolRun {
  int exit_code;
  std::string output;  // stdout + stderr
};

ToolRun run_tool(const std::string& args) {
  const std::string cmd =
      std::string(LPAI_BUILD_BIN_DIR) + "/lpai-context-binary-generator " + args + " 2>&1";
  ToolRun r{-1, ""};
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  char buf[512];
  size_t n;
  while ((n = fread(buf, 1, sizeof(buf), p)) > 0) r.output.append(buf, n);
  const int status = pclose(p);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

class Generator : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("lpai_generator_test_" + std::to_string(getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    ChainIds id;
    model_ = (dir_ / "chain.tflite").string();
    write(model_, reshape_chain_model(&id).finish());
    out_ = dir_ / "out";
  }
  void TearDown() override { fs::remove_all(dir_); }
  static void write(const std::string& path, const std::vector<uint8_t>& bytes) {
    std::ofstream f(path, std::ios::binary);
    f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }
  size_t files_in(const fs::path& d) const {
    if (!fs::exists(d)) return 0;
    size_t n = 0;
    for (const auto& e : fs::directory_iterator(d)) {
      (void)e;
      ++n;
    }
    return n;
  }
  std::string base() const { return "--model " + model_ + " --binary_file chain --output_dir " + out_.string(); }

  fs::path dir_, out_;
  std::string model_;
};

TEST_F(Generator, WritesTheBinary) {
  const ToolRun r = run_tool(base());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(files_in(out_), 1u);
  const std::vector<uint8_t> bin = read_file((out_ / "chain.bin").string());
  ASSERT_FALSE(bin.empty());
  lpai::format::BinaryView v;
  ASSERT_EQ(lpai::format::validate_binary(bin.data(), bin.size(), &v), lpai::Status::kOk);
  EXPECT_FALSE(v.io_memhandle_hint());
  EXPECT_EQ(v.plan().start_alignment, 64u);  // default 64:64
  EXPECT_EQ(v.plan().size_alignment, 64u);
  EXPECT_EQ(v.plan().scratch_size, 128u);
  EXPECT_EQ(v.header().flags & lpai::format::kFlagHvxLayouts, 0u);  // default: portable only
}

// --kernel_layout hvx: the header says so (the layouts themselves: hvx_layout_test.cc).
TEST_F(Generator, KernelLayoutHvxMarksTheBinary) {
  const ToolRun r = run_tool(base() + " --kernel_layout hvx --report");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::vector<uint8_t> bin = read_file((out_ / "chain.bin").string());
  lpai::format::BinaryView v;
  ASSERT_EQ(lpai::format::validate_binary(bin.data(), bin.size(), &v), lpai::Status::kOk);
  EXPECT_NE(v.header().flags & lpai::format::kFlagHvxLayouts, 0u);
  std::ifstream jf(out_ / "chain.report.json");
  EXPECT_EQ(nlohmann::json::parse(jf)["kernel_layout"], "hvx");
}

// --op_list: the binary's operators added to the file (sorted, one per line, merged with what
// is there), the LPAI_OP_LIST of a selective image.
TEST_F(Generator, OpListAccumulatesTheOperatorsOfEveryBinary) {
  const fs::path list = dir_ / "ops.txt";
  {
    std::ofstream f(list);
    f << "SOFTMAX\nADD\n";
  }
  const ToolRun r = run_tool(base() + " --op_list " + list.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::ifstream f(list);
  const std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  // The reshape chain runs as COPY nodes at the graph IO.
  EXPECT_EQ(text, "ADD\nCOPY\nSOFTMAX\n");
  EXPECT_EQ(files_in(out_), 1u);  // the list lives where it was asked for, not in the output
}

TEST_F(Generator, ReportPlotMemhandleAndAlignment) {
  const ToolRun r = run_tool(base() +
                         " --input_output_tensor_mem_type memhandle --alignment 16:256 --report --plot");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(files_in(out_), 4u);
  for (const char* f : {"chain.bin", "chain.report.txt", "chain.report.json", "chain.plan.svg"}) {
    EXPECT_TRUE(fs::is_regular_file(out_ / f)) << f;
  }
  const std::vector<uint8_t> bin = read_file((out_ / "chain.bin").string());
  lpai::format::BinaryView v;
  ASSERT_EQ(lpai::format::validate_binary(bin.data(), bin.size(), &v), lpai::Status::kOk);
  EXPECT_TRUE(v.io_memhandle_hint());
  EXPECT_EQ(v.plan().start_alignment, 16u);
  EXPECT_EQ(v.plan().size_alignment, 256u);
  EXPECT_EQ(v.plan().scratch_size, 256u);  // the 8-byte a-group, rounded to 256

  std::ifstream jf(out_ / "chain.report.json");
  const nlohmann::json j = nlohmann::json::parse(jf);
  EXPECT_EQ(j["scratch_bytes"], 256);
  EXPECT_EQ(j["scratch_lower_bound"], 256);
  EXPECT_EQ(j["io_mem_type"], "memhandle");
  EXPECT_EQ(j["binary_bytes"], bin.size());
  const std::vector<uint8_t> txt = read_file((out_ / "chain.report.txt").string());
  const std::string text(txt.begin(), txt.end());
  EXPECT_NE(text.find("scratch_bytes:       256"), std::string::npos) << text;
  const std::vector<uint8_t> svg = read_file((out_ / "chain.plan.svg").string());
  EXPECT_EQ(std::string(svg.begin(), svg.end()).rfind("<svg", 0), 0u);
}

TEST_F(Generator, TempPolicyIsReported) {
  for (const char* policy : {"speed", "memory"}) {
    const ToolRun r = run_tool(base() + " --temp_policy " + policy + " --report");
    ASSERT_EQ(r.exit_code, 0) << r.output;
    std::ifstream jf(out_ / "chain.report.json");
    EXPECT_EQ(nlohmann::json::parse(jf)["temp_policy"], policy);
    fs::remove_all(out_);
  }
  const ToolRun r = run_tool(base() + " --temp_policy fast");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("--temp_policy: fast not in {speed,memory}"), std::string::npos) << r.output;
}

TEST_F(Generator, CommandLineErrorsExitTwoAndWriteNothing) {
  for (const std::string& args :
       {std::string("--model ") + model_ + " --output_dir " + out_.string(),  // no --binary_file
        base() + " --input_output_tensor_mem_type shared",
        base() + " --alignment 64",
        base() + " --alignment 48:64",
        base() + " --alignment 64:0",
        base() + " --kernel_layout neon",
        base() + " --temp_policy fast",
        base() + " --memory_budget 0",
        base() + " --memory_budget lots",
        base() + " --bogus",
        "--model " + model_ + " --binary_file a/b --output_dir " + out_.string()}) {
    const ToolRun r = run_tool(args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find("lpai-context-binary-generator: error: "), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find('\n'), r.output.size() - 1) << "not one line: " << r.output;
    EXPECT_FALSE(fs::exists(out_)) << args;
  }
}

TEST_F(Generator, ModelErrorsExitOneAndWriteNothing) {
  const std::string bad = (dir_ / "bad.tflite").string();
  std::vector<uint8_t> bytes = read_file(model_);
  bytes.resize(bytes.size() / 2);
  write(bad, bytes);
  for (const std::string& m : {bad, (dir_ / "missing.tflite").string()}) {
    const ToolRun r = run_tool("--model " + m + " --binary_file chain --output_dir " + out_.string() +
                           " --report --plot");
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_NE(r.output.find("lpai-context-binary-generator: error: "), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find('\n'), r.output.size() - 1) << "not one line: " << r.output;
    EXPECT_FALSE(fs::exists(out_));
  }
  // An unsupported op: the message names it; an existing output dir stays empty.
  TfliteBuilder u;
  const int in = u.act("in", {4});
  const int o = u.act("o", {4});
  u.op({kFloor, {in}, {o}, {}, tfl::BuiltinOptions_NONE, nullptr, -1});
  u.io({in}, {o});
  const std::string um = (dir_ / "floor.tflite").string();
  write(um, u.finish());
  fs::create_directories(out_);
  const ToolRun r = run_tool("--model " + um + " --binary_file floor --output_dir " + out_.string() + " --report");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("node 0 (UNKNOWN(8)): operator not supported"), std::string::npos) << r.output;
  EXPECT_EQ(files_in(out_), 0u);
}

TEST_F(Generator, HelpExitsZero) {
  const ToolRun r = run_tool("--help");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("--input_output_tensor_mem_type"), std::string::npos);
}

}  // namespace
}  // namespace lpai_test
