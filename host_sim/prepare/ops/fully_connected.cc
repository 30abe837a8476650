// FULLY_CONNECTED: offline prepare. Not supported yet: rejected with a clear reason.
#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {

PrepResult prepare_fully_connected(const PrepOp&) {
  PrepResult r;
  r.error = "operator FULLY_CONNECTED is not supported by this version of lpai-rt";
  return r;
}

}  // namespace prepare
}  // namespace lpai
