// lpai-context-binary-generator: offline prepare of a TFLite model into a context binary.
//
//   lpai-context-binary-generator --model M.tflite --binary_file NAME --output_dir DIR
//       [--input_output_tensor_mem_type raw|memhandle] [--alignment START:SIZE] [--report] [--plot]
//       [--temp_policy speed|memory] [--memory_budget BYTES] [--no_in_place] [--fold_pad]
//       [--concat_views]
//       [--backend LIB]   (recorded only, as in seed 002's command line)
//       [--kernel_layout portable|hvx]   (hvx: also the HVX weight layouts, for Hexagon images)
//
// Writes DIR/NAME.bin; --report adds DIR/NAME.report.txt and DIR/NAME.report.json; --plot adds
// DIR/NAME.plan.svg. DIR is created if missing. Exit 0 on success; on any error one line
// "lpai-context-binary-generator: error: ..." on stderr, a non-zero exit (2: bad command
// line, 1: the model or the output failed) and no output file written or left behind.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <new>
#include <string>
#include <utility>
#include <set>
#include <vector>

#include "CLI/CLI.hpp"
#include "common/host_result.h"
#include "config/file_io.h"
#include "core/checked_math.h"
#include "format/binary_view.h"
#include "format/context_binary_format.h"
#include "prepare/prepare.h"
#include "prepare/report.h"

namespace {

namespace fs = std::filesystem;
using lpai::host::HostResult;
using lpai::host::HostStatus;
constexpr const char* kTool = "lpai-context-binary-generator";

int fail(int code, const std::string& msg) {
  // Errors quote model data (op and tensor names): escaped, so the message stays one line.
  std::cerr << kTool << ": error: " << lpai::host::printable(msg) << std::endl;
  return code;
}


// "START:SIZE", powers of two: START in [1, 4096] (format::kMaxPlanAlignment, the largest
// plan start alignment a binary may carry), SIZE in [1, 2^20].
constexpr unsigned long kMaxSizeAlignment = 1ul << 20;
bool parse_alignment(const std::string& text, uint32_t* start, uint32_t* size) {
  const size_t colon = text.find(':');
  if (colon == std::string::npos) return false;
  auto parse = [](const std::string& s, unsigned long max, uint32_t* v) {
    if (s.empty() || s.size() > 8 || s.find_first_not_of("0123456789") != std::string::npos) return false;
    const unsigned long x = std::stoul(s);
    if (!lpai::is_pow2(x) || x > max) return false;
    *v = static_cast<uint32_t>(x);
    return true;
  };
  return parse(text.substr(0, colon), lpai::format::kMaxPlanAlignment, start) &&
         parse(text.substr(colon + 1), kMaxSizeAlignment, size);
}

// Models larger than this are refused before a byte is read (a TFLite flatbuffer is at most
// 2 GiB; a context binary must fit the DDR arena it is loaded into, far below this).
constexpr uint64_t kMaxModelBytes = 1ull << 30;

HostStatus read_all(const std::string& path, std::vector<uint8_t>* out) {
  return lpai::host::read_file_bytes(path, "model", kMaxModelBytes, out);
}

// The command line, as given.
struct Args {
  std::string model, binary_file, output_dir, mem_type = "raw", alignment = "64:64", backend;
  std::string kernel_layout = "portable";
  std::string temp_policy = "speed";
  uint64_t memory_budget = 0;
  std::string op_list;
  bool report = false, plot = false;
  bool no_in_place = false, fold_pad = false, concat_views = false;
};

// Parses the command line into *a. Returns -1 to go on, else the exit code (0 after --help,
// 2 after a parse error, reported).
int parse_command_line(int argc, char** argv, Args* a) {
  CLI::App app{"Offline prepare: TFLite model -> lpai-rt context binary", kTool};
  app.add_option("--model", a->model, "input .tflite model")->required();
  app.add_option("--binary_file", a->binary_file, "output name; writes <output_dir>/<name>.bin")->required();
  app.add_option("--output_dir", a->output_dir, "output directory (created if missing)")->required();
  app.add_option("--input_output_tensor_mem_type", a->mem_type,
                 "graph IO planned in scratch (raw, default) or bound at execute (memhandle)")
      ->check(CLI::IsMember({"raw", "memhandle"}));
  app.add_option("--kernel_layout", a->kernel_layout,
                 "portable (default) or hvx: hvx adds the HVX weight and requantisation layouts "
                 "the Hexagon build runs; every build still runs the binary")
      ->check(CLI::IsMember({"portable", "hvx"}));
  app.add_option("--temp_policy", a->temp_policy,
                 "where a kernel's scratch would raise the plan's peak: speed (default; only "
                 "fewer im2col rows, same kernel path) or memory (also the kernel paths without "
                 "scratch or without HVX: least RAM, can be several times slower)")
      ->check(CLI::IsMember({"speed", "memory"}));
  app.add_option("--memory_budget", a->memory_budget,
                 "scratch budget in bytes: above it, plan again with --temp_policy memory, then "
                 "tile conv/depthwise/pool/PAD/ADD stages in bands of rows (bit-identical); "
                 "fail, naming the busiest step, when no plan found fits")
      ->check(CLI::Range(uint64_t{1}, uint64_t{0xFFFFFFFFu}));
  app.add_option("--alignment", a->alignment,
                 "START:SIZE plan alignments in bytes, powers of two (default 64:64)");
  app.add_option("--backend", a->backend,
                 "backend library named by the QNN command line (e.g. libQnnHtp.so); recorded "
                 "only: the binary is always prepared for lpai-rt's LPAI backend");
  app.add_option("--op_list", a->op_list,
                 "add the operators the binary uses to FILE (one name per line, sorted, merged "
                 "with the names already there): the LPAI_OP_LIST of a selective firmware image");
  app.add_flag("--no_in_place", a->no_in_place,
               "plan no element-wise op in place over its dying input (default: in place where "
               "allowed; bit-identical either way)");
  app.add_flag("--fold_pad", a->fold_pad,
               "fold each PAD (height/width only) read by one VALID convolution into it as "
               "explicit padding (always with --temp_policy memory or --memory_budget; "
               "bit-identical)");
  app.add_flag("--concat_views", a->concat_views,
               "let the producers of a CONCATENATION along rows write their rows of its output "
               "and drop the node (always with --temp_policy memory or --memory_budget; "
               "bit-identical)");
  app.add_flag("--report", a->report, "also write <name>.report.txt and <name>.report.json");
  app.add_flag("--plot", a->plot, "also write <name>.plan.svg");
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    return 0;
  } catch (const CLI::ParseError& e) {
    std::string what = e.what();
    for (char& c : what) {
      if (c == '\n') c = ' ';
    }
    return fail(2, what);
  }
  return -1;
}

// The plan options the arguments ask for; fails on a malformed --alignment or --binary_file.
HostResult<lpai::prepare::PlanOptions> plan_options(const Args& a) {
  lpai::prepare::PlanOptions options;
  options.io_memhandle = a.mem_type == "memhandle";
  options.kernel_layout = a.kernel_layout == "hvx" ? lpai::prepare::KernelLayout::kHvx
                                                   : lpai::prepare::KernelLayout::kPortable;
  options.temp_policy = a.temp_policy == "memory" ? lpai::prepare::TempPolicy::kMemory
                                                  : lpai::prepare::TempPolicy::kSpeed;
  options.memory_budget = a.memory_budget;
  options.in_place = !a.no_in_place;
  options.fold_pad = a.fold_pad;
  options.concat_views = a.concat_views;
  if (!parse_alignment(a.alignment, &options.start_alignment, &options.size_alignment)) {
    return HostStatus::fail("--alignment '" + a.alignment +
                            "' must be START:SIZE, powers of two, START at most 4096 and SIZE at "
                            "most 1048576");
  }
  if (a.binary_file.empty() || a.binary_file.find('/') != std::string::npos ||
      a.binary_file == "." || a.binary_file == "..") {
    return HostStatus::fail("--binary_file '" + a.binary_file + "' must be a plain file name");
  }
  return options;
}

// The op list file's new contents: the names already in `path` (a set of binaries
// accumulates) and the operators of this binary, sorted, one per line.
HostResult<std::string> merged_op_list(const std::string& path, const std::string& model,
                                       const lpai::prepare::PrepareOutput& out) {
  std::set<std::string> names;
  std::ifstream prev(path);
  for (std::string line; std::getline(prev, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) names.insert(line);
  }
  lpai::format::BinaryView view;
  if (lpai::format::validate_binary(out.binary.data(), out.binary.size(), &view) !=
      lpai::Status::kOk) {
    return HostStatus::fail(model + ": internal: the prepared binary does not validate");
  }
  for (uint32_t i = 0; i < view.node_count(); ++i) {
    const char* name = lpai::format::op_name(view.node(i).op);
    if (name != nullptr) names.insert(name);
  }
  std::string text;
  for (const std::string& n : names) text += n + "\n";
  return text;
}

using OutputFiles = std::vector<std::pair<std::string, std::string>>;  // (final name, contents)

// Writes every file to a temporary name in `dir` (created if missing), then renames them all;
// on a failure removes what it wrote, so that nothing is left behind.
HostStatus write_all_or_nothing(const fs::path& dir, const OutputFiles& files) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    fs::create_directories(dir, ec);
    if (ec) {
      return HostStatus::fail("cannot create output directory '" + dir.string() + "': " +
                              ec.message());
    }
  }
  std::vector<fs::path> temps;
  auto cleanup = [&]() {
    std::error_code ignored;
    for (const fs::path& t : temps) fs::remove(t, ignored);
  };
  for (const auto& f : files) {
    const fs::path tmp = dir / ("." + f.first + ".tmp");
    temps.push_back(tmp);
    std::ofstream o(tmp, std::ios::binary | std::ios::trunc);
    o.write(f.second.data(), static_cast<std::streamsize>(f.second.size()));
    o.close();
    if (!o) {
      cleanup();
      return HostStatus::fail("cannot write '" + (dir / f.first).string() + "'");
    }
  }
  for (size_t k = 0; k < files.size(); ++k) {
    fs::rename(temps[k], dir / files[k].first, ec);
    if (ec) {
      for (size_t j = 0; j < k; ++j) fs::remove(dir / files[j].first, ec);
      cleanup();
      return HostStatus::fail("cannot write '" + (dir / files[k].first).string() + "': " +
                              ec.message());
    }
  }
  return HostStatus::success();
}

// Replaces the op list file through a temporary name.
HostStatus write_op_list(const std::string& path, const std::string& text) {
  std::error_code ec;
  const fs::path list_tmp = fs::path(path).string() + ".tmp";
  std::ofstream o(list_tmp, std::ios::binary | std::ios::trunc);
  o << text;
  o.close();
  fs::rename(list_tmp, path, ec);
  if (!o || ec) {
    fs::remove(list_tmp, ec);
    return HostStatus::fail("cannot write the op list '" + path + "'");
  }
  return HostStatus::success();
}

int run_generator(int argc, char** argv) {
  Args a;
  const int parsed = parse_command_line(argc, argv, &a);
  if (parsed >= 0) return parsed;
  const HostResult<lpai::prepare::PlanOptions> options = plan_options(a);
  if (!options.ok()) return fail(2, options.error());

  std::vector<uint8_t> bytes;
  if (const HostStatus st = read_all(a.model, &bytes); !st.ok()) return fail(1, st.error());
  lpai::prepare::PrepareOutput out;
  const HostStatus prepared =
      lpai::prepare::prepare_tflite(bytes.data(), bytes.size(), options.value(), &out);
  if (!prepared.ok()) return fail(1, a.model + ": " + prepared.error());

  // Everything is produced in memory first, then written all or nothing.
  OutputFiles files;
  files.emplace_back(a.binary_file + ".bin", std::string(out.binary.begin(), out.binary.end()));
  if (a.report) {
    files.emplace_back(a.binary_file + ".report.txt", lpai::prepare::report_text(out, a.model));
    files.emplace_back(a.binary_file + ".report.json", lpai::prepare::report_json(out, a.model));
  }
  if (a.plot) files.emplace_back(a.binary_file + ".plan.svg", lpai::prepare::plan_svg(out, a.model));
  HostResult<std::string> op_list_text = std::string();
  if (!a.op_list.empty()) {
    op_list_text = merged_op_list(a.op_list, a.model, out);
    if (!op_list_text.ok()) return fail(1, op_list_text.error());
  }
  const fs::path dir(a.output_dir);
  if (const HostStatus st = write_all_or_nothing(dir, files); !st.ok()) return fail(1, st.error());
  if (!a.op_list.empty()) {
    if (const HostStatus st = write_op_list(a.op_list, op_list_text.value()); !st.ok()) {
      return fail(1, st.error());
    }
  }
  std::cout << "wrote " << (dir / files[0].first).string() << " (" << out.binary.size()
            << " bytes): scratch " << out.plan.scratch_size << " (lower bound "
            << out.plan.scratch_lower_bound << "), persistent " << out.plan.persistent_size
            << ", const " << out.const_bytes << ", io " << a.mem_type << std::endl;
  if (!a.backend.empty() && fs::path(a.backend).filename().string() != "libQnnLpai.so") {
    std::cout << "note: --backend " << a.backend
              << " recorded; the binary is prepared for lpai-rt's LPAI backend" << std::endl;
  }
  return 0;
}

}  // namespace

// Exceptions never leave the tool: what the code above does not turn into a message itself
// (an allocation failure while preparing or writing) is still one line, exit 1.
int main(int argc, char** argv) {
  try {
    return run_generator(argc, argv);
  } catch (const std::bad_alloc&) {
    return fail(1, "out of memory");
  } catch (const std::exception& e) {
    return fail(1, std::string("unexpected failure: ") + e.what());
  }
}
