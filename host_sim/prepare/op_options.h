// Decoding an operator's TFLite builtin options into OpOptions (host only).
//
// An operator whose TFLite options table has fields its prepare reads decodes them beside its
// prepare function, in host_sim/prepare/ops/<snake>.cc:
//   host::HostStatus decode_<snake>_options(const tflite::Operator& op, OpOptions* options);
// (<snake> from the operator table row). The registry finds it by that name; an operator that
// defines none runs with OpOptions' defaults. The importer calls it only when the operator
// carries its own options table (type checked against the row's `options` column, table
// present); a decoder reads `op.builtin_options_as_<Type>()` and fails only for a field value
// lpai-rt does not support (the importer prefixes the node).
#ifndef LPAI_HOST_PREPARE_OP_OPTIONS_H
#define LPAI_HOST_PREPARE_OP_OPTIONS_H

#include "common/host_result.h"
#include "prepare/op_prepare.h"
#include "prepare/tflite_schema_generated.h"

namespace lpai {
namespace prepare {

using OptionsDecoder = host::HostStatus (*)(const tflite::Operator& op, OpOptions* options);

// The options decoder of a TFLite builtin code; nullptr when the op has none (defaults).
OptionsDecoder find_options_decoder(int builtin);

// Tables more than one operator reads (each op's decoder calls the one its table needs).
void decode_pool_2d(const tflite::Pool2DOptions& p, OpOptions* o);
void decode_reducer(const tflite::ReducerOptions& p, OpOptions* o);

}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_OP_OPTIONS_H
