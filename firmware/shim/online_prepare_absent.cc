// The online-prepare calls of the C API (QnnGraph.h) in a build without online prepare: it
// needs the offline prepare pipeline, which only the host simulation has. Each call logs one
// line and returns QNN_COMMON_ERROR_NOT_SUPPORTED, touching none of its arguments.
//
// Host programs that link lpai_host_online_prepare reach that library's definitions instead:
// it is linked with --wrap for these names (host_sim/online_prepare/CMakeLists.txt), so these
// are never called there.
#include "core/check.h"
#include "lpai/qnn_compat.h"

namespace {

inline Qnn_ErrorHandle_t not_supported() {
  return static_cast<Qnn_ErrorHandle_t>(lpai::status_code(lpai::Status::kNotSupported));
}

}  // namespace

extern "C" {

Qnn_ErrorHandle_t QnnContext_create(Qnn_BackendHandle_t, Qnn_DeviceHandle_t,
                                    const QnnContext_Config_t**, Qnn_ContextHandle_t*) {
  LPAI_FAIL(not_supported(), "QnnContext_create: online prepare is not part of this build");
}

Qnn_ErrorHandle_t QnnGraph_create(Qnn_ContextHandle_t, const char*, const QnnGraph_Config_t**,
                                  Qnn_GraphHandle_t*) {
  LPAI_FAIL(not_supported(), "QnnGraph_create: online prepare is not part of this build");
}

Qnn_ErrorHandle_t QnnTensor_createGraphTensor(Qnn_GraphHandle_t, Qnn_Tensor_t*) {
  LPAI_FAIL(not_supported(),
            "QnnTensor_createGraphTensor: online prepare is not part of this build");
}

Qnn_ErrorHandle_t QnnGraph_addNode(Qnn_GraphHandle_t, Qnn_OpConfig_t) {
  LPAI_FAIL(not_supported(), "QnnGraph_addNode: online prepare is not part of this build");
}

}  // extern "C"
