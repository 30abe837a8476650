// DEQUANTIZE: offline prepare. Not supported yet: rejected with a clear reason.
#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {

PrepResult prepare_dequantize(const PrepOp&) {
  PrepResult r;
  r.error = "operator DEQUANTIZE is not supported by this version of lpai-rt";
  return r;
}

}  // namespace prepare
}  // namespace lpai
