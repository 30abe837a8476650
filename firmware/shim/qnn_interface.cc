// QnnInterface_getProviders: the C API's functions as one interface table (seed 003's
// QnnInterface_t), constant-initialised, one provider.
#include "core/check.h"
#include "core/log.h"
#include "core/status.h"
#include "lpai/qnn_compat.h"

namespace {

const QnnInterface_t kLpaiInterface = {
    QNN_BACKEND_ID_LPAI,
    "LPAI_LPAI_RT",
    {1u, 0u, 0u},
    {
        QnnBackend_create,
        QnnBackend_getProperty,
        QnnBackend_free,
        QnnContext_createFromBinary,
        QnnContext_free,
        QnnGraph_retrieve,
        QnnGraph_getProperty,
        QnnGraph_setConfig,
        QnnGraph_finalize,
        QnnGraph_execute,
        QnnMem_register,
        QnnMem_deRegister,
    },
};

const QnnInterface_t* const kProviders[1] = {&kLpaiInterface};

}  // namespace

extern "C" {

Qnn_ErrorHandle_t QnnInterface_getProviders(const QnnInterface_t*** providerList,
                                            uint32_t* numProviders) {
  LPAI_CHECK(providerList != nullptr && numProviders != nullptr,
             static_cast<Qnn_ErrorHandle_t>(lpai::status_code(lpai::Status::kInvalidArgument)),
             "interface providers: %s is null",
             providerList == nullptr ? "providerList" : "numProviders");
  // The C API hands out a non-const array of const pointers (the QNN shape); it is never
  // written through.
  *providerList = const_cast<const QnnInterface_t**>(kProviders);
  *numProviders = 1u;
  return QNN_SUCCESS;
}

}  // extern "C"
