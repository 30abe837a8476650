// AVERAGE_POOL_2D: offline prepare (shared with MAX_POOL_2D, see pool_2d_prep.h).
#include "prepare/op_prepare.h"
#include "prepare/ops/pool_2d_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_average_pool_2d(const PrepOp& op) { return prepare_pool_2d(op); }

}  // namespace prepare
}  // namespace lpai
