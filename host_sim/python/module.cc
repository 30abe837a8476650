// lpai_rt._lpai_rt: the extension module (the package lpai_rt re-exports it; module.h has the
// contracts shared by its parts).
#include "module.h"

#include <pybind11/stl.h>
#include <unistd.h>

#include <cstring>

#include "lpai/hal.h"
#include "lpai/hal_host.h"
#include "simd/kernel_variant.h"

#ifndef LPAI_RT_VERSION
#define LPAI_RT_VERSION "0"
#endif

namespace lpai {
namespace python {
namespace {

// lpai_rt.Error: created once, never freed (exception types live as long as the interpreter).
PyObject* g_error_type = nullptr;

// ERROR lines of the firmware on this thread since the last clear (at most kMaxLines kept).
constexpr size_t kMaxLines = 16;
thread_local std::vector<std::string> t_firmware_lines;

const char* level_prefix(lpai_log_level_t level) {
  switch (level) {
    case LPAI_LOG_LEVEL_WARN: return "WARNING: ";
    case LPAI_LOG_LEVEL_INFO: return "INFO: ";
    case LPAI_LOG_LEVEL_VERBOSE: return "VERBOSE: ";
    default: return "DEBUG: ";
  }
}

void log_sink(void* /*user*/, lpai_log_level_t level, const char* line, size_t len) {
  if (level == LPAI_LOG_LEVEL_ERROR) {
    if (t_firmware_lines.size() < kMaxLines) t_firmware_lines.emplace_back(line, len);
    return;
  }
  // One write per line, so lines of parallel sessions do not interleave inside a line.
  std::string out = level_prefix(level);
  out.append(line, len);
  out += '\n';
  (void)!write(STDERR_FILENO, out.data(), out.size());
}

// The one-line message: `message`, its code unless the text names it already, and the first
// firmware line logged for the failure.
std::string compose(Status code, const std::string& message,
                    const std::vector<std::string>& lines) {
  const std::string number = std::to_string(status_code(code));
  std::string text = message;
  if (message.find(number + " (") == std::string::npos)
    text += " [" + number + " " + status_name(code) + "]";
  if (!lines.empty()) {
    text += "; firmware: " + lines[0];
    if (lines.size() > 1) text += " (+" + std::to_string(lines.size() - 1) + " more lines)";
  }
  return text;
}

lpai_log_level_t parse_level(const std::string& name) {
  if (name == "none") return LPAI_LOG_LEVEL_NONE;
  if (name == "error") return LPAI_LOG_LEVEL_ERROR;
  if (name == "warn") return LPAI_LOG_LEVEL_WARN;
  if (name == "info") return LPAI_LOG_LEVEL_INFO;
  if (name == "verbose") return LPAI_LOG_LEVEL_VERBOSE;
  if (name == "debug") return LPAI_LOG_LEVEL_DEBUG;
  throw ModuleError(Status::kInvalidArgument,
                    "log level '" + name + "' is not one of none, error, warn, info, verbose, "
                    "debug");
}

}  // namespace

ModuleError::ModuleError(Status code, const std::string& message)
    : std::runtime_error(compose(code, message, t_firmware_lines)),
      code_(status_code(code)),
      firmware_log_(std::move(t_firmware_lines)) {
  t_firmware_lines.clear();
}

void clear_firmware_log() { t_firmware_lines.clear(); }

std::mutex& firmware_mutex() {
  static std::mutex m;
  return m;
}

void install_log_sink() {
  lpai_hal_host_set_log_echo(0);
  lpai_hal_host_set_log_sink(log_sink, nullptr);
}

void register_errors(py::module_& m) {
  g_error_type = PyErr_NewExceptionWithDoc(
      "lpai_rt.Error",
      "Raised on every lpai_rt failure. Attributes: code (int, the QNN / lpai-rt status the C "
      "API returns, e.g. 7007), name (its spelling, e.g. 'TENSOR_SHAPE_MISMATCH'), message "
      "(one line, also str(error)), firmware_log (the firmware's ERROR lines for this "
      "failure).",
      PyExc_Exception, nullptr);
  if (g_error_type == nullptr) throw py::error_already_set();
  m.add_object("Error", py::handle(g_error_type));
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const ModuleError& e) {
      py::object error = py::reinterpret_borrow<py::object>(g_error_type)(e.what());
      error.attr("code") = e.code();
      error.attr("name") = status_name(static_cast<Status>(e.code()));
      error.attr("message") = e.what();
      error.attr("firmware_log") = py::cast(e.firmware_log());
      PyErr_SetObject(g_error_type, error.ptr());
    }
  });
}

}  // namespace python
}  // namespace lpai

namespace py = pybind11;
using lpai::python::ModuleError;

PYBIND11_MODULE(_lpai_rt, m) {
  m.doc() =
      "lpai-rt host simulation: prepare a TFLite model into a context binary and run it "
      "bit-exactly as the firmware does (the code of lpai-context-binary-generator and "
      "lpai-net-run).";
  m.attr("__version__") = LPAI_RT_VERSION;
  lpai::python::install_log_sink();
  lpai::python::register_errors(m);
  lpai::python::register_context_binary(m);
  lpai::python::register_session(m);

  m.def(
      "set_log_level",
      [](const std::string& level) {
        lpai_hal_set_log_level(lpai::python::parse_level(level));
      },
      py::arg("level"),
      "Firmware log level: 'none', 'error' (default), 'warn', 'info', 'verbose' or 'debug'. "
      "Levels below ERROR go to stderr; ERROR lines go into the raised Error.");
  m.def(
      "kernel_variants",
      [] {
        using lpai::host::KernelVariant;
        py::list names;
        for (KernelVariant v :
             {KernelVariant::kPortable, KernelVariant::kAvx2, KernelVariant::kAvx512Vnni}) {
          if (lpai::host::kernel_variant_supported(v))
            names.append(lpai::host::kernel_variant_name(v));
        }
        return names;
      },
      "Host kernel variants this CPU runs (every one writes the portable kernels' bytes).");
  m.def(
      "kernel_variant",
      [] {
        lpai::host::install_kernel_variant();
        return std::string(lpai::host::kernel_variant_name());
      },
      "The host kernel variant in use ($LPAI_KERNEL_VARIANT or the best the CPU has).");
  m.def(
      "set_kernel_variant",
      [](const std::string& name) {
        lpai::host::install_kernel_variant();
        lpai::host::KernelVariant v;
        if (!lpai::host::parse_kernel_variant(name.c_str(), &v))
          throw ModuleError(lpai::Status::kInvalidArgument,
                            "kernel variant '" + name + "' is not portable, avx2 or avx512vnni");
        if (!lpai::host::set_kernel_variant(v))
          throw ModuleError(lpai::Status::kNotSupported,
                            "kernel variant " + name + " is not supported by this CPU");
      },
      py::arg("name"), "Selects the host kernel variant for every Session of the process.");
}
