// MINIMUM: offline prepare, the same contract and blob as MAXIMUM (maximum.cc): TFLite Micro's
// maximum_minimum.cc compares raw values, so only the broadcast plan goes into the blob.
#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {

PrepResult prepare_maximum(const PrepOp& op);  // host_sim/prepare/ops/maximum.cc

PrepResult prepare_minimum(const PrepOp& op) { return prepare_maximum(op); }

}  // namespace prepare
}  // namespace lpai
