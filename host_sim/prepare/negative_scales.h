// Negative weight scales (host only, offline prepare).
//
// TFLite Micro runs a convolution-family operator whose filter carries negative scales (e.g.
// MCUNet's): its QuantizeMultiplier turns the negative effective scale into a negative Q31
// multiplier. Every lpai-rt requantisation path (portable runs, HVX lanes, x86 tables, the
// 16x8 reduced multiplier) takes multipliers >= 0, so prepare rewrites each output channel
// whose filter scale s is negative into the same integer computation with scale -s: the
// channel's weights and bias are negated. The accumulator becomes -acc, and
// (-acc) * (-M) == acc * M, so every output byte equals TFLite Micro's.
//
// Exact when, per rewritten channel: no weight is the type's minimum (-128 cannot be
// negated in int8), the bias is not the minimum of its type, QuantizeMultiplier gives
// -M for -scale (it does unless the mantissa rounds up to 2^31, where the negative side keeps
// INT32_MIN and the positive side renormalises), and for int16 activations the 16-bit reduced
// multipliers agree. Anything else is refused with one line naming the op and channel.
#ifndef LPAI_HOST_PREPARE_NEGATIVE_SCALES_H
#define LPAI_HOST_PREPARE_NEGATIVE_SCALES_H

#include <string>

#include "common/host_result.h"
#include "prepare/graph.h"

namespace lpai {
namespace prepare {

// Rewrites CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED and TRANSPOSE_CONV nodes whose constant
// filter has a negative scale (see above); each rewrite adds a line to g->compat_notes. The
// new weights and biases live in g->folded. A filter or bias shared with another node keeps
// its original bytes for that node (the rewritten node gets its own copy). Fails (one line) when
// a channel cannot be rewritten exactly; *g is then unchanged.
host::HostStatus normalize_negative_scales(PrepGraph* g);

}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_NEGATIVE_SCALES_H
