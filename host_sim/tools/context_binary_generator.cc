// lpai-context-binary-generator: offline prepare of a TFLite model into a context binary.
//
//   lpai-context-binary-generator --model M.tflite --binary_file NAME --output_dir DIR
//       [--input_output_tensor_mem_type raw|memhandle] [--alignment START:SIZE] [--report] [--plot]
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
#include "config/file_io.h"
#include "format/binary_view.h"
#include "format/context_binary_format.h"
#include "prepare/prepare.h"
#include "prepare/report.h"

namespace {

namespace fs = std::filesystem;
constexpr const char* kTool = "lpai-context-binary-generator";

int fail(int code, const std::string& msg) {
  // Errors quote model data (op and tensor names): escaped, so the message stays one line.
  std::cerr << kTool << ": error: " << lpai::host::printable(msg) << std::endl;
  return code;
}

bool is_pow2(uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }

// "START:SIZE", powers of two: START in [1, 4096] (format::kMaxPlanAlignment, the largest
// plan start alignment a binary may carry), SIZE in [1, 2^20].
constexpr unsigned long kMaxSizeAlignment = 1ul << 20;
bool parse_alignment(const std::string& text, uint32_t* start, uint32_t* size) {
  const size_t colon = text.find(':');
  if (colon == std::string::npos) return false;
  auto parse = [](const std::string& s, unsigned long max, uint32_t* v) {
    if (s.empty() || s.size() > 8 || s.find_first_not_of("0123456789") != std::string::npos) return false;
    const unsigned long x = std::stoul(s);
    if (!is_pow2(x) || x > max) return false;
    *v = static_cast<uint32_t>(x);
    return true;
  };
  return parse(text.substr(0, colon), lpai::format::kMaxPlanAlignment, start) &&
         parse(text.substr(colon + 1), kMaxSizeAlignment, size);
}

// Models larger than this are refused before a byte is read (a TFLite flatbuffer is at most
// 2 GiB; a context binary must fit the DDR arena it is loaded into, far below this).
constexpr uint64_t kMaxModelBytes = 1ull << 30;

bool read_all(const std::string& path, std::vector<uint8_t>* out, std::string* error) {
  return lpai::host::read_file_bytes(path, "model", kMaxModelBytes, out, error);
}

int run_generator(int argc, char** argv) {
  CLI::App app{"Offline prepare: TFLite model -> lpai-rt context binary", kTool};
  std::string model, binary_file, output_dir, mem_type = "raw", alignment = "64:64", backend;
  std::string kernel_layout = "portable";
  bool report = false, plot = false;
  app.add_option("--model", model, "input .tflite model")->required();
  app.add_option("--binary_file", binary_file, "output name; writes <output_dir>/<name>.bin")->required();
  app.add_option("--output_dir", output_dir, "output directory (created if missing)")->required();
  app.add_option("--input_output_tensor_mem_type", mem_type,
                 "graph IO planned in scratch (raw, default) or bound at execute (memhandle)")
      ->check(CLI::IsMember({"raw", "memhandle"}));
  app.add_option("--kernel_layout", kernel_layout,
                 "portable (default) or hvx: hvx adds the HVX weight and requantisation layouts "
                 "the Hexagon build runs; every build still runs the binary")
      ->check(CLI::IsMember({"portable", "hvx"}));
  app.add_option("--alignment", alignment,
                 "START:SIZE plan alignments in bytes, powers of two (default 64:64)");
  app.add_option("--backend", backend,
                 "backend library named by the QNN command line (e.g. libQnnHtp.so); recorded "
                 "only: the binary is always prepared for lpai-rt's LPAI backend");
  std::string op_list;
  app.add_option("--op_list", op_list,
                 "add the operators the binary uses to FILE (one name per line, sorted, merged "
                 "with the names already there): the LPAI_OP_LIST of a selective firmware image");
  app.add_flag("--report", report, "also write <name>.report.txt and <name>.report.json");
  app.add_flag("--plot", plot, "also write <name>.plan.svg");
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

  lpai::prepare::PlanOptions options;
  options.io_memhandle = mem_type == "memhandle";
  options.kernel_layout = kernel_layout == "hvx" ? lpai::prepare::KernelLayout::kHvx
                                                 : lpai::prepare::KernelLayout::kPortable;
  if (!parse_alignment(alignment, &options.start_alignment, &options.size_alignment)) {
    return fail(2, "--alignment '" + alignment +
                       "' must be START:SIZE, powers of two, START at most 4096 and SIZE at "
                       "most 1048576");
  }
  if (binary_file.empty() || binary_file.find('/') != std::string::npos || binary_file == "." ||
      binary_file == "..") {
    return fail(2, "--binary_file '" + binary_file + "' must be a plain file name");
  }

  std::vector<uint8_t> bytes;
  std::string error;
  if (!read_all(model, &bytes, &error)) return fail(1, error);
  lpai::prepare::PrepareOutput out;
  if (!lpai::prepare::prepare_tflite(bytes.data(), bytes.size(), options, &out, &error)) {
    return fail(1, model + ": " + error);
  }

  // Everything is produced in memory first, then written to temporary names and renamed, so
  // that a failure leaves no output behind.
  std::vector<std::pair<std::string, std::string>> files;  // (final name, contents)
  files.emplace_back(binary_file + ".bin", std::string(out.binary.begin(), out.binary.end()));
  if (report) {
    files.emplace_back(binary_file + ".report.txt", lpai::prepare::report_text(out, model));
    files.emplace_back(binary_file + ".report.json", lpai::prepare::report_json(out, model));
  }
  if (plot) files.emplace_back(binary_file + ".plan.svg", lpai::prepare::plan_svg(out, model));
  std::string op_list_text;
  if (!op_list.empty()) {
    // Names already in the file (a set of binaries accumulates), then this binary's ops.
    std::set<std::string> names;
    std::ifstream prev(op_list);
    for (std::string line; std::getline(prev, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (!line.empty()) names.insert(line);
    }
    lpai::format::BinaryView view;
    if (lpai::format::validate_binary(out.binary.data(), out.binary.size(), &view) !=
        lpai::Status::kOk) {
      return fail(1, model + ": internal: the prepared binary does not validate");
    }
    for (uint32_t i = 0; i < view.node_count(); ++i) {
      const char* name = lpai::format::op_name(view.node(i).op);
      if (name != nullptr) names.insert(name);
    }
    for (const std::string& n : names) op_list_text += n + "\n";
  }

  std::error_code ec;
  const fs::path dir(output_dir);
  if (!fs::is_directory(dir, ec)) {
    fs::create_directories(dir, ec);
    if (ec) return fail(1, "cannot create output directory '" + output_dir + "': " + ec.message());
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
      return fail(1, "cannot write '" + (dir / f.first).string() + "'");
    }
  }
  for (size_t k = 0; k < files.size(); ++k) {
    fs::rename(temps[k], dir / files[k].first, ec);
    if (ec) {
      for (size_t j = 0; j < k; ++j) fs::remove(dir / files[j].first, ec);
      cleanup();
      return fail(1, "cannot write '" + (dir / files[k].first).string() + "': " + ec.message());
    }
  }
  if (!op_list.empty()) {
    const fs::path list_tmp = fs::path(op_list).string() + ".tmp";
    std::ofstream o(list_tmp, std::ios::binary | std::ios::trunc);
    o << op_list_text;
    o.close();
    fs::rename(list_tmp, op_list, ec);
    if (!o || ec) {
      fs::remove(list_tmp, ec);
      return fail(1, "cannot write the op list '" + op_list + "'");
    }
  }
  std::cout << "wrote " << (dir / files[0].first).string() << " (" << out.binary.size()
            << " bytes): scratch " << out.plan.scratch_size << " (lower bound "
            << out.plan.scratch_lower_bound << "), persistent " << out.plan.persistent_size
            << ", const " << out.const_bytes << ", io " << mem_type << std::endl;
  if (!backend.empty() && fs::path(backend).filename().string() != "libQnnLpai.so") {
    std::cout << "note: --backend " << backend
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
