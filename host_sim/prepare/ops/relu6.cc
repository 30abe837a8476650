// RELU6: offline prepare. Not supported yet: rejected with a clear reason.
#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {

PrepResult prepare_relu6(const PrepOp&) {
  PrepResult r;
  r.error = "operator RELU6 is not supported by this version of lpai-rt";
  return r;
}

}  // namespace prepare
}  // namespace lpai
