// lpai-net-run: runs a context binary in host simulation through the C shim, in the order the
// LPAI documents recommend, for every line of an input list; writes each output tensor as
// raw bytes to DIR/Result_<k>/<output tensor name>.raw ('/' in a name becomes '_').
//
// Command line as the seeds write it: --backend (must name libQnnLpai.so; not opened),
// --direct_mode adsp (the simulated ADSP; mem_type "tcm" requires it), --output_dir (default
// "output").
//
// Exit codes: 0 success; 1 bad arguments / inputs / configuration; 2 the firmware refused the
// binary or a call failed; 3 a system fatal error (the HAL's fatal hook fired). On failure
// nothing is left in DIR: results are written to a temporary directory inside DIR and moved
// into place only after every inference succeeded.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "config/net_run_config.h"
#include "lpai/hal.h"
#include "lpai/hal_host.h"
#include "runner/session.h"

namespace fs = std::filesystem;
using lpai::host::Session;
using lpai::host::TensorInfo;

namespace {

// The library name of the LPAI backend (seed 000: --backend /data/local/tmp/libQnnLpai.so).
constexpr const char* kLpaiBackendLibrary = "libQnnLpai.so";

int fail(int code, const std::string& message) {
  std::cerr << "lpai-net-run: error: " << message << "\n";
  return code;
}

// A failed firmware call: a system fatal error (the HAL's fatal hook fired, e.g. the TCM
// allocator's 33rd allocation) is reported as such and exits with LPAI_HAL_FATAL_EXIT_CODE, as
// a target image halts; anything else is an ordinary failure (exit 2).
int fail_firmware(const std::string& message) {
  if (lpai_hal_host_fatal_code() != 0) {
    std::cerr << "lpai-net-run: system fatal error: " << lpai_hal_host_fatal_line() << "\n";
    return LPAI_HAL_FATAL_EXIT_CODE;
  }
  return fail(2, message);
}

bool read_bytes(const std::string& path, std::vector<uint8_t>* out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  out->assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
  return true;
}

// Output file name for a tensor name: the name itself, with '/' (a path separator) replaced
// by '_'; "output" for an unnamed tensor.
std::string file_name_for(const std::string& tensor_name) {
  std::string s = tensor_name.empty() ? "output" : tensor_name;
  for (char& c : s) {
    if (c == '/') c = '_';
  }
  return s;
}

lpai_log_level_t parse_level(const std::string& s) {
  if (s == "error") return LPAI_LOG_LEVEL_ERROR;
  if (s == "warn") return LPAI_LOG_LEVEL_WARN;
  if (s == "info") return LPAI_LOG_LEVEL_INFO;
  if (s == "verbose") return LPAI_LOG_LEVEL_VERBOSE;
  return LPAI_LOG_LEVEL_DEBUG;
}

// One line of the input list: files in graph input order, space separated, each either a
// path or name:=path (matched to the input of that name).
bool parse_list_line(const std::string& line, const std::vector<TensorInfo>& inputs,
                     const fs::path& base, std::vector<std::string>* files, std::string* error) {
  std::istringstream in(line);
  std::string tok;
  std::vector<std::string> positional;
  files->assign(inputs.size(), "");
  while (in >> tok) {
    const size_t sep = tok.find(":=");
    std::string path = sep == std::string::npos ? tok : tok.substr(sep + 2);
    if (fs::path(path).is_relative() && !fs::exists(path)) path = (base / path).string();
    if (sep == std::string::npos) {
      positional.push_back(path);
      continue;
    }
    const std::string name = tok.substr(0, sep);
    auto it = std::find_if(inputs.begin(), inputs.end(),
                           [&](const TensorInfo& t) { return t.name == name; });
    if (it == inputs.end()) {
      *error = "no graph input named '" + name + "'";
      return false;
    }
    (*files)[it - inputs.begin()] = path;
  }
  size_t next = 0;
  for (std::string& f : *files) {
    if (!f.empty()) continue;
    if (next == positional.size()) {
      *error = "expected " + std::to_string(inputs.size()) + " input files";
      return false;
    }
    f = positional[next++];
  }
  if (next != positional.size()) {
    *error = "expected " + std::to_string(inputs.size()) + " input files, got more";
    return false;
  }
  return true;
}

// Index of the largest element of an output (int8/int16 little-endian), for the summary.
std::pair<size_t, int32_t> top1(const std::vector<uint8_t>& bytes, const TensorInfo& t) {
  const size_t esize = lpai::host::qnn_type_size(t.data_type);
  size_t best = 0;
  int32_t best_v = 0;
  const size_t n = esize == 0 ? 0 : bytes.size() / esize;
  for (size_t i = 0; i < n; ++i) {
    int32_t v = esize == 2 ? static_cast<int16_t>(bytes[2 * i] | (bytes[2 * i + 1] << 8))
                           : static_cast<int8_t>(bytes[i]);
    if (t.data_type == QNN_DATATYPE_UFIXED_POINT_8 || t.data_type == QNN_DATATYPE_UINT_8)
      v = bytes[i];
    if (i == 0 || v > best_v) {
      best = i;
      best_v = v;
    }
  }
  return {best, best_v};
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"lpai-net-run: run a context binary in host simulation"};
  std::string binary_path, input_list, output_dir = "output", config_file, log_level = "error";
  std::string backend, direct_mode, variant;
  int num_inferences = 0;
  bool profiling = false, shared_buffer = false;
  app.add_option("--retrieve_context", binary_path, "context binary (.bin)")->required();
  app.add_option("--input_list", input_list, "input list: one line per inference")->required();
  app.add_option("--output_dir", output_dir, "where Result_<k>/ folders go (default: output)");
  app.add_option("--backend", backend,
                 "backend library as on the device, e.g. /data/local/tmp/libQnnLpai.so: its file "
                 "name must be libQnnLpai.so (the host simulation is that backend; the file is "
                 "not opened)");
  app.add_option("--direct_mode", direct_mode,
                 "adsp: run on the simulated ADSP (direct mode; needed for mem_type \"tcm\")")
      ->check(CLI::IsMember({"adsp"}));
  app.add_option("--config_file", config_file, "eaiParams_direct.json");
  app.add_option("--log_level", log_level, "error|warn|info|verbose|debug")
      ->check(CLI::IsMember({"error", "warn", "info", "verbose", "debug"}));
  app.add_option("--num_inferences", num_inferences,
                 "inferences to run (cycles through the list; default: one per line)")
      ->check(CLI::PositiveNumber);
  app.add_flag("--profiling", profiling,
               "per-inference and per-node cycles, copies, allocations, the kernel variant");
  app.add_option("--kernel_variant", variant,
                 "host kernel variant (default: the best this CPU supports, or $LPAI_KERNEL_VARIANT)")
      ->check(CLI::IsMember({"portable", "avx2", "avx512vnni"}));
  app.add_flag("--shared_buffer", shared_buffer,
               "pass IO as registered shared buffers (MEMHANDLE, zero copy) instead of RAW");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 1;
  }
  lpai_hal_set_log_level(parse_level(log_level));
  if (!backend.empty() && fs::path(backend).filename().string() != kLpaiBackendLibrary)
    return fail(1, "--backend '" + backend + "' is not the LPAI backend (" +
                       kLpaiBackendLibrary + "); lpai-net-run simulates only that backend");
  lpai::host::install_kernel_variant();
  if (!variant.empty()) {
    lpai::host::KernelVariant v;
    if (!lpai::host::parse_kernel_variant(variant.c_str(), &v) ||
        !lpai::host::set_kernel_variant(v)) {
      return fail(1, "kernel variant " + variant + " is not supported by this CPU");
    }
  }

  lpai::host::SessionOptions options;
  options.use_memhandle = shared_buffer;
  options.profiling = profiling;
  if (!config_file.empty()) {
    lpai::host::NetRunConfig cfg;
    std::string error;
    if (!lpai::host::load_net_run_config(config_file, &cfg, &error)) return fail(1, error);
    options.mem_type = cfg.mem_type;
  }
  // Seed 000: TCM exists only in ADSP direct mode (not on ARM or x86 simulation).
  if (options.mem_type == QNN_LPAI_MEM_TYPE_TCM && direct_mode != "adsp")
    return fail(1, "mem_type \"tcm\" needs ADSP direct mode (TCM is not supported on ARM or x86 "
                   "simulation): add --direct_mode adsp");

  std::vector<uint8_t> binary;
  if (!read_bytes(binary_path, &binary)) return fail(1, "cannot read context binary " + binary_path);

  // Read and check every input before running anything.
  std::ifstream list(input_list);
  if (!list) return fail(1, "cannot read input list " + input_list);
  std::vector<std::string> lines;
  for (std::string line; std::getline(list, line);) {
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  if (lines.empty()) return fail(1, "input list " + input_list + " has no inference lines");

  std::string error;
  std::unique_ptr<Session> session = Session::open(binary, options, &error);
  if (!session) return fail_firmware("initialisation failed: " + error);

  const fs::path list_dir = fs::path(input_list).parent_path();
  std::vector<std::vector<std::vector<uint8_t>>> all_inputs;
  for (size_t l = 0; l < lines.size(); ++l) {
    std::vector<std::string> files;
    if (!parse_list_line(lines[l], session->inputs(), list_dir, &files, &error))
      return fail(1, input_list + " line " + std::to_string(l + 1) + ": " + error);
    std::vector<std::vector<uint8_t>> data(files.size());
    for (size_t k = 0; k < files.size(); ++k) {
      if (!read_bytes(files[k], &data[k])) return fail(1, "cannot read input file " + files[k]);
      if (data[k].size() != session->inputs()[k].bytes)
        return fail(1, "input file " + files[k] + " has " + std::to_string(data[k].size()) +
                           " bytes, input '" + session->inputs()[k].name + "' needs " +
                           std::to_string(session->inputs()[k].bytes));
    }
    all_inputs.push_back(std::move(data));
  }

  const size_t total = num_inferences > 0 ? static_cast<size_t>(num_inferences) : lines.size();
  std::error_code ec;
  fs::create_directories(output_dir, ec);
  const fs::path staging = fs::path(output_dir) / ".lpai-net-run.partial";
  fs::remove_all(staging, ec);
  fs::create_directories(staging, ec);
  if (ec) return fail(1, "cannot create output directory " + output_dir);

  const auto t0 = std::chrono::steady_clock::now();
  auto last_progress = t0;
  std::vector<std::vector<uint8_t>> outputs;
  uint64_t prev_copied = 0;
  for (size_t k = 0; k < total; ++k) {
    if (!session->run(all_inputs[k % all_inputs.size()], &outputs, &error)) {
      fs::remove_all(staging, ec);
      return fail_firmware("inference " + std::to_string(k) + ": " + error);
    }
    const fs::path dir = staging / ("Result_" + std::to_string(k));
    fs::create_directories(dir, ec);
    for (size_t j = 0; j < outputs.size(); ++j) {
      std::ofstream f(dir / (file_name_for(session->outputs()[j].name) + ".raw"), std::ios::binary);
      f.write(reinterpret_cast<const char*>(outputs[j].data()),
              static_cast<std::streamsize>(outputs[j].size()));
      if (!f) {
        fs::remove_all(staging, ec);
        return fail(1, "cannot write results under " + dir.string());
      }
    }
    if (profiling) {
      const QnnLpaiGraph_Counters_t c = session->counters();
      std::printf("inference %zu: %llu cycles, %llu bytes copied, %u IO allocations so far, kernel variant %s\n", k,
                  static_cast<unsigned long long>(c.lastExecuteCycles),
                  static_cast<unsigned long long>(c.ioBytesCopied - prev_copied), c.ioAllocations,
                  lpai::host::kernel_variant_name());
      prev_copied = c.ioBytesCopied;
      const std::vector<uint64_t> cycles = session->node_cycles();
      for (size_t n = 0; n < cycles.size(); ++n)
        std::printf("  node %zu: %llu cycles\n", n, static_cast<unsigned long long>(cycles[n]));
    }
    const auto now = std::chrono::steady_clock::now();
    if (total > 1 && (now - last_progress > std::chrono::seconds(1) || k + 1 == total)) {
      std::fprintf(stderr, "\rlpai-net-run: %zu/%zu inferences", k + 1, total);
      if (k + 1 == total) std::fputc('\n', stderr);
      last_progress = now;
    }
  }
  // Move results into place.
  for (size_t k = 0; k < total; ++k) {
    const std::string name = "Result_" + std::to_string(k);
    fs::remove_all(fs::path(output_dir) / name, ec);
    fs::rename(staging / name, fs::path(output_dir) / name, ec);
    if (ec) return fail(1, "cannot move results into " + output_dir + ": " + ec.message());
  }
  fs::remove_all(staging, ec);

  const QnnLpaiGraph_Counters_t c = session->counters();
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  std::printf("graph '%s': %zu inference(s) in %.3f ms; IO bytes copied %llu, IO allocations %u\n",
              session->graph_name().c_str(), total, ms,
              static_cast<unsigned long long>(c.ioBytesCopied), c.ioAllocations);
  for (size_t j = 0; j < outputs.size(); ++j) {
    const TensorInfo& t = session->outputs()[j];
    const auto [idx, q] = top1(outputs[j], t);
    std::printf("Result_%zu/%s.raw: top-1 index %zu (q=%d, %.4f)\n", total - 1,
                file_name_for(t.name).c_str(), idx, q, t.scale * static_cast<float>(q + t.offset));
  }
  return 0;
}
