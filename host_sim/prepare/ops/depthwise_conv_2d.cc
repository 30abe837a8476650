// DEPTHWISE_CONV_2D: offline prepare. Not supported yet: rejected with a clear reason.
#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {

PrepResult prepare_depthwise_conv_2d(const PrepOp&) {
  PrepResult r;
  r.error = "operator DEPTHWISE_CONV_2D is not supported by this version of lpai-rt";
  return r;
}

}  // namespace prepare
}  // namespace lpai
