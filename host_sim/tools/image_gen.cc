// lpai-image-gen (host only): prepares the payload a firmware image embeds.
//
//   lpai-image-gen --out-dir DIR [--inferences N] [--prepare-tool PATH --models-dir DIR
//                  [--zoo-dir DIR] [--model NAME[:ddr|:tcm[:BUDGET]]]...]
//                  [--kernel-layout portable|hvx]
//   lpai-image-gen --out-dir DIR --prepare-tool PATH --conformance-dir DIR [--kernel-layout L]
//   lpai-image-gen --out-dir DIR --prepare-tool PATH --zoo-suite DIR --max-binary-bytes N
//                  --max-arena-bytes N [--kernel-layout L]
//
// --kernel-layout is passed to the prepare tool as --kernel_layout (hvx: the binaries also
// carry the HVX layouts; every image still runs them).
//
// Always builds the project model "copy_reshape" with the context binary writer (int8 [1,32]
// -> COPY -> RESHAPE [4,8]). With --prepare-tool (lpai-context-binary-generator) and
// --models-dir, also prepares each --model NAME from DIR/NAME.tflite (or, when that file is
// absent and --zoo-dir is given, from ZOO/NAME/NAME.tflite, ../shared/zoo's layout); a model the
// tool refuses
// (e.g. an op not supported yet) is skipped with a note on stderr, so host and target always
// embed the same set. NAME:MEM:BUDGET embeds NAME as NAME_b<BUDGET>, prepared with
// --memory_budget BUDGET and memhandle IO (tiled stages may read and write the graph IO; the
// image binds it RAW, into firmware IO buffers), beside NAME untiled when that is listed too.
//
// With --conformance-dir (a folder of operator cases, ../shared/conformance/README.md), the
// payload holds every case with integer IO instead (DDR, no project model; the rest are listed
// in DIR/skipped.txt with the reason: float IO, refused by the prepare tool): its inputs
// are the case's input_<j>.bin, the same for each of its inferences (3 when the case has
// output_k<k>_<j>.bin files, else 1), so the last inference's outputs are the case's
// output_<j>.bin.
//
// With --zoo-suite (real models, ../shared/zoo/README.md), the payload holds every model of the
// zoo with integer IO whose context binary is at most --max-binary-bytes and whose scratch +
// persistent memory is at most --max-arena-bytes (what the target image has room for), each
// with its own inputs input_<k>_<i>.bin for every inference k (state carries across them); the
// rest are listed in DIR/skipped.txt ("<model> refused-by-prepare|float-io|too-large").
//
// Inputs of inference k follow the golden-data rule of ../shared/golden/README.md (xorshift32,
// s = 0x9E3779B9 + k, one byte stream per inference over the inputs in order), so the outputs
// of the shared models can be compared with their TFLite Micro goldens.
//
// Writes DIR/payload.c (the embedded payload, see firmware/images/app/payload.h),
// DIR/<model>.bin (the context binaries), DIR/<model>.input_<k>.bin (the graph inputs of
// inference k, concatenated in input order) and DIR/models.txt (one line per embedded model:
// "<name> <mem_type> <inferences> <num_outputs>") and DIR/<model>.nodes.txt (one line per node:
// "<index> <op> <macs>", read by scripts/cycle-report.sh). Exit 0 on success, 1 on error.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "format/binary_view.h"
#include "runner/node_stats.h"
#include "writer/context_binary_writer.h"

namespace {

namespace fs = std::filesystem;
using lpai::format::DataType;

struct Model {
  std::string name;
  std::string mem_type;  // "ddr" or "tcm"
  std::vector<uint8_t> binary;
  std::vector<uint8_t> inputs;  // inferences x input_bytes
  std::vector<uint8_t> case_inputs;  // conformance: one inference's inputs; zoo: every inference's
  uint32_t inferences = 0;
  uint32_t input_bytes = 0;
  uint32_t num_outputs = 0;
};

int fail(const std::string& message) {
  std::cerr << "lpai-image-gen: error: " << message << "\n";
  return 1;
}

// The project model: int8 [1,32] -> COPY -> RESHAPE [4,8], its three 32-byte scratch tensors
// placed one after another at 64-byte alignment (offsets 0, 64, 128; 192 bytes of scratch).
lpai::host::HostResult<std::vector<uint8_t>> build_copy_reshape() {
  lpai::writer::GraphDesc g;
  g.name = "copy_reshape";
  g.plan = {192, 0, 64, 64};  // scratch, persistent, start and size alignment
  const auto scratch = [&g](const char* name, std::vector<uint32_t> dims, uint32_t offset) {
    lpai::writer::TensorDesc t;
    t.name = name;
    t.type = DataType::kInt8;
    t.dims = std::move(dims);
    t.mem_class = lpai::format::MemClass::kScratch;
    t.offset = offset;
    t.scale = 0.5f;
    t.zero_point = -3;
    g.tensors.push_back(t);
    return static_cast<uint32_t>(g.tensors.size() - 1);
  };
  const uint32_t in = scratch("input", {1, 32}, 0);
  const uint32_t mid = scratch("copied", {1, 32}, 64);
  const uint32_t out = scratch("reshaped", {4, 8}, 128);
  lpai::writer::NodeDesc copy, reshape;
  copy.op = lpai::format::BuiltinOp::kCopy;
  copy.inputs = {in};
  copy.outputs = {mid};
  reshape.op = lpai::format::BuiltinOp::kReshape;
  reshape.inputs = {mid};
  reshape.outputs = {out};
  g.nodes = {copy, reshape};
  g.inputs = {in};
  g.outputs = {out};
  return lpai::writer::serialize_context_binary(g);
}

bool read_file(const fs::path& path, std::vector<uint8_t>* out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  out->assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
  return true;
}

bool write_file(const fs::path& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  f << text;
  return static_cast<bool>(f);
}

// Runs the prepare tool on `model` into work/NAME.bin. False (with a note) when the tool
// refuses the model.
bool prepare_model(const std::string& tool, const std::string& layout, const fs::path& model,
                   const std::string& name, const fs::path& work, std::vector<uint8_t>* binary,
                   const std::string& extra_args = "") {
  if (!fs::exists(model)) {
    std::cerr << "lpai-image-gen: note: " << model << " not present, model skipped\n";
    return false;
  }
  const fs::path log = work / (name + ".prepare.log");
  const std::string cmd = "'" + tool + "' --model '" + model.string() + "' --binary_file '" +
                          name + "' --output_dir '" + work.string() + "' --kernel_layout " + layout +
                          extra_args + " > '" + log.string() + "' 2>&1";
  if (std::system(cmd.c_str()) != 0) {
    std::ifstream l(log);
    std::string first;
    std::getline(l, first);
    std::cerr << "lpai-image-gen: note: prepare tool refused " << name << " (" << first
              << "), model skipped\n";
    return false;
  }
  return read_file(work / (name + ".bin"), binary);
}

// Golden-data input rule (../shared/golden/README.md).
std::vector<uint8_t> make_inputs(uint32_t inferences, uint32_t bytes_per_inference) {
  std::vector<uint8_t> out;
  out.reserve(static_cast<size_t>(inferences) * bytes_per_inference);
  for (uint32_t k = 0; k < inferences; ++k) {
    uint32_t s = 0x9E3779B9u + k;
    for (uint32_t i = 0; i < bytes_per_inference; ++i) {
      s ^= s << 13;
      s ^= s >> 17;
      s ^= s << 5;
      out.push_back(static_cast<uint8_t>(s & 0xFFu));
    }
  }
  return out;
}

std::string c_identifier(const std::string& name) {
  std::string id;
  for (char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    id += ok ? c : '_';
  }
  return id;
}

void emit_array(std::ostringstream& c, const std::string& id, const std::vector<uint8_t>& bytes) {
  c << "static const uint8_t " << id << "[" << (bytes.empty() ? 1 : bytes.size())
    << "] __attribute__((aligned(LPAI_IMAGE_PAYLOAD_ALIGNMENT))) = {";
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (i % 24 == 0) c << "\n ";
    c << " " << static_cast<unsigned>(bytes[i]) << ",";
  }
  if (bytes.empty()) c << "0";
  c << "\n};\n";
}

std::string payload_source(const std::vector<Model>& models) {
  std::ostringstream c;
  c << "/* Generated by lpai-image-gen: context binaries and inputs embedded in the firmware\n"
       " * image (layout in firmware/images/app/payload.h). Do not edit. */\n"
       "#include \"payload.h\"\n\n";
  for (const Model& m : models) {
    const std::string id = c_identifier(m.name);
    emit_array(c, id + "_binary", m.binary);
    emit_array(c, id + "_inputs", m.inputs);
    c << "\n";
  }
  c << "const lpai_image_model_t lpai_image_models[" << (models.empty() ? 1 : models.size())
    << "] = {\n";
  for (const Model& m : models) {
    const std::string id = c_identifier(m.name);
    c << "  {\"" << m.name << "\", " << id << "_binary, " << m.binary.size() << "u, "
      << (m.mem_type == "tcm" ? 3 : 1) << "u, " << m.inferences << "u, " << id << "_inputs, "
      << m.input_bytes << "u},\n";
  }
  if (models.empty()) c << "  {0, 0, 0, 0, 0, 0, 0},\n";
  c << "};\nconst uint32_t lpai_image_model_count = " << models.size() << "u;\n";
  return c.str();
}

// True when a graph input or output of `binary` is float at the boundary (the host converts
// those; an image exchanges the integer bytes only).
bool has_float_io(const std::vector<uint8_t>& binary) {
  lpai::format::BinaryView view;
  if (lpai::format::validate_binary(binary.data(), binary.size(), &view) != lpai::Status::kOk) {
    return false;  // reported by the caller's validation
  }
  for (uint32_t slot = 0; slot < view.io_count(); ++slot) {
    if ((view.tensor(view.io_tensor(slot)).flags & lpai::format::kTensorIsFloatIo) != 0) return true;
  }
  return false;
}

// Every case folder under `dir` (sorted by name) that the prepare tool takes and whose IO is
// integer, as a DDR model whose inputs are the case's input_<j>.bin. The others are listed in
// work/skipped.txt ("<case> <reason>"). False when `dir` cannot be listed.
bool add_conformance_cases(const std::string& tool, const std::string& layout, const fs::path& dir,
                           const fs::path& work, std::vector<Model>* models) {
  std::error_code ec;
  std::vector<fs::path> cases;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    if (e.is_directory() && fs::exists(e.path() / "model.tflite")) cases.push_back(e.path());
  }
  if (ec) return false;
  std::sort(cases.begin(), cases.end());
  std::ostringstream skipped;
  for (const fs::path& c : cases) {
    Model m;
    m.name = c.filename().string();
    m.mem_type = "ddr";
    m.inferences = fs::exists(c / "output_k0_0.bin") ? 3 : 1;
    for (uint32_t j = 0;; ++j) {
      std::vector<uint8_t> bytes;
      if (!read_file(c / ("input_" + std::to_string(j) + ".bin"), &bytes)) break;
      m.case_inputs.insert(m.case_inputs.end(), bytes.begin(), bytes.end());
    }
    if (!prepare_model(tool, layout, c / "model.tflite", m.name, work, &m.binary)) {
      skipped << m.name << " refused-by-prepare\n";
    } else if (has_float_io(m.binary)) {
      skipped << m.name << " float-io\n";
    } else {
      models->push_back(std::move(m));
    }
  }
  return write_file(work / "skipped.txt", skipped.str());
}

// Every model folder NAME/ under `dir` holding NAME.tflite (sorted by name), as a DDR model
// whose inference k reads NAME/input_<k>_<i>.bin for i = 0, 1, ... concatenated. Models the
// prepare tool refuses, with float IO or beyond the budgets go to work/skipped.txt. False when
// `dir` cannot be listed.
bool add_zoo_models(const std::string& tool, const std::string& layout, const fs::path& dir,
                    uint64_t max_binary, uint64_t max_arena, const fs::path& work,
                    std::vector<Model>* models) {
  std::error_code ec;
  std::vector<fs::path> found;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    const fs::path tflite = e.path() / (e.path().filename().string() + ".tflite");
    if (e.is_directory() && fs::exists(tflite)) found.push_back(e.path());
  }
  if (ec) return false;
  std::sort(found.begin(), found.end());
  std::ostringstream skipped;
  for (const fs::path& d : found) {
    Model m;
    m.name = d.filename().string();
    m.mem_type = "ddr";
    for (uint32_t k = 0;; ++k) {
      const std::string prefix = "input_" + std::to_string(k) + "_";
      if (!fs::exists(d / (prefix + "0.bin"))) break;
      for (uint32_t i = 0;; ++i) {
        std::vector<uint8_t> bytes;
        if (!read_file(d / (prefix + std::to_string(i) + ".bin"), &bytes)) break;
        m.case_inputs.insert(m.case_inputs.end(), bytes.begin(), bytes.end());
      }
      ++m.inferences;
    }
    if (!prepare_model(tool, layout, d / (m.name + ".tflite"), m.name, work, &m.binary)) {
      skipped << m.name << " refused-by-prepare\n";
      continue;
    }
    if (has_float_io(m.binary)) {
      skipped << m.name << " float-io\n";
      continue;
    }
    lpai::format::BinaryView view;
    if (lpai::format::validate_binary(m.binary.data(), m.binary.size(), &view) !=
        lpai::Status::kOk) {
      skipped << m.name << " refused-by-prepare\n";
      continue;
    }
    const uint64_t arena = uint64_t{view.plan().scratch_size} + view.plan().persistent_size;
    if (m.binary.size() > max_binary || arena > max_arena) {
      skipped << m.name << " too-large\n";
      continue;
    }
    models->push_back(std::move(m));
  }
  return write_file(work / "skipped.txt", skipped.str());
}

}  // namespace

int main(int argc, char** argv) {
  fs::path out_dir;
  std::string tool;
  std::string layout = "portable";  // --kernel_layout of the prepare tool
  fs::path models_dir;
  fs::path zoo_dir;
  fs::path conformance_dir;
  fs::path zoo_suite;
  uint64_t max_binary = 0, max_arena = 0;  // --zoo-suite budgets
  std::vector<std::string> requested;
  uint32_t inferences = 4;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&](const char* flag) -> std::string {
      if (i + 1 >= argc) {
        std::cerr << "lpai-image-gen: error: " << flag << " needs a value\n";
        std::exit(1);
      }
      return argv[++i];
    };
    if (arg == "--out-dir") {
      out_dir = value("--out-dir");
    } else if (arg == "--prepare-tool") {
      tool = value("--prepare-tool");
    } else if (arg == "--models-dir") {
      models_dir = value("--models-dir");
    } else if (arg == "--zoo-dir") {
      zoo_dir = value("--zoo-dir");
    } else if (arg == "--kernel-layout") {
      layout = value("--kernel-layout");
    } else if (arg == "--conformance-dir") {
      conformance_dir = value("--conformance-dir");
    } else if (arg == "--zoo-suite") {
      zoo_suite = value("--zoo-suite");
    } else if (arg == "--max-binary-bytes") {
      max_binary = std::stoull(value("--max-binary-bytes"));
    } else if (arg == "--max-arena-bytes") {
      max_arena = std::stoull(value("--max-arena-bytes"));
    } else if (arg == "--model") {
      requested.push_back(value("--model"));
    } else if (arg == "--inferences") {
      inferences = static_cast<uint32_t>(std::stoul(value("--inferences")));
    } else {
      return fail("unknown argument '" + arg + "'");
    }
  }
  if (out_dir.empty()) return fail("--out-dir is required");
  if (layout != "portable" && layout != "hvx") return fail("--kernel-layout must be portable or hvx");
  if (inferences == 0 || inferences > 64) return fail("--inferences must be in 1..64");
  std::error_code ec;
  fs::create_directories(out_dir, ec);
  if (ec) return fail("cannot create " + out_dir.string() + ": " + ec.message());

  std::vector<Model> models;
  if (!zoo_suite.empty()) {
    if (tool.empty()) return fail("--zoo-suite needs --prepare-tool");
    if (max_binary == 0 || max_arena == 0) {
      return fail("--zoo-suite needs --max-binary-bytes and --max-arena-bytes");
    }
    if (!add_zoo_models(tool, layout, zoo_suite, max_binary, max_arena, out_dir, &models)) {
      return fail("cannot read the models under " + zoo_suite.string());
    }
  } else if (!conformance_dir.empty()) {
    if (tool.empty()) return fail("--conformance-dir needs --prepare-tool");
    if (!add_conformance_cases(tool, layout, conformance_dir, out_dir, &models)) {
      return fail("cannot read the cases under " + conformance_dir.string());
    }
  } else {
    Model m;
    m.name = "copy_reshape";
    m.mem_type = "ddr";
    lpai::host::HostResult<std::vector<uint8_t>> binary = build_copy_reshape();
    if (!binary.ok()) return fail("copy_reshape: " + binary.error());
    m.binary = std::move(binary.value());
    models.push_back(std::move(m));
  }
  if (conformance_dir.empty() && zoo_suite.empty() && !tool.empty() && !models_dir.empty()) {
    for (const std::string& spec : requested) {
      Model m;
      const size_t colon = spec.find(':');
      const size_t colon2 = colon == std::string::npos ? colon : spec.find(':', colon + 1);
      const std::string model = spec.substr(0, colon);
      m.name = model;
      m.mem_type = colon == std::string::npos ? "ddr" : spec.substr(colon + 1, colon2 - colon - 1);
      if (m.mem_type != "ddr" && m.mem_type != "tcm") return fail("bad mem type in " + spec);
      std::string extra;
      if (colon2 != std::string::npos) {
        const std::string budget = spec.substr(colon2 + 1);
        if (budget.empty() || budget.find_first_not_of("0123456789") != std::string::npos) {
          return fail("bad budget in " + spec);
        }
        m.name = model + "_b" + budget;
        extra = " --input_output_tensor_mem_type memhandle --memory_budget " + budget;
      }
      fs::path file = models_dir / (model + ".tflite");
      if (!fs::exists(file) && !zoo_dir.empty()) file = zoo_dir / model / (model + ".tflite");
      if (prepare_model(tool, layout, file, m.name, out_dir, &m.binary, extra)) {
        models.push_back(std::move(m));
      }
    }
  }

  std::ostringstream list;
  for (Model& m : models) {
    lpai::format::BinaryView view;
    if (lpai::format::validate_binary(m.binary.data(), m.binary.size(), &view) !=
        lpai::Status::kOk) {
      return fail(m.name + ": the context binary does not validate");
    }
    for (uint32_t i = 0; i < view.num_inputs(); ++i) {
      m.input_bytes += view.tensor(view.input_tensor(i)).size;
    }
    m.num_outputs = view.num_outputs();
    std::ostringstream nodes;
    for (uint32_t i = 0; i < view.node_count(); ++i) {
      const lpai::format::NodeRecord& n = view.node(i);
      nodes << i << " " << lpai::host::op_label(n.op) << " " << lpai::host::node_macs(view, n)
            << "\n";
    }
    if (!write_file(out_dir / (m.name + ".nodes.txt"), nodes.str())) {
      return fail("cannot write " + m.name + ".nodes.txt");
    }
    if (m.inferences == 0) {
      m.inferences = inferences;
      m.inputs = make_inputs(inferences, m.input_bytes);
    } else {
      // A conformance case: one inference's inputs, repeated; a zoo model: every inference's.
      const bool per_inference = !zoo_suite.empty();
      const size_t want = per_inference ? size_t{m.input_bytes} * m.inferences : m.input_bytes;
      if (m.case_inputs.size() != want) {
        return fail(m.name + ": the input files hold " + std::to_string(m.case_inputs.size()) +
                    " bytes, the graph takes " + std::to_string(want));
      }
      for (uint32_t k = 0; k < (per_inference ? 1u : m.inferences); ++k) {
        m.inputs.insert(m.inputs.end(), m.case_inputs.begin(), m.case_inputs.end());
      }
    }
    if (!write_file(out_dir / (m.name + ".bin"), std::string(m.binary.begin(), m.binary.end()))) {
      return fail("cannot write " + m.name + ".bin");
    }
    for (uint32_t k = 0; k < m.inferences; ++k) {
      const auto first = m.inputs.begin() + static_cast<std::ptrdiff_t>(k) * m.input_bytes;
      const fs::path path = out_dir / (m.name + ".input_" + std::to_string(k) + ".bin");
      if (!write_file(path, std::string(first, first + m.input_bytes))) {
        return fail("cannot write " + path.string());
      }
    }
    list << m.name << " " << m.mem_type << " " << m.inferences << " " << m.num_outputs << "\n";
  }
  if (!write_file(out_dir / "models.txt", list.str())) return fail("cannot write models.txt");
  // Write payload.c only when it changes, so that the cross builds do not rebuild needlessly.
  const std::string source = payload_source(models);
  std::vector<uint8_t> old;
  const fs::path payload = out_dir / "payload.c";
  if (!read_file(payload, &old) || std::string(old.begin(), old.end()) != source) {
    if (!write_file(payload, source)) return fail("cannot write payload.c");
  }
  std::cout << "lpai-image-gen: " << models.size() << " model(s) -> " << payload.string() << "\n";
  return 0;
}
