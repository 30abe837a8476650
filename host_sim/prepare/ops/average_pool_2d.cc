// AVERAGE_POOL_2D: offline prepare (shared with MAX_POOL_2D, see pool_2d_prep.h).
#include "prepare/op_prepare.h"
#include "prepare/ops/pool_2d_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_average_pool_2d(const PrepOp& op) { return prepare_pool_2d(op); }

host::HostStatus decode_average_pool_2d_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::Pool2DOptions& p = *op.builtin_options_as_Pool2DOptions();
  decode_pool_2d(p, o);
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
