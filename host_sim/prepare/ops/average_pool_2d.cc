// AVERAGE_POOL_2D: offline prepare. Not supported yet: rejected with a clear reason.
#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {

PrepResult prepare_average_pool_2d(const PrepOp&) {
  PrepResult r;
  r.error = "operator AVERAGE_POOL_2D is not supported by this version of lpai-rt";
  return r;
}

}  // namespace prepare
}  // namespace lpai
