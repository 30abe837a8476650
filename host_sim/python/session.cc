// lpai_rt.Session and lpai_rt.TensorInfo: host::Session (lpai-net-run's workflow) driven with
// numpy arrays.
//
// run(): the inputs are checked here (count, names, numpy dtype and shape; Error 7000-7008
// before the firmware is called), copied into host::Session::run, which converts float32 at a
// float boundary exactly as lpai-net-run does; the outputs come back as fresh arrays.
// Threads: one call at a time per Session (a second thread gets Error 1005); the GIL is
// released while the firmware runs. A Session's first run holds the firmware lock (its first
// execute may allocate IO buffers from the shared pools: TCM, or a binary prepared for
// memhandle IO). Later runs execute unlocked, in parallel with other Sessions: QnnGraph_execute
// then reads its context's slot of the firmware's table (other threads write only other slots,
// under the lock) and writes only its own graph's buffers and counters; log lines go to the
// calling thread's capture.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <atomic>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "config/file_io.h"
#include "format/binary_view.h"
#include "graph/runtime.h"
#include "module.h"
#include "runner/node_stats.h"
#include "runner/session.h"

namespace lpai {
namespace python {
namespace {

struct TensorInfo {
  std::string name;
  py::object dtype;         // numpy dtype the caller passes / receives
  py::tuple shape;
  float scale = 0.0f;       // real = scale * (q - zero_point)
  int32_t zero_point = 0;
  bool float_io = false;    // float32 at the boundary, quantized in the graph
  py::object device_dtype;  // the graph's own (integer) type
  size_t nbytes = 0;        // bytes of one array the caller passes / receives
  uint32_t id = 0;          // tensor id in the context binary
};

py::object numpy_dtype(Qnn_DataType_t t) {
  const char* name = nullptr;
  switch (t) {
    case QNN_DATATYPE_INT_8: case QNN_DATATYPE_SFIXED_POINT_8: name = "int8"; break;
    case QNN_DATATYPE_UINT_8: case QNN_DATATYPE_UFIXED_POINT_8: name = "uint8"; break;
    case QNN_DATATYPE_INT_16: case QNN_DATATYPE_SFIXED_POINT_16: name = "int16"; break;
    case QNN_DATATYPE_UINT_16: case QNN_DATATYPE_UFIXED_POINT_16: name = "uint16"; break;
    case QNN_DATATYPE_INT_32: case QNN_DATATYPE_SFIXED_POINT_32: name = "int32"; break;
    case QNN_DATATYPE_UINT_32: name = "uint32"; break;
    case QNN_DATATYPE_INT_64: name = "int64"; break;
    case QNN_DATATYPE_UINT_64: name = "uint64"; break;
    case QNN_DATATYPE_FLOAT_32: name = "float32"; break;
    case QNN_DATATYPE_BOOL_8: name = "bool"; break;
    default:
      throw ModuleError(Status::kTensorDataTypeMismatch,
                        "graph IO of QNN data type 0x" + std::to_string(t) +
                            " has no numpy dtype");
  }
  return py::dtype(name);
}

TensorInfo describe(const host::TensorInfo& t) {
  TensorInfo info;
  info.name = t.name;
  info.dtype = numpy_dtype(t.data_type);
  info.device_dtype = t.float_io ? numpy_dtype(t.device_type) : info.dtype;
  py::list dims;
  for (uint32_t d : t.dims) dims.append(d);
  info.shape = py::tuple(dims);
  info.scale = t.scale;
  info.zero_point = -t.offset;
  info.float_io = t.float_io;
  info.nbytes = t.bytes;
  info.id = t.id;
  return info;
}

std::string type_name(const py::handle& obj) {
  return py::str(py::type::of(obj).attr("__name__"));
}

std::string label(size_t k, const TensorInfo& t) {
  return "input " + std::to_string(k) + " ('" + host::printable(t.name) + "')";
}

// Marks a Session busy for one call; a call from a second thread meanwhile is refused.
class BusyGuard {
 public:
  BusyGuard(std::atomic<bool>* busy, const char* what) : busy_(busy) {
    if (busy_->exchange(true))
      throw ModuleError(Status::kOperationNotPermitted,
                        std::string(what) + ": this Session is in use by another thread (a "
                                            "Session runs one call at a time; open one Session "
                                            "per thread)");
  }
  ~BusyGuard() { busy_->store(false); }
  BusyGuard(const BusyGuard&) = delete;
  BusyGuard& operator=(const BusyGuard&) = delete;

 private:
  std::atomic<bool>* busy_;
};

Status failure_code(Qnn_ErrorHandle_t code, Status otherwise) {
  return code != QNN_SUCCESS ? static_cast<Status>(code) : otherwise;
}

class Session {
 public:
  Session(const py::object& binary, const std::string& mem_type, const py::object& direct_mode,
          bool profiling) {
    host::SessionOptions options;
    options.profiling = profiling;
    std::string direct;
    if (!direct_mode.is_none()) {
      if (!py::isinstance<py::str>(direct_mode) || direct_mode.cast<std::string>() != "adsp")
        throw ModuleError(Status::kInvalidArgument, "direct_mode must be None or 'adsp'");
      direct = "adsp";
    }
    if (mem_type == "ddr") {
      options.mem_type = QNN_LPAI_MEM_TYPE_DDR;
    } else if (mem_type == "tcm") {
      // As lpai-net-run (seed 000): TCM exists only in ADSP direct mode.
      if (direct != "adsp")
        throw ModuleError(Status::kNotSupported,
                          "mem_type 'tcm' needs ADSP direct mode (TCM is not supported on ARM or "
                          "x86 simulation): pass direct_mode='adsp'");
      options.mem_type = QNN_LPAI_MEM_TYPE_TCM;
    } else {
      throw ModuleError(Status::kInvalidArgument,
                        "mem_type '" + host::printable(mem_type) + "' is not 'ddr' or 'tcm'");
    }
    profiling_ = profiling;
    const std::vector<uint8_t> data = binary_argument(binary);
    std::string error;
    Qnn_ErrorHandle_t code = QNN_SUCCESS;
    {
      py::gil_scoped_release unlocked;
      std::lock_guard<std::mutex> lock(firmware_mutex());
      clear_firmware_log();
      host::clear_last_call_error();
      session_ = host::Session::open(data, options, &error);
      code = host::last_call_error();
      if (session_) read_nodes(data);
    }
    if (!session_) {
      // The firmware's static context table bounds the open Sessions of the process.
      if (code == status_code(Status::kContextNoFreeSlot))
        error += " (the firmware holds " + std::to_string(rt::kMaxContexts) +
                 " contexts: close() Sessions you are done with, or use 'with')";
      throw ModuleError(failure_code(code, Status::kInvalidArgument),
                        "Session: " + host::printable(error));
    }
    try {
      for (const host::TensorInfo& t : session_->inputs()) inputs_.push_back(describe(t));
      for (const host::TensorInfo& t : session_->outputs()) outputs_.push_back(describe(t));
    } catch (...) {
      std::lock_guard<std::mutex> lock(firmware_mutex());
      session_.reset();
      throw;
    }
    in_bytes_.resize(inputs_.size());
  }

  ~Session() {
    if (!session_) return;
    std::lock_guard<std::mutex> lock(firmware_mutex());
    session_.reset();
  }

  const std::vector<TensorInfo>& inputs() const { return inputs_; }
  const std::vector<TensorInfo>& outputs() const { return outputs_; }
  std::string graph_name() const { return open_session().graph_name(); }
  uint32_t scratch_bytes() const { return open_session().scratch_size(); }
  uint32_t persistent_bytes() const { return open_session().persistent_size(); }

  py::list run(const py::object& inputs) {
    BusyGuard busy(&busy_, "run");
    host::Session& s = open_session();
    gather(inputs);
    bool ok = false;
    std::string error;
    Qnn_ErrorHandle_t code = QNN_SUCCESS;
    {
      py::gil_scoped_release unlocked;
      std::unique_lock<std::mutex> lock(firmware_mutex(), std::defer_lock);
      if (!ran_once_) lock.lock();
      clear_firmware_log();
      host::clear_last_call_error();
      ok = s.run(in_bytes_, &out_bytes_, &error);
      code = host::last_call_error();
      if (ok) ran_once_ = true;
    }
    if (!ok)
      throw ModuleError(failure_code(code, Status::kGraphExecuteFailed),
                        "run: " + host::printable(error));
    py::list result;
    for (size_t j = 0; j < outputs_.size(); ++j) {
      const TensorInfo& t = outputs_[j];
      py::array out(py::reinterpret_borrow<py::dtype>(t.dtype),
                    py::cast<std::vector<py::ssize_t>>(t.shape));
      if (static_cast<size_t>(out.nbytes()) != out_bytes_[j].size())
        throw ModuleError(Status::kInternal, "run: output " + std::to_string(j) + " has " +
                                                 std::to_string(out_bytes_[j].size()) +
                                                 " bytes, its array " +
                                                 std::to_string(out.nbytes()));
      if (!out_bytes_[j].empty())
        std::memcpy(out.mutable_data(), out_bytes_[j].data(), out_bytes_[j].size());
      result.append(std::move(out));
    }
    return result;
  }

  void reset() {
    BusyGuard busy(&busy_, "reset");
    host::Session& s = open_session();
    std::string error;
    bool ok;
    Qnn_ErrorHandle_t code;
    {
      py::gil_scoped_release unlocked;
      std::lock_guard<std::mutex> lock(firmware_mutex());
      clear_firmware_log();
      host::clear_last_call_error();
      ok = s.reset_state(&error);
      code = host::last_call_error();
    }
    if (!ok)
      throw ModuleError(failure_code(code, Status::kInternal), "reset: " + host::printable(error));
  }

  py::list profile() {
    BusyGuard busy(&busy_, "profile");
    host::Session& s = open_session();
    if (!profiling_)
      throw ModuleError(Status::kGraphProfileBufferMissing,
                        "profile: the Session was opened with profiling=False");
    std::vector<uint64_t> cycles;
    {
      std::lock_guard<std::mutex> lock(firmware_mutex());
      clear_firmware_log();
      cycles = s.node_cycles();
    }
    if (cycles.size() != node_ops_.size())
      throw ModuleError(Status::kInternal,
                        "profile: the firmware reported " + std::to_string(cycles.size()) +
                            " nodes, the binary has " + std::to_string(node_ops_.size()));
    py::list nodes;
    for (size_t i = 0; i < cycles.size(); ++i) {
      py::dict n;
      n["index"] = i;
      n["op"] = host::op_label(node_ops_[i]);
      n["cycles"] = cycles[i];
      n["macs"] = node_macs_[i];
      nodes.append(std::move(n));
    }
    return nodes;
  }

  py::dict counters() {
    BusyGuard busy(&busy_, "counters");
    host::Session& s = open_session();
    QnnLpaiGraph_Counters_t c;
    {
      std::lock_guard<std::mutex> lock(firmware_mutex());
      c = s.counters();
    }
    py::dict d;
    d["executions"] = c.executions;
    d["io_bytes_copied"] = c.ioBytesCopied;
    d["io_allocations"] = c.ioAllocations;
    d["nodes"] = c.numNodes;
    d["last_execute_cycles"] = c.lastExecuteCycles;
    return d;
  }

  void close() {
    BusyGuard busy(&busy_, "close");
    std::unique_ptr<host::Session> closing = std::move(session_);
    py::gil_scoped_release unlocked;
    std::lock_guard<std::mutex> lock(firmware_mutex());
    closing.reset();
  }

  bool closed() const { return !session_; }

 private:
  host::Session& open_session() const {
    if (!session_) throw ModuleError(Status::kGraphInvalidHandle, "the Session is closed");
    return *session_;
  }

  // Per node: op code and MACs, from the binary (the firmware validated it in open()).
  void read_nodes(const std::vector<uint8_t>& data) {
    host::AlignedBytes aligned(data.size(), 64);
    std::memcpy(aligned.data(), data.data(), data.size());
    format::BinaryView view;
    if (format::validate_binary(aligned.data(), aligned.size(), &view) != Status::kOk) return;
    for (uint32_t i = 0; i < view.node_count(); ++i) {
      node_ops_.push_back(view.node(i).op);
      node_macs_.push_back(host::node_macs(view, view.node(i)));
    }
  }

  // Checks the caller's inputs against the graph's and copies their bytes into in_bytes_.
  void gather(const py::object& inputs) {
    std::vector<py::object> arrays(inputs_.size());
    if (py::isinstance<py::dict>(inputs)) {
      const py::dict d = inputs.cast<py::dict>();
      for (const auto& item : d) {
        size_t k = 0;
        const std::string key = py::isinstance<py::str>(item.first)
                                    ? item.first.cast<std::string>()
                                    : std::string(py::repr(item.first));
        while (k < inputs_.size() && inputs_[k].name != key) ++k;
        if (k == inputs_.size())
          throw ModuleError(Status::kTensorUnknownId,
                            "run: the graph has no input named '" + host::printable(key) + "'");
        arrays[k] = py::reinterpret_borrow<py::object>(item.second);
      }
      for (size_t k = 0; k < inputs_.size(); ++k) {
        if (!arrays[k])
          throw ModuleError(Status::kTensorCountMismatch, "run: " + label(k, inputs_[k]) +
                                                              " is missing from the dict");
      }
    } else if (py::isinstance<py::list>(inputs) || py::isinstance<py::tuple>(inputs)) {
      const py::sequence seq = inputs.cast<py::sequence>();
      if (seq.size() != inputs_.size())
        throw ModuleError(Status::kTensorCountMismatch,
                          "run: the graph has " + std::to_string(inputs_.size()) +
                              " inputs, got " + std::to_string(seq.size()));
      for (size_t k = 0; k < inputs_.size(); ++k) arrays[k] = seq[k];
    } else if (py::isinstance<py::array>(inputs) && inputs_.size() == 1) {
      arrays[0] = inputs;
    } else {
      throw ModuleError(Status::kTensorInvalidArgument,
                        "run: inputs must be a list or tuple of numpy arrays in input order, or "
                        "a dict by input name; got " + type_name(inputs));
    }
    for (size_t k = 0; k < inputs_.size(); ++k) {
      const TensorInfo& t = inputs_[k];
      if (!py::isinstance<py::array>(arrays[k]))
        throw ModuleError(Status::kTensorInvalidArgument,
                          "run: " + label(k, t) + " must be a numpy.ndarray, got " +
                              type_name(arrays[k]));
      const py::array a = arrays[k].cast<py::array>();
      if (!a.dtype().equal(t.dtype))
        throw ModuleError(Status::kTensorDataTypeMismatch,
                          "run: " + label(k, t) + " is " + std::string(py::str(a.dtype())) +
                              ", the tensor needs " + std::string(py::str(t.dtype)));
      bool same_shape = static_cast<size_t>(a.ndim()) == t.shape.size();
      for (size_t d = 0; same_shape && d < t.shape.size(); ++d)
        same_shape = a.shape(static_cast<py::ssize_t>(d)) == t.shape[d].cast<py::ssize_t>();
      if (!same_shape)
        throw ModuleError(Status::kTensorShapeMismatch,
                          "run: " + label(k, t) + " has shape " +
                              std::string(py::str(py::tuple(arrays[k].attr("shape")))) +
                              ", the tensor needs " + std::string(py::repr(t.shape)));
      const py::array c = py::array::ensure(a, py::array::c_style);
      if (!c)
        throw ModuleError(Status::kTensorInvalidArgument,
                          "run: " + label(k, t) + " cannot be made C-contiguous");
      const uint8_t* p = static_cast<const uint8_t*>(c.data());
      in_bytes_[k].assign(p, p + c.nbytes());
    }
  }

  std::unique_ptr<host::Session> session_;
  std::vector<TensorInfo> inputs_, outputs_;
  std::vector<std::vector<uint8_t>> in_bytes_, out_bytes_;
  std::vector<uint16_t> node_ops_;
  std::vector<uint64_t> node_macs_;
  std::atomic<bool> busy_{false};
  bool ran_once_ = false;  // a run succeeded (its IO buffers are allocated)
  bool profiling_ = false;
};

}  // namespace

void register_session(py::module_& m) {
  py::class_<TensorInfo>(m, "TensorInfo", "One graph input or output.")
      .def_readonly("name", &TensorInfo::name)
      .def_readonly("dtype", &TensorInfo::dtype, "numpy dtype of the arrays run() takes / returns")
      .def_readonly("shape", &TensorInfo::shape)
      .def_readonly("scale", &TensorInfo::scale, "real = scale * (q - zero_point)")
      .def_readonly("zero_point", &TensorInfo::zero_point)
      .def_readonly("float_io", &TensorInfo::float_io,
                    "float32 at the graph boundary: run() quantizes / dequantizes as TFLite "
                    "Micro's QUANTIZE / DEQUANTIZE")
      .def_readonly("device_dtype", &TensorInfo::device_dtype,
                    "the graph's own type (differs from dtype when float_io)")
      .def_readonly("nbytes", &TensorInfo::nbytes)
      .def_readonly("id", &TensorInfo::id, "tensor id in the context binary")
      .def("__repr__", [](const TensorInfo& t) {
        return "TensorInfo(name='" + host::printable(t.name) + "', dtype=" +
               std::string(py::str(t.dtype)) + ", shape=" + std::string(py::repr(t.shape)) +
               ", scale=" + std::string(py::str(py::float_(t.scale))) +
               ", zero_point=" + std::to_string(t.zero_point) +
               (t.float_io ? ", float_io=True" : "") + ")";
      });

  py::class_<Session>(m, "Session",
                      "A context binary loaded and finalized in the simulated firmware "
                      "(host::Session: the C-shim workflow of lpai-net-run).")
      .def(py::init<const py::object&, const std::string&, const py::object&, bool>(),
           py::arg("binary"), py::arg("mem_type") = "ddr", py::arg("direct_mode") = py::none(),
           py::arg("profiling") = true,
           "binary: a ContextBinary, its bytes or a path. mem_type: 'ddr' or 'tcm' (model "
           "binary and IO buffers; 'tcm' needs direct_mode='adsp', as lpai-net-run). profiling: "
           "per-node times for Session.profile.")
      .def_property_readonly("inputs", &Session::inputs)
      .def_property_readonly("outputs", &Session::outputs)
      .def_property_readonly("graph_name", &Session::graph_name)
      .def_property_readonly("scratch_bytes", &Session::scratch_bytes)
      .def_property_readonly("persistent_bytes", &Session::persistent_bytes)
      .def("run", &Session::run, py::arg("inputs"),
           "One inference. inputs: numpy arrays in input order (list or tuple), or a dict by "
           "input name; each with the tensor's dtype and shape. Returns fresh arrays in output "
           "order. State (LSTM, SVDF) carries over to the next run, as on the device.")
      .def("reset", &Session::reset,
           "Persistent state back to its start (QnnLpaiGraph_resetPersistent).")
      .def_property_readonly("profile", &Session::profile,
                             "Per node of the last run: dicts of index, op, cycles (host "
                             "nanoseconds) and macs.")
      .def_property_readonly("counters", &Session::counters,
                             "executions, io_bytes_copied, io_allocations, nodes, "
                             "last_execute_cycles (host ns)")
      .def("close", &Session::close,
           "Frees the context now (otherwise when the Session is garbage-collected).")
      .def_property_readonly("closed", &Session::closed)
      .def("__enter__", [](py::object self) { return self; })
      .def("__exit__",
           [](Session& s, const py::object&, const py::object&, const py::object&) {
             if (!s.closed()) s.close();
           })
      .def("__repr__", [](const Session& s) {
        if (s.closed()) return std::string("<lpai_rt.Session (closed)>");
        return "<lpai_rt.Session '" + host::printable(s.graph_name()) + "', " +
               std::to_string(s.inputs().size()) + " inputs, " +
               std::to_string(s.outputs().size()) + " outputs>";
      });
}

}  // namespace python
}  // namespace lpai
