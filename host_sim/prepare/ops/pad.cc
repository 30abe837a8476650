// PAD: offline prepare. Not supported yet: rejected with a clear reason.
#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {

PrepResult prepare_pad(const PrepOp&) {
  PrepResult r;
  r.error = "operator PAD is not supported by this version of lpai-rt";
  return r;
}

}  // namespace prepare
}  // namespace lpai
