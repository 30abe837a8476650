// lpai_rt.prepare and lpai_rt.ContextBinary: lpai-context-binary-generator's pipeline
// (prepare::prepare_tflite, the plan report) behind a Python call.
#include "context_binary.h"

#include <pybind11/stl.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <utility>

#include "config/file_io.h"
#include "core/checked_math.h"
#include "format/binary_view.h"
#include "format/context_binary_format.h"
#include "lpai/hal_host.h"
#include "module.h"
#include "prepare/prepare.h"
#include "prepare/report.h"
#include "runner/session.h"

namespace lpai {
namespace python {
namespace {

// The generator's limits: a model of at most 1 GiB; plan alignments powers of two, the start
// at most format::kMaxPlanAlignment, the size at most 2^20. A context binary must fit the host
// DDR arena it is loaded into (lpai-net-run's limit).
constexpr uint64_t kMaxModelBytes = 1ull << 30;
constexpr uint64_t kMaxSizeAlignment = 1ull << 20;
constexpr uint64_t kMaxBinaryBytes = LPAI_HOST_DDR_ARENA_BYTES;


// A str or os.PathLike argument as a path; false for anything else.
bool as_path(const py::handle& obj, std::string* path) {
  if (py::isinstance<py::str>(obj) || py::hasattr(obj, "__fspath__")) {
    *path = py::str(py::module_::import("os").attr("fsdecode")(obj));
    return true;
  }
  return false;
}

// The bytes of a contiguous bytes-like object (bytes, bytearray, memoryview, a uint8 array).
bool as_bytes(const py::handle& obj, uint64_t max_bytes, const char* what,
              std::vector<uint8_t>* out) {
  Py_buffer view;
  if (PyObject_GetBuffer(obj.ptr(), &view, PyBUF_SIMPLE) != 0) {
    PyErr_Clear();
    return false;
  }
  const uint64_t size = static_cast<uint64_t>(view.len);
  if (size > max_bytes) {
    PyBuffer_Release(&view);
    throw ModuleError(Status::kInvalidArgument, std::string(what) + " has " +
                                                    std::to_string(size) + " bytes, more than " +
                                                    std::to_string(max_bytes));
  }
  const uint8_t* p = static_cast<const uint8_t*>(view.buf);
  out->assign(p, p + size);
  PyBuffer_Release(&view);
  return true;
}

std::vector<uint8_t> read_argument(const py::handle& obj, uint64_t max_bytes, const char* what,
                                   std::string* label) {
  std::vector<uint8_t> bytes;
  std::string path, error;
  if (as_path(obj, &path)) {
    *label = path;
    const host::HostStatus read = host::read_file_bytes(path, what, max_bytes, &bytes);
    if (!read.ok()) throw ModuleError(Status::kInvalidArgument, read.error());
    return bytes;
  }
  if (as_bytes(obj, max_bytes, what, &bytes)) {
    *label = "<bytes>";
    return bytes;
  }
  throw ModuleError(Status::kInvalidArgument,
                    std::string(what) + " must be a path (str, os.PathLike) or bytes-like, got " +
                        std::string(py::str(py::type::of(obj).attr("__name__"))));
}

// Structural check of a context binary (format::validate_binary, on an aligned copy, as the
// loader reads it in place); returns its graph name.
std::string validate(const std::vector<uint8_t>& data, const std::string& label) {
  host::AlignedBytes aligned(data.size(), 64);
  if (!data.empty()) std::memcpy(aligned.data(), data.data(), data.size());
  format::BinaryView view;
  clear_firmware_log();
  const Status s = format::validate_binary(aligned.data(), aligned.size(), &view);
  if (s != Status::kOk) throw ModuleError(s, "context binary " + label + " does not validate");
  return view.graph_name();
}

uint32_t alignment_value(const py::handle& v, const char* which, uint64_t max) {
  if (!py::isinstance<py::int_>(v) || py::isinstance<py::bool_>(v))
    throw ModuleError(Status::kInvalidArgument,
                      std::string("alignment ") + which + " must be an int");
  const long long x = v.cast<long long>();
  if (x <= 0 || !is_pow2(static_cast<uint64_t>(x)) || static_cast<uint64_t>(x) > max)
    throw ModuleError(Status::kInvalidArgument,
                      std::string("alignment ") + which + " " + std::to_string(x) +
                          " must be a power of two from 1 to " + std::to_string(max));
  return static_cast<uint32_t>(x);
}

prepare::PlanOptions plan_options(const py::object& alignment, const std::string& io_mem_type,
                                  const std::string& kernel_layout) {
  prepare::PlanOptions options;
  py::tuple pair;
  if (py::isinstance<py::tuple>(alignment) || py::isinstance<py::list>(alignment))
    pair = py::tuple(alignment);
  if (pair.size() != 2)
    throw ModuleError(Status::kInvalidArgument,
                      "alignment must be (start, size), two powers of two in bytes");
  options.start_alignment = alignment_value(pair[0], "start", format::kMaxPlanAlignment);
  options.size_alignment = alignment_value(pair[1], "size", kMaxSizeAlignment);
  if (io_mem_type != "raw" && io_mem_type != "memhandle")
    throw ModuleError(Status::kInvalidArgument,
                      "io_mem_type '" + io_mem_type + "' is not 'raw' or 'memhandle'");
  options.io_memhandle = io_mem_type == "memhandle";
  if (kernel_layout != "portable" && kernel_layout != "hvx")
    throw ModuleError(Status::kInvalidArgument,
                      "kernel_layout '" + kernel_layout + "' is not 'portable' or 'hvx'");
  options.kernel_layout =
      kernel_layout == "hvx" ? prepare::KernelLayout::kHvx : prepare::KernelLayout::kPortable;
  return options;
}

ContextBinary prepare_model(const py::object& model, const py::object& alignment,
                            const std::string& io_mem_type, const std::string& kernel_layout) {
  const prepare::PlanOptions options = plan_options(alignment, io_mem_type, kernel_layout);
  std::string label;
  const std::vector<uint8_t> bytes = read_argument(model, kMaxModelBytes, "model", &label);
  ContextBinary b;
  std::string error;
  bool ok;
  {
    py::gil_scoped_release unlocked;
    std::lock_guard<std::mutex> lock(firmware_mutex());
    clear_firmware_log();
    prepare::PrepareOutput out;
    const host::HostStatus st = prepare::prepare_tflite(bytes.data(), bytes.size(), options, &out);
    ok = st.ok();
    error = st.error();
    if (ok) {
      b.report_json = prepare::report_json(out, label);
      b.report_text = prepare::report_text(out, label);
      b.plan_svg = prepare::plan_svg(out, label);
      b.data = std::move(out.binary);
      b.graph_name = out.graph.name;
      b.prepared = true;
    }
  }
  // The generator's refusals (importer, op prepare, planner): the model is not supported.
  if (!ok) throw ModuleError(Status::kNotSupported, host::printable(label + ": " + error));
  return b;
}

ContextBinary load_binary(const py::object& source) {
  ContextBinary b;
  std::string label;
  b.data = read_argument(source, kMaxBinaryBytes, "context binary", &label);
  b.graph_name = validate(b.data, label);
  return b;
}

py::object report_dict(const ContextBinary& b) {
  if (!b.prepared) return py::none();
  return py::module_::import("json").attr("loads")(b.report_json);
}

py::object optional_text(const ContextBinary& b, const std::string& text) {
  if (!b.prepared) return py::none();
  return py::str(text);
}

}  // namespace

std::vector<uint8_t> binary_argument(const py::handle& obj) {
  if (py::isinstance<ContextBinary>(obj)) return obj.cast<const ContextBinary&>().data;
  std::string label;
  return read_argument(obj, kMaxBinaryBytes, "context binary", &label);
}

void register_context_binary(py::module_& m) {
  py::class_<ContextBinary>(m, "ContextBinary",
                            "A context binary (lpai-rt format v1): prepared by lpai_rt.prepare, "
                            "loaded with ContextBinary.load, or made from bytes.")
      .def(py::init(&load_binary), py::arg("data"),
           "From the bytes of a context binary (or a path); checked with the loader's "
           "structural validation (Error with its 51xx code when it fails).")
      .def_static("load", &load_binary, py::arg("path"),
                  "Reads and validates a context binary file (e.g. one "
                  "lpai-context-binary-generator wrote).")
      .def(
          "save",
          [](const ContextBinary& b, const py::object& path) {
            std::string p;
            if (!as_path(path, &p))
              throw ModuleError(Status::kInvalidArgument, "save needs a path (str, os.PathLike)");
            std::ofstream f(p, std::ios::binary | std::ios::trunc);
            if (f) {
              f.write(reinterpret_cast<const char*>(b.data.data()),
                      static_cast<std::streamsize>(b.data.size()));
            }
            if (!f) {
              throw ModuleError(Status::kInvalidArgument, "cannot write '" + host::printable(p) +
                                                              "': " + std::strerror(errno));
            }
          },
          py::arg("path"),
          "Writes the binary's bytes (what lpai-net-run --retrieve_context reads).")
      .def_property_readonly(
          "data",
          [](const ContextBinary& b) {
            return py::bytes(reinterpret_cast<const char*>(b.data.data()), b.data.size());
          },
          "The context binary's bytes.")
      .def_property_readonly(
          "graph_name", [](const ContextBinary& b) { return b.graph_name; },
          "The graph's name (the model's subgraph name, or 'graph').")
      .def_property_readonly("report", &report_dict,
                             "The plan report as a dict (the generator's --report JSON: "
                             "scratch_bytes, scratch_lower_bound, scratch_ratio, "
                             "persistent_bytes, const_bytes, io_bytes, binary_bytes, nodes, "
                             "tensors, ...); None for a loaded binary.")
      .def_property_readonly(
          "report_text", [](const ContextBinary& b) { return optional_text(b, b.report_text); },
          "The plan report as text (the generator's .report.txt); None for a loaded binary.")
      .def_property_readonly(
          "plan_svg", [](const ContextBinary& b) { return optional_text(b, b.plan_svg); },
          "The plan picture (the generator's --plot SVG); None for a loaded binary.")
      .def("__len__", [](const ContextBinary& b) { return b.data.size(); })
      .def("__repr__", [](const ContextBinary& b) {
        return "<lpai_rt.ContextBinary '" + host::printable(b.graph_name) + "', " +
               std::to_string(b.data.size()) + " bytes" + (b.prepared ? ", prepared>" : ">");
      });

  m.def("prepare", &prepare_model, py::arg("model"),
        py::arg("alignment") = py::make_tuple(64, 64), py::arg("io_mem_type") = "raw",
        py::arg("kernel_layout") = "portable",
        "Prepares a TFLite model (a path or its bytes) into a ContextBinary, as "
        "lpai-context-binary-generator does (same bytes for the same options). alignment: "
        "(start, size) plan alignments in bytes; io_mem_type: 'raw' (graph IO planned in "
        "scratch) or 'memhandle'; kernel_layout: 'portable' or 'hvx'. Raises Error: code 1004 "
        "(INVALID_ARGUMENT) for a bad option or an unreadable file, 1000 (NOT_SUPPORTED) when "
        "the generator refuses the model (the message names the op or tensor).");
}

}  // namespace python
}  // namespace lpai
