// lpai-net-run: runs a context binary in host simulation through the C shim, in the order the
// LPAI documents recommend, for every line of an input list; writes each output tensor as
// raw bytes to DIR/Result_<k>/<file name>.raw, the file name made from the tensor name as
// output_file_names() documents (config/input_list.h): bytes other than [A-Za-z0-9._:+=,@-]
// become %XX, and a name taken by an earlier output gets "~<output index>".
//
// Command line as the seeds write it: --backend (must name libQnnLpai.so; not opened),
// --direct_mode adsp (the simulated ADSP; mem_type "tcm" requires it), --output_dir (default
// "output").
//
// Exit codes: 0 success; 1 bad arguments / inputs / configuration; 2 the firmware refused the
// binary or a call failed; 3 a system fatal error (the HAL's fatal hook fired).
// Every failure is reported once: when the firmware logged error lines for it, exactly those
// lines, each whole as "ERROR: <line>" (seed 000's "TCM memory allocation failure: required
// size: <N>" then its detail line); otherwise one line "lpai-net-run: error: ...". A system
// fatal error is the firmware's fatal line, or "lpai-net-run: system fatal error: <line>" when
// the firmware logged none. Text quoted from the model or from files has non-printable bytes
// escaped as \xNN. The report is net_run_report.h.
// On failure nothing is left in DIR: results are written to a temporary directory inside DIR
// and moved into place only after every inference succeeded; SIGINT, SIGTERM and SIGHUP remove
// it too (the run then ends by that signal after one line).
// Progress: with stderr a terminal, runs of more than one inference show a "\r" progress line,
// updated about once a second and ended (newline) before any other message; otherwise only the
// final "lpai-net-run: N/N inferences" line is printed, so logs get whole lines.
// Limits, checked before anything is read: the context binary at most
// LPAI_HOST_DDR_ARENA_BYTES (it must fit the host's DDR arena), the input list at most
// kMaxInputListBytes, --num_inferences from 1 to kMaxInferences.
#include <signal.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "config/file_io.h"
#include "config/input_list.h"
#include "config/net_run_config.h"
#include "lpai/hal.h"
#include "lpai/hal_host.h"
#include "net_run_report.h"
#include "runner/session.h"

namespace fs = std::filesystem;
using lpai::host::Session;
using lpai::host::TensorInfo;
using lpai::host::net_run::fail;
using lpai::host::net_run::fail_firmware;
using lpai::host::net_run::end_progress;
using lpai::host::net_run::flush_firmware_errors;
using lpai::host::net_run::progress_open;
using lpai::host::net_run::set_progress_open;

namespace {

// The library name of the LPAI backend (seed 000: --backend /data/local/tmp/libQnnLpai.so).
constexpr const char* kLpaiBackendLibrary = "libQnnLpai.so";

constexpr size_t kMaxInferences = 10000;

// ---- signals: the staging folder must not outlive an interrupted run -----------------------
volatile sig_atomic_t g_signal = 0;
extern "C" void on_signal(int sig) { g_signal = sig; }
constexpr int kCleanupSignals[] = {SIGINT, SIGTERM, SIGHUP};

void install_signal_handlers() {
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  for (int sig : kCleanupSignals) sigaction(sig, &sa, nullptr);
}

void block_signals(bool block) {
  sigset_t set;
  sigemptyset(&set);
  for (int sig : kCleanupSignals) sigaddset(&set, sig);
  sigprocmask(block ? SIG_BLOCK : SIG_UNBLOCK, &set, nullptr);
}

// After cleanup: one line, then end by the same signal (the caller sees 128 + signal).
[[noreturn]] void die_by_signal(int sig, bool removed) {
  end_progress();
  fail(sig == SIGINT ? 130 : 128 + sig,
       std::string("interrupted by ") + (sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM"
                                                                                   : "SIGHUP") +
           (removed ? "; partial results removed" : ""));
  std::fflush(stderr);
  signal(sig, SIG_DFL);
  raise(sig);
  std::_Exit(128 + sig);
}

// "N" with 1 <= N <= kMaxInferences.
bool parse_num_inferences(const std::string& text, size_t* out) {
  if (text.empty() || text.size() > 6 || text.find_first_not_of("0123456789") != std::string::npos)
    return false;
  const unsigned long v = std::stoul(text);
  if (v == 0 || v > kMaxInferences) return false;
  *out = v;
  return true;
}

lpai_log_level_t parse_level(const std::string& s) {
  if (s == "error") return LPAI_LOG_LEVEL_ERROR;
  if (s == "warn") return LPAI_LOG_LEVEL_WARN;
  if (s == "info") return LPAI_LOG_LEVEL_INFO;
  if (s == "verbose") return LPAI_LOG_LEVEL_VERBOSE;
  return LPAI_LOG_LEVEL_DEBUG;
}

// Index of the largest element of an output (int8/int16/int32/uint32 little-endian), for the
// summary.
std::pair<size_t, int64_t> top1(const std::vector<uint8_t>& bytes, const TensorInfo& t) {
  const size_t esize = lpai::host::qnn_type_size(t.data_type);
  size_t best = 0;
  int64_t best_v = 0;
  const size_t n = esize == 0 || esize > 4 ? 0 : bytes.size() / esize;
  for (size_t i = 0; i < n; ++i) {
    int64_t v = esize == 2 ? static_cast<int16_t>(bytes[2 * i] | (bytes[2 * i + 1] << 8))
                           : static_cast<int8_t>(bytes[i]);
    if (esize == 4) {
      uint32_t u;
      std::memcpy(&u, &bytes[4 * i], 4);
      v = t.data_type == QNN_DATATYPE_UINT_32 ? static_cast<int64_t>(u)
                                               : static_cast<int64_t>(static_cast<int32_t>(u));
    }
    if (t.data_type == QNN_DATATYPE_UFIXED_POINT_8 || t.data_type == QNN_DATATYPE_UINT_8)
      v = bytes[i];
    if (i == 0 || v > best_v) {
      best = i;
      best_v = v;
    }
  }
  return {best, best_v};
}

int run_net_run(int argc, char** argv) {
  CLI::App app{"lpai-net-run: run a context binary in host simulation"};
  std::string binary_path, input_list, output_dir = "output", config_file, log_level = "error";
  std::string backend, direct_mode, variant;
  std::string num_inferences_text;
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
  app.add_option("--num_inferences", num_inferences_text,
                 "inferences to run, 1 to " + std::to_string(kMaxInferences) +
                     " (cycles through the list; default: one per line)");
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
  size_t num_inferences = 0;
  if (app.count("--num_inferences") != 0 &&
      !parse_num_inferences(num_inferences_text, &num_inferences)) {
    const std::string shown = num_inferences_text.size() > 24
                                  ? num_inferences_text.substr(0, 24) + "..."
                                  : num_inferences_text;
    return fail(1, "--num_inferences must be a whole number from 1 to " +
                       std::to_string(kMaxInferences) + ", got '" + shown + "'");
  }
  lpai_hal_set_log_level(parse_level(log_level));
  lpai_hal_host_set_log_echo(0);
  lpai_hal_host_set_log_sink(lpai::host::net_run::log_sink, nullptr);
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
  std::string error;
  if (!config_file.empty()) {
    lpai::host::NetRunConfig cfg;
    const lpai::host::HostStatus loaded = lpai::host::load_net_run_config(config_file, &cfg);
    if (!loaded.ok()) return fail(1, loaded.error());
    options.mem_type = cfg.mem_type;
  }
  // Seed 000: TCM exists only in ADSP direct mode (not on ARM or x86 simulation).
  if (options.mem_type == QNN_LPAI_MEM_TYPE_TCM && direct_mode != "adsp")
    return fail(1, "mem_type \"tcm\" needs ADSP direct mode (TCM is not supported on ARM or x86 "
                   "simulation): add --direct_mode adsp");

  std::vector<uint8_t> binary;
  const lpai::host::HostStatus binary_read = lpai::host::read_file_bytes(
      binary_path, "context binary", LPAI_HOST_DDR_ARENA_BYTES, &binary);
  if (!binary_read.ok()) return fail(1, binary_read.error());

  // Read and check every input before running anything.
  std::string list_text;
  const lpai::host::HostStatus list_read = lpai::host::read_file_text(
      input_list, "input list", lpai::host::kMaxInputListBytes, &list_text);
  if (!list_read.ok()) return fail(1, list_read.error());
  const std::vector<std::string> lines = lpai::host::input_list_lines(list_text);
  if (lines.empty()) return fail(1, "input list " + input_list + " has no inference lines");
  if (lines.size() > kMaxInferences)
    return fail(1, "input list " + input_list + " has " + std::to_string(lines.size()) +
                       " inference lines, more than the limit of " +
                       std::to_string(kMaxInferences));

  std::unique_ptr<Session> session = Session::open(binary, options, &error);
  if (!session) return fail_firmware("initialisation failed: " + error);
  std::vector<uint8_t>().swap(binary);  // the session holds its own copy

  std::vector<std::string> input_names, output_names;
  for (const TensorInfo& t : session->inputs()) input_names.push_back(t.name);
  for (const TensorInfo& t : session->outputs()) output_names.push_back(t.name);
  const std::vector<std::string> out_files = lpai::host::output_file_names(output_names);
  const std::string list_dir = fs::path(input_list).parent_path().string();
  std::vector<std::vector<std::vector<uint8_t>>> all_inputs;
  for (size_t l = 0; l < lines.size(); ++l) {
    std::vector<std::string> files;
    const lpai::host::HostStatus parsed =
        lpai::host::parse_input_list_line(lines[l], input_names, list_dir, &files);
    if (!parsed.ok()) {
      return fail(1, input_list + " line " + std::to_string(l + 1) + ": " + parsed.error());
    }
    std::vector<std::vector<uint8_t>> data(files.size());
    for (size_t k = 0; k < files.size(); ++k) {
      const TensorInfo& in = session->inputs()[k];
      uint64_t size = 0;
      const lpai::host::HostStatus sized =
          lpai::host::regular_file_size(files[k], "input file", &size);
      if (!sized.ok()) return fail(1, sized.error());
      if (size != in.bytes)
        return fail(1, "input file " + files[k] + " has " + std::to_string(size) +
                           " bytes, input '" + in.name + "' needs " + std::to_string(in.bytes));
      const lpai::host::HostStatus read =
          lpai::host::read_file_bytes(files[k], "input file", in.bytes, &data[k]);
      if (!read.ok()) return fail(1, read.error());
      if (data[k].size() != in.bytes)
        return fail(1, "input file " + files[k] + " has " + std::to_string(data[k].size()) +
                           " bytes, input '" + in.name + "' needs " + std::to_string(in.bytes));
    }
    all_inputs.push_back(std::move(data));
  }

  const size_t total = num_inferences > 0 ? num_inferences : lines.size();
  std::error_code ec;
  fs::create_directories(output_dir, ec);
  const fs::path staging = fs::path(output_dir) / ".lpai-net-run.partial";
  install_signal_handlers();
  fs::remove_all(staging, ec);
  fs::create_directories(staging, ec);
  if (ec) {
    fs::remove_all(staging, ec);
    return fail(1, "cannot create output directory " + output_dir);
  }
  auto abandon = [&](int code, const std::string& message) {
    end_progress();
    std::error_code ignored;
    fs::remove_all(staging, ignored);
    return fail(code, message);
  };

  const auto t0 = std::chrono::steady_clock::now();
  auto last_progress = t0;
  const bool progress_tty = isatty(STDERR_FILENO) != 0;
  std::vector<std::vector<uint8_t>> outputs;
  uint64_t prev_copied = 0;
  for (size_t k = 0; k < total; ++k) {
    if (g_signal != 0) {
      fs::remove_all(staging, ec);
      die_by_signal(g_signal, true);
    }
    if (!session->run(all_inputs[k % all_inputs.size()], &outputs, &error)) {
      std::error_code ignored;
      fs::remove_all(staging, ignored);
      end_progress();
      return fail_firmware("inference " + std::to_string(k) + ": " + error);
    }
    const fs::path dir = staging / ("Result_" + std::to_string(k));
    fs::create_directories(dir, ec);
    for (size_t j = 0; j < outputs.size(); ++j) {
      // O_EXCL semantics: a second output can never land on an existing file.
      const fs::path file = dir / out_files[j];
      if (lpai::host::exists_noexcept(file.string()))
        return abandon(1, "output file " + file.string() + " would be written twice");
      std::ofstream f(file, std::ios::binary);
      f.write(reinterpret_cast<const char*>(outputs[j].data()),
              static_cast<std::streamsize>(outputs[j].size()));
      if (!f) return abandon(1, "cannot write results under " + dir.string());
    }
    if (profiling) {
      end_progress();  // stdout and stderr may be the same terminal
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
    if (total > 1 && progress_tty && now - last_progress > std::chrono::seconds(1)) {
      std::fprintf(stderr, "\rlpai-net-run: %zu/%zu inferences", k + 1, total);
      set_progress_open(true);
      last_progress = now;
    }
    if (total > 1 && k + 1 == total) {
      std::fprintf(stderr, "%slpai-net-run: %zu/%zu inferences\n", progress_open() ? "\r" : "",
                   k + 1, total);
      set_progress_open(false);  // the line above ended it
    }
  }
  // Move results into place (signals wait until every folder has moved).
  block_signals(true);
  for (size_t k = 0; k < total; ++k) {
    const std::string name = "Result_" + std::to_string(k);
    fs::remove_all(fs::path(output_dir) / name, ec);
    fs::rename(staging / name, fs::path(output_dir) / name, ec);
    if (ec) {
      const std::string why = ec.message();
      block_signals(false);
      return abandon(1, "cannot move results into " + output_dir + ": " + why);
    }
  }
  fs::remove_all(staging, ec);
  block_signals(false);
  if (g_signal != 0) die_by_signal(g_signal, false);

  const QnnLpaiGraph_Counters_t c = session->counters();
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  std::printf("graph '%s': %zu inference(s) in %.3f ms; IO bytes copied %llu, IO allocations %u\n",
              lpai::host::printable(session->graph_name()).c_str(), total, ms,
              static_cast<unsigned long long>(c.ioBytesCopied), c.ioAllocations);
  for (size_t j = 0; j < outputs.size(); ++j) {
    const TensorInfo& t = session->outputs()[j];
    const auto [idx, q] = top1(outputs[j], t);
    if (t.data_type == QNN_DATATYPE_FLOAT_32) {  // float at the boundary: the caller's floats
      size_t best = 0;
      float best_v = 0.0f;
      for (size_t i = 0; i + 4 <= outputs[j].size(); i += 4) {
        float v;
        std::memcpy(&v, &outputs[j][i], 4);
        if (i == 0 || v > best_v) {
          best = i / 4;
          best_v = v;
        }
      }
      std::printf("Result_%zu/%s: top-1 index %zu (%.4f)\n", total - 1, out_files[j].c_str(),
                  best, best_v);
    } else if (t.scale != 0.0f) {
      std::printf("Result_%zu/%s: top-1 index %zu (q=%lld, %.4f)\n", total - 1,
                  out_files[j].c_str(), idx, static_cast<long long>(q),
                  t.scale * static_cast<float>(q + t.offset));
    } else {  // plain integers (no quantisation parameters): the value is the integer
      std::printf("Result_%zu/%s: top-1 index %zu (%lld, plain integer)\n", total - 1,
                  out_files[j].c_str(), idx, static_cast<long long>(q));
    }
  }
  session.reset();
  flush_firmware_errors();
  return 0;
}

}  // namespace

// Exceptions never leave the tool: what the code above does not turn into a message itself
// (an allocation failure) is still one line.
int main(int argc, char** argv) {
  try {
    return run_net_run(argc, argv);
  } catch (const std::bad_alloc&) {
    return fail(1, "out of memory");
  } catch (const std::exception& e) {
    return fail(1, std::string("unexpected failure: ") + e.what());
  }
}
