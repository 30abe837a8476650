// Support for the host simulation tests: temporary directories, running the real tools
// (build/bin/lpai-net-run, build/bin/lpai-context-binary-generator) with their output
// captured, the seeds' configuration files, and the small models the project builds itself so
// that the suite runs without ../shared:
//   copy_swap_binary   GraphBuilder: in_a int8[2,32] -RESHAPE-> out_a int8[64];
//                      in_b int16[16] -COPY-> mid -COPY-> out_b int16[16]; outputs (out_b, out_a)
//   big_io_binary      GraphBuilder: in int8[n] -COPY-> out int8[n] (TCM overflow)
//   add_tflite         TFLite (host_sim/prepare/tflite_builder.h): a int8[1,8,8] + b int8[1,8,8] -> sum -RESHAPE->
//                      out int8[1,64]; all scale 0.5, zero point 0, so out = clamp(a + b)
// Header-only; host test code.
#ifndef LPAI_TESTS_HOST_SIM_HOST_SIM_SUPPORT_H
#define LPAI_TESTS_HOST_SIM_HOST_SIM_SUPPORT_H

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "prepare/tflite_builder.h"
#include "common/graph_builder.h"

namespace lpai_test {
namespace host_sim {

namespace fs = std::filesystem;

// A fresh directory under the system temp dir, removed with its contents on destruction.
class TempDir {
 public:
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "lpai_host_sim_XXXXXX").string();
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back('\0');
    const char* p = mkdtemp(buf.data());
    path_ = p != nullptr ? std::string(p) : std::string();
  }
  ~TempDir() {
    std::error_code ec;
    if (!path_.empty()) fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  std::string operator/(const std::string& rel) const { return path_ + "/" + rel; }

 private:
  std::string path_;
};

inline bool write_file(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream f(path, std::ios::binary);
  f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(f);
}
inline bool write_text(const std::string& path, const std::string& text) {
  std::ofstream f(path);
  f << text;
  return static_cast<bool>(f);
}
inline std::vector<uint8_t> read_bytes(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

struct CommandResult {
  int exit_code = -1;   // WEXITSTATUS, or -1 when the command did not exit normally
  std::string output;   // stdout and stderr, interleaved
  std::vector<std::string> lines() const {
    std::vector<std::string> v;
    size_t start = 0;
    while (start < output.size()) {
      size_t end = output.find('\n', start);
      if (end == std::string::npos) end = output.size();
      v.push_back(output.substr(start, end - start));
      start = end + 1;
    }
    return v;
  }
  bool contains(const std::string& s) const { return output.find(s) != std::string::npos; }
  size_t count_lines_starting(const std::string& prefix) const {
    size_t n = 0;
    for (const std::string& l : lines())
      if (l.compare(0, prefix.size(), prefix) == 0) ++n;
    return n;
  }
};

// Runs a shell command line with stderr merged into stdout.
inline CommandResult run_command(const std::string& command) {
  CommandResult r;
  FILE* p = popen((command + " 2>&1").c_str(), "r");
  if (p == nullptr) return r;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.output.append(buf, n);
  const int status = pclose(p);
  if (status != -1 && WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  return r;
}

inline std::string quote(const std::string& s) { return "'" + s + "'"; }
inline std::string tool(const std::string& name) {
  return quote(std::string(LPAI_BUILD_BIN_DIR) + "/" + name);
}

// lpai-net-run with the required flags plus `extra`.
inline CommandResult net_run(const std::string& binary, const std::string& list,
                             const std::string& out_dir, const std::string& extra = "") {
  return run_command(tool("lpai-net-run") + " --retrieve_context " + quote(binary) +
                     " --input_list " + quote(list) + " --output_dir " + quote(out_dir) + " " +
                     extra);
}

// lpai-context-binary-generator: DIR/NAME.bin from a .tflite.
inline CommandResult run_generator(const std::string& tflite, const std::string& dir,
                              const std::string& name, const std::string& mem_type = "raw") {
  return run_command(tool("lpai-context-binary-generator") + " --model " + quote(tflite) +
                     " --binary_file " + quote(name) + " --output_dir " + quote(dir) +
                     " --input_output_tensor_mem_type " + mem_type);
}

// The seed 000 configuration pair, written to `dir`: eaiParams_direct.json (pointing at the
// device path /data/local/tmp/eaiParams_direct.conf, as the seed shows) and
// eaiParams_direct.conf with the given mem_type. Returns the .json path.
inline std::string write_seed_config(const std::string& dir, const std::string& mem_type) {
  write_text(dir + "/eaiParams_direct.json",
             "{\n"
             "  \"backend_extensions\": {\n"
             "    \"shared_library_path\": \"/data/local/tmp/libQnnLpaiNetRunExtensions.so\",\n"
             "    \"config_file_path\": \"/data/local/tmp/eaiParams_direct.conf\"\n"
             "  },\n"
             "  \"context_configs\": {\n"
             "    \"is_persistent_binary\": true\n"
             "  }\n"
             "}\n");
  write_text(dir + "/eaiParams_direct.conf",
             "{\n  \"lpai_graph\": {\n    \"execute\": {\n      \"mem_type\": \"" + mem_type +
                 "\"\n    }\n  }\n}\n");
  return dir + "/eaiParams_direct.json";
}

// Entries of a directory (empty when it does not exist).
inline std::vector<std::string> dir_entries(const std::string& dir) {
  std::vector<std::string> v;
  std::error_code ec;
  if (!fs::exists(dir, ec)) return v;
  for (const auto& e : fs::directory_iterator(dir, ec)) v.push_back(e.path().filename().string());
  return v;
}

// Deterministic test bytes (not the golden rule; any fixed pattern works for copies).
inline std::vector<uint8_t> pattern(size_t n, uint32_t seed) {
  std::vector<uint8_t> v(n);
  uint32_t s = seed * 2654435761u + 1u;
  for (uint8_t& b : v) {
    s = s * 1103515245u + 12345u;
    b = static_cast<uint8_t>(s >> 16);
  }
  return v;
}

// ---- self-made models ---------------------------------------------------------------------

inline lpai::writer::GraphBuilder copy_swap_graph(bool memhandle_hint) {
  using lpai::format::BuiltinOp;
  using lpai::format::DataType;
  lpai::writer::GraphBuilder b("copy_swap");
  b.set_alignment(64, 64).set_io_memhandle_hint(memhandle_hint);
  const uint32_t in_a = b.add_scratch("in_a", DataType::kInt8, {2, 32}, 0.25f, 3);
  const uint32_t in_b = b.add_scratch("in_b", DataType::kInt16, {16}, 0.125f, 0);
  const uint32_t mid = b.add_scratch("mid", DataType::kInt16, {16}, 0.125f, 0);
  const uint32_t out_a = b.add_scratch("out_a", DataType::kInt8, {64}, 0.25f, 3);
  const uint32_t out_b = b.add_scratch("out_b", DataType::kInt16, {16}, 0.125f, 0);
  b.add_node(BuiltinOp::kReshape, {in_a}, {out_a});
  b.add_node(BuiltinOp::kCopy, {in_b}, {mid});
  b.add_node(BuiltinOp::kCopy, {mid}, {out_b});
  b.set_inputs({in_a, in_b}).set_outputs({out_b, out_a});
  return b;
}
constexpr size_t kSwapInA = 64, kSwapInB = 32;  // input bytes

inline std::vector<uint8_t> copy_swap_binary(bool memhandle_hint) {
  std::string err;
  return copy_swap_graph(memhandle_hint).serialize(&err);
}

inline std::vector<uint8_t> big_io_binary(uint32_t bytes, bool memhandle_hint = false) {
  using lpai::format::BuiltinOp;
  using lpai::format::DataType;
  lpai::writer::GraphBuilder b("big_io");
  b.set_alignment(64, 64).set_io_memhandle_hint(memhandle_hint);
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {bytes});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {bytes});
  b.add_node(BuiltinOp::kCopy, {in}, {out});
  b.set_inputs({in}).set_outputs({out});
  std::string err;
  return b.serialize(&err);
}

// A model whose binary holds a constant of `const_bytes` (copied into scratch once per run, so
// it is used): in int8[16] -COPY-> out int8[16].
inline std::vector<uint8_t> big_const_binary(uint32_t const_bytes) {
  using lpai::format::BuiltinOp;
  using lpai::format::DataType;
  lpai::writer::GraphBuilder b("big_const");
  b.set_alignment(64, 64);
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {16});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {16});
  const uint32_t big = b.add_const("table", DataType::kInt8, {const_bytes},
                                   std::vector<uint8_t>(const_bytes, 7));
  const uint32_t small = b.add_scratch("small", DataType::kInt8, {const_bytes});
  b.add_node(BuiltinOp::kCopy, {big}, {small});
  b.add_node(BuiltinOp::kCopy, {in}, {out});
  b.set_inputs({in}).set_outputs({out});
  std::string err;
  return b.serialize(&err);
}

// Tensor indices of add_tflite().
constexpr int kAddA = 0, kAddB = 1, kAddSum = 2, kAddOut = 3;
constexpr size_t kAddBytes = 64;

inline std::vector<uint8_t> add_tflite() {
  lpai::tflite_builder::TfliteBuilder m;
  const int a = m.act("a", {1, 8, 8}, 0.5f, 0);
  const int b = m.act("b", {1, 8, 8}, 0.5f, 0);
  const int sum = m.act("sum", {1, 8, 8}, 0.5f, 0);
  const int out = m.act("out", {1, 64}, 0.5f, 0);
  m.op({lpai::tflite_builder::kAdd, {a, b}, {sum}, {}, lpai::tflite::BuiltinOptions_AddOptions,
        lpai::tflite_builder::add_options(lpai::tflite::ActivationFunctionType_NONE, false), -1});
  m.reshape(sum, out);
  m.io({a, b}, {out});
  return m.finish();
}

// Independent reference of add_tflite(): equal scales, zero points 0 -> saturating a + b.
inline std::vector<uint8_t> add_reference(const std::vector<uint8_t>& a,
                                          const std::vector<uint8_t>& b) {
  std::vector<uint8_t> out(a.size());
  for (size_t i = 0; i < a.size(); ++i) {
    int v = static_cast<int8_t>(a[i]) + static_cast<int8_t>(b[i]);
    v = v < -128 ? -128 : (v > 127 ? 127 : v);
    out[i] = static_cast<uint8_t>(static_cast<int8_t>(v));
  }
  return out;
}

}  // namespace host_sim
}  // namespace lpai_test

#endif  // LPAI_TESTS_HOST_SIM_HOST_SIM_SUPPORT_H
