// lpai_rt, the Python module over the host simulation: what its source files share.
//
// The module wraps the project's own host code, never a second implementation:
// prepare::prepare_tflite / report_json (lpai-context-binary-generator's pipeline) and
// host::Session (lpai-net-run's C-shim workflow and its float conversions).
//
// Errors: every failure raises lpai_rt.Error with .code (the QNN / lpai::Status number, as the
// C API returns it), .name (its spelling, "TENSOR_SHAPE_MISMATCH"), .message (one line, the
// same as str(error)) and .firmware_log (the firmware's error lines for this failure). C++
// code throws ModuleError; the translator installed by register_errors() turns it into
// lpai_rt.Error.
//
// Threads: the firmware keeps its contexts, pools and backend in static tables and is not
// thread-safe, so every firmware call holds firmware_mutex() except a Session's runs after its
// first (session.cc says why that is safe). The GIL is released while the firmware runs, so
// Sessions run in parallel in Python threads.
#ifndef LPAI_HOST_PYTHON_MODULE_H
#define LPAI_HOST_PYTHON_MODULE_H

#include <pybind11/pybind11.h>

#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/status.h"

namespace lpai {
namespace python {

namespace py = pybind11;

class ModuleError : public std::runtime_error {
 public:
  // `message` without the code: the code is appended as " [<code> <NAME>]" unless the text
  // already names it (host::Session's "... failed: 6010 (GRAPH_SCRATCH_MISSING)").
  ModuleError(Status code, const std::string& message);
  uint32_t code() const { return code_; }
  const std::vector<std::string>& firmware_log() const { return firmware_log_; }

 private:
  uint32_t code_;
  std::vector<std::string> firmware_log_;  // taken from this thread's captured lines
};

// Creates lpai_rt.Error in `m` and installs the ModuleError translator.
void register_errors(py::module_& m);

// Firmware log lines: the module installs a HAL log sink that keeps ERROR lines per thread
// (for the next ModuleError) and writes other levels to stderr with the seeds' prefixes.
void install_log_sink();
void clear_firmware_log();  // before a firmware call whose failure is reported

std::mutex& firmware_mutex();

// The bytes a context binary argument names: a ContextBinary, a path (str, os.PathLike) or a
// bytes-like object (context_binary.cc). Not validated here.
std::vector<uint8_t> binary_argument(const py::handle& obj);

// Module parts, each in its own source file.
void register_context_binary(py::module_& m);  // context_binary.cc: prepare, ContextBinary
void register_session(py::module_& m);         // session.cc: TensorInfo, Session

}  // namespace python
}  // namespace lpai

#endif  // LPAI_HOST_PYTHON_MODULE_H
