// LESS_EQUAL: offline prepare (see prepare/ops/comparison_prep.h).
#include "prepare/op_prepare.h"
#include "prepare/ops/comparison_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_less_equal(const PrepOp& op) { return prepare_comparison(op, false); }

}  // namespace prepare
}  // namespace lpai
