// UNIDIRECTIONAL_SEQUENCE_LSTM: offline prepare. Not supported yet: rejected with a clear reason.
#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {

PrepResult prepare_unidirectional_sequence_lstm(const PrepOp&) {
  PrepResult r;
  r.error = "operator UNIDIRECTIONAL_SEQUENCE_LSTM is not supported by this version of lpai-rt";
  return r;
}

}  // namespace prepare
}  // namespace lpai
